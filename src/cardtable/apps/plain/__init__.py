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

from .lines import MAX_LINE, Line, LineReader
from .table import COMMANDS, PlainTable, explain_error, typed_form

__all__ = ["play_plain", "run_plain", "choose_game", "PlainTable", "LineReader", "Line", "MAX_LINE", "COMMANDS",
           "typed_form", "explain_error"]

GAME_CHOICES = (("gin", "Gin Rummy, 2 players"), ("casino", "Casino, 2 to 4 players"),
                ("pinochle", "Pinochle, 2 players"))


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
    **options: Any,
) -> int:
    """Play a new match in line mode; the exit code: 0 when it finished or the player quit, 1 when the input ended.

    ``opponents`` holds one computer level per other seat. With a ``store``
    (:class:`cardtable.store.Store`) the match is saved after every move. ``spoken``
    says cards in full ("10 of spades") for screen readers.
    """
    try:
        from ..tui.session import TableSession
    except ImportError as exc:  # the session's log phrasing comes with the terminal app's packages (rich)
        from ...errors import CardtableError

        raise CardtableError(f"line mode needs the terminal app's packages ({exc}): `python3 run.py play --plain` "
                             "sets them up in .venv") from None
    session = TableSession(game_name, list(opponents), preset=preset, options=dict(options), seed=seed,
                           store=store, human_seat=human_seat, human_name=name)
    return run_plain(session, stdin, stdout, spoken=spoken)


def run_plain(session: Any, stdin: TextIO | None = None, stdout: TextIO | None = None, spoken: bool = False) -> int:
    """Drive a :class:`~cardtable.apps.tui.session.TableSession` (new or resumed) in line mode."""
    table = PlainTable(session, stdin if stdin is not None else sys.stdin,
                       stdout if stdout is not None else sys.stdout, saving=session.store is not None, spoken=spoken)
    try:
        return table.run()
    except KeyboardInterrupt:
        table.say()
        table.say("Stopped. " + table.saved_note())
        return 130


def choose_game(stdin: TextIO | None = None, stdout: TextIO | None = None) -> str | None:
    """Ask which game to play (line mode's game picker); ``None`` when the input ends first."""
    out = stdout if stdout is not None else sys.stdout
    reader = LineReader(stdin if stdin is not None else sys.stdin)
    print("Which game? " + "; ".join(f"{i}. {what}" for i, (_, what) in enumerate(GAME_CHOICES, 1))
          + ". Type its number or name (Enter: Gin Rummy).", file=out, flush=True)
    while True:
        out.write("Game: ")
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
        for i, (name, what) in enumerate(GAME_CHOICES, 1):
            if word in (str(i), name) or what.lower().startswith(word):
                return name
        print(f"Type 1 to {len(GAME_CHOICES)}, or a game's name: gin, casino or pinochle.", file=out, flush=True)
