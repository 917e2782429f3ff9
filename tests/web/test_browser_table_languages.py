"""The table in the players' languages (issue 25), in Debian's chromium: a whole hand of each game against the
computer in Japanese and Czech on a phone (360×740) and a desktop (1280×800), with no English left on the page
(card symbols and names aside), a hint and a refused card in that language; the pseudo-locale through the table,
a replay, the statistics and the static site's table leaves nothing outside ⟦ ⟧. The page says its language when it
opens the table (the join message), and the server answers that connection in it: move labels, reasons, refusals.
Screenshots: artifacts/web/table-<game>-<lang>-<phone|desktop>.png (and the end of the hand: ...-end.png)."""

from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable import i18n
from cardtable.apps.web.server import create_app

from . import browser_kit as kit
from . import test_static_site
from .browser_kit import ARTIFACTS, Browser, Page, new_page, press
from .test_browser_languages import ACCEPT, english_fragments, page_words

server_db, browser = kit.server_db, kit.browser  # the fixtures
site, static_server = test_static_site.site, test_static_site.static_server  # the built static site, its server
kit.SIZES.setdefault("phone740", {"width": 360, "height": 740})
kit.SIZES.setdefault("desktop800", {"width": 1280, "height": 800})
SIZE = {"phone": "phone740", "desktop": "desktop800"}
LOCALE = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "locale"
LIMITS = {"CARDTABLE_WEB_MAX_TABLES_PER_ADDRESS": "200", "CARDTABLE_WEB_CREATE_LIMIT": "200"}
LETTERS = re.compile(r"[A-Za-z]{3}")
# what the table shows that is not a message: the brand, the level names kept as the server has them in notation
NOT_MESSAGES = re.compile(r"cardtable|OpenSpiel")


@pytest.fixture(scope="module")
def server(server_db: Path) -> Iterator[str]:
    """The live server, letting this one address set up the 30-odd tables of this file (the default is 20 in play)."""
    saved = {k: os.environ.get(k) for k in LIMITS}
    os.environ.update(LIMITS)
    try:
        with kit.live_server(create_app(str(server_db))) as base:
            yield base
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def felt_n(page: Page) -> str:
    return str(page.evaluate("document.getElementById('felt')?.dataset.n ?? ''"))


def wait_until(page: Page, what: str, timeout: float = 60.0) -> None:
    """Until the expression ``what`` is true in the page (looked at from Python: the page's CSP refuses the
    polling of wait_for_function)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate(what):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"not true after {timeout} s: {what}")


@functools.cache
def _fragments(lang: str) -> frozenset[str]:
    """English words of the web catalog that ``lang`` says otherwise, less those some message of ``lang`` has as its
    own (Czech "Pinochle" is the game's name, and "Binokl" its meld)."""
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "web.po").open("rb") as f:
        own = {s for m in read_po(f, locale=lang) if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))}
    extra = {"You", "Computer", "Stock", "Deadwood", "Dealer", "Hand", "hand", "Menu", "Log"}
    return frozenset(f for f in english_fragments(lang) | extra if f not in own)


@functools.cache
def _pattern(lang: str) -> re.Pattern[str]:
    """The English fragments as whole words, longest first, in one pattern."""
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(_fragments(lang), key=len, reverse=True))) + r")(?!\w)")


def english_left(page: Page, lang: str) -> list[str]:
    """English words of the catalogs (words, not parts of words) that show in the page; in Japanese, Chinese and
    Bulgarian also any Latin word at all."""
    words = page_words(page)
    found = sorted({f"{m[0]!r} in {text!r}" for text in words for m in _pattern(lang).finditer(text)})
    if lang in ("ja", "zh", "bg"):
        found += [w for w in words if LETTERS.search(NOT_MESSAGES.sub("", w))]
    return found


def open_table(browser: Browser, base: str, game: str, lang: str, size: str) -> Page:
    """A table against the computer set up in the lobby, in ``lang`` (the browser's Accept-Language)."""
    page = new_page(browser, SIZE[size], locale=ACCEPT[lang])
    kit.create_table(page, base, game, level="random")
    wait_until(page, "document.querySelector('#felt')?.dataset.n !== undefined")
    return page


def a_move(page: Page) -> None:
    """One legal move, the big ones first (knock, gin: a Gin hand then ends in a showdown, not void), told apart by
    their notation: the words are the language's."""
    enabled = ".actions .action:not([disabled])"
    big = ", ".join(f"{enabled}[data-move^='{m}']" for m in ("knock", "gin", "big", "take knock", "declare"))
    if page.locator(enabled).count() == 0:
        cards, first = page.locator("#hand .hand-card:not(.dim)"), None
        gin = page.locator(".centre.gin").count() > 0  # look for a card to knock with; elsewhere the first card will do
        for i in range(min(cards.count(), 11)):
            press(page, cards.nth(i), position={"x": 6, "y": 30})
            if page.locator(big).count() or (page.locator(enabled).count() and not gin):
                break
            if page.locator(enabled).count() and first is None:
                first = i
        else:
            if first is not None:
                press(page, cards.nth(first), position={"x": 6, "y": 30})
    press(page, page.locator(big).first if page.locator(big).count() else page.locator(enabled).first)


