"""The terminal table: any Casino move by selecting a hand card, then table cards and builds (Tab, ←/→, Space);
and the quit note names the command the person started with."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "casino"))  # the crowded tables of the Casino tests

pytest.importorskip("textual", reason="the terminal app needs the cli extra")

from casino_crowded_support import LOW_TRAILS, dealt_match
from tui_support import open_table, run, save, screen_text, static_text

from cardtable.apps.tui.app import CardtableApp
from cardtable.apps.tui.dialogs import QuitScreen
from cardtable.apps.tui.session import TableSession
from cardtable.cards import Card


def test_quit_note_names_the_launcher(monkeypatch: pytest.MonkeyPatch) -> None:
    """Started by `python3 run.py play` (no cardtable on PATH), the resume command printed is run.py's."""
    monkeypatch.setenv("CARDTABLE_LAUNCHER", "python3 run.py")
    monkeypatch.setattr(TableSession, "has_moved", lambda self: True)  # a game with a move of the player's is saved

    class Store:
        def save_match(self, match: Any) -> int:
            return 7

    async def go() -> None:
        app = CardtableApp(game="casino", opponents=["easy"], pace=0.0, seed=2, store=Store())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen), (app.screen, screen_text(app))
            assert "python3 run.py resume" in screen_text(app)
            await pilot.press("y")
            await pilot.pause()
        assert app.quit_note.startswith("Game saved — continue it with `python3 run.py resume 7`")
        assert "cardtable resume" not in app.quit_note

    run(go)


# ----------------------------------------------------------------------------------------------------
# picking table cards and builds
# ----------------------------------------------------------------------------------------------------
def crowded_24() -> Any:
    """A real two-player match whose players trail until all 24 cards A-6 lie loose; You hold 10♦ 9♣, Bo 7♠ 7♣."""
    match = dealt_match([*LOW_TRAILS, ("6S 6H TD 9C", "6D 6C 7S 7C", "", "6S, 6D, 6H, 6C")])
    assert bin(match.state.loose).count("1") == 24 and match.state.turn == 0
    return match


async def select_hand_card(pilot: Any, screen: Any, card: str) -> None:
    """Move the hand cursor to ``card`` and select it (Space), the keyboard on the hand."""
    if screen.picks.focused:
        await pilot.press("tab")
    cards = [str(c) for c, _ in screen.query_one("#hand").cards]
    for _ in range((cards.index(card) - screen.cursor) % len(cards)):
        await pilot.press("right")
    await pilot.press("space")
    await pilot.pause()
    assert [str(c) for c in screen.selected] == [card]


async def pick(pilot: Any, screen: Any, *names: str) -> None:
    """Tab to the table and pick each item named (a card ``5S`` or a build ``b10``) with ←/→ and Space."""
    if not screen.picks.focused:
        await pilot.press("tab")
        await pilot.pause()
    assert screen.picks.focused
    for name in names:
        await pilot.press(*table_cursor_keys(screen, name), "space")
        await pilot.pause()


def table_cursor_keys(screen: Any, name: str) -> list[str]:
    """The ←/→ presses that bring the table cursor to ``name`` (a card ``5S`` or a build ``b10``)."""
    s = screen.session
    items = s.adapter.table_items(s.view())
    keys = [str(i) if isinstance(i, Card) else f"b{i.value}" for i in items]
    assert name in keys, keys
    steps = (keys.index(name) - screen.picks.cursor) % len(items)
    return ["right"] * steps if steps <= len(items) // 2 else ["left"] * (len(items) - steps)


async def settle(pilot: Any, done: Callable[[], bool]) -> None:
    """Let the table work (the computer's moves at pace 0) until ``done()``, for at most ten pauses."""
    for _ in range(10):
        await pilot.pause()
        if done():
            return


