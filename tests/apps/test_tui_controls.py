"""Issue #11: controls that must never surprise a player (each test failed before its fix).

Every move here goes through the real key bindings of the Textual pilot.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("textual")

from textual.widgets import Static
from tui_support import open_table, run, screen_text, static_text

from cardtable.apps.tui.app import CardtableApp, LobbyScreen, QuitScreen, TableScreen
from cardtable.apps.tui.session import TableSession
from cardtable.apps.tui.widgets import HandView

SIZE = (100, 32)


def session_at(game: str, position: str, opponents: list[str] | None = None) -> TableSession:
    session = TableSession(game, opponents or ["random"], seed=1)
    session.m.state = session.m.game.from_position(position)
    return session


async def cursor_to(pilot: Any, screen: TableScreen, text: str) -> None:
    """Move the cursor with the arrow keys onto the first card whose notation starts with ``text``."""
    cards = [str(c) for c, _ in screen.query_one("#hand", HandView).cards]
    target = next(i for i, c in enumerate(cards) if c.startswith(text))
    key = "right" if target >= screen.cursor else "left"
    for _ in range(abs(target - screen.cursor)):
        await pilot.press(key)
    await pilot.pause()
    assert screen.cursor == target


MELD = ("dealer: 1; phase: meld; leader: 0; trumpcard: ACa; won0: 2; hand1: 11; "
        "hand0: KHa QHa 9Sa 9Sb JHa JHb TDa THa TSa 9Ca JCa")
STAGE2 = ("dealer: 0; leader: 1; trump: C; trumpcard: -; won0: 12; won1: 12; hand1: 11; "
          "hand0: KHa QHa 9Sa 9Sb JHa JHb TDa THa TSa 9Ca JCa ACb; lead: ASa")


def test_play_casino_and_pinochle_open_the_lobby_without_crashing() -> None:
    """Item 1: the lobby's option rows (Selects) were rebuilt mid-mount: NoMatches 'SelectOverlay'."""

    async def go() -> None:
        app = CardtableApp(game="casino", pace=0.0, seed=2, skip_lobby=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen) and lobby.game == "casino"
            assert {f.name for f, _ in lobby._fields} >= {"num_players", "court_capture"}
            for key in ("down", "up", "down"):  # flip between the games quickly
                await pilot.press(key)
            await pilot.pause()
            await app.workers.wait_for_complete()
            assert lobby.game == "pinochle"
            assert "counting" in {f.name for f, _ in lobby._fields}
            text = screen_text(app)
            assert "simple" in text and "'simple'" not in text and "True" not in text
        assert app.return_code in (0, None)

    run(go)


def test_new_match_from_a_casino_table_opens_the_lobby() -> None:
    """Item 1: ``n`` inside Casino crashed the same way (and ``n`` now asks first, as ``q`` does)."""

    async def go() -> None:
        app = CardtableApp(game="casino", opponents=["random"], pace=0.0, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen) and "new one" in screen_text(app)
            await pilot.press("enter")  # Enter presses the highlighted button: Keep playing
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            await pilot.press("n", "y")
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            assert "num_players" in {f.name for f, _ in app.screen._fields}

    run(go)


