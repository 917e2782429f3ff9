"""A person makes a capture that no button lists on a crowded Casino table, in the browser.

Twenty low cards lie loose (about a million legal moves): the table lists a few moves per hand
card, the player taps 10♦ and then the table cards to take, and the server checks that one move.
Screenshots go to ``artifacts/web/`` (phone and desktop).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the web tests' browser kit

from casino_crowded_support import crowded_match

from cardtable.apps.web.tables import TableManager
from cardtable.store import Store

try:
    from web import browser_kit as kit
    from web.conftest import add_table
except ImportError:  # the web extra or httpx is missing: the web tests skip too
    import pytest

    pytest.skip("the browser test needs the web extra", allow_module_level=True)

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the browser kit's fixtures

PICKS = ("5S", "5H", "4S", "4H", "AS", "AH")


def test_picked_table_cards_make_one_checked_capture(server: str, server_db: Path, browser: kit.Browser) -> None:
    for size in ("phone", "desktop"):
        store = Store.open(str(server_db))
        try:
            table, tokens = add_table(TableManager(store), crowded_match(), [("human", None), ("computer", "random")])
        finally:
            store.close()
        page = kit.new_page(browser, size, audit=True)
        page.goto(f"{server}/#/t/{table.id}/{tokens[0]}")
        page.wait_for_selector(".prompt.mine")
        kit.press(page, page.locator("#hand .hand-card[data-card='TD']"))
        page.wait_for_selector("[data-pick='5S']")
        listed = page.locator(".actions [data-move^='TD']").count()
        assert 1 < listed <= 7  # the richest captures of 10♦ and its trail, not a million
        assert "tap table cards" in page.inner_text(".prompt")
        for c in PICKS:
            kit.press(page, page.locator(f"[data-pick='{c}']"))
        assert page.locator("[data-pick].selected").count() == len(PICKS)
        take = page.locator(".actions [data-move]").first
        assert take.get_attribute("data-move") == "TD x " + " ".join(PICKS)
        assert "Take" in take.inner_text()
        page.screenshot(path=str(kit.ARTIFACTS / f"casino-crowded-{size}.png"), full_page=True)
        kit.no_sideways_scroll(page)
        mine = [v for v in kit.audit(page) if any("pick" in n or "loose" in n or "actions" in n for n in v["nodes"])]
        assert not mine, mine  # the picked table cards and the move buttons pass axe
        kit.press(page, take)
        page.wait_for_function("() => !document.querySelector(\"#hand .hand-card[data-card='TD']\")", timeout=10_000)
        assert "Capture" in page.inner_text("body") or "capture" in page.inner_text("body")
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()