def played(session: Any) -> list[str]:
    return [str(a) for h in session.m.hands for a in h.actions if getattr(a, "kind", "") != "deal"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_crowded_table_any_capture_by_picking(size: tuple[int, int]) -> None:
    """24 loose cards: 9♣ with 6♠ 3♥ 5♠ 4♠ is not among the richest moves listed; picked, it is one move, played."""
    session = TableSession("casino", ["easy"], match=crowded_24())
    name = f"casino-pick-{size[0]}x{size[1]}"

    async def go() -> None:
        app = CardtableApp(resume=session, pace=0)
        async with open_table(app, size) as (pilot, screen):
            assert "Tab: table cards" in static_text(screen, "#keys")
            await select_hand_card(pilot, screen, "9C")
            listed = [str(a) for a, _ in screen.candidates]
            assert "9C x 6S+3H 5S+4S" not in listed  # the short list holds the richest moves only
            await pilot.press("tab")
            await pilot.pause()
            assert screen.picks.focused and screen.candidates == []  # the table gets the room
            text = save(app, name + "-table")
            for card in ("A♠", "3♥", "6♣"):  # all 24 loose cards are on screen
                assert card in text
            assert "Space picks the cards and builds to take with your 9♣" in text
            await pick(pilot, screen, "6S", "3H", "5S")
            message = static_text(screen, "#message")
            assert "No move of your 9♣ takes exactly 6♠, 3♥, 5♠" in message and "rule 7.2.3" in message
            assert screen.candidates == []
            await pilot.press("1")  # nothing listed: nothing is played
            moves = len(session.state.history)
            await pilot.press(*table_cursor_keys(screen, "4S"))
            await pilot.pause()
            screen.action_select_card()  # Space and Enter in one burst of keys, before the screen is redrawn:
            screen.action_enter()  # the move is shown first, never played unseen
            assert len(session.state.history) == moves
            assert "These are the moves for your selection" in static_text(screen, "#message")
            assert [str(a) for a, _ in screen.candidates] == ["9C x 6S+3H 5S+4S"]
            await pilot.pause()
            text = save(app, name + "-picked")
            assert "[6♠]" in text and "[4♠]" in text and "Capture 6♠+3♥ and 5♠+4♠ with your 9♣" in text
            assert "✗" not in static_text(screen, "#message")
            await pilot.press("enter")
            await settle(pilot, lambda: "9C x 6S+3H 5S+4S" in played(session))
            save(app, name + "-played")
        assert "9C x 6S+3H 5S+4S" in played(session)

    run(go)


def test_crowded_table_builds_are_picked_as_one_item() -> None:
    """A build made by picking (9♣ + A♠ is 'Build 10'), then taken by picking it with loose cards (10♦)."""
    session = TableSession("casino", ["easy"], match=crowded_24())

    async def go() -> None:
        app = CardtableApp(resume=session, pace=0)
        async with open_table(app, (80, 24)) as (pilot, screen):
            await select_hand_card(pilot, screen, "9C")
            await pick(pilot, screen, "AS")
            assert [str(a) for a, _ in screen.candidates] == ["9C b10 AS"]
            await pilot.press("1")
            await settle(pilot, lambda: session.human_to_act())
            assert "9C b10 AS" in played(session) and session.human_to_act()
            view = session.view()
            build = next(b for b in view.builds if b.value == 10)
            loose = {str(c) for c in view.table}
            pair = next((a, b) for a, b in (("6H", "4H"), ("6D", "4D"), ("6C", "4C"), ("5H", "5D"))
                        if a in loose and b in loose)
            await select_hand_card(pilot, screen, "TD")
            await pick(pilot, screen, "b10")
            assert build in screen.picks.picked
            text = save(app, "casino-pick-build")
            assert "✓ picked" in text and "[10] single build of You" in text
            assert "Tab: your hand" in static_text(screen, "#keys")
            await pick(pilot, screen, *pair)
            wanted = f"TD x {pair[0]}+{pair[1]} [10:9C+AS]"
            listed = [str(a) for a, _ in screen.candidates]
            assert len(listed) == 1 and listed[0].startswith(f"TD x {pair[0]}+{pair[1]}"), listed
            assert "the 10-build (9♣+A♠)" in screen.session.adapter.label(screen.candidates[0][0], session.state)
            save(app, "casino-pick-build-capture")
            await pilot.press("enter")
            await settle(pilot, lambda: any(m.startswith(f"TD x {pair[0]}+{pair[1]}") for m in played(session)))
        assert any(m.startswith(f"TD x {pair[0]}+{pair[1]}") for m in played(session)), (wanted, played(session))

    run(go)


def test_ordinary_table_pick_and_an_illegal_pick_says_the_rule() -> None:
    """A seeded ordinary hand: a capture of the person's is made by picking its cards; a pick that makes no
    move says why (the rule) and Enter then plays nothing."""
    for seed in range(1, 60):  # the first seeded deal where the person can capture loose cards
        session = TableSession("casino", ["easy"], seed=seed)
        session.advance_chance()
        session.run_computers()
        state = session.state
        capture = next((a for a in state.legal_actions() if a.kind == "capture" and a.loose and not a.builds), None)
        if capture is not None and session.human_to_act():
            break
    assert capture is not None
    cards = [c for c in state.table if c.bit & capture.loose]

    async def go() -> None:
        app = CardtableApp(resume=session, pace=0)
        async with open_table(app, (120, 40)) as (pilot, screen):
            other = next(c for c in state.hand(state.turn) if c != capture.card)
            await select_hand_card(pilot, screen, str(other))
            wrong = [str(c) for c in state.table if not state.moves_for_selection(other, [c])][:1]
            if wrong:
                await pick(pilot, screen, *wrong)
                assert "✗ No move of your" in static_text(screen, "#message")
                assert "(rule " in static_text(screen, "#message")
                moves = len(state.history)
                await pilot.press("enter")  # nothing listed: Enter puts the card back, plays nothing
                await pilot.pause()
                assert len(session.state.history) == moves and screen.picks.picked == []
            await pilot.press("escape")
            await select_hand_card(pilot, screen, str(capture.card))
            await pick(pilot, screen, *[str(c) for c in cards])
            assert str(capture) in [str(a) for a, _ in screen.candidates]
            index = [str(a) for a, _ in screen.candidates].index(str(capture))
            await pilot.press(str(index + 1))
            await settle(pilot, lambda: str(capture) in played(session))
        assert str(capture) in played(session)

    run(go)


def test_a_click_on_the_hand_takes_the_keys_back_from_the_table() -> None:
    """While picking on the table, clicking a hand card selects it (it is not taken for a table pick)."""
    session = TableSession("casino", ["easy"], match=crowded_24())

    async def go() -> None:
        app = CardtableApp(resume=session, pace=0)
        async with open_table(app, (80, 24)) as (pilot, screen):
            await select_hand_card(pilot, screen, "9C")
            await pick(pilot, screen, "AS")
            assert [str(c) for c, _ in screen.query_one("#hand").cards] == ["9C", "TD"]
            await pilot.click("#hand", offset=(9, 2))  # the second card, 10♦ (1 column of padding, 5 + 1 a card)
            await pilot.pause()
            assert not screen.picks.focused and [str(c) for c in screen.selected] == ["TD"]
            assert [str(p) for p in screen.picks.picked] == ["AS"]  # the pick stays for the new hand card

    run(go)
