"""The Textual table driven through its pilot: a whole Gin hand by keyboard and mouse, illegal choices,
hints, undo, the lobby, the score sheet and the store hook."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.widgets import DataTable
from tui_support import static_text

from cardtable.agents import AGENT_LEVELS
from cardtable.agents.gin.simple import SimpleGinAgent
from cardtable.apps.tui import load_resumed
from cardtable.apps.tui.app import (
    CardtableApp,
    HandOverScreen,
    HintScreen,
    LobbyScreen,
    RulesScreen,
    ScoreSheetScreen,
    TableScreen,
)
from cardtable.apps.tui.session import TableSession
from cardtable.apps.tui.widgets import HandView
from cardtable.match import Match

SIZE = (100, 32)


def run(coro_fn: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(coro_fn())  # type: ignore[arg-type]


def table_app(seed: int = 3, level: str = "simple", **kw: Any) -> CardtableApp:
    return CardtableApp(game="gin", opponents=[level], seed=seed, pace=0.0, **kw)


async def click_card(pilot: Any, screen: TableScreen, card: Any) -> None:
    """Click ``card`` in the hand with the mouse (cards sit on lines 1-3 of the hand widget)."""
    hand = screen.query_one("#hand", HandView)
    index = [c for c, _ in hand.cards].index(card)
    start, _ = hand._spans[index]
    await pilot.click(hand, offset=(1 + start + 2, 2))
    await pilot.pause()


async def move_cursor_to(pilot: Any, screen: TableScreen, card: Any) -> None:
    """Move the keyboard cursor onto ``card`` with the arrow keys."""
    hand = screen.query_one("#hand", HandView)
    target = [c for c, _ in hand.cards].index(card)
    step = "right" if target >= screen.cursor else "left"
    for _ in range(abs(target - screen.cursor)):
        await pilot.press(step)
    await pilot.pause()
    assert screen.cursor == target


async def human_move(pilot: Any, screen: TableScreen, use_mouse: bool) -> str:
    """Play the simple bot's choice for the person through the UI; returns its notation."""
    s = screen.session
    action = SimpleGinAgent().act(s.view(), s.legal())
    kind = action.kind
    if kind in ("draw", "take", "pass", "take knock", "big gin"):
        await pilot.press({"draw": "d", "take": "t", "pass": "p", "take knock": "t", "big gin": "g"}[kind])
    elif kind in ("discard", "knock"):
        if use_mouse:
            await click_card(pilot, screen, action.card)
            assert screen.selected == [action.card]
            labels = [str(a) for a, _ in screen.candidates]
            button = labels.index(str(action))
            await pilot.click(f"#act-{screen._action_gen}-{button}")
        else:
            await move_cursor_to(pilot, screen, action.card)
            await pilot.press("space")
            await pilot.press("enter" if kind == "discard" else "k")
    elif kind == "arrange":
        await pilot.press("1")
    await pilot.pause()
    return str(action)


def test_session_plays_and_undoes_without_textual_screens() -> None:
    s = TableSession("gin", ["simple"], seed=11)
    s.advance_chance()
    s.run_computers()
    assert s.human_to_act()
    before = s.m.record().dumps()
    first = next(a for a in s.legal() if str(a) != "draw")  # no card comes from the stock
    s.play_human(first)
    assert s.can_undo()  # before the computer replies
    assert s.undo()
    assert s.m.record().dumps() == before
    assert s.human_to_act()
    while s.human_to_act():
        s.play_human(next(a for a in s.legal() if str(a) != "draw"))
    s.run_computers()
    assert not s.undo() and s.undo_reason()  # the reply (or a new card) has been seen: the move stands


def test_full_gin_hand_by_keyboard_and_mouse() -> None:
    async def go() -> None:
        saved: list[Match] = []

        class Store:
            def save_match(self, match: Match) -> str:
                saved.append(match)
                return "g1"

        app = table_app(seed=5, store=Store())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            text = static_text(screen, "#table")
            assert "Knock limit 10" in text and "Stock" in text
            moves = 0
            while not isinstance(app.screen, HandOverScreen):
                assert moves < 80, "the hand did not end"
                await human_move(pilot, screen, use_mouse=moves % 2 == 0)
                moves += 1
            over = app.screen
            assert isinstance(over, HandOverScreen)
            breakdown = static_text(over, "#breakdown")
            assert "Points" in breakdown or "Void hand" in breakdown
            if over.done.result.summary != "void" and not over.done.result.void:
                assert "melds and deadwood" in breakdown
            totals = static_text(over, "#totals")
            assert "Running totals" in totals
            await pilot.press("s")
            await pilot.pause()
            sheet = app.screen
            assert isinstance(sheet, ScoreSheetScreen)
            assert sheet.query_one("#sheet", DataTable).row_count == 1
            await pilot.press("escape")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert app.screen.session.hand_number() == 2 or app.screen.session.is_over()
            assert saved and saved[-1] is app.screen.session.m
            app.save_screenshot("gin_table.svg", path="/tmp")

    run(go)


