"""axe-core rules the pages broke (issue 20, item 12): every page has a level-one heading (lobby, Finished,
Statistics had none) and the table's log, once it scrolls, can be scrolled by keyboard
(scrollable-region-focusable). At phone and desktop size; axe-core is vendored (tests/web/vendor)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.apps.web.tables import TableManager
from cardtable.store import Store

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, AXE, Browser, Page, new_page, press
from .conftest import add_table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "casino"))  # the crowded Casino deals
from casino_crowded_support import crowded_match

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures
SIZES = ["phone", "desktop"]
RULES = ["page-has-heading-one", "scrollable-region-focusable"]


def violations(page: Page) -> list[dict[str, Any]]:
    """What the two rules find on the page, whatever their impact (page-has-heading-one is 'moderate')."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async (rules) => {
        const r = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
        return r.violations.map(v => ({ id: v.id, nodes: v.nodes.map(n => n.target.join(' ')) })); }""", RULES)
    return list(found)


@pytest.mark.parametrize("size", SIZES)
def test_pages_have_a_heading_one_and_the_scrolling_log_takes_focus(server: str, server_db: Path, browser: Browser,
                                                                    size: str) -> None:
    page = new_page(browser, size, audit=True)
    found: dict[str, list[dict[str, Any]]] = {}
    for where, ready in (("/#/", "#mine-list p, #mine-list ul"), ("/#/finished", "main .panel"), ("/#/stats", "#charts")):
        page.goto(server + where)
        page.wait_for_selector(ready)
        found[where] = violations(page)
    store = Store.open(str(server_db))
    try:  # sixteen trails already in the hand's log: it scrolls
        table, tokens = add_table(TableManager(store), crowded_match(), [("human", None), ("computer", "random")])
    finally:
        store.close()
    page.goto(f"{server}/#/t/{table.id}/{tokens[0]}")
    page.wait_for_selector(".prompt.mine")
    if size == "phone":
        press(page, page.locator("#menu-btn"))  # the log is in the drawer
        page.wait_for_selector("#drawer.open")
    page.wait_for_selector("#log li:nth-child(16)")
    assert page.evaluate("(e => e.scrollHeight > e.clientHeight)(document.getElementById('log'))")  # it does scroll
    page.screenshot(path=str(ARTIFACTS / f"axe-log-{size}.png"))
    found["table"] = violations(page)
    assert not {k: v for k, v in found.items() if v}, found
    log = page.locator("#log")
    for _ in range(3):  # a redraw (the deal's moment on screen ending) may replace the log under the focus: try again
        log.focus()
        top = log.evaluate("e => { e.scrollTop = 0; return e.scrollTop; }")
        page.keyboard.press("End")  # the keyboard scrolls it
        if log.evaluate("e => e.scrollTop") > top:
            break
        page.wait_for_timeout(1000)
    assert log.evaluate("e => e.scrollTop") > top
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
