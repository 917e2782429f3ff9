"""Issue #20 (tables without a rough edge), the terminal app: each test failed before its fix.

Keys go through the real bindings of the Textual pilot; screens are saved under ``artifacts/tui/``.
"""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from tui_support import run, save

from cardtable.apps.tui.app import CardtableApp, ScoreSheetScreen, TableScreen


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
