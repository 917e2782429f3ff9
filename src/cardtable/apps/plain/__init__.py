"""Line mode: the card table as sentences, one move or command per line.

For screen readers, scripts and pipes. It plays through the same session as
the terminal app (seat names, log, undo, saving), describes the table in
words, lists the moves numbered and in plain words, and takes a move's number,
its notation (``discard 10s``, ``9d x 9s``, ``play qh``) or a command
(``help``, ``moves``, ``table``, ``log``, ``rules``, ``sheet``, ``hint``, ``undo``, ``quit``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

from ... import i18n
from .lines import MAX_LINE, Line, LineReader
from .table import COMMANDS, PlainTable, explain_error, typed_form

__all__ = ["play_plain", "run_plain", "choose_game", "PlainTable", "LineReader", "Line", "MAX_LINE", "COMMANDS",
           "typed_form", "explain_error"]

GAME_CHOICES = (("gin", i18n.N_("Gin Rummy, 2 players")), ("casino", i18n.N_("Casino, 2 to 4 players")),
                ("pinochle", i18n.N_("Pinochle, 2 players")))


def play_plain(
    game_name: str,
    opponents: Sequence[str],
    seed: int | None = None,
    preset: str = "standard",
    human_seat: int = 0,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    name: str = "You",
    store: Any = None,
    spoken: bool = False,
    lang: str = "en",
    **options: Any,
) -> int:
    """Play a new match in line mode; the exit code: 0 when it finished or the player quit, 1 when the input ended.

    ``opponents`` holds one computer level per other seat. With a ``store``
    (:class:`cardtable.store.Store`) the match is saved after every move. ``spoken``
    says cards in full ("10 of spades") for screen readers. ``lang`` is the language of every line
    (English unless told; ``cardtable play --plain`` passes the one chosen by ``--lang`` or the locale).
    """
    try:
        from ..tui.session import TableSession
    except ImportError as exc:  # the session's log phrasing comes with the terminal app's packages (rich)
        from ...errors import CardtableError

        message = i18n.translation(lang).gettext("line mode needs the terminal app's packages ({error}): "
                                                 "`python3 run.py play --plain` sets them up in .venv")
        raise CardtableError(str(message).format(error=exc)) from None
    session = TableSession(game_name, list(opponents), preset=preset, options=dict(options), seed=seed,
                           store=store, human_seat=human_seat, human_name=name, lang=lang)
    return run_plain(session, stdin, stdout, spoken=spoken)


def run_plain(session: Any, stdin: TextIO | None = None, stdout: TextIO | None = None, spoken: bool = False) -> int:
    """Drive a :class:`~cardtable.apps.tui.session.TableSession` (new or resumed) in line mode."""
    table = PlainTable(session, stdin if stdin is not None else sys.stdin,
                       stdout if stdout is not None else sys.stdout, saving=session.store is not None, spoken=spoken)
    try:
        return table.run()
    except KeyboardInterrupt:
        table.say()
        table.say(table._("Stopped. {saved}", saved=table.saved_note()))
        return 130


def choose_game(stdin: TextIO | None = None, stdout: TextIO | None = None, lang: str = "en") -> str | None:
    """Ask which game to play (line mode's game picker), in ``lang``; ``None`` when the input ends first."""
    t = i18n.translation(lang)
    out = stdout if stdout is not None else sys.stdout
    reader = LineReader(stdin if stdin is not None else sys.stdin, lang=lang)
    choices = [(name, str(t.gettext(what))) for name, what in GAME_CHOICES]
    listed = str(t.pgettext("list", "; ")).join(f"{i}. {what}" for i, (_, what) in enumerate(choices, 1))
    print(str(t.gettext("Which game? {games}. Type its number or name (Enter: Gin Rummy).")).format(games=listed),
          file=out, flush=True)
    while True:
        out.write(str(t.gettext("Game: ")))
        out.flush()
        line = reader.read()
        if line.eof:
            return None
        if line.problem:
            print(line.problem, file=out, flush=True)
            continue
        word = line.text.lower()
        if not word:
            return GAME_CHOICES[0][0]
        for i, ((name, english), (_, what)) in enumerate(zip(GAME_CHOICES, choices), 1):
            if word in (str(i), name) or english.lower().startswith(word) or what.lower().startswith(word):
                return name
        print(str(t.gettext("Type 1 to {n}, or a game's name: gin, casino or pinochle.")).format(n=len(GAME_CHOICES)),
              file=out, flush=True)
