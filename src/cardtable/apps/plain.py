"""Line mode: prints the view, reads one action in notation per line.

For scripts, pipes and screen readers. Commands besides actions:
``help``/``?`` lists the legal actions, ``sheet`` prints the score sheet,
``quit`` stops (an autosaved game can be continued with ``cardtable resume``).
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..agents import make_agent
from ..errors import CardtableError
from ..match import Match
from ..registry import make_game
from .render import render_view

__all__ = ["play_plain", "run_plain"]


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
    **options: Any,
) -> int:
    """Play one match in line mode; returns 0 when the match finished, 1 when the input ended.

    With a ``store`` (:class:`cardtable.store.Store`) the match is saved after every move.
    """
    game = make_game(game_name, preset=preset, **options)
    n = game.num_players
    if len(opponents) != n - 1:
        raise CardtableError(f"{game_name} with {n} players needs {n - 1} opponent level(s)")
    names: list[str] = []
    levels: dict[int, str] = {}
    others = iter(opponents)
    for seat in range(n):
        if seat == human_seat:
            names.append(name)
        else:
            levels[seat] = next(others)
            names.append(f"{levels[seat]} ({seat})")
    if seed is None:
        seed = secrets.randbits(63)
    match = Match(game, seed=seed, seat_names=names)
    autosave: Callable[[], Any] | None = None
    if store is not None:
        from ..store import Autosaver

        kinds = ["human" if s == human_seat else f"computer:{levels[s]}" for s in range(n)]
        autosave = Autosaver(store, match, kinds)
    return run_plain(match, levels, [human_seat], stdin, stdout, autosave)


def run_plain(
    match: Match,
    computer_levels: dict[int, str],
    human_seats: Sequence[int],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    autosave: Callable[[], Any] | None = None,
) -> int:
    """Drive ``match`` (new or resumed) in line mode until it ends or the input ends."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    game_name = match.game.name
    names = match.seat_names
    seed = match.seed
    agents = {
        seat: make_agent(game_name, level, seed=None if seed is None else seed % 1_000_003 + seat)
        for seat, level in computer_levels.items()
    }
    viewer = human_seats[0] if human_seats else 0

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    def saved() -> None:
        if autosave is not None:
            autosave()

    hand_no = 0
    while True:
        match.resolve_chance()
        saved()
        if len(match.hands) != hand_no:
            if hand_no:
                say(match.format_score_sheet())
            hand_no = len(match.hands)
            if not match.is_over():
                say(f"\n=== Hand {hand_no} ===")
        if match.is_over():
            assert match.outcome is not None
            say(f"\nMatch over: {match.side_names()[match.outcome.winner]} wins "
                f"{' - '.join(map(str, match.outcome.final_totals))}")
            return 0
        state = match.state
        seat = state.current_player()
        if seat in agents:
            action = agents[seat].act(state.view(seat), state.legal_actions())
            match.apply(action)
            saved()
            say(f"{names[seat]}: {action}")
            if state.is_terminal():
                say(render_view(game_name, state.view(viewer), names))
            continue
        say()
        say(render_view(game_name, state.view(seat), names))
        legal = [str(a) for a in state.legal_actions()]
        say("legal: " + " | ".join(legal))
        while True:
            out.write("> ")
            out.flush()
            line = inp.readline()
            if not line:
                say("\n(input ended; match not finished)")
                return 1
            text = line.strip()
            if not text:
                continue
            if text in ("help", "?"):
                say("legal: " + " | ".join(legal))
                continue
            if text == "sheet":
                say(match.format_score_sheet())
                continue
            if text == "quit":
                say("bye")
                return 1
            try:
                act = match.apply(text)
            except CardtableError as exc:
                say(f"error: {exc}")
                continue
            saved()
            say(f"{names[seat]}: {act}")
            if state.is_terminal():
                say(render_view(game_name, state.view(viewer), names))
            break
