"""The terminal's hint dialog says why in words, and the value as points per hand against the next move."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from textual.widgets import OptionList
from tui_support import plain, save

from cardtable.apps.hint_words import hint_reasons, reasons_text
from cardtable.apps.tui.app import CardtableApp
from cardtable.apps.tui.dialogs import HintScreen
from cardtable.apps.tui.session import TableSession


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
def test_session_hints_carry_their_reasons(game: str) -> None:
    s = TableSession(game, ["medium"], seed=5)
    s.advance_chance()
    s.run_computers()
    hints = s.hints(3)
    assert hints
    state = s.m.state
    for h in hints:
        assert h.note == reasons_text(hint_reasons(state, state.parse_action(h.action)))
    assert any(h.note for h in hints)
    labels = [str(h.action)[:-1] if game == "pinochle" else h.action for h in hints]
    assert len(set(labels)) == len(labels)  # a Pinochle card's two copies are one hint


def test_hint_dialog_shows_reasons_and_points_per_hand() -> None:
    async def go() -> None:
        app = CardtableApp(game="gin", opponents=["medium"], seed=5, pace=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HintScreen)
            first = plain(screen.query_one("#hint-list", OptionList).get_option_at_index(0).prompt, width=60)
            assert screen.hints[0].note and " ".join(first.split()).count(screen.hints[0].note) == 1
            assert all(line.startswith("   ") for line in first.splitlines()[1:])  # reasons indented under the move
            assert "points per hand better than the next move" in " ".join(first.split())
            text = save(app, "hint_words_gin_80x24")
            assert "Hints from the" in text and "Esc closes" in text
            await pilot.press("escape")

    asyncio.run(go())
