"""The Gin showdown in the players' languages (issue 25), in Debian's chromium: a hand against the computer in
Japanese and Czech on a phone (360×740) and a desktop (1280×800) played to a knock or gin (never void), then the
end-of-hand sheet read: the knocker's melds and deadwood, the defender's layoffs (laid off one by one at the
computer's pace), the result, the "Why" line and the points, with no English left (card symbols and names aside)
and nothing wider than a phone.

The deal is fixed: the server's seed source gives the seeds below (the engine and the computer play as always),
and one's moves are those of the simple Gin player (the upcard when it joins a meld, the card leaving the least
deadwood, a knock or gin at the first chance), chosen from the moves the page offers. The seeds of
:data:`DEALS` end in one's knock (with a layoff by the computer), one's gin, and the computer's knock undercut.
Screenshots: artifacts/web/table-gin-showdown-<lang>-<phone|desktop>.png (one's knock; ``-layoff``: while the computer
lays off; ``-gin``, ``-undercut``: the other endings; ``-bottom``: the sheet scrolled to its end)."""

from __future__ import annotations

import functools
import json
import os
import re
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.cards import Card, cards_to_mask
from cardtable.gin.melds import canonical_arrangement, deadwood

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, Page, new_page, press
from .test_browser_languages import ACCEPT
from .test_browser_table_languages import LETTERS, LIMITS, LOCALE, NOT_MESSAGES, SIZE, english_left, felt_n, wait_until

server_db, browser = kit.server_db, kit.browser  # the fixtures
DEALS = {"knock": (377, 2, "knock"), "gin": (88, 5, "gin"), "undercut": (1909, 8, "knock")}
"""Per ending: the seed, one's moves until it and the hand's outcome. 377: one knocks at once with deadwood 1 and the
computer lays the 7♦ off; 88: one goes gin on the third turn; 1909: the computer knocks with 9, one lays the 8♣ off
and undercuts with 7 (found offline with the engine: :func:`simple_hand`)."""
RESULT = {"knock": (None, "knock won"), "gin": ("gin", "gin"), "undercut": (None, "undercut")}
"""The result's words (context, message) of each ending."""
SEED: dict[str, int] = {}
KEY = re.compile(r"[（(]Enter[）)]")
"""The key "Show all (Enter)" names as the keyboards print it, in every language."""
CASES = [(lang, size, end) for lang in ("ja", "cs") for size in ("phone", "desktop") for end in DEALS]


class _Seeds:
    """The server's seed source, giving the seed the next table is to have."""

    def randrange(self, n: int) -> int:
        return SEED["next"] % n


@pytest.fixture(scope="module")
def server(server_db: Path) -> Iterator[str]:
    """The live server, its tables seeded by :data:`SEED` (a fixed deal), as many as this file sets up."""
    from cardtable.apps.web import tables
    from cardtable.apps.web.server import create_app

    saved = {k: os.environ.get(k) for k in LIMITS}
    os.environ.update(LIMITS)
    real = tables.random
    tables.random = types.SimpleNamespace(SystemRandom=_Seeds)  # type: ignore[assignment]
    try:
        with kit.live_server(create_app(str(server_db))) as base:
            yield base
    finally:
        tables.random = real
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def simple_choice(hand: list[str], free: list[str], upcard: str | None, moves: set[str]) -> str:
    """The simple Gin player's move (:class:`~cardtable.agents.gin.simple.SimpleGinAgent`) among ``moves`` (the
    notation the page offers), for ``hand`` (``free``: its cards that may be thrown) and the ``upcard``;
    ``"card X"``: select X, then knock, gin or discard."""
    for big in ("take knock", "big gin"):
        if big in moves:
            return big
    mask = cards_to_mask(Card.parse(c) for c in hand)
    if "take" in moves and upcard is not None:
        up = Card.parse(upcard)
        if any(m & up.bit for m in canonical_arrangement(mask | up.bit)):
            return "take"
        return "pass" if "pass" in moves else "draw"
    for m in ("draw", "pass"):
        if m in moves:
            return m
    if moves:  # laying the melds down: the first arrangement
        return sorted(moves)[0]
    best = min((Card.parse(c) for c in free), key=lambda c: (deadwood(mask & ~c.bit), -c.value, c.index))
    return f"card {best}"


def simple_hand(seed: int) -> tuple[int, str]:
    """Offline, as the server plays it: one's moves (the simple player's, seat 0) and how the first hand ends."""
    from cardtable.agents import make_agent
    from cardtable.agents.gin.simple import SimpleGinAgent
    from cardtable.match import Match

    m = Match("gin", seed=seed, seat_names=["You", "Computer"])
    hand = m.state  # the first hand (the match deals the next one once it is over)
    me, bot, mine = SimpleGinAgent(), make_agent("gin", "random", seed=seed + 1), 0
    while not hand.is_terminal():
        if hand.is_chance_node():
            m.apply(hand.sample_chance(m.rng))
            continue
        seat = hand.current_player()
        mine += seat == 0
        m.apply((me if seat == 0 else bot).act(hand.view(seat), hand.legal_moves()))
    return mine, hand.view(0).showdown.outcome


