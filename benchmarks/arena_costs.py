#!/usr/bin/env python3
"""What an arena game costs, per game and agent level: the figures behind ``cardtable arena``'s estimate.

    python benchmarks/arena_costs.py [--matches 6] [--hard-decisions 20] [--seed 1]

For each game and level it plays whole matches of that level against itself
(the standard preset, 2 players) and prints hands per match, decisions per
hand (all seats) and the mean seconds per decision; for ``hard`` (whose
matches take minutes) only the decision time, measured on its first
decisions against ``medium``. The last lines are the ``LEVEL_COSTS`` table of
:mod:`cardtable.arena.estimate`, ready to paste.

Measured on the shared 2-core machine, 2026-12-01, load 3-4 (two runs; the worse time of the two;
the match shapes are the same in both runs, the games being seeded)::

    game      level    hands/match  decisions/hand  ms/decision
    casino    random           3.7            48.0         0.00
    casino    easy             3.2            48.0         0.02
    casino    medium           3.7            48.0         0.18
    casino    hard               -               -       608.69
    gin       random          91.0           118.3         0.00
    gin       easy            12.0            28.1         0.14
    gin       simple          11.5            26.1         0.04
    gin       medium           8.5            24.1         8.20
    gin       hard               -               -       360.58
    pinochle  random           5.7            54.9         0.00
    pinochle  easy             4.5            53.4         0.03
    pinochle  medium           3.8            55.3         5.91
    pinochle  hard               -               -       640.12

Check against a real run: ``cardtable arena gin --agents hard,medium --deals 2 --hands --workers 1``
was estimated at about 17 s and took 17.8 s (hard 369.5 ms a move).

(The table in :mod:`cardtable.arena.estimate` holds these figures.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from cardtable import Match, make_game
from cardtable.agents import AGENT_LEVELS, make_agent


class Timed:
    """An agent whose decisions are counted and timed."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.decisions = 0
        self.seconds = 0.0

    def act(self, view: Any, legal: Any) -> Any:
        start = time.perf_counter()
        try:
            return self.agent.act(view, legal)
        finally:
            self.seconds += time.perf_counter() - start
            self.decisions += 1


def match_costs(game: str, level: str, matches: int, seed: int) -> tuple[float, float, float]:
    """(hands per match, decisions per hand, seconds per decision) of ``level`` against itself."""
    hands = decisions = 0
    seconds = 0.0
    g = make_game(game)
    for m in range(matches):
        agents = [Timed(make_agent(game, level, seed=seed * 100 + m * 10 + s)) for s in range(g.num_players)]
        match = Match(g, seed=seed * 1000 + m)
        match.play(agents)  # type: ignore[arg-type]
        hands += len(match.results)
        decisions += sum(a.decisions for a in agents)
        seconds += sum(a.seconds for a in agents)
    return hands / matches, decisions / max(hands, 1), seconds / max(decisions, 1)


def hard_seconds(game: str, decisions: int, seed: int) -> float:
    """Mean seconds per decision of ``hard`` over its first ``decisions`` decisions against medium."""
    g = make_game(game)
    hard = Timed(make_agent(game, "hard", seed=seed))
    other = make_agent(game, "medium", seed=seed + 1)
    match = Match(g, seed=seed)
    while hard.decisions < decisions and not match.is_over():
        match.resolve_chance()
        if match.is_over():
            break
        state = match.state
        seat = state.current_player()
        agent: Any = hard if seat == 0 else other
        match.apply(agent.act(state.view(seat), state.legal_actions()))
    return hard.seconds / max(hard.decisions, 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=6, help="matches per game and level (default: 6)")
    ap.add_argument("--hard-decisions", type=int, default=20, help="hard decisions timed per game (default: 20)")
    ap.add_argument("--seed", type=int, default=1, help="seed (default: 1)")
    args = ap.parse_args(argv)
    rows: dict[tuple[str, str], tuple[float, float, float]] = {}
    print(f"{'game':9} {'level':8} {'hands/match':>11} {'decisions/hand':>15} {'ms/decision':>12}", flush=True)
    for game in ("casino", "gin", "pinochle"):
        for level in AGENT_LEVELS[game]:
            if level == "hard":
                sec = hard_seconds(game, args.hard_decisions, args.seed)
                rows[(game, level)] = (0.0, 0.0, sec)
                print(f"{game:9} {level:8} {'-':>11} {'-':>15} {sec * 1000:12.3f}", flush=True)
                continue
            n = max(1, args.matches // 3) if level == "random" and game == "gin" else args.matches
            hpm, dph, sec = match_costs(game, level, n, args.seed)
            rows[(game, level)] = (hpm, dph, sec)
            print(f"{game:9} {level:8} {hpm:11.1f} {dph:15.1f} {sec * 1000:12.3f}", flush=True)
    print("\nLEVEL_COSTS = {")
    for (game, level), (hpm, dph, sec) in rows.items():
        print(f"    ({game!r}, {level!r}): ({hpm:.1f}, {dph:.1f}, {sec:.6f}),")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
