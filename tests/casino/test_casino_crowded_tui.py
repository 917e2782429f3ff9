"""The terminal table on a crowded Casino hand: a few moves listed per card, any other typed and checked as one."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "apps"))  # the terminal tests' helpers

pytest.importorskip("textual", reason="the terminal app needs the cli extra")

from casino_crowded_support import crowded_match
from tui_support import save

from cardtable.apps.tui.app import CardtableApp
from cardtable.apps.tui.session import TableSession


@pytest.mark.parametrize("size", [(80, 24), (140, 45)])
def test_crowded_table_in_the_terminal(size: tuple[int, int]) -> None:
    session = TableSession("casino", ["medium"], match=crowded_match())
    name = f"casino-crowded-{size[0]}x{size[1]}"

    async def play() -> None:
        app = CardtableApp(resume=session, pace=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert "richest moves are listed" in save(app, name + "-start")
            for key in ("right", "right", "enter"):  # select 9♣
                await pilot.press(key)
                await pilot.pause()
            text = save(app, name + "-9C")
            assert "Capture 5♠+4♠, 5♥+4♥, 5♦+4♦, 5♣+4♣" in text  # the richest first, in sight
            listed = " ".join(str(getattr(b, "label", "")) for b in app.screen.query("Button"))
            assert "Trail your 9♣" in listed  # further down the move list, which scrolls at this size
            await pilot.press("colon")
            for ch in "td x 5s 5h 4s 4h as ah":
                await pilot.press("space" if ch == " " else ch)
            await pilot.press("enter")
            for _ in range(20):
                await pilot.pause()
                if len(session.m.state.history) > 56:
                    break
            save(app, name + "-typed")

    asyncio.run(play())
    played = [str(a) for a in session.m.state.history if a.kind != "deal"]
    assert "TD x 5S+5H 4S+4H+AS+AH" in played
