"""A full hand of each game in the browser, by touch on a 360-px phone and by mouse on a desktop.

Each run also checks what a player sees: no sideways scrolling, every card of the hand on screen,
thumb-size buttons, moves in words (no Pinochle copy letters), the current player marked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.apps.web.tables import TableManager
from cardtable.store import Store

from . import browser_kit as kit
from .browser_kit import (
    ARTIFACTS,
    Browser,
    Page,
    audit,
    copy_letters,
    create_table,
    new_page,
    no_sideways_scroll,
    play_hand,
    settle,
)
from .conftest import LAYOFF_MOVES, add_table, layoff_match

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures


def look(page: Page) -> None:
    """What must hold at every moment of play."""
    no_sideways_scroll(page)
    assert not copy_letters(page)
    if page.locator(".prompt.mine").count():
        assert page.locator(".seat.me.to-act .turn-marker", has_text="Your turn").count() == 1
        # the buttons on screen (one being drawn anew has no box yet: 0, as CI once caught on a busy machine)
        heights = page.locator(".actions .action").evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
        assert all(h >= 44 for h in heights if h > 0), heights


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
def test_a_full_hand(server: str, browser: Browser, game: str, size: str) -> None:
    page = new_page(browser, size, motion=size == "phone")
    for _ in range(3):  # the deal is random: easy may take the upcard and knock before our first move; deal again
        create_table(page, server, game, level="easy" if game == "gin" else "random")  # easy knocks: shorter hands
        page.wait_for_selector("#hand .hand-card")
        page.wait_for_timeout(300)  # the card faces load from the sprite
        page.screenshot(path=str(ARTIFACTS / f"{game}-{size}.png"))
        moves = play_hand(page, check=look)
        if moves >= 1:
            break
    assert moves >= 1
    page.wait_for_selector("#modal:not(.hidden) #close-modal", timeout=15_000)
    page.screenshot(path=str(ARTIFACTS / f"{game}-{size}-end-of-hand.png"))
    assert "Hand 1 is over" in page.inner_text("#modal-title")
    if page.locator("#all-layoffs").count():
        page.click("#all-layoffs")
    page.click("#close-modal")
    page.click("#menu-btn") if size == "phone" else None
    assert page.locator("#drawer .sheet tr").count() == 2  # the score sheet has the hand
    assert not copy_letters(page)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_phone_390_and_words_on_the_buttons(server: str, browser: Browser) -> None:
    """At 390×844 the Gin table fits; the buttons read as a person speaks."""
    page = new_page(browser, "phone390")
    create_table(page, server, "gin")
    page.wait_for_selector(".prompt.mine", timeout=20_000)
    no_sideways_scroll(page)
    labels = page.locator(".actions .action").all_inner_texts()
    assert labels and all(label[0].isupper() for label in labels), labels
    assert any(label.startswith(("Take the ", "Pass", "Draw from the stock")) for label in labels), labels
    page.screenshot(path=str(ARTIFACTS / "gin-phone390.png"))
    page.context.close()


def test_keyboard_only(server: str, browser: Browser) -> None:
    """A hand of Casino can be played with Tab, Enter and Space alone; cards have spoken names."""
    page = new_page(browser, "desktop")
    create_table(page, server, "casino")
    page.wait_for_selector(".prompt.mine", timeout=20_000)
    names = page.locator("#hand .hand-card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert all(" of " in n for n in names), names
    page.locator("#hand .hand-card").first.focus()
    page.keyboard.press("Space")
    page.wait_for_selector("#hand .hand-card[aria-pressed=true]")
    assert page.evaluate("document.activeElement.classList.contains('hand-card')")  # focus stays on the card
    move = page.locator(".actions .action").first
    move.focus()
    n_before = page.evaluate("document.getElementById('felt').innerHTML")
    page.keyboard.press("Enter")
    page.wait_for_function("b => document.getElementById('felt').innerHTML !== b", arg=n_before)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


# Records, on every change of the end-of-hand sheet: cards laid off so far, cards still to lay off,
# the newest laid-off card with the index of the knocker's meld it joined, and whether the result shows.
WATCH_LAYOFFS = """(root) => {
  window.layoffFrames = [];
  const look = () => {
    const box = document.querySelector(root);  // looked up at each change: it may not exist yet
    if (!box) return;
    const melds = [...box.querySelectorAll('.knocker-melds .meld:not(.dead)')];
    const newest = box.querySelector('.knocker-melds .card.laid.new');
    const frame = [box.querySelectorAll('.knocker-melds .card.laid').length,
                   box.querySelectorAll('.to-lay-off .card').length,
                   newest ? newest.dataset.card : null,
                   newest ? melds.findIndex((m) => m.contains(newest)) : null,
                   box.querySelector('.gin-result .result-word')?.textContent ?? null];
    const prev = window.layoffFrames[window.layoffFrames.length - 1];
    if (box.querySelector('.knocker-melds') && JSON.stringify(prev) !== JSON.stringify(frame)) window.layoffFrames.push(frame);
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
}"""
LAYOFF_FRAMES = [
    [0, 3, None, None, None],  # the knocker's melds, the defender's three cards still to lay off
    [1, 2, "QS", 0, None],     # onto 9S-JS
    [2, 1, "6C", 2, None],     # onto 3C-5C
    [3, 0, "7C", 2, "undercut"],  # onto 3C-6C; then deadwood and result
]


def test_gin_layoffs_shown_card_by_card(server: str, server_db: Path, browser: Browser) -> None:
    """After a knock the sheet shows the arrangements, then each layoff in turn, then the undercut."""
    store = Store.open(str(server_db))
    try:
        table, tokens = add_table(TableManager(store), layoff_match(), [("human", None), ("computer", "random")])
    finally:
        store.close()
    page = new_page(browser, "phone", pace=300, motion=True, audit=True)
    page.goto(f"{server}/#/t/{table.id}/{tokens[0]}")
    page.wait_for_selector(".prompt.mine")
    page.evaluate(WATCH_LAYOFFS, "#dialog")
    take, knock = LAYOFF_MOVES
    page.locator(f".actions [data-move='{take}']").tap()
    page.wait_for_selector("#hand .hand-card[data-card='8H']")
    taken = page.locator("#hand .hand-card[data-card='5S']")  # just taken from the pile: dimmed, and says why
    assert taken.get_attribute("aria-disabled") == "true"
    assert "may not be discarded this turn" in (taken.get_attribute("aria-label") or "")
    settle(page)
    taken.tap(position={"x": 6, "y": 30}, force=True)  # a finger can still touch it
    page.wait_for_function("document.getElementById('notice').textContent.includes('discard')", timeout=5_000)
    assert page.inner_text("#notice") == ("5♠: The card taken from the discard pile may not be discarded this turn"
                                          " Why? (rules)")  # the link to the rule's paragraph
    page.locator("#hand .hand-card[data-card='3C']").tap(position={"x": 6, "y": 30})  # would break the 3-4-5 run
    why = page.locator(".actions .action.why")
    assert why.is_disabled() and why.inner_text() == "Knock: deadwood would be 22, the limit is 10"
    page.locator("#hand .hand-card[data-card='8H']").tap(position={"x": 6, "y": 30})
    assert page.locator(".actions .action.why").count() == 0
    page.locator(f".actions [data-move='{knock}']").tap()
    page.wait_for_selector("#modal:not(.hidden) .gin-result", timeout=20_000)
    page.screenshot(path=str(ARTIFACTS / "gin-layoffs-phone.png"))
    assert page.evaluate("window.layoffFrames") == LAYOFF_FRAMES
    assert "Laid off" in page.inner_text("#modal") and "scores 29" in page.inner_text("#modal")
    assert not audit(page)  # the end-of-hand sheet on a phone: nothing serious or critical for axe-core
    page.click("#close-modal")
    assert page.locator("#modal.hidden").count() == 1
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_casino_sweep_is_cheered(server: str, server_db: Path, browser: Browser) -> None:
    """Capturing every card on the table gets a moment of celebration, and the pile counts the sweep."""
    from cardtable.match import Match

    match = Match("casino", first_dealer=0, seat_names=["Dealer", "Ann"])
    for c in ["9H", "KS", "3C", "6D", "2S", "7C", "QS", "JH", "4H", "5S", "8C", "AD"]:  # Ann holds 9H; the table: 3C 6D 4H 5S
        match.apply(f"deal {c}")
    store = Store.open(str(server_db))
    try:
        table, tokens = add_table(TableManager(store), match, [("computer", "random"), ("human", None)])
    finally:
        store.close()
    page = new_page(browser, "phone")
    page.goto(f"{server}/#/t/{table.id}/{tokens[1]}")
    page.wait_for_selector(".prompt.mine")
    page.locator("#hand .hand-card[data-card='9H']").tap(position={"x": 6, "y": 30})
    assert page.locator(".loose .card.lit").count() == 4  # what the 9 can take lights up
    capture = page.locator(".actions .action.primary")
    assert capture.inner_text() == "Capture 6♦+3♣ and 5♠+4♥ with your 9♥"
    capture.tap()
    page.wait_for_selector(".banner.cheer", timeout=10_000)
    assert page.inner_text(".banner.cheer") == "Sweep! Ann clears the table"
    assert "1 sweep" in page.inner_text("[data-pile='1']")
    # the log names who did what: Casino's extra lines (the sweep) once shifted every later entry
    log = page.locator("#log li > :last-child").evaluate_all("els => els.map(e => e.textContent)")  # the entries, after their numbers
    assert any(line.startswith("You capture ") and line.endswith("with the 9♥") for line in log), log
    assert not any("sweep by" in line for line in log), log
    assert "sweep by" not in page.inner_text("#last-move")
    page.screenshot(path=str(ARTIFACTS / "casino-sweep-phone.png"))
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