def close_sheet(page: Page) -> None:
    """Close the end-of-hand sheet (all its layoffs shown first)."""
    kit.settle(page)
    page.wait_for_selector("#close-modal")
    if page.locator("#all-layoffs").count():
        page.locator("#all-layoffs").click()
    page.locator("#close-modal").click()
    wait_until(page, "!!document.querySelector('#modal.hidden')")


def play_the_hand(page: Page, lang: str | None, check_every: int = 5) -> tuple[int, list[str]]:
    """Play one's moves until the end-of-hand sheet opens; every few moves the page is read for English (``lang``
    None: not read)."""
    moves, left = 0, []
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if page.locator("#modal:not(.hidden)").count():
            return moves, left
        if kit.my_turn(page) and page.locator("#hand").count():
            before = felt_n(page)
            if lang is not None and moves % check_every == 0:
                left += english_left(page, lang)
            try:
                a_move(page)
            except kit.PlaywrightTimeoutError:
                continue
            moves += 1
            end = time.monotonic() + 10
            while felt_n(page) == before and time.monotonic() < end and not page.locator("#modal:not(.hidden)").count():
                page.wait_for_timeout(40)
        else:
            page.wait_for_timeout(40)
    raise AssertionError(f"the hand did not finish after {moves} moves")


def ask_hint(page: Page) -> str:
    """The suggestion box's words, asked for from the drawer on one's turn."""
    wait_until(page, "!!document.querySelector('.prompt.mine')")
    if page.locator("#menu-btn").is_visible():  # a phone: the drawer opens from the menu (a desktop shows it)
        press(page, page.locator("#menu-btn"))
    page.wait_for_selector("#hint-btn:not([disabled])", timeout=10_000)
    press(page, page.locator("#hint-btn"))
    page.wait_for_selector(".hints", timeout=30_000)
    return page.inner_text(".hints")


# Gin in Japanese on a desktop and in Czech on a phone also play to a knock, a gin and an undercut in
# test_browser_gin_showdown_languages.py (each language at both sizes); a Gin hand here runs the stock down.
WHOLE_HANDS = [(game, lang, size) for game in ("gin", "casino", "pinochle") for lang in ("ja", "cs")
               for size in ("phone", "desktop") if (game, lang, size) not in (("gin", "ja", "desktop"),
                                                                              ("gin", "cs", "phone"))]


