"""Play by keyboard alone (issue 20, item 8): one tab stop per group (the table, the hand, the moves) with
the arrow keys inside it, Enter and Space to press, the focus kept where the next action is after a
move, and a replay stepped with ← and →. At phone and desktop size; no mouse or touch anywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable.apps.web.tables import TableManager
from cardtable.store import Store

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, Page, new_page
from .conftest import LAYOFF_DEFENDER, LAYOFF_KNOCKER, add_table, layoff_match

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures
SIZES = ["phone", "desktop"]

# the focused element: its group and what it names (a card, a move, or its text)
FOCUSED = """() => { const e = document.activeElement;
  const group = e.closest('#hand') ? 'hand' : e.closest('.actions') ? 'moves' : e.closest("[data-zone='table']") ? 'table' : e.id || e.tagName;
  return [group, e.dataset.card || e.dataset.move || e.textContent.trim()]; }"""


def focused(page: Page) -> list[str]:
    return list(page.evaluate(FOCUSED))


def tab_stops(page: Page, selector: str) -> int:
    return int(page.locator(f"{selector} :is(button, a, [tabindex])").evaluate_all("els => els.filter(e => e.tabIndex >= 0 && !e.disabled).length"))


def sit_at_the_upcard(server: str, server_db: Path, page: Page, match: Any = None) -> None:
    """Seat 0 of the layoff deal: offered the upcard 5♠ (Take or Pass), 10 cards in hand."""
    store = Store.open(str(server_db))
    try:
        table, tokens = add_table(TableManager(store), match or layoff_match(), [("human", None), ("computer", "random")])
    finally:
        store.close()
    page.goto(f"{server}/#/t/{table.id}/{tokens[0]}")
    page.wait_for_selector(".prompt.mine")
    page.evaluate("document.getElementById('main').focus()")  # where a page starts: the top of the content


@pytest.mark.parametrize("size", SIZES)
def test_the_upcard_is_three_groups_away_and_arrows_move_inside_them(server: str, server_db: Path, browser: Browser,
                                                                     size: str) -> None:
    page = new_page(browser, size)
    sit_at_the_upcard(server, server_db, page)
    assert tab_stops(page, "#hand") == 1 and tab_stops(page, ".actions") == 1  # not one stop per card or button
    tabs = 0
    while focused(page)[0] != "moves" and tabs < 20:
        page.keyboard.press("Tab")
        tabs += 1
    # Menu (phones only), the table (the upcard), the hand, the moves
    assert tabs == (4 if size == "phone" else 3), (tabs, focused(page))
    assert focused(page) == ["moves", "take"]
    page.keyboard.press("ArrowRight")
    assert focused(page) == ["moves", "pass"]
    page.keyboard.press("ArrowLeft")
    assert focused(page) == ["moves", "take"]
    page.keyboard.press("Shift+Tab")  # back to the hand, on its first card; arrows walk the cards
    cards = page.locator("#hand .hand-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert focused(page) == ["hand", cards[0]]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused(page) == ["hand", cards[2]]
    page.keyboard.press("End")
    assert focused(page) == ["hand", cards[-1]]
    page.keyboard.press("Home")
    assert focused(page) == ["hand", cards[0]]
    page.keyboard.press("Tab")  # the moves remember nothing else: their first button
    assert focused(page) == ["moves", "take"]
    page.screenshot(path=str(ARTIFACTS / f"keyboard-upcard-{size}.png"))
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_focus_stays_where_the_next_action_is(server: str, server_db: Path, browser: Browser, size: str) -> None:
    """Take the upcard (Enter): the focus goes to the hand, where the discard is chosen; Space picks 8♥ and the
    focus stays on it; one Tab reaches its moves; after the discard the focus is back in the hand."""
    page = new_page(browser, size)
    sit_at_the_upcard(server, server_db, page)
    page.locator(".actions [data-move='take']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand .hand-card[data-card='5S']")
    page.wait_for_function("() => document.activeElement.closest('#hand') !== null")
    for _ in range(12):  # walk to the 8♥
        if focused(page) == ["hand", "8H"]:
            break
        page.keyboard.press("ArrowRight")
    assert focused(page) == ["hand", "8H"]
    page.keyboard.press("Space")
    page.wait_for_selector("#hand .hand-card[data-card='8H'][aria-pressed=true]")
    assert focused(page) == ["hand", "8H"]
    page.keyboard.press("Tab")
    assert focused(page)[0] == "moves" and focused(page)[1] == "knock 8H"
    page.keyboard.press("ArrowRight")
    assert focused(page) == ["moves", "discard 8H"]
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector(\"#hand .hand-card[data-card='8H']\")")
    assert focused(page)[0] == "hand", focused(page)  # not lost to the page
    page.wait_for_selector(".prompt.mine", timeout=15_000)  # the computer has played: the turn is ours again
    assert focused(page)[0] in ("hand", "moves"), focused(page)
    page.screenshot(path=str(ARTIFACTS / f"keyboard-after-move-{size}.png"))
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_replay_steps_with_the_arrow_keys(server: str, server_db: Path, browser: Browser, size: str) -> None:
    """The layoff deal in a match to 20: taking the upcard and knocking with 8♥ ends it; its replay (the
    player's own match) steps with the arrow keys."""
    from cardtable.cards import parse_cards
    from cardtable.match import Match

    match = Match("gin", first_dealer=1, seat_names=["Knocker", "Defender"], target_score=20)
    for mine, theirs in zip(parse_cards(LAYOFF_KNOCKER), parse_cards(LAYOFF_DEFENDER), strict=True):
        match.apply(f"deal {mine}")
        match.apply(f"deal {theirs}")
    match.apply("deal 5S")
    page = new_page(browser, size)
    sit_at_the_upcard(server, server_db, page, match)
    page.locator(".actions [data-move='take']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand .hand-card[data-card='5S']")
    page.locator("#hand .hand-card[data-card='8H']").focus()
    page.keyboard.press("Space")
    page.locator(".actions [data-move='knock 8H']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#modal:not(.hidden)", timeout=15_000)
    page.goto(f"{server}/#/finished")
    page.locator("a[href^='#/replay/']").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".replay-nav #last")
    step = page.locator(".replay-nav .step")
    total = step.inner_text().split(" of ")[1]
    page.keyboard.press("ArrowRight")
    assert step.inner_text() == f"Move 2 of {total}"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert step.inner_text() == f"Move 2 of {total}"
    page.keyboard.press("End")
    assert step.inner_text() == f"Move {total} of {total}"
    page.keyboard.press("Home")
    assert step.inner_text() == f"Move 1 of {total}"
    page.locator("#next").focus()
    page.keyboard.press("Enter")  # a step by its button keeps the focus on the button
    assert step.inner_text() == f"Move 2 of {total}" and focused(page)[0] == "next"
    page.screenshot(path=str(ARTIFACTS / f"keyboard-replay-{size}.png"))
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
