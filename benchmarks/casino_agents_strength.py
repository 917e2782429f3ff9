#!/usr/bin/env python3
"""Casino agent strength in duplicate play, with the arena (:func:`cardtable.arena.run_arena`).

Each deal is played with the seats rotated (the same shuffles for both
agents). Prints, per pairing: games to 21 won by the first agent (Wilson 95%
interval) and its mean point margin per hand over the second (95% interval,
deals as the independent unit); then 3- and 4-player runs with every level,
and the time ``hard`` takes per decision at its default budget.

    .venv/bin/python benchmarks/casino_agents_strength.py
    .venv/bin/python benchmarks/casino_agents_strength.py --deals 100 --hard-deals 40 --hard-budget 0.25

``--hard-budget`` sets ``hard``'s seconds per decision for the arena games
(the agent spec ``hard/time_budget=S``); its default is 0.8 s.

Measured 2026-11-30 on the shared 2-core machine (duplicate games to 21):

=================  =====  ==============================  ===========================
pairing            games  first agent wins (Wilson 95%)   margin per hand (95% CI)
=================  =====  ==============================  ===========================
medium vs easy     200    93.0% [88.6, 95.8]              +3.26 [+2.93, +3.59]
easy vs random     200    99.5% [97.2, 99.9]              +5.80 [+5.46, +6.14]
hard vs medium     80     71.2% [60.5, 80.0] (0.25 s)     +1.67 [+1.07, +2.26]
hard vs medium     40     75.0% [59.8, 85.8] (0.8 s)      +2.35 [+1.64, +3.05]
=================  =====  ==============================  ===========================

hard at its default budget: mean 0.51 s, max 0.82 s per decision (0 s when forced).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from cardtable.agents import make_agent
from cardtable.agents.casino_hard import HardCasinoAgent
from cardtable.arena import run_arena
from cardtable.casino import CasinoGame, CasinoRules

HARD_BUDGET = 0.25


def spec(level: str) -> str:
    """The arena spec of a level: ``hard`` at the budget chosen on the command line."""
    return f"hard/time_budget={HARD_BUDGET}" if level == "hard" else level


def pair_row(a: str, b: str, deals: int, seed: int, workers: int, players: int = 2, unit: str = "matches") -> str:
    t0 = time.perf_counter()
    report = run_arena("casino", [spec(a), spec(b)], deals, seed=seed, unit=unit, players=players, workers=workers)
    pair = report.pair(spec(a), spec(b))
    m = pair.margin
    wins = report.agent(spec(a))
    noun = "games" if unit == "matches" else "hands"
    return (f"{a + ' vs ' + b:<18}{players:>3}{report.games:>6} {noun:<6}"
            f"{wins.wins:>6g}/{wins.trials:<4}{wins.win_rate:>7.1%}  [{wins.win_low:.1%}, {wins.win_high:.1%}]"
            f"{m.mean:>+9.2f}  [{m.low:+.2f}, {m.high:+.2f}]{report.hands:>7}{time.perf_counter() - t0:>8.0f}s")


def multi_row(levels: Sequence[str], players: int, deals: int, seed: int, workers: int) -> str:
    report = run_arena("casino", [spec(x) for x in levels], deals, seed=seed, unit="hands", players=players,
                       workers=workers)
    parts = [f"{a.label.split('/')[0]} {a.margin.mean:+.2f} [{a.margin.low:+.2f}, {a.margin.high:+.2f}]" for a in report.agents]
    return f"{players} players {','.join(levels):<22} {report.games:>4} hands  margin/hand: " + "; ".join(parts)


def hard_timing(hands: int, seed: int) -> str:
    """Seconds per decision of ``hard`` at its default budget, over the decisions of a few hands against medium."""
    game = CasinoGame(CasinoRules())
    times: list[float] = []
    for h in range(hands):
        rng = random.Random(seed + h)
        agents = [HardCasinoAgent(seed + h), make_agent("casino", "medium", seed=h)]
        state = game.new_hand(h % 2)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player()
            t = time.perf_counter()
            action = agents[seat].act(state.view(seat), state.legal_actions())
            if seat == 0:
                times.append(time.perf_counter() - t)
            state.apply(action)
    times.sort()
    return (f"hard, default budget: {len(times)} decisions, mean {sum(times) / len(times):.3f} s, "
            f"median {times[len(times) // 2]:.3f} s, max {times[-1]:.3f} s")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100, help="duplicate deals for pairings without hard")
    ap.add_argument("--hard-deals", type=int, default=30, help="duplicate deals for pairings with hard")
    ap.add_argument("--hard-budget", type=float, default=0.25, help="hard's seconds per decision in arena games")
    ap.add_argument("--pairs", default="medium:easy,easy:random,hard:medium", help="comma-separated A:B pairings")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timing-hands", type=int, default=2, help="hands for the default-budget timing (0: skip)")
    ap.add_argument("--multi-deals", type=int, default=4, help="duplicate deals (single hands) for 3 and 4 players")
    ap.add_argument("--skip-multi", action="store_true", help="skip the 3- and 4-player runs")
    args = ap.parse_args(argv)
    global HARD_BUDGET
    HARD_BUDGET = args.hard_budget
    print(f"Casino, standard rules, duplicate games to 21 (2 players), seed {args.seed}; "
          f"hard at {args.hard_budget} s per decision")
    header = (f"{'pairing':<18}{'pl':>3}{'played':>13}{'A wins':>11}{'rate':>7}  {'Wilson 95%':<16}"
              f"{'margin/hand':>9}  {'95% CI':<16}{'hands':>7}{'time':>9}")
    print(header, flush=True)
    rows = []
    for pairing in args.pairs.split(","):
        a, b = pairing.split(":")
        deals = args.hard_deals if "hard" in (a, b) else args.deals
        rows.append(pair_row(a, b, deals, args.seed, args.workers))
        print(rows[-1], flush=True)
    if not args.skip_multi:
        print()
        for levels in (("hard", "medium", "easy"), ("medium", "easy", "random")):
            print(multi_row(levels, 3, args.multi_deals, args.seed, args.workers), flush=True)
        for levels in (("hard", "medium"), ("medium", "easy"), ("easy", "random")):
            print(multi_row(levels, 4, args.multi_deals, args.seed, args.workers), flush=True)
    if args.timing_hands:
        print()
        print(hard_timing(args.timing_hands, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
