"""A person makes a capture that no button lists on a crowded Casino table, in the browser.

Twenty low cards lie loose (about a million legal moves): the table lists a few moves per hand
card, the player taps 10♦ and then the table cards (and builds) to take, the server answers with
the moves taking exactly those (each checked as one move) and plays the one chosen.
Screenshots go to ``artifacts/web/`` (phone and desktop).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the web tests' browser kit

from casino_crowded_support import LOW_TRAILS, crowded_match, dealt_match

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
EXPECTED = "TD x 5S+5H 4S+4H+AS+AH"  # the server's one reading of 10♦ with exactly those cards
# the log's numbers: [text, box inside the log's content box, text within its own box], and whether the log
# is wider than its box (geometry from the DOM: no fonts or pixels involved)
LOG_NUMBERS = """() => { const log = document.querySelector('#log'), r = log.getBoundingClientRect();
  const left = r.left + log.clientLeft, right = left + log.clientWidth;
  return { sideways: log.scrollWidth > log.clientWidth, numbers: [...log.querySelectorAll('li')].map(li => {
    const n = li.querySelector('.n'); if (!n) return [li.textContent, false, false];
    const b = n.getBoundingClientRect();
    return [n.textContent, b.width > 0 && b.left >= left - 0.5 && b.right <= right + 0.5, n.scrollWidth <= n.clientWidth]; }) }; }"""


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
        page.wait_for_selector(".actions [data-move]")  # the server's answer: the moves taking exactly these
        take = page.locator(".actions [data-move]").first
        assert take.get_attribute("data-move") == EXPECTED
        assert "Capture" in take.inner_text() and "10♦" in take.inner_text()
        page.screenshot(path=str(kit.ARTIFACTS / f"casino-crowded-{size}.png"), full_page=True)
        kit.no_sideways_scroll(page)
        mine = [v for v in kit.audit(page) if any("pick" in n or "loose" in n or "actions" in n for n in v["nodes"])]
        assert not mine, mine  # the picked table cards and the move buttons pass axe
        kit.press(page, take)
        page.wait_for_function("() => !document.querySelector(\"#hand .hand-card[data-card='TD']\")", timeout=10_000)
        assert "Capture" in page.inner_text("body") or "capture" in page.inner_text("body")
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def build_on_crowded_table() -> Any:
    """22 loose cards and You's 10-build (9♣+A♠); You hold 10♦ 6♥ and are to play; Bo holds 7♠ 7♣."""
    return dealt_match([*LOW_TRAILS, ("6S 6H TD 9C", "6D 6C 7S 7C", "", "6S, 6D, 9C b10 AS, 6C")])


def test_a_build_is_tapped_like_a_card_and_captured_at_phone_size(server: str, server_db: Path,
                                                                     browser: kit.Browser) -> None:
    """The 10-build is a button named '10-build: ace of spades and 9 of clubs, yours'; 10♦ takes it with 6♠+4♠ (not
    among the listed richest moves), the server checks that one move; the log numbers fit their column."""
    match = build_on_crowded_table()
    state = match.state
    listed = [str(a) for a in state.picker_moves()]
    wanted = "TD x 6S+4S [10]"
    assert wanted not in listed and state.can_apply(state.parse_action(wanted))
    store = Store.open(str(server_db))
    try:
        table, tokens = add_table(TableManager(store), match, [("human", None), ("computer", "random")])
    finally:
        store.close()
    page = kit.new_page(browser, "phone", audit=True)
    page.goto(f"{server}/#/t/{table.id}/{tokens[0]}")
    page.wait_for_selector(".prompt.mine")
    assert page.locator(".build[role='group']").count() == 1  # not pickable before a hand card is chosen
    kit.press(page, page.locator("#hand .hand-card[data-card='TD']"))
    build = page.get_by_role("button", name="10-build: ace of spades and 9 of clubs, yours", exact=True)
    build.wait_for()
    assert build.get_attribute("aria-pressed") == "false"
    build.focus()  # keyboard: Enter picks it like a tap
    page.keyboard.press("Enter")
    page.wait_for_selector(".build.build-pick.selected")
    assert build.get_attribute("aria-pressed") == "true"
    page.wait_for_selector(".actions [data-move='TD x [10]']")  # the build alone: the server's one move
    for c in ("6S", "4S", "5S"):
        kit.press(page, page.locator(f"[data-pick='{c}']"))
    page.wait_for_function("() => document.querySelector('.prompt').textContent.includes('cannot take or build')")
    assert "7.2.3" in page.inner_text(".prompt") and not page.locator(".actions [data-move]").count()
    kit.press(page, page.locator("[data-pick='5S']"))  # put back: 6♠+4♠ and the build
    page.wait_for_selector(f".actions [data-move='{wanted}']")
    take = page.locator(f".actions [data-move='{wanted}']")
    assert "the 10-build (9♣+A♠)" in take.inner_text() and "6♠+4♠" in take.inner_text()
    page.screenshot(path=str(kit.ARTIFACTS / "casino-crowded-build-phone.png"), full_page=True)
    kit.no_sideways_scroll(page)
    mine = [v for v in kit.audit(page) if any("pick" in n or "build" in n or "actions" in n for n in v["nodes"])]
    assert not mine, mine
    kit.press(page, take)
    page.wait_for_function("() => !document.querySelector(\"#hand .hand-card[data-card='TD']\")", timeout=10_000)
    assert not page.errors  # type: ignore[attr-defined]
    # the log (beside the table on a wide screen): numbers of two digits and more are not clipped ('l0.'): each
    # number is whole (its text fits its box) and its box lies inside the log, which does not scroll sideways
    kit.press(page, page.locator("#menu-btn"))  # on the phone, in the drawer
    page.wait_for_selector("#drawer.open #log li:nth-child(10)")
    for size in ("phone", "desktop"):
        if size == "desktop":
            page.set_viewport_size({"width": 1280, "height": 900})
        page.wait_for_selector("#log li:nth-child(10)")
        assert page.evaluate("document.querySelector('#log').start") == 1
        page.locator("#log").scroll_into_view_if_needed()
        page.screenshot(path=str(kit.ARTIFACTS / f"casino-crowded-log-{size}.png"))
        log = page.evaluate(LOG_NUMBERS)
        assert log["sideways"] is False, log
        assert [text for text, *_ in log["numbers"]] == [f"{k}." for k in range(1, len(log["numbers"]) + 1)], log
        assert len(log["numbers"]) >= 10 and all(inside and whole for _, inside, whole in log["numbers"]), log
    page.context.close()
