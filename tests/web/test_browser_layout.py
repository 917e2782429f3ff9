"""The table on one screen (issue 20, item 6): at 360×640 and 1280×860 the moves, the prompt, every seat
and the header's facts (hand number, target, whole names) are in view without scrolling, and the
four-player seats sit where they are at the table (left, across, right)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable.apps.web.tables import TableManager
from cardtable.store import Store

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, Page, create_table, new_page, no_sideways_scroll, press, settle
from .conftest import add_table

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures
SIZES = ["phone", "desktop"]

# where an element is on the screen, and whether any of it lies outside the window (page not scrolled)
BOX = """e => { const r = e.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, text: e.textContent.trim(),
           inView: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5 && r.height > 0 }; }"""


def dealt_casino(mine: str, theirs: str, table: str) -> Any:
    """A two-player Casino match whose first deal is given (Bo deals; You play first)."""
    from cardtable.cards import parse_cards
    from cardtable.casino.dealing import TABLE, deal_order
    from cardtable.match import Match

    match = Match("casino", first_dealer=1, seat_names=["You", "Bo"])
    piles = {0: parse_cards(mine), 1: parse_cards(theirs), TABLE: parse_cards(table)}
    for to in deal_order(2, 1, True):
        match.apply(f"deal {piles[to].pop(0)}")
    return match


def seat(server: str, server_db: Path, page: Page, match: Any) -> None:
    store = Store.open(str(server_db))
    try:
        table, tokens = add_table(TableManager(store), match, [("human", None), ("computer", "random")])
    finally:
        store.close()
    page.goto(f"{server}/#/t/{table.id}/{tokens[0]}")
    page.wait_for_selector(".prompt.mine")


def boxes(page: Page, selector: str) -> list[dict[str, Any]]:
    return list(page.locator(selector).evaluate_all(f"els => els.map({BOX})"))


@pytest.mark.parametrize("size", SIZES)
def test_every_casino_capture_is_in_view_beside_the_chosen_card(server: str, server_db: Path, browser: Browser,
                                                                size: str) -> None:
    """9♠ can take 8♥+A♠, 5♦+4♣, both, or trail: all four buttons are on the screen at once, and so is the 9♠."""
    page = new_page(browser, size)
    seat(server, server_db, page, dealt_casino("9S 2H 3D 6C", "KS KH KD QC", "AS 8H 4C 5D"))
    press(page, page.locator("#hand .hand-card[data-card='9S']"))
    page.wait_for_selector(".actions .action >> nth=3")
    settle(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"layout-casino-captures-{size}.png"))
    moves = boxes(page, ".actions .action")
    assert len(moves) == 4 and [m["text"].split()[0] for m in moves] == ["Capture"] * 3 + ["Trail"], moves
    assert all(m["inView"] for m in moves), moves
    assert all(b["inView"] for b in boxes(page, ".prompt")), boxes(page, ".prompt")
    # the chosen card is not hidden under the moves: what is drawn at its top corner is the card itself
    chosen = page.locator("#hand .hand-card[data-card='9S']")
    assert chosen.evaluate("e => { const r = e.getBoundingClientRect(); const hit = document.elementFromPoint(r.left + 6, r.top + 20);"
                           " return r.top >= 0 && !!hit && e.contains(hit); }")
    no_sideways_scroll(page)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_four_player_casino_seats_prompt_and_header(server: str, browser: Browser, size: str) -> None:
    """Left, Partner and Right in one row in that order; the prompt in view when the turn starts; the header
    says the hand number and the target and writes each side's name whole."""
    page = new_page(browser, size)
    create_table(page, server, "casino", players=4, target=21)
    page.wait_for_selector(".prompt.mine", timeout=20_000)
    settle(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"layout-casino4-{size}.png"))
    seats = boxes(page, ".opponents .seat")
    names = [page.locator(".opponents .seat .name").nth(i).inner_text() for i in range(3)]
    assert names == ["Left", "Partner", "Right"], names
    assert max(s["top"] for s in seats) - min(s["top"] for s in seats) < 2, seats  # one row
    assert seats[0]["right"] <= seats[1]["left"] + 1 and seats[1]["right"] <= seats[2]["left"] + 1, seats
    assert all(s["inView"] for s in seats), seats
    prompt = boxes(page, "#prompt")[0]
    assert prompt["inView"] and prompt["text"].startswith("Choose a card"), prompt
    head = page.locator(".tbar")
    assert head.locator("text=hand 1").is_visible() and head.locator("text=playing to 21").is_visible()
    assert all(b["inView"] for b in boxes(page, ".tbar .title, .tbar .score, .tbar .target"))
    whole = page.locator(".tbar .score .who").evaluate_all("els => els.map(e => [e.textContent, e.scrollWidth <= e.clientWidth])")
    assert [w for w, fits in whole] == ["You & Partner", "Left & Right"] and all(f for _, f in whole), whole
    no_sideways_scroll(page)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
