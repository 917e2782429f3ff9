"""Issue #25: the terminal app in Japanese, Chinese, Bulgarian and Czech, and the pseudo-locale.

A whole hand of each game is played with keys at 80×24 in Japanese and Czech, and every screen on
the way is read back from the terminal: no English word may be left (card notation, the players'
names and key names aside), and the one-line parts (title, prompt, keys line, footer) must fit.
In the pseudo-locale ``en_XA`` every screen (the lobby, each table, every dialog, the rules, the
score sheet, the end of a hand, the too-small screen) shows nothing outside ``⟦ ⟧`` but cards,
numbers, names and keys: a word there was not marked for translation. Screenshots go to
``artifacts/tui/<game>-<lang>-80x24.svg`` (and a large 160×50 one).
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

pytest.importorskip("textual")

from babel.messages.pofile import read_po
from test_tui_full_hands import choose, enter_move
from textual.widgets import Footer, Static
from tui_support import ARTIFACTS, open_table, run, screen_text

from cardtable import i18n
from cardtable.apps.tui.app import (
    CardtableApp,
    HandOverScreen,
    HintScreen,
    LobbyScreen,
    QuitScreen,
    RulesScreen,
    ScoreSheetScreen,
    TableScreen,
)
from cardtable.apps.tui.too_small import TooSmallScreen
from cardtable.apps.tui.widgets import HandView

LOCALE = i18n.LOCALE_DIR
GAMES = [("gin", ["simple"]), ("casino", ["random"]), ("pinochle", ["random"])]

CARD = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[♠♥♦♣]")
KEYS = {"enter", "esc", "space", "tab", "ctrl", "pgup", "pgdn", "f1"}
"""Key names, which stay as the keyboard writes them."""
NAMES = {"cardtable", "openspiel", "oklahoma", "hoyle", "cpu"}
"""The program's name, preset names that are proper names, and Japanese's CPU."""


@cache
def english_words() -> frozenset[str]:
    """Every word of the English messages a player can meet at the terminal table (its own, the shared
    words of the moves, hints and refusals), lower case."""
    words: set[str] = set()
    for domain in ("tui", "cardtable", "errors"):
        with open(LOCALE / f"{domain}.pot", "rb") as f:
            for message in read_po(f):
                for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
                    text = re.sub(r"\{[^}]*\}|%\([^)]*\)\w|`[^`]*`|--[\w-]+", " ", msgid or "")
                    words.update(w.lower() for w in re.findall(r"[A-Za-z]{2,}", text))
    return frozenset(words)


CZECH_TOO = {"gin", "rummy", "pinochle", "bonus", "limit", "to", "no", "na", "do", "pro", "by", "tempo", "od", "se", "si", "je",
             "jen", "ten", "me", "ho", "mu", "ne", "vy", "ty"}
"""Words that are Czech as well as English (or game names Czech players use as they are)."""


def english_left(text: str, lang: str) -> list[str]:
    """The English words in ``text`` (a screen of ``lang``), cards, keys and names aside."""
    text = re.sub(r"--[\w-]+", " ", CARD.sub(" ", text))  # option names (--no-save) are the command's own
    if lang in ("ja", "zh", "bg"):  # any Latin word is English here
        found = re.findall(r"[A-Za-z]{2,}", text)
        return [w for w in found if w.lower() not in KEYS | NAMES]
    english = english_words()
    found = re.findall(r"[^\W\d_]{2,}", text)
    return [w for w in found if w.lower() in english and w.lower() not in KEYS | NAMES | CZECH_TOO]


ONE_LINE = ("#title", "#prompt", "#keys", "#caption")


def assert_fits(app: Any) -> None:
    """The table's one-line parts hold their whole text, and every footer key's description is shown."""
    screen = app.screen
    if isinstance(screen, TableScreen):
        for selector in ONE_LINE:
            widget = screen.query_one(selector, Static)
            text = str(widget.render()).rstrip()
            room = widget.content_region.width
            assert i18n.display_width(text) <= room, f"{selector} overflows ({room} columns): {text!r}"
    footer_line = screen_text(app).splitlines()[-1]
    for footer in screen.query(Footer):
        for key in footer.query("FooterKey"):
            description = str(getattr(key, "description", ""))
            assert description in footer_line, f"footer key {description!r} is cut: {footer_line!r}"


def check_screen(app: Any, lang: str, seen: dict[str, str]) -> None:
    """The screen has no English and fits; remembered by screen kind (for the report of a failure)."""
    text = screen_text(app)
    left = english_left(text, lang)
    assert not left, f"English on the {type(app.screen).__name__} in {lang}: {left}\n{text}"
    assert_fits(app)
    seen[type(app.screen).__name__] = text


def save_shot(app: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    app.save_screenshot(f"{name}.svg", path=str(ARTIFACTS))
    (ARTIFACTS / f"{name}.txt").write_text(screen_text(app), encoding="utf-8")


async def open_hints(pilot: Any, app: Any) -> None:
    """Press h and wait for the hints, which are worked out in a thread."""
    await pilot.press("h")
    for _ in range(100):
        await pilot.pause(0.05)
        if isinstance(app.screen, HintScreen):
            break
    await pilot.pause()
    assert isinstance(app.screen, HintScreen)


@pytest.mark.parametrize("lang", ["ja", "cs"])
@pytest.mark.parametrize("game,opponents", GAMES, ids=[g for g, _ in GAMES])
def test_a_whole_hand_by_keys_speaks_the_language(game: str, opponents: list[str], lang: str) -> None:
    async def go() -> None:
        rng = random.Random(11)
        app = CardtableApp(game=game, opponents=opponents, pace=0.0, seed=11, lang=lang)
        seen: dict[str, str] = {}
        async with open_table(app, (80, 24)) as (pilot, screen):
            s = screen.session
            check_screen(app, lang, seen)
            save_shot(app, f"{game}-{lang}-80x24")
            moves = 0
            while isinstance(app.screen, TableScreen) and not s.finished:
                action = choose(game, screen, rng)
                await enter_move(pilot, screen, action)
                check_screen(app, lang, seen)
                moves += 1
                assert moves < 200
            await pilot.pause()
            over = app.screen
            assert isinstance(over, HandOverScreen)
            if over.step < over.steps:
                await pilot.press("enter")  # every layoff shown
                await pilot.pause()
            check_screen(app, lang, seen)
            save_shot(app, f"{game}-{lang}-hand-over-80x24")
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ScoreSheetScreen)
            check_screen(app, lang, seen)
            await pilot.press("escape", "enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and s.hand_number() == 2
            assert {"TableScreen", "HandOverScreen", "ScoreSheetScreen"} <= set(seen)
            for key, kind in (("r", RulesScreen), ("q", QuitScreen)):
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, kind)
                check_screen(app, lang, seen)
                await pilot.press("escape")
                await pilot.pause()
            await open_hints(pilot, app)  # worked out in a thread, in the app's language
            check_screen(app, lang, seen)
        big = CardtableApp(game=game, opponents=opponents, pace=0.0, seed=11, lang=lang)
        async with open_table(big, (160, 50)):
            save_shot(big, f"{game}-{lang}-160x50")

    run(go)


def test_the_lobby_and_too_small_screen_speak_czech_and_japanese() -> None:
    async def go() -> None:
        for lang in ("cs", "ja", "zh", "bg"):
            app = CardtableApp(lang=lang, pace=0.0)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause(0.3)
                assert isinstance(app.screen, LobbyScreen)
                if lang in ("cs", "ja"):
                    assert not english_left(screen_text(app), lang), screen_text(app)
                assert_fits(app)
                save_shot(app, f"lobby-{lang}-80x24")
                await pilot.press("f1")
                await pilot.pause()
                assert isinstance(app.screen, RulesScreen)
                if lang in ("cs", "ja"):
                    assert not english_left(screen_text(app), lang), screen_text(app)
                await pilot.resize_terminal(60, 20)
                await pilot.pause(0.3)
                assert isinstance(app.screen, TooSmallScreen)
                text = screen_text(app)
                assert "60×20" in text and "80×24" in text
                if lang in ("cs", "ja"):
                    assert not english_left(text, lang), text

    run(go)


@pytest.mark.parametrize("lang", ["zh", "bg", "ja", "cs"])
def test_every_table_fits_at_80x24(lang: str) -> None:
    """Each table (and Casino for four, two teams) and its score sheet at 80×24."""
    async def go() -> None:
        tables = [(g, o, {}) for g, o in GAMES] if lang in ("zh", "bg") else []
        for game, opponents, options in [*tables, ("casino", ["random"] * 3, {"num_players": 4})]:
            app = CardtableApp(game=game, opponents=opponents, options=options, pace=0.0, seed=3, lang=lang)
            async with open_table(app, (80, 24)) as (pilot, _screen):
                check_screen(app, lang, {})
                save_shot(app, f"{game}{len(opponents) + 1 if options else ''}-{lang}-80x24")
                await pilot.press("s")
                await pilot.pause()
                check_screen(app, lang, {})

    run(go)


@pytest.mark.parametrize("lang", ["ja", "zh", "bg", "cs"])
def test_card_labels_fit_under_a_card(lang: str) -> None:
    """The words under a card (a drawn card, a taken one, deadwood and layoffs at the showdown) fit its
    width, or a Japanese label would lose its last character."""
    from cardtable.apps.tui.cardart import CARD_WIDTH
    from cardtable.apps.tui.speech import speech

    sp = speech(lang)
    labels = [sp._("new"), sp._("taken"), sp._("dead"), sp._("+off"), sp._("→off")]
    assert all(i18n.display_width(label) <= CARD_WIDTH for label in labels), labels


def test_the_app_keeps_the_language_it_starts_in() -> None:
    """``cardtable --lang cs play`` (or ``LANG=cs_CZ.UTF-8``) runs the app inside ``i18n.using("cs")``: the
    app reads it once; its tables, made later, and their threads speak it too."""
    with i18n.using("cs"):
        app = CardtableApp(game="gin", opponents=["simple"], pace=0.0, seed=2)
    assert app.lang == "cs"
    assert app.new_session("gin", ["simple"]).lang == "cs"
    assert CardtableApp(lang="ja").lang == "ja"
    assert i18n.language() == "en" and CardtableApp().lang == "en"


def test_cards_typed_with_the_languages_own_rank_letters() -> None:
    """Czech writes the queen D (dáma): ``discard DH`` discards the Q♥."""
    async def go() -> None:
        for seed in range(40):
            app = CardtableApp(game="gin", opponents=["random"], pace=0.0, seed=seed, lang="cs")
            async with open_table(app, (80, 24)) as (pilot, screen):
                s = screen.session
                if s.view().phase in ("offer", "offer-dealer"):
                    await pilot.press("p")
                    await pilot.pause()
                if s.view().phase in ("draw", "forced-draw"):
                    await pilot.press("d")
                    await pilot.pause()
                queens = [c for c in s.view().hand if c.rank == 12]
                if s.view().phase != "discard" or not queens:
                    continue
                queen = queens[0]
                suit = "SHDC"[queen.suit]
                await pilot.press("colon", *"discard", "space", "D", suit, "enter")
                await pilot.pause()
                assert queen not in s.view().hand, screen_text(app)
                return
        raise AssertionError("no seed dealt a queen to discard")

    run(go)


def test_an_impossible_casino_pick_says_why_in_czech() -> None:
    """Picking a table card no move of the hand card takes says so, with the rule, in Czech."""
    async def go() -> None:
        app = CardtableApp(game="casino", opponents=["random"], pace=0.0, seed=3, lang="cs")
        async with open_table(app, (80, 24)) as (pilot, screen):
            s = screen.session
            loose = sorted(s.view().table, key=lambda c: (c.rank, c.suit))
            hand = [c for c, _ in screen.query_one("#hand", HandView).cards]
            pairs = [(i, j) for i, t in enumerate(loose) for j, h in enumerate(hand)
                     if s.state.selection_problem(h, [t]) is not None]
            assert pairs, "every pick makes a move"
            i, j = pairs[0]
            await pilot.press("tab", *["right"] * i, "space", "tab", *["right"] * j, "space")
            await pilot.pause()
            message = str(screen.query_one("#message", Static).render())
            assert message.startswith(f"✗ Žádný tah vaší {hand[j].pretty()} nebere přesně {loose[i].pretty()}: ")
            assert not english_left(message, "cs"), message

    run(go)


# --- the pseudo-locale ---------------------------------------------------------------------------------
PSEUDO_OK = re.compile(r"⟦[^⟧]*(?:⟧|\Z)|\A[^⟦]*⟧", re.S)
"""A marked message; in a scrolled widget one cut at the widget's end (or start) is marked too."""


