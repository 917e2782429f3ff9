"""Casino engine speed: random complete hands per second and legal-move generation time.

Run: ``.venv/bin/python benchmarks/casino_speed.py [--hands N] [--seed S]``.

For 2, 3 and 4 players it plays random hands (uniform legal moves, explicit
chance deals) and then times ``legal_actions()`` from scratch on every
decision point met, reporting the mean and the worst position. Times are
process CPU time, so other load on the machine does not inflate them.
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from cardtable.casino import CasinoGame, CasinoRules, CasinoState
from cardtable.casino.values import _CACHE


def play_hands(game: CasinoGame, hands: int, rng: random.Random, sample: list[CasinoState] | None = None) -> float:
    """Play ``hands`` random hands and return the seconds taken; optionally keep every decision point."""
    start = time.process_time()
    for h in range(hands):
        state = game.new_hand(h % game.num_players)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if sample is not None:
                sample.append(state.clone())
            state.apply(legal[rng.randrange(len(legal))])
    return time.process_time() - start


def time_generation(states: list[CasinoState], cold: bool) -> tuple[float, float, CasinoState, int]:
    """Mean and worst seconds of one move generation (best of 3, GC off); the worst position and its move count.

    ``cold`` clears the subset-sum cache first, as for a position never seen before.
    """
    total = 0.0
    worst = -1.0
    worst_state = states[0]
    gc.collect()
    gc.disable()
    for s in states:
        dt = float("inf")
        for _ in range(3):
            if cold:
                _CACHE.clear()
            s._legal = None
            t0 = time.process_time()
            s.legal_actions()
            dt = min(dt, time.process_time() - t0)
        total += dt
        if dt > worst:
            worst, worst_state = dt, s
    gc.enable()
    worst_state._legal = None
    return total / len(states), worst, worst_state, len(worst_state.legal_actions())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="random hands per player count")
    parser.add_argument("--positions-from", type=int, default=200, help="hands whose decision points are timed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-worst", action="store_true", help="print the slowest position")
    args = parser.parse_args()
    print(f"{'players':>7} {'hands/s':>9} {'positions':>9} {'gen/s':>9} {'mean µs':>9} {'worst µs':>9}"
          f" {'cold mean':>9} {'cold worst':>10} {'worst moves':>11}")
    for n in (2, 3, 4):
        rng = random.Random(args.seed + n)
        game = CasinoGame(CasinoRules(num_players=n))
        seconds = play_hands(game, args.hands, rng)
        sample: list[CasinoState] = []
        play_hands(game, args.positions_from, rng, sample)
        mean, worst, _, moves = time_generation(sample, cold=False)
        cmean, cworst, cstate, cmoves = time_generation(sample, cold=True)
        print(f"{n:>7} {args.hands / seconds:>9.1f} {len(sample):>9} {1 / mean:>9.0f} {mean * 1e6:>9.1f}"
              f" {worst * 1e6:>9.1f} {cmean * 1e6:>9.1f} {cworst * 1e6:>10.1f} {max(moves, cmoves):>11}")
        if args.show_worst:
            print(cstate.to_position())


if __name__ == "__main__":
    main()
