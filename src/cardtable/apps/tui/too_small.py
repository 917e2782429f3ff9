"""The window is smaller than the card table needs: say so plainly instead of a broken layout."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

__all__ = ["MIN_SIZE", "TooSmallScreen", "too_small", "check_size"]

MIN_SIZE = (80, 24)
"""The smallest window (columns, rows) every screen of the app is laid out for."""


def too_small(size: tuple[int, ...]) -> bool:
    """Whether a (columns, rows) size is below :data:`MIN_SIZE`."""
    return size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]


class TooSmallScreen(ModalScreen[None]):
    """Covers the app while the window is too small; it goes once the window is large enough (the game waits)."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $surface; }
    #too-small { width: 1fr; height: auto; text-align: center; text-style: bold; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="too-small")

    def _text(self) -> str:
        from .speech import speech

        w, h = self.app.size
        sp = speech(str(getattr(self.app, "lang", "en")))
        return sp._("This window is {width}×{height}: make the window at least {min_width}×{min_height} to play. "
                    "The game waits; Ctrl+Q quits.", width=w, height=h, min_width=MIN_SIZE[0], min_height=MIN_SIZE[1])

    def on_resize(self) -> None:
        self.query_one("#too-small", Static).update(self._text())

    def on_screen_resume(self) -> None:
        if not too_small(tuple(self.app.size)):  # uncovered after the window grew
            self.dismiss(None)


def check_size(app: Any) -> None:
    """Cover the app with :class:`TooSmallScreen` while its window is too small; uncover it when it is not."""
    small = too_small(tuple(app.size))
    top = app.screen
    if small and not isinstance(top, TooSmallScreen):
        app.push_screen(TooSmallScreen())
    elif not small and isinstance(top, TooSmallScreen):
        top.dismiss(None)
