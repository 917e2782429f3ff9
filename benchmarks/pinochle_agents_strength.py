#!/usr/bin/env python3
"""Pinochle agent strength by seeded duplicate play: hands-level margins and a few games to 1000.

Every deal (hands) or match seed (games) is played twice with the seats
swapped, so both agents get the same cards. Prints, per pairing:

* hands: the first agent's mean points margin per hand with a 95% interval
  (clustered by deal pair) and its share of hands won (Wilson 95%);
* games: games to 1000 won by the first agent (Wilson 95%);
* the first agent's mean and slowest time per decision.

    .venv/bin/python benchmarks/pinochle_agents_strength.py --hands 40 --games 0
    .venv/bin/python benchmarks/pinochle_agents_strength.py --pairs hard:medium --hands 30 --games 6 --hard-budget 0.3

Measured 2026-11-30 on the shared 2-core machine (load 5-6), default hard budget 0.8 s:

    pairing         hands  margin/hand [95% CI]   hands won           games to 1000 won
    hard vs medium    108  +20.9 [+0.9, +40.9]    55.1%               32/44 = 72.7% [58.1%, 83.6%]
    medium vs easy    120  +52.2 [+32.5, +71.8]   66.2% [57.4, 74.1]  30/40 = 75.0% [59.8%, 85.8%]
    easy vs random    120  +162.3 [+142.2, +182.4] 92.5% [86.4, 96.0] 40/40 = 100% [91.2%, 100%]

(hard vs medium pooled from seeds 1000 (60 hands, +0.8 [-22.0, +23.6]; 12 games), 3000 (48 hands,
+46.0 [+10.9, +81.2]), 2000 and 4000 (16 games each).)

These figures predate the stage-2 deadline of ``hard`` (its exact solve is now cut short at its budget:
0.7 to 1% of first stage-2 leads, 10 points given away in 2 of the 6 cut-short decisions measured by
``benchmarks/pinochle_speed.py --stage2-tail``); they were not measured again.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from cardtable.agents import make_agent
from cardtable.match import Match
from cardtable.pinochle import PinochleGame


class Timed:
    """Wraps an agent and measures its decision time."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.decisions = 0
        self.slowest = 0.0

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        t = time.perf_counter()
        action = self.agent.act(view, legal)
        dt = time.perf_counter() - t
        self.seconds += dt
        self.decisions += 1
        self.slowest = max(self.slowest, dt)
        return action


def build(level: str, seed: int, hard_budget: float | None) -> Any:
    if level == "hard" and hard_budget is not None:
        from cardtable.agents.pinochle_hard import HardPinochleAgent

        return HardPinochleAgent(seed, time_budget=hard_budget)
    return make_agent("pinochle", level, seed=seed)


@dataclass
class PairResult:
    wins: float  # hands or games won by A (0..2, ties 1/2)
    margin: int  # A's points minus B's over both plays
    hands: int
    seconds: float
    decisions: int
    slowest: float


def play_pair(a: str, b: str, seed: int, hard_budget: float | None, games: bool) -> PairResult:
    wins = 0.0
    margin = hands = decisions = 0
    seconds = slowest = 0.0
    for a_seat in (0, 1):
        agent_a = Timed(build(a, seed * 2 + 1, hard_budget))
        agent_b = build(b, seed * 2 + 2, hard_budget)
        seats = [agent_a, agent_b] if a_seat == 0 else [agent_b, agent_a]
        if games:
            match = Match("pinochle", seed=seed)
            outcome = match.play(seats)
            wins += outcome.winner == a_seat
            for result in match.results:
                margin += result.points[a_seat] - result.points[1 - a_seat]
                hands += 1
        else:
            rng = random.Random(seed)
            state = PinochleGame().new_hand(seed % 2)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                seat = state.current_player()
                state.apply(seats[seat].act(state.view(seat), state.legal_actions()))
            pts = state.returns()
            d = pts[a_seat] - pts[1 - a_seat]
            margin += d
            hands += 1
            wins += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
        seconds += agent_a.seconds
        decisions += agent_a.decisions
        slowest = max(slowest, agent_a.slowest)
    return PairResult(wins, margin, hands, seconds, decisions, slowest)


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def margin_ci(results: Sequence[PairResult]) -> tuple[float, float]:
    """Mean margin per hand and its 95% half-width (ratio estimator, clustered by seed pair)."""
    total = sum(r.hands for r in results)
    mean = sum(r.margin for r in results) / total
    k = len(results)
    if k < 2:
        return mean, float("nan")
    resid = sum((r.margin - mean * r.hands) ** 2 for r in results)
    return mean, 1.96 * math.sqrt(resid * k / (k - 1)) / total


def run_pairing(a: str, b: str, n: int, seed0: int, jobs: int, budget: float | None, games: bool) -> list[PairResult]:
    seeds = list(range(seed0, seed0 + n))
    args = ([a] * n, [b] * n, seeds, [budget] * n, [games] * n)
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(play_pair, *args))
    return [play_pair(*x) for x in zip(*args)]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", default="hard:medium,medium:easy,easy:random", help="comma-separated A:B pairings")
    ap.add_argument("--hands", type=int, default=30, help="deal pairs per pairing (each deal played twice)")
    ap.add_argument("--games", type=int, default=4, help="match seeds to 1000 per pairing (each played twice)")
    ap.add_argument("--seed", type=int, default=1000, help="first deal / match seed")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--hard-budget", type=float, default=None, help="seconds per decision for hard (default: its own)")
    args = ap.parse_args(argv)
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    head = (f"{'pairing':<18}{'hands':>6}{'margin/hand':>13}{'95% CI':>18}{'hands won':>11}{'95% CI':>16}"
            f"{'games':>7}{'games won':>11}{'95% CI':>16}{'s/dec':>8}{'slowest':>9}")
    rows = [head]
    print(f"Pinochle duplicate play, standard rules; seeds from {args.seed}; hard budget "
          f"{args.hard_budget if args.hard_budget is not None else 'default'}", flush=True)
    for a, b in pairs:
        t0 = time.perf_counter()
        hr = run_pairing(a, b, args.hands, args.seed, args.jobs, args.hard_budget, False) if args.hands else []
        gr = run_pairing(a, b, args.games, args.seed, args.jobs, args.hard_budget, True) if args.games else []
        cells = f"{a + ' vs ' + b:<18}"
        if hr:
            n = sum(r.hands for r in hr)
            mean, half = margin_ci(hr)
            w = sum(r.wins for r in hr)
            lo, hi = wilson(w, n)
            cells += f"{n:>6}{mean:>+13.1f}{f'[{mean - half:+.1f}, {mean + half:+.1f}]':>18}{w / n:>11.1%}"
            cells += f"{f'[{lo:.1%}, {hi:.1%}]':>16}"
        else:
            cells += f"{'-':>6}{'-':>13}{'-':>18}{'-':>11}{'-':>16}"
        if gr:
            g = 2 * len(gr)
            w = sum(r.wins for r in gr)
            lo, hi = wilson(w, g)
            cells += f"{g:>7}{w / g:>11.1%}{f'[{lo:.1%}, {hi:.1%}]':>16}"
        else:
            cells += f"{'-':>7}{'-':>11}{'-':>16}"
        every = hr + gr
        dec = sum(r.decisions for r in every)
        cells += f"{sum(r.seconds for r in every) / max(1, dec):>8.3f}{max(r.slowest for r in every):>9.2f}"
        rows.append(cells)
        print(cells, f"  ({time.perf_counter() - t0:.0f} s)", flush=True)
    print()
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