@pytest.mark.parametrize(("game", "lang", "size"), WHOLE_HANDS)
def test_a_whole_hand_in_the_players_language(server: str, browser: Browser, game: str, lang: str, size: str) -> None:
    page = open_table(browser, server, game, lang, size)
    assert page.evaluate("document.documentElement.lang") == lang
    hint = ask_hint(page)
    assert hint and not english_left(page, lang), (hint, english_left(page, lang)[:5])
    if lang == "ja":
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", hint), hint
    page.screenshot(path=str(ARTIFACTS / f"table-{game}-{lang}-{size}.png"), full_page=True)
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # long words wrap: no sideways scroll
    moves, left = play_the_hand(page, lang)
    assert moves > 0 and not left, left[:10]
    kit.settle(page)
    sheet = page.inner_text("#dialog")
    assert sheet and not english_left(page, lang), english_left(page, lang)[:10]
    page.screenshot(path=str(ARTIFACTS / f"table-{game}-{lang}-{size}-end.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
@pytest.mark.parametrize("lang", ["bg", "zh"])
def test_bulgarian_and_chinese_tables_fit_a_phone(server: str, browser: Browser, game: str, lang: str) -> None:
    """The longest words (Bulgarian "купчина за теглене") and CJK text at 360 px: no sideways scroll, nothing
    wider than the screen, no English; the drawer and the end-of-hand sheet too."""
    page = open_table(browser, server, game, lang, "phone")
    wait_until(page, "!!document.querySelector('.prompt.mine')")
    width = page.evaluate("window.innerWidth")
    wide = page.evaluate("""(w) => [...document.querySelectorAll('#main *')].filter(e => {
        const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > w + 0.5 || r.left < -0.5) && !e.closest('.drawer, .hand, .fan');
    }).map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').slice(0, 40))""", width)
    assert not wide, wide[:5]
    assert not english_left(page, lang), english_left(page, lang)[:5]
    page.screenshot(path=str(ARTIFACTS / f"table-{game}-{lang}-phone.png"), full_page=True)
    press(page, page.locator("#menu-btn"))
    page.wait_for_selector("#drawer.open")
    kit.settle(page)
    assert not english_left(page, lang), english_left(page, lang)[:5]
    page.screenshot(path=str(ARTIFACTS / f"table-{game}-{lang}-phone-drawer.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", ["ja", "cs", "bg", "zh"])
def test_a_card_that_cannot_be_played_says_why_in_the_language(server: str, browser: Browser, lang: str) -> None:
    """Gin: the card just taken from the discard pile cannot be thrown back; tapping it says why (the engine's
    refusal, worded by the server in the page's language), with the rule's link."""
    page = open_table(browser, server, "gin", lang, "desktop")
    for _ in range(300):
        wait_until(page, "!!document.querySelector('.prompt.mine') || !document.querySelector('#modal.hidden')")
        if page.locator("#modal:not(.hidden)").count():  # a hand ended first: on to the next
            close_sheet(page)
            continue
        dim = page.locator("#hand .hand-card.dim")
        if dim.count():
            dim.first.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
            page.wait_for_selector("#notice .why-rule")
            said = page.inner_text("#notice")
            assert said and not english_left(page, lang), (said, english_left(page, lang)[:5])
            assert not re.search(r"\b(discard|cannot|taken|pile)\b", said), said
            break
        take = page.locator(".actions .action[data-move='take']")
        before = felt_n(page)
        try:
            press(page, take) if take.count() else a_move(page)
        except kit.PlaywrightTimeoutError:  # the table changed under the finger: look again
            continue
        end = time.monotonic() + 10
        while felt_n(page) == before and time.monotonic() < end:
            page.wait_for_timeout(40)
    else:
        raise AssertionError("never held a card that could not be played")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def pseudo_outside(page: Page, names: tuple[str, ...] = ()) -> list[str]:
    """Text outside ⟦ ⟧ with two Latin letters in a row (the players' ``names`` aside)."""
    words = page_words(page)
    given = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in names)) if names else None
    return [w for w in words if re.search(r"[A-Za-z]{2}", NOT_MESSAGES.sub("", re.sub(r"⟦[^⟧]*⟧", "", given.sub("", w) if given else w)))]


def test_the_pseudo_locale_through_the_table_replay_and_statistics(server: str, browser: Browser) -> None:
    page = new_page(browser, "desktop")
    page.context.add_init_script("localStorage.setItem('cardtable:lang', 'en_XA')")
    kit.create_table(page, server, "casino", level="random", target=1)  # a Casino hand always scores
    wait_until(page, "document.querySelector('#felt')?.dataset.n !== undefined")
    assert i18n.pseudo("Menu") in page_words(page)
    left = pseudo_outside(page)
    assert not left, left[:10]
    for _ in range(30):  # hands until the match (to 1 point) is over
        play_the_hand(page, None)
        left = pseudo_outside(page)
        assert not left, left[:10]
        close_sheet(page)
        wait_until(page, "!!document.querySelector('.banner.over, .prompt.mine') || !document.querySelector('#modal.hidden')")
        if page.locator(".banner.over").count():
            break
    wait_until(page, "!!document.querySelector('.banner.over')")
    left = pseudo_outside(page)
    assert not left, left[:10]
    press(page, page.locator("header.top nav a[href='#/finished']"))
    page.wait_for_selector(".tables .table-row a.btn")
    assert not pseudo_outside(page), pseudo_outside(page)[:10]
    press(page, page.locator(".tables .table-row a.btn").first)
    page.wait_for_selector(".replay-nav")
    press(page, page.locator("#last"))
    page.wait_for_selector("#showdown .points", timeout=15_000)
    assert not pseudo_outside(page), pseudo_outside(page)[:10]
    press(page, page.locator("header.top nav a[href='#/stats']"))
    page.wait_for_selector("#charts svg, #charts p")
    assert not pseudo_outside(page), pseudo_outside(page)[:10]
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_static_sites_table_speaks_the_browsers_language(site: Path, browser: Browser) -> None:
    """The offline page (``cardtable build-static``): the engine in the page answers in the page's language too."""
    with static_server(site) as base:
        _static_table(browser, base)


def _static_table(browser: Browser, base: str) -> None:
    page = new_page(browser, "phone740", locale="cs-CZ")
    page.goto(base + "/index.html")
    page.wait_for_selector("#create-btn", timeout=60_000)
    press(page, page.locator("label.game-tile:has(input[value=gin])"))
    press(page, page.locator("#create-btn"))
    page.wait_for_selector(".tbar", timeout=120_000)
    wait_until(page, "!!document.querySelector('.prompt.mine')", timeout=120)
    left = english_left(page, "cs")
    assert not left, left[:10]
    assert page.locator(".actions .action").count() or page.locator("#hand .hand-card").count()
    href = page.get_attribute('link[rel="manifest"]', "href")  # installed, the site is named in Czech too
    assert href == "manifest-cs.webmanifest", href
    manifest = page.evaluate("async (h) => (await fetch(h)).json()", href)
    assert manifest["lang"] == "cs" and manifest["description"].startswith("Hrajte "), manifest
    page.screenshot(path=str(ARTIFACTS / "table-gin-cs-phone-offline.png"), full_page=True)
    page.evaluate("localStorage.setItem('cardtable:lang', 'en_XA')")  # the pseudo-locale: nothing outside ⟦ ⟧
    page.reload()
    wait_until(page, "!!document.querySelector('.prompt.mine')", timeout=120)
    assert not pseudo_outside(page, ("Vy",)), pseudo_outside(page, ("Vy",))[:10]  # the name the Czech lobby gave the seat
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()

