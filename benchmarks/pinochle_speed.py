"""Pinochle speed: random complete hands per second, and the exact stage-2 solver's time.

    .venv/bin/python benchmarks/pinochle_speed.py [--hands N] [--deals N] [--seed N]

Solver positions come from random play of real hands: the stage-2 start
(12 tricks left), then 2 and 4 random tricks later (10 and 8 left).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardtable.pinochle import PinochleGame, PinochleState
from cardtable.pinochle.solver import solve


def play_until(state: PinochleState, rng: random.Random, stop: Callable[[PinochleState], bool]) -> PinochleState:
    """Random legal actions (and chance steps) until ``stop(state)`` holds."""
    while not stop(state):
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return state


def random_hand(game: PinochleGame, rng: random.Random, dealer: int) -> PinochleState:
    """A complete hand played with uniformly random legal actions."""
    return play_until(game.new_hand(dealer), rng, PinochleState.is_terminal)


def stage2_position(game: PinochleGame, rng: random.Random, tricks_left: int) -> PinochleState:
    """A random hand played until ``tricks_left`` tricks remain, at a trick start."""
    return play_until(game.new_hand(rng.randrange(2)), rng,
                      lambda s: s.stage == 2 and s.ntricks == 24 - tricks_left and s.lead < 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=300, help="random hands to time")
    parser.add_argument("--deals", type=int, default=30, help="solver positions per depth")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = PinochleGame()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    for i in range(args.hands):
        random_hand(game, rng, i % 2)
    elapsed = time.perf_counter() - start
    print(f"random complete hands: {args.hands / elapsed:.0f} hands/s ({args.hands} hands in {elapsed:.2f} s)")
    for left in (12, 10, 8):
        times, cpu = [], []
        for _ in range(args.deals):
            state = stage2_position(game, rng, left)
            t0, c0 = time.perf_counter(), time.process_time()
            solve(state)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        print(f"solver from {left:>2} tricks left: median {statistics.median(times):.3f} s, "
              f"mean {statistics.mean(times):.3f} s, max {max(times):.3f} s "
              f"(CPU median {statistics.median(cpu):.3f} s; {args.deals} deals)")


if __name__ == "__main__":
    main()
