"""Issue #20 (tables without a rough edge), the terminal app: each test failed before its fix.

Keys go through the real bindings of the Textual pilot; screens are saved under ``artifacts/tui/``.
"""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from tui_support import play_out, run, save, screen_text

from cardtable.apps.tui.app import CardtableApp, QuitScreen, ScoreSheetScreen, TableScreen
from cardtable.apps.tui.session import TableSession


def test_enter_closes_the_score_sheet() -> None:
    """Item 14: the sheet says "Esc / Enter: close", but its table took Enter (a row selection)."""

    async def go() -> None:
        app = CardtableApp(game="gin", opponents=["random"], pace=0.0, seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ScoreSheetScreen)
            assert "Enter: close" in save(app, "score_sheet_80x24")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    run(go)


LAYOFFS = ("dealer: 1; phase: arrange; turn: 0; hand0: AS 3S 5S 3H 4H 5H 6H AD 3D 3C; "
           "hand1: 2S 7S 8S 9S 2H 7H 8H 2D 7D KD; discard: QD JC; knock: KC")
"""Gin: the person knocks and picks an arrangement; the computer lays off on it (from test_tui_screens)."""


def test_hand_over_drops_the_layoff_key_once_every_layoff_is_shown() -> None:
    """Item 19: "Space next layoff" stayed on Gin's hand-over dialog after the last layoff."""
    from cardtable.apps.tui.dialogs import HandOverScreen

    async def go() -> None:
        session = TableSession("gin", ["simple"], seed=1)
        session.m.state = session.m.game.from_position(LAYOFFS)
        app = CardtableApp(resume=session, pace=3.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("1")
            await pilot.pause()
            over = app.screen
            assert isinstance(over, HandOverScreen) and over.steps > 0
            assert "Space next layoff" in screen_text(app)
            await pilot.press("enter")  # every layoff at once
            await pilot.pause()
            text = save(app, "gin_layoffs_shown_80x24")
            assert "Laid off:" in text and "Space next layoff" not in text and "Next layoff" not in text

    run(go)


def finished_session() -> TableSession:
    """A Gin match played to its end (random moves, a low target)."""
    s = play_out("gin", ["random"], seed=2, hands=50, target_score=25)
    assert s.is_over()
    return s


def test_a_finished_match_offers_no_moves_hint_or_undo() -> None:
    """Item 19: after the match the footer still offered Draw, Take, Knock, Undo and "h hint on your turn"."""

    async def go() -> None:
        app = CardtableApp(resume=finished_session(), pace=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            text = save(app, "gin_match_over_80x24")
            footer = text.splitlines()[-1]
            for gone in ("Draw", "Take", "Knock", "Undo", "Hint"):
                assert gone not in footer, footer
            assert "Scores" in footer and "Quit" in footer
            assert "h hint on your turn" not in text and "n new match" in text

    run(go)


def test_q_over_the_new_match_question_keeps_the_table() -> None:
    """Item 19: in the "new match?" dialog q meant leave (for a new match), as if it were the quit dialog."""

    async def go() -> None:
        app = CardtableApp(game="gin", opponents=["random"], pace=0.0, seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen) and app.screen.new_match
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            await pilot.press("q")  # over the quit dialog q still quits
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen) and not app.screen.new_match
            await pilot.press("q")
            await pilot.pause()
        assert app.return_code in (0, None)

    run(go)


def test_enter_on_a_lobby_dropdown_plays() -> None:
    """Item 19: Enter on a closed dropdown (computer level) reopened it instead of starting the game."""
    from textual.widgets import Select

    async def go() -> None:
        app = CardtableApp(game="gin", pace=0.0, seed=2, skip_lobby=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            level = app.screen.query_one("#level", Select)
            level.focus()
            await pilot.press("space")  # Space opens it; Enter chooses in the list
            await pilot.pause()
            assert level.expanded
            await pilot.press("down", "enter")
            await pilot.pause()
            assert not level.expanded
            chosen = str(level.value)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert app.screen.session.levels[1] == chosen

    run(go)


def test_enter_does_not_take_the_first_upcard() -> None:
    """Item 19: Enter took the first upcard (the first listed move); now it asks for t or p."""

    async def go() -> None:
        app = CardtableApp(game="gin", opponents=["medium"], pace=0.0, seed=3)  # it passes on the K♠
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            s = screen.session
            assert s.state.phase in ("offer", "offer-dealer") and s.human_to_act()
            moves = len(s.m.hands[-1].actions)
            await pilot.press("enter")
            await pilot.pause()
            text = save(app, "gin_first_upcard_enter_80x24")
            assert len(s.m.hands[-1].actions) == moves  # nothing was played
            assert "Enter plays nothing here: t: take the K♠, p: pass." in text
            assert "Enter: none — t: take the K♠, p: pass" in text
            await pilot.press("p")
            await pilot.pause()
            assert len(s.m.hands[-1].actions) > moves

    run(go)


def test_a_small_window_says_make_it_larger() -> None:
    """Item 15: at 60×20 the Gin hand wrapped and the footer was cut, with no word about the window's size."""
    from cardtable.apps.tui.too_small import TooSmallScreen

    async def go() -> None:
        app = CardtableApp(game="gin", opponents=["medium"], pace=0.0, seed=3)
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)
            text = save(app, "too_small_60x20")
            assert "This window is 60×20: make the window at least 80×24 to play." in " ".join(text.split())
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert "make the window" not in save(app, "table_after_growing_80x24")
            await pilot.resize_terminal(79, 24)
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)

    run(go)


