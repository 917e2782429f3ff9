"""Helpers for the terminal-app tests: the screen as text, a widget's text, screenshots."""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.widgets import Static

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "tui"


def plain(renderable: Any, width: int = 100) -> str:
    """A Rich renderable as plain text."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(renderable)
    return out.getvalue()


def static_text(screen: Any, selector: str) -> str:
    """The plain text of a Static widget."""
    return plain(screen.query_one(selector, Static).content)


def screen_text(app: Any) -> str:
    """Exactly what the terminal shows now (modal dialogs over their dimmed table), as lines of text."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, color_system="truecolor",
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def save(app: Any, name: str) -> str:
    """Save the screen under ``artifacts/tui/`` as SVG and as text; returns the text."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    app.save_screenshot(f"{name}.svg", path=str(ARTIFACTS))
    text = screen_text(app)
    (ARTIFACTS / f"{name}.txt").write_text(text, encoding="utf-8")
    return text


def run(coro_fn: Callable[[], Awaitable[None]]) -> None:
    """Run a pilot coroutine function to the end."""
    asyncio.run(coro_fn())  # type: ignore[arg-type]


@contextlib.asynccontextmanager
async def open_table(app: Any, size: tuple[int, int] = (100, 32)) -> AsyncIterator[tuple[Any, Any]]:
    """Run ``app`` and hand over its pilot and the table screen it opened."""
    from cardtable.apps.tui.table import TableScreen

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        yield pilot, screen


def play_out(game: str, opponents: list[str], seed: int, hands: int = 1, **options: Any) -> Any:
    """A :class:`TableSession` with ``hands`` hands played out (random legal moves for the person)."""
    from cardtable.apps.tui.session import TableSession

    rng = random.Random(seed)
    s = TableSession(game, opponents, seed=seed, options=options)
    s.advance_chance()
    while len(s.finished) < hands and not s.is_over():
        if s.human_to_act():
            s.play_human(rng.choice(s.legal()))
        s.run_computers()
    return s
