"""The terminal table: any Casino move by selecting a hand card, then table cards and builds (Tab, ←/→, Space);
and the quit note names the command the person started with."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("textual", reason="the terminal app needs the cli extra")

from tui_support import run, screen_text

from cardtable.apps.tui.app import CardtableApp
from cardtable.apps.tui.dialogs import QuitScreen


def test_quit_note_names_the_launcher(monkeypatch: pytest.MonkeyPatch) -> None:
    """Started by `python3 run.py play` (no cardtable on PATH), the resume command printed is run.py's."""
    monkeypatch.setenv("CARDTABLE_LAUNCHER", "python3 run.py")

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