def one_simple_move(page: Page) -> None:
    """One move of the simple player, made as a person would: a move button, or a card tapped and then its move."""
    enabled = ".actions .action[data-move]:not([disabled])"
    moves = set(page.locator(enabled).evaluate_all("els => els.map(e => e.dataset.move)"))
    hand = page.locator("#hand .hand-card").evaluate_all("els => els.map(e => e.dataset.card)")
    free = page.locator("#hand .hand-card:not(.dim)").evaluate_all("els => els.map(e => e.dataset.card)")
    upcard = page.evaluate("document.querySelector('.centre.gin .upcard')?.dataset.card ?? null")
    choice = simple_choice(hand, free, upcard, moves)
    if not choice.startswith("card "):
        press(page, page.locator(f"{enabled}[data-move='{choice}']"))
        return
    c = choice.removeprefix("card ")
    press(page, page.locator(f"#hand .hand-card[data-card='{c}']"), position={"x": 6, "y": 30})
    for kind in ("gin", "knock", "discard"):
        button = page.locator(f"{enabled}[data-move='{kind} {c}']")
        if button.count():
            if kind != "discard":  # the knock: the computer lays its cards off at a pace one can follow
                page.evaluate("(() => { const p = document.querySelector('#pace'); p.value = '2000'; "
                              "p.dispatchEvent(new Event('input')); })()")
            press(page, button)
            return
    raise AssertionError(f"no move for the {c} among {moves}")


def play_to_the_showdown(page: Page, limit: int = 12) -> int:
    """One's moves until the end-of-hand sheet opens (the deal is fixed: nothing changes the table under one's
    finger); returns how many."""
    mine_or_over = "!!document.querySelector('.prompt.mine') || !document.querySelector('#modal.hidden')"
    for moves in range(limit):
        wait_until(page, mine_or_over, timeout=20)
        if page.locator("#modal:not(.hidden)").count():
            return moves
        before = felt_n(page)
        one_simple_move(page)
        wait_until(page, f"document.getElementById('felt').dataset.n !== {json.dumps(before)} "
                   "|| !document.querySelector('#modal.hidden')", timeout=10)
    raise AssertionError(f"no showdown after {limit} moves")


def english_on_the_sheet(page: Page, lang: str) -> list[str]:
    """English words of the catalogs on the page (:func:`english_left`), the Enter key's name aside."""
    return [w for w in english_left(page, lang)
            if not (KEY.search(w) and not LETTERS.search(NOT_MESSAGES.sub("", KEY.sub("", w))))]


def overflowing(page: Page) -> list[str]:
    """What of the sheet is wider than the screen or sticks out of it."""
    return list(page.evaluate("""(w) => [...document.querySelectorAll('#dialog *')].filter(e => {
        const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > w + 0.5 || r.left < -0.5);
    }).map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').slice(0, 40))""",
                              page.evaluate("window.innerWidth")))


def test_the_seeds_end_as_said() -> None:
    """The deals this file relies on, played offline as the server plays them."""
    for seed, moves, outcome in DEALS.values():
        assert simple_hand(seed) == (moves, outcome), seed


@functools.cache
def said(lang: str, context: str | None, message: str) -> str:
    """``message`` as the web catalog of ``lang`` says it."""
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "web.po").open("rb") as f:
        found = read_po(f, locale=lang).get(message, context=context)
    assert found is not None and found.string, (lang, message)
    return str(found.string)


@pytest.mark.parametrize(("lang", "size", "end"), CASES, ids=[f"{x}-{y}-{z}" for x, y, z in CASES])
def test_the_gin_showdown_in_the_players_language(server: str, browser: Browser, lang: str, size: str, end: str) -> None:
    seed, expected, _ = DEALS[end]
    name = f"table-gin-showdown-{lang}-{size}" + ("" if end == "knock" else f"-{end}")
    SEED["next"] = seed
    page = new_page(browser, SIZE[size], locale=ACCEPT[lang])
    kit.create_table(page, server, "gin", level="random")
    wait_until(page, "document.querySelector('#felt')?.dataset.n !== undefined")
    assert page.evaluate("document.documentElement.lang") == lang
    moves = play_to_the_showdown(page)
    assert moves == expected, (moves, page.inner_text("#dialog"))
    page.wait_for_selector("#dialog .showdown-title")
    kit.settle(page)
    if end == "knock":  # the layoffs, one at a time: the sheet says so while they are laid
        assert page.locator("#dialog .to-lay-off .card").count() == 1
        assert page.locator("#dialog .laying-off").count() == 1
        left = english_on_the_sheet(page, lang)
        assert not left, left[:10]
        assert not overflowing(page), overflowing(page)[:5]
        page.screenshot(path=str(ARTIFACTS / f"{name}-layoff.png"), full_page=True)
        press(page, page.locator("#next-layoff"))
    wait_until(page, "!!document.querySelector('#dialog .gin-result')", timeout=10)
    kit.settle(page)
    sheet = page.inner_text("#dialog")
    assert page.locator("#dialog .knocker-melds .meld").count() >= 2, sheet
    assert page.locator("#dialog .gin-result tr").count() == 5, sheet
    if end != "gin":  # one card laid off, by the computer or by oneself
        assert page.locator("#dialog .laid-off").count() == 1 and page.locator("#dialog .laid").count() == 1, sheet
    assert page.inner_text("#dialog .result-word") == said(lang, *RESULT[end]), sheet
    left = english_on_the_sheet(page, lang)
    assert not left, left[:10]
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    assert not overflowing(page), overflowing(page)[:5]
    page.evaluate("['dialog', 'modal'].forEach(i => { const e = document.getElementById(i); e.scrollTop = e.scrollHeight; })")
    page.screenshot(path=str(ARTIFACTS / f"{name}-bottom.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