def test_pinochle_meld_step_lists_each_meld_once() -> None:
    """Item 18: the meld step listed "Meld a marriage (K♥ Q♥)" twice, once per copy of the Q♥."""

    async def go() -> None:
        session = TableSession("pinochle", ["random"], seed=1)
        session.m.state = session.m.game.from_position(
            "dealer: 1; phase: meld; leader: 0; trumpcard: ACa; won0: 2; hand1: 11; "
            "hand0: KHa QHa QHb 9Sa 9Sb JHa TDa THa TSa 9Ca JCa")
        assert sum(a.kind == "meld" for a in session.state.legal_actions()) >= 2  # one per Q♥
        app = CardtableApp(resume=session, pace=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            labels = [text for _, _, text in screen._candidates_key()]
            assert labels.count("Meld a marriage (K♥ Q♥, 20 points)") == 1, labels
            save(app, "pinochle_meld_80x24")

    run(go)


def test_casino_opponent_shows_cards_not_a_bare_number() -> None:
    """Item 21: Casino's "Computer (medium) 3 ▒▒▒" read like a score of 3."""

    async def go() -> None:
        app = CardtableApp(game="casino", opponents=["medium"], pace=0.0, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = save(app, "casino_80x24")
            assert "Computer (medium) 4 cards ▒▒▒▒" in text or "Computer (medium) 3 cards ▒▒▒" in text

    run(go)


def test_a_crowded_casino_move_list_keeps_the_table_in_sight() -> None:
    """Item 16: at 80×24 a crowded Casino move list pushed the table off the screen."""
    import sys
    from pathlib import Path

    from textual.widgets import Static

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "casino"))
    from casino_crowded_support import crowded_match

    session = TableSession("casino", ["medium"], match=crowded_match())

    async def go() -> None:
        app = CardtableApp(resume=session, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in ("right", "right", "enter"):  # the 9♣: many captures
                await pilot.press(key)
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen) and len(screen.candidates) >= 6
            save(app, "casino_crowded_moves_80x24")
            table = screen.query_one("#table", Static).region
            assert table.height >= 3 and table.bottom <= 24  # the table's cards are on screen
            assert screen.query_one("#actions").region.height <= 4
            assert screen.query_one("#keys").region.bottom <= 23  # above the footer

    run(go)


def test_a_three_line_refusal_is_shown_whole() -> None:
    """Item 16: a refusal of three lines lost its last line under the footer (the message held two)."""
    from textual.widgets import Static

    async def go() -> None:
        app = CardtableApp(game="gin", opponents=["medium"], pace=0.0, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            long = "✗ " + "rule " * 35 + "(end)"  # 182 characters: three lines of 78
            screen._set_message(long, error=True)
            await pilot.pause()
            message = screen.query_one("#message", Static)
            assert message.region.height == 3
            assert "(end)" in save(app, "long_refusal_80x24")

    run(go)


def test_the_key_line_never_cuts_a_word() -> None:
    """Item 16: at 80 columns the key line cut Enter's move mid-word ("…with you…")."""
    import re

    from cardtable.apps.tui.session import TableSession as Session

    session = Session("casino", ["medium"], seed=1)
    session.m.state = session.m.game.from_position(
        "dealer: 1; deal: 1; turn: 0; hand0: 8S 9S 3H 9D; hand1: 6D TD JD JC; table: 5D 3C 8D 2C")

    async def go() -> None:
        app = CardtableApp(resume=session, pace=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # select the 8♠: "Capture 8♦ and 5♦+3♣ with your 8♠" is move 1
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            keys = str(screen._keys_line())
            assert not re.search(r"\w…", keys), keys
            assert "Enter: Capture" in keys or "Enter: move 1" in keys

    run(go)


def test_a_large_window_gives_the_log_more_room() -> None:
    """Item 16: at 120×40 the log stayed 32 columns wide."""

    async def go() -> None:
        app = CardtableApp(game="pinochle", opponents=["medium"], pace=0.0, seed=3)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert screen.query_one("#log").region.width >= 40
            save(app, "pinochle_120x40")
        async with CardtableApp(game="pinochle", opponents=["medium"], pace=0.0, seed=3).run_test(size=(80, 24)) as p:
            await p.pause()
            assert p.app.screen.query_one("#log").region.width == 34

    run(go)