def unmarked(app: Any) -> list[str]:
    """The words each widget of the screen shows outside ``⟦ ⟧`` (cards, keys and numbers aside), read
    from the terminal widget by widget (a message wrapped over lines stays one message)."""
    lines = screen_text(app).splitlines()
    words: list[str] = []
    for widget in app.screen.query("*"):
        if widget.children or not widget.display or widget.region.area == 0:
            continue
        r = widget.region
        block = "\n".join(line[r.x:r.x + r.width] for line in lines[r.y:r.y + r.height])
        rest = CARD.sub(" ", PSEUDO_OK.sub(" ", block))
        words += [w for w in re.findall(r"[A-Za-z]{2,}", rest) if w.lower() not in KEYS | {"cardtable"}]
    return words


@pytest.mark.parametrize("game,opponents", GAMES, ids=[g for g, _ in GAMES])
def test_the_pseudo_locale_marks_every_word_of_every_screen(game: str, opponents: list[str]) -> None:
    async def go() -> None:
        rng = random.Random(5)
        app = CardtableApp(game=game, opponents=opponents, pace=0.0, seed=5, lang=i18n.PSEUDO)
        async with open_table(app, (100, 32)) as (pilot, screen):
            s = screen.session
            seen: set[str] = set()

            def check() -> None:
                left = unmarked(app)
                assert not left, f"unmarked on the {type(app.screen).__name__}: {left}\n{screen_text(app)}"
                seen.add(type(app.screen).__name__)

            check()
            for key, kind in (("r", RulesScreen), ("s", ScoreSheetScreen), ("q", QuitScreen)):
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, kind)
                check()
                await pilot.press("escape")
                await pilot.pause()
            await open_hints(pilot, app)
            check()
            await pilot.press("escape")
            await pilot.pause()
            while isinstance(app.screen, TableScreen) and not s.finished:
                await enter_move(pilot, screen, choose(game, screen, rng))
                check()
            await pilot.pause()
            assert isinstance(app.screen, HandOverScreen)
            check()
            await pilot.press("enter")
            await pilot.pause()
            check()
            await pilot.press("n")  # the lobby, after asking
            await pilot.pause()
            check()
            await pilot.press("y")
            await pilot.pause(0.3)
            assert isinstance(app.screen, LobbyScreen)
            check()
            await pilot.resize_terminal(60, 20)
            await pilot.pause(0.3)
            assert isinstance(app.screen, TooSmallScreen)
            check()
            assert seen >= {"TableScreen", "RulesScreen", "ScoreSheetScreen", "QuitScreen", "HintScreen",
                            "HandOverScreen", "LobbyScreen", "TooSmallScreen"}

    run(go)
