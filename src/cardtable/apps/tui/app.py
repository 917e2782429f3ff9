"""The Textual card-table app: the lobby (or straight to the table) and back; the screens live in their own modules."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.driver import Driver

from ... import i18n
from ...errors import CardtableError
from ...registry import make_game
from .common import DEFAULT_PACE, GAME_TITLES
from .dialogs import HandOverScreen, HintScreen, QuitScreen, RulesScreen, ScoreSheetScreen, quit_note
from .driver import lenient_driver_class
from .lobby import LobbyScreen, _default_level, available_games
from .session import TableSession
from .speech import N_, Speech, error_words, speech, translate_bindings
from .table import TableScreen
from .too_small import check_size

__all__ = ["CardtableApp", "TableScreen", "LobbyScreen", "HandOverScreen", "ScoreSheetScreen", "RulesScreen",
           "HintScreen", "GAME_TITLES"]


N_("palette")  # the footer's name of Textual's command palette key (ctrl+p), translated with the app's bindings


class CardtableApp(App[int]):
    """``cardtable play``: the lobby (or straight to the table) and back."""

    TITLE = "cardtable"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", N_("Quit"), show=False)]

    def __init__(self, game: str | None = None, opponents: list[str] | None = None, preset: str = "standard",
                 options: dict[str, Any] | None = None, seed: int | None = None, store: Any = None,
                 resume: TableSession | None = None, pace: float = DEFAULT_PACE, skip_lobby: bool | None = None,
                 lang: str | None = None) -> None:
        super().__init__()
        self.lang = lang if lang is not None else i18n.language()
        """The language of every screen: ``lang``, else the one spoken when the app is made (``--lang``, ``LANG``).
        Kept here, not read again: the threads that think and the screens made later see this one."""
        self.sp: Speech = speech(self.lang)
        translate_bindings(self, self.sp)  # Textual's own "palette" too (marked below)
        if not self.sp.english:  # Textual's command palette speaks only English: not offered in other languages
            self.use_command_palette = False
        if resume is not None and resume.lang != self.lang:
            resume.lang = self.lang
            resume.adapter.lang = self.lang
        self.game = game
        self.opponents = opponents
        self.preset = preset
        self.options = dict(options or {})
        self.seed = seed
        self.store = store
        self.resume = resume
        self.pace = pace
        self.skip_lobby = skip_lobby if skip_lobby is not None else bool(game)
        self.quit_note = ""
        """What to tell the player on the terminal after the app closes (where the game is saved)."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal; on Linux one that input which is not UTF-8 cannot crash."""
        return lenient_driver_class(super().get_driver_class())

    def new_session(self, game_name: str, opponents: list[str], preset: str = "standard",
                    options: dict[str, Any] | None = None, seed: int | None = None) -> TableSession:
        return TableSession(game_name, opponents, preset=preset, options=dict(options or {}),
                            seed=seed if seed is not None else self.seed, store=self.store, lang=self.lang)

    def start_table(self, **settings: Any) -> None:
        """Start a table from the lobby's settings (:meth:`new_session`'s arguments); errors leave the lobby as it is."""
        self.switch_screen(TableScreen(self.new_session(**settings), pace=self.pace))

    def on_resize(self, event: events.Resize) -> None:
        """Below 80×24 a plain message replaces the broken layout (:mod:`.too_small`)."""
        self.call_after_refresh(check_size, self)

    def on_mount(self) -> None:
        self.call_after_refresh(check_size, self)
        if self.resume is not None:
            self.push_screen(TableScreen(self.resume, pace=self.pace))
            return
        if self.skip_lobby and self.game:
            try:
                n = make_game(self.game, preset=self.preset, **self.options).num_players
                levels = list(self.opponents or [_default_level(self.game)])
                if len(levels) == 1 and n > 2:  # one level names every computer seat
                    levels *= n - 1
                session = self.new_session(self.game, levels, self.preset, self.options, self.seed)
            except (CardtableError, ValueError, ImportError) as exc:
                self.push_screen(LobbyScreen(self.game, self.preset, self.options, self.opponents, lang=self.lang))
                self.notify(self.sp._("Cannot start: {error}", error=error_words(exc, self.sp)), severity="error")
                return
            self.push_screen(TableScreen(session, pace=self.pace))
            return
        self.push_screen(LobbyScreen(self.game, self.preset, self.options, self.opponents, lang=self.lang))

    async def action_quit(self) -> None:
        """Quit; at a table with a match in progress, ask first (and say how to resume)."""
        screen = self.screen
        if isinstance(screen, TableScreen):
            screen.action_quit()
            return
        if isinstance(screen, QuitScreen):
            screen.action_quit()
            return
        self.exit(0)

    def quit_table(self, session: TableSession) -> None:
        """Leave the table for good: note where the game is saved, then exit with code 0."""
        self.quit_note = quit_note(session)
        self.exit(0)


__all__ += ["available_games", "QuitScreen"]