def test_illegal_choice_shows_the_rule() -> None:
    async def go() -> None:
        app = table_app(seed=8)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            s = screen.session
            if s.state.phase in ("offer", "offer-dealer"):
                await pilot.press("d")  # drawing before deciding on the first upcard
                await pilot.pause()
                assert "[4.1]" in static_text(screen, "#message")
                await pilot.press("p")
                await pilot.pause()
            while s.state.phase != "discard":
                await pilot.press("d" if s.state.phase in ("draw", "forced-draw") else "p")
                await pilot.pause()
            legal = {str(a) for a in s.legal()}
            bad = next(c for c, _ in screen.query_one("#hand", HandView).cards if f"knock {c}" not in legal)
            await move_cursor_to(pilot, screen, bad)
            await pilot.press("space", "k")
            await pilot.pause()
            message = static_text(screen, "#message")
            assert "knock limit" in message and "[4.3.2]" in message
            assert s.state.phase == "discard"  # nothing changed
            await pilot.press("colon", *"big", "space", *"gin", "enter")  # typed notation
            await pilot.pause()
            message = static_text(screen, "#message")
            assert "[4.3.3]" in message and "melded" in message
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("escape")

    run(go)


def test_hint_and_undo() -> None:
    async def go() -> None:
        levels = AGENT_LEVELS.get("gin", ())
        app = table_app(seed=21, level="medium" if "medium" in levels else "simple")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            s = screen.session
            start = s.m.record().dumps()
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            if s.hint_agent() is None:
                assert "No hints" in static_text(screen, "#message")
                await human_move(pilot, screen, use_mouse=False)
            else:
                hint = app.screen
                assert isinstance(hint, HintScreen)
                assert hint.hints and all(h.value is not None for h in hint.hints)
                best = hint.hints[0].action
                await pilot.press("enter")  # play the top hint
                await pilot.pause()
                assert isinstance(app.screen, TableScreen)
                played = [a for h in s.m.hands for a in h.actions]
                assert best in played
            await pilot.pause()
            assert s.m.record().dumps() != start
            played, reason = s.m.record().dumps(), s.undo_reason()
            await pilot.press("u")
            await pilot.pause()
            if reason:  # the computer has replied or a card was drawn: undo would reveal it, and says so
                assert s.m.record().dumps() == played
                assert f"No undo: {reason}" in static_text(screen, "#message")
            else:
                assert s.m.record().dumps() == start
                assert s.human_to_act()
                assert "taken back" in static_text(screen, "#message")

    run(go)


