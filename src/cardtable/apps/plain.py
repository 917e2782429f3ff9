"""Line mode: prints the view, reads one action in notation per line.

For scripts, pipes and screen readers. Commands besides actions:
``help``/``?`` lists the legal actions, ``sheet`` prints the score sheet,
``quit`` stops.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from ..agents import make_agent
from ..errors import CardtableError
from ..match import Match
from ..registry import make_game
from .render import render_view

__all__ = ["play_plain"]


def play_plain(
    game_name: str,
    opponents: Sequence[str],
    seed: int | None = None,
    preset: str = "standard",
    human_seat: int = 0,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    name: str = "You",
    **options: Any,
) -> int:
    """Play one match in line mode; returns 0 when the match finished, 1 when the input ended."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    game = make_game(game_name, preset=preset, **options)
    n = game.num_players
    if len(opponents) != n - 1:
        raise CardtableError(f"{game_name} with {n} players needs {n - 1} opponent level(s)")
    agents: dict[int, Any] = {}
    names = []
    others = iter(opponents)
    for seat in range(n):
        if seat == human_seat:
            names.append(name)
        else:
            level = next(others)
            agents[seat] = make_agent(game_name, level, seed=None if seed is None else seed + seat)
            names.append(f"{level} ({seat})")
    if seed is None:
        seed = secrets.randbits(63)
    match = Match(game, seed=seed, seat_names=names)

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    hand_no = 0
    while True:
        match.resolve_chance()
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
            say(f"{names[seat]}: {action}")
            if state.is_terminal():
                say(render_view(game_name, state.view(human_seat), names))
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
            say(f"{names[seat]}: {act}")
            if state.is_terminal():
                say(render_view(game_name, state.view(human_seat), names))
            break