def test_play_gin_skips_the_game_picker() -> None:
    """Item 2: ``cardtable play gin`` (no -o) showed the picker."""

    async def go() -> None:
        app = CardtableApp(game="gin", pace=0.0, seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert app.screen.session.levels == {1: "medium"}

    run(go)


def test_four_player_casino_from_the_command_line_fills_every_seat() -> None:
    async def go() -> None:
        app = CardtableApp(game="casino", options={"num_players": 4}, pace=0.0, seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert len(app.screen.session.agents) == 3

    run(go)


def test_enter_on_a_meld_card_never_declines_the_meld() -> None:
    """Item 3: Enter on a highlighted K♥ (holding K♥ Q♥) played ``no meld``."""

    async def go() -> None:
        app = CardtableApp(resume=session_at("pinochle", MELD), pace=0.0)
        async with open_table(app) as (pilot, screen):
            s = screen.session
            assert str(screen.candidates[0][0]).startswith("meld")  # no meld is never move 1
            assert str(screen.candidates[-1][0]) == "no meld"
            keys = static_text(screen, "#keys")
            assert "Space select" in keys
            await cursor_to(pilot, screen, "KH")
            assert "Enter: select K♥" in static_text(screen, "#keys")
            await pilot.press("enter")
            await pilot.pause()
            assert s.state.phase == "meld" and [str(c) for c in screen.selected] == ["KHa"]
            assert "marriage" in static_text(screen, "#keys")
            await pilot.press("enter")
            await pilot.pause()
            assert "meld marriage KHa QHa" in [str(a) for a in s.state.history]

    run(go)


def test_no_meld_needs_a_second_press_while_a_meld_is_possible() -> None:
    async def go() -> None:
        app = CardtableApp(resume=session_at("pinochle", MELD), pace=0.0)
        async with open_table(app) as (pilot, screen):
            s = screen.session
            number = str([str(a) for a, _ in screen.candidates].index("no meld") + 1)
            await pilot.press(number)
            await pilot.pause()
            assert s.state.phase == "meld"
            assert "You can still meld" in static_text(screen, "#message")
            await pilot.press(number)
            await pilot.pause()
            assert "no meld" in [str(a) for a in s.state.history]

    run(go)


def test_an_illegal_stage_two_card_says_which_rule() -> None:
    """Item 4: a card that may not be played showed no move and no reason."""

    async def go() -> None:
        app = CardtableApp(resume=session_at("pinochle", STAGE2), pace=0.0)
        async with open_table(app) as (pilot, screen):
            s = screen.session
            before = s.state.to_position()
            await cursor_to(pilot, screen, "KH")
            await pilot.press("space")
            await pilot.pause()
            message = static_text(screen, "#message")
            assert message.startswith("✗ Play K♥") and "[" in message  # the rule's section
            assert [legal for _, legal in screen.candidates] == [False]
            await pilot.press("enter")
            await pilot.pause()
            assert "Select a card first" not in static_text(screen, "#message")
            assert "✗ Play K♥" in static_text(screen, "#message")
            assert s.state.to_position() == before
            await cursor_to(pilot, screen, "TS")
            await pilot.press("space")
            await pilot.pause()
            assert static_text(screen, "#message").strip() == ""
            await pilot.press("enter")
            await pilot.pause()
            assert "play TSa" in [str(a) for a in s.state.history]

    run(go)


def test_casino_never_plays_a_move_it_did_not_show() -> None:
    """Item 5: Left then Enter played a build of the next card that was never shown."""

    async def go() -> None:
        app = CardtableApp(game="casino", opponents=["random"], pace=0.0, seed=11)
        async with open_table(app) as (pilot, screen):
            s = screen.session
            assert s.human_to_act()
            moves = len(s.state.history)
            await pilot.press("right", "enter")  # select the second card: its moves are listed
            await pilot.pause()
            first = screen.selected[0]
            assert len(s.state.history) == moves
            await pilot.press("left", "enter")  # the cursor moved: Enter selects that card, plays nothing
            await pilot.pause()
            assert len(s.state.history) == moves
            assert screen.selected != [first] and len(screen.selected) == 1
            shown = screen.candidates[0][0]
            assert f"Enter: {s.adapter.label(shown, s.state)}" in static_text(screen, "#keys")
            await pilot.press("enter")
            await pilot.pause()
            assert shown in s.state.history or str(shown) in [str(a) for a in s.m.hands[-1].actions]

    run(go)


def test_q_asks_before_quitting_and_says_how_to_resume() -> None:
    """Item 13: q quit at once."""

    class Store:
        def save_match(self, match: Any) -> int:
            return 7

    async def go() -> None:
        app = CardtableApp(game="gin", opponents=["simple"], pace=0.0, seed=2, store=Store())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            assert "not moved yet" in screen_text(app)  # issue #20 item 22: saved from the first move on
            await pilot.press("n")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            table.play(table.session.legal()[-1])
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            assert "cardtable resume" in screen_text(app)
            await pilot.press("y")
            await pilot.pause()
        assert app.return_code == 0
        assert "cardtable resume 7" in app.quit_note

    run(go)


def test_keys_line_is_on_the_table() -> None:
    async def go() -> None:
        app = CardtableApp(game="gin", opponents=["simple"], pace=0.0, seed=2)
        async with open_table(app, (80, 24)) as (_pilot, screen):
            assert isinstance(screen.query_one("#keys"), Static)
            keys = static_text(screen, "#keys")
            assert "Enter:" in keys

    run(go)


def test_enter_at_the_dix_exchange_never_keeps_the_dix_by_accident() -> None:
    """Found playing as a user: Enter at the exchange step kept the dix (the only move listed)."""

    async def go() -> None:
        app = CardtableApp(resume=session_at("pinochle", MELD.replace("phase: meld", "phase: exchange")), pace=0.0)
        async with open_table(app) as (pilot, screen):
            s = screen.session
            assert [str(a) for a, _ in screen.candidates] == ["exchange 9Ca", "no exchange"]
            await pilot.press("2")
            await pilot.pause()
            assert s.state.phase == "exchange" and "You could exchange the 9♣" in static_text(screen, "#message")
            await cursor_to(pilot, screen, "QH")  # a card with no exchange of its own: Enter plays move 1
            assert "Enter: Exchange the 9♣" in static_text(screen, "#keys")
            await pilot.press("enter")
            await pilot.pause()
            assert "exchange 9Ca" in [str(a) for a in s.state.history]
            assert "You exchange the 9♣ for the A♣ (the dix: 10 points)." in [line.text for line in s.log]

    run(go)