def test_lobby_starts_with_one_keypress() -> None:
    async def go() -> None:
        app = CardtableApp(pace=0.0, seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert app.screen.session.game_name == "gin"
            await pilot.press("minus", "plus", "plus")
            assert app.screen.pace == 0.0

    run(go)


def test_computer_thinks_in_a_thread_at_its_pace() -> None:
    async def go() -> None:
        app = table_app(seed=31, level="simple")
        app.pace = 0.05
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(40):
                await app.workers.wait_for_complete()
                await pilot.pause(0.06)
                screen = app.screen
                if isinstance(screen, TableScreen) and screen.session.human_to_act():
                    break
            screen = app.screen
            assert isinstance(screen, TableScreen) and screen.session.human_to_act()
            count = len(screen.session.log)
            await human_move(pilot, screen, use_mouse=False)
            for _ in range(40):
                await app.workers.wait_for_complete()
                await pilot.pause(0.06)
                if screen.session.human_to_act() or not isinstance(app.screen, TableScreen):
                    break
            assert len(screen.session.log) > count + 1  # the computer replied

    run(go)


def test_lobby_options_reach_the_match() -> None:
    pytest.importorskip("cardtable.casino")

    async def go() -> None:
        app = CardtableApp(pace=0.0, seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await pilot.press("down")  # Casino
            await pilot.pause()
            assert lobby.game == "casino"
            widgets = {f.name: w for f, w in lobby._fields}
            widgets["num_players"].value = 3
            widgets["target_score"].value = "11"
            await pilot.pause()
            assert lobby.chosen_options() == {"num_players": 3, "target_score": 11}
            await pilot.click("#play")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            s = table.session
            assert s.m.game.num_players == 3 and len(s.agents) == 2
            assert s.m.game.rules.target_score == 11

    run(go)


def test_resume_from_a_store() -> None:
    s = TableSession("gin", ["simple"], seed=9)
    s.advance_chance()
    s.run_computers()
    s.play_human(s.legal()[0])
    s.run_computers()

    class Store:
        def load_match(self, key: str) -> Any:
            assert key == "abc"
            return s.m.record().dumps()

    again = load_resumed(Store(), "abc")
    assert again.m.record().dumps() == s.m.record().dumps()
    assert again.levels == {1: "simple"}
    assert again.can_undo() == s.can_undo() and again.undo_reason() == s.undo_reason()


def test_core_imports_without_textual() -> None:
    code = (
        "import sys; sys.modules['textual'] = None\n"
        "import cardtable, cardtable.apps.tui, cardtable.match\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


async def generic_move(pilot: Any, screen: TableScreen, rng: random.Random) -> None:
    """Pick a random legal action; click its hand cards, then press its number."""
    s = screen.session
    action = rng.choice(s.legal())
    words = set(str(action).split())
    for card in [c for c, _ in screen.query_one("#hand", HandView).cards if str(c) in words]:
        await click_card(pilot, screen, card)
    labels = [str(a) for a, _ in screen.candidates]
    assert labels, f"no actions listed for {action}"
    index = labels.index(str(action)) if str(action) in labels[:9] else 0
    await pilot.press(str(index + 1))


@pytest.mark.parametrize("game", ["casino"])  # Pinochle's whole hand by keys: test_tui_full_hands.py
def test_full_hand_of_casino_and_pinochle(game: str) -> None:
    pytest.importorskip(f"cardtable.{game}")

    async def go() -> None:
        rng = random.Random(4)
        # Casino with four players (two partnerships): three deals, so the person plays 12 cards
        four = game == "casino"
        app = CardtableApp(game=game, opponents=["random"] * (3 if four else 1), seed=6, pace=0.0,
                           options={"num_players": 4} if four else None)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            moves = 0
            while not isinstance(app.screen, HandOverScreen):
                assert moves < 200, "the hand did not end"
                await generic_move(pilot, screen, rng)
                moves += 1
            over = app.screen
            text = static_text(over, "#breakdown")
            assert "Hand score" in text
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, (TableScreen, ScoreSheetScreen))

    run(go)


def test_resume_after_a_crash_with_the_store(tmp_path: Any) -> None:
    store_mod = pytest.importorskip("cardtable.store")

    async def go() -> None:
        path = tmp_path / "games.db"
        store = store_mod.Store.open(path)
        app = table_app(seed=12, store=store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            for i in range(3):
                await human_move(pilot, screen, use_mouse=i == 1)
            game_id = screen.session.store_id
            before = screen.session.m.record().dumps()
        store.close()  # the app never quit properly: a crash after the last move
        again = store_mod.Store.open(path)
        session = load_resumed(again, game_id)
        assert session.m.record().dumps() == before
        assert session.levels == {1: "simple"}
        app2 = CardtableApp(resume=session, pace=0.0)
        async with app2.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app2.screen
            assert isinstance(screen, TableScreen)
            await human_move(pilot, screen, use_mouse=False)
            assert again.load_match(game_id).record().dumps() == screen.session.m.record().dumps()
        again.close()

    run(go)


def test_knocker_chooses_the_arrangement_to_show() -> None:
    """With two minimal arrangements the person picks the one the defender lays off on (Gin 5.1)."""

    async def go() -> None:
        session = TableSession("gin", ["simple"], seed=1)
        position = (
            "dealer: 1; phase: arrange; turn: 0; hand0: AS 3S 5S 3H 4H 5H 6H AD 3D 3C; "
            "hand1: 2S 7S 8S 9S 2H 7H 8H 2D 7D KD; discard: QD JC; knock: KC"
        )
        session.m.state = session.m.game.from_position(position)
        app = CardtableApp(resume=session, pace=0.0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            labels = [screen.session.adapter.label(a) for a, _ in screen.candidates]
            assert len(labels) == 2 and all(label.startswith("Lay down ") for label in labels)
            await pilot.press("1")
            await pilot.pause()
            over = app.screen
            assert isinstance(over, HandOverScreen)
            text = static_text(over, "#breakdown")
            assert "Your melds and deadwood (7)" in text

    run(go)
