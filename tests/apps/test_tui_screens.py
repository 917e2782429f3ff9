"""Issue #11: every screen of the terminal app at 80×24 and 120×40, with nothing cut off.

Each screen is reached with keys where a player would use keys, saved under
``artifacts/tui/`` (SVG and text) and checked on its text: the buttons and key
lines a player needs are on screen, whole, and names are not truncated.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("textual")

from textual.widgets import Select
from tui_support import play_out, run, save, screen_text

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
from cardtable.apps.tui.session import TableSession

SIZES = [(80, 24), (120, 40)]


def assert_whole(text: str, *needles: str) -> None:
    for needle in needles:
        assert needle in text, f"{needle!r} is not (whole) on screen:\n{text}"


async def settle(app: Any, pilot: Any) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_lobby_every_game(size: tuple[int, int]) -> None:
    async def go() -> None:
        app = CardtableApp(pace=0.0, seed=1)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            for i, game in enumerate(("gin", "casino", "pinochle")):
                if i:
                    await pilot.press("down")
                    await settle(app, pilot)
                lobby = app.screen
                assert isinstance(lobby, LobbyScreen) and lobby.game == game
                text = save(app, f"lobby_{game}_{size[0]}x{size[1]}")
                assert_whole(text, "Gin Rummy", "Casino", "Pinochle (two-handed)", "Computer level", "Rules preset")
                # every Select shows its whole value and its ▼ arrow
                for select in lobby.query(Select):
                    region = select.region
                    if region.height and region.y + region.height <= size[1] - 1:
                        row = text.splitlines()[region.y]
                        assert "▼" in row[region.x:region.x + region.width], row
                assert "'" not in text and "True" not in text and "False" not in text
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            save(app, f"lobby_rules_{size[0]}x{size[1]}")

    run(go)


GAMES = [("gin", ["medium"], {}), ("casino", ["medium"], {}), ("casino", ["random"] * 3, {"num_players": 4}),
         ("pinochle", ["medium"], {})]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game,opponents,options", GAMES, ids=["gin", "casino", "casino4", "pinochle"])
def test_table_and_its_dialogs(game: str, opponents: list[str], options: dict[str, Any],
                               size: tuple[int, int]) -> None:
    async def go() -> None:
        tag = f"{game}{options.get('num_players', '')}_{size[0]}x{size[1]}"
        app = CardtableApp(game=game, opponents=opponents, options=options, pace=0.0, seed=4)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            s = table.session
            await pilot.press("enter")  # select the cursor card (or play the only shown move)
            await settle(app, pilot)
            text = save(app, f"table_{tag}")
            keys = table.query_one("#keys")
            assert keys.region.height == 1 and keys.region.y < size[1] - 1
            assert_whole(text, "Enter:", "q Quit", "h Hint")
            for name in s.names[1:]:
                assert name.split(" (")[0] in text
            await pilot.press("h")
            await settle(app, pilot)
            if isinstance(app.screen, HintScreen):
                text = save(app, f"hint_{tag}")
                assert_whole(text, "Hints from the", "points", "Esc closes")
                assert "best move" in text or "(no suggestions)" in text
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            text = save(app, f"rules_{tag}")
            await pilot.press("escape")
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ScoreSheetScreen)
            text = save(app, f"sheet_{tag}")
            for side in s.side_names():
                assert side in text
            await pilot.press("escape")
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            text = save(app, f"quit_{tag}")
            assert_whole(text, "Quit (y)", "Keep playing (n)", "Esc: back to the table")
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    run(go)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game,opponents,options", GAMES, ids=["gin", "casino", "casino4", "pinochle"])
def test_end_of_hand_dialog_and_score_sheet(game: str, opponents: list[str], options: dict[str, Any],
                                            size: tuple[int, int]) -> None:
    async def go() -> None:
        tag = f"{game}{options.get('num_players', '')}_{size[0]}x{size[1]}"
        session = play_out(game, ["random"] * len(opponents), seed=3, **options)
        app = CardtableApp(resume=session, pace=0.0)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            app.push_screen(HandOverScreen(session, session.finished[-1], pace=0.0))
            await settle(app, pilot)
            text = save(app, f"hand_over_{tag}")
            assert_whole(text, "Continue (Enter)", "s scores", "↑↓ scroll", "This hand:",
                         "Running totals:")
            assert ("layoff" in text) == (game == "gin" and session.adapter.breakdown_steps(
                session.finished[-1].state) > 0)
            for side in session.side_names():
                assert side in text
            await pilot.press("s")
            await pilot.pause()
            text = save(app, f"hand_sheet_{tag}")
            for side in session.side_names():
                assert side in text
            assert "side 0" not in text and "side 1" not in text
            await pilot.press("escape")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            log = screen_text(app)
            assert "Hand 2" in log or game == "gin"

    run(go)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_gin_showdown_with_layoffs_fits(size: tuple[int, int]) -> None:
    """The tallest dialog: a Gin knock with layoffs shown card by card (Space) — Continue stays on screen."""

    async def go() -> None:
        session = TableSession("gin", ["simple"], seed=1)
        session.m.state = session.m.game.from_position(
            "dealer: 1; phase: arrange; turn: 0; hand0: AS 3S 5S 3H 4H 5H 6H AD 3D 3C; "
            "hand1: 2S 7S 8S 9S 2H 7H 8H 2D 7D KD; discard: QD JC; knock: KC")
        app = CardtableApp(resume=session, pace=3.0)  # layoffs step by themselves every 3 s
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await pilot.press("1")  # lay down the first arrangement
            await pilot.pause()
            over = app.screen
            assert isinstance(over, HandOverScreen) and over.steps > 0
            text = save(app, f"gin_layoffs_{size[0]}x{size[1]}")
            assert_whole(text, "Space next layoff", "Continue (Enter)", "Running totals:", "↑↓ scroll")
            await pilot.press("space")
            await pilot.press("enter")  # the first Enter shows every layoff at once
            await pilot.pause()
            text = save(app, f"gin_layoffs_done_{size[0]}x{size[1]}")
            assert_whole(text, "Continue (Enter)", "Laid off:")

    run(go)
