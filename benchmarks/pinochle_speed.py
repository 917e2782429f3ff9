"""Pinochle speed: random complete hands per second, the exact stage-2 solver's time, and ``hard``'s
first stage-2 decisions against its time budget.

    .venv/bin/python benchmarks/pinochle_speed.py [--hands N] [--deals N] [--seed N]
    .venv/bin/python benchmarks/pinochle_speed.py --stage2-tail 300 [--stage1 medium] [--budget 0.8] [--seed N]

Solver positions come from random play of real hands: the stage-2 start
(12 tricks left), then 2 and 4 random tricks later (10 and 8 left).

``--stage2-tail N`` plays stage 1 of N hands (at random, or by two ``medium``
players) and times a fresh ``hard`` player's first stage-2 decisions: the lead
with 12 tricks left, then the opponent's answer (also a fresh player, so no
table from the lead). It counts the decisions whose solve the budget cut
short (``cap hit``; ``greedy move``: not even the first root move finished)
and, for those, the points the move played gives away against the solver's
best move (computed after the timing, without a cap).

Measured 2026-11-30 on the shared 2-core machine (another engineer's runs on
the other core, load average about 3), 300 hands each, default budget 0.8 s;
before = commit 4dd17dc (uncapped solve), after = commit 3c09139 (deadline,
windowed root answers, side suits led before trumps):

    stage 1, seed         decision  median  p90    p99    max    over 1 s  cap hit (greedy)  points lost
    medium, --seed 3      lead      0.068   0.280  0.750  1.278  1         -                 -
      before              follow    0.030   0.173  0.680  0.846  0         -                 -
    medium, --seed 3      lead      0.071   0.292  0.801  0.801  0         3 (0)             10, 0, 0
      after               follow    0.021   0.132  0.380  0.801  0         1 (0)             0
    random, --seed 1      lead      0.078   0.316  0.773  0.935  0         -                 -
      before              follow    0.037   0.200  0.430  0.583  0         -                 -
    random, --seed 1      lead      0.079   0.306  0.798  0.804  0         2 (0)             10, 0
      after               follow    0.023   0.140  0.269  0.554  0         0                 -

(seconds, wall clock; CPU time was within 50 ms of it.) The budget cuts
0.7 to 1% of first stage-2 leads (1 follow of 600), never so early
that no root move was finished, and the move played then gave away 10 points
in 2 of 6 cases, nothing in the others. The solver itself searches 16-26%
fewer nodes (lead ordering), at up to ~8% more time per node; the follows got
faster (the root's answers are searched with alpha-beta windows instead of a
full-window search each). The wall-clock tail depends on the load: an
earlier run of the same hands at load 4 to 5.6 (after = commit a1df90b,
before the lead ordering) had the slowest "before" lead at 3.73 s (4 leads
and 2 follows over 1 s) and the slowest "after" decision at 0.85 s, with 5
leads capped (2 of them played the greedy move) losing 30, 10, 0, 0 and 0
points.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.agents.pinochle.hard import HardPinochleAgent
from cardtable.agents.pinochle.medium import MediumPinochleAgent
from cardtable.pinochle import PinochleGame, PinochleState
from cardtable.pinochle.actions import PinochleAction
from cardtable.pinochle.solver import solve


def play_until(state: PinochleState, rng: random.Random, stop: Callable[[PinochleState], bool],
               agents: Sequence[Any] = ()) -> PinochleState:
    """Legal actions (the ``agents``' per seat, else random) and chance steps until ``stop(state)`` holds."""
    while not stop(state):
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        elif agents:
            seat = state.current_player()
            state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
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


def first_stage2_decision(game: PinochleGame, rng: random.Random, stage1: str) -> PinochleState:
    """A hand whose stage 1 is played at random or by two ``medium`` players, at its first stage-2 decision."""
    agents = [MediumPinochleAgent(rng.randrange(1 << 30)) for _ in range(2)] if stage1 == "medium" else []
    return play_until(game.new_hand(rng.randrange(2)), rng, lambda s: s.stage == 2 and s.phase == "play", agents)


def move_loss(state: PinochleState, action: PinochleAction) -> int:
    """Points (own minus the opponent's, to the end of the hand) that a stage-2 ``action`` gives away
    against the solver's best move."""
    me = state.current_player()
    after = state.clone()
    after.apply(action)
    gained = [after.card_points_of(p) - state.card_points_of(p) for p in (me, 1 - me)]
    rest = solve(after).value * (1 if after.current_player() == me else -1)
    return solve(state).value - (gained[0] - gained[1] + rest)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def stage2_tail(game: PinochleGame, rng: random.Random, positions: int, stage1: str, budget: float) -> None:
    """Time ``hard``'s first stage-2 decisions (fresh agents): the lead with 12 tricks left, then the follow."""
    times: dict[str, list[float]] = {"lead": [], "follow": []}
    cpu: dict[str, list[float]] = {"lead": [], "follow": []}
    capped = {"lead": 0, "follow": 0}
    fallbacks = {"lead": 0, "follow": 0}
    losses: dict[str, list[int]] = {"lead": [], "follow": []}
    for _ in range(positions):
        state = first_stage2_decision(game, rng, stage1)
        for kind in ("lead", "follow"):
            seat = state.current_player()
            agent = HardPinochleAgent(1, time_budget=budget)
            t0, c0 = time.perf_counter(), time.process_time()
            action = agent.act(state.view(seat), state.legal_actions())
            times[kind].append(time.perf_counter() - t0)
            cpu[kind].append(time.process_time() - c0)
            if getattr(agent.stage2, "capped", 0):
                capped[kind] += 1
                fallbacks[kind] += agent.stage2.fallbacks
                losses[kind].append(move_loss(state, action))
            state.apply(action)
    for kind, ts in times.items():
        print(f"hard's first stage-2 {kind:<6} (budget {budget} s): median {statistics.median(ts):.3f} s, "
              f"p90 {quantile(ts, 0.9):.3f} s, p99 {quantile(ts, 0.99):.3f} s, max {max(ts):.3f} s, "
              f"over 1 s {sum(t > 1.0 for t in ts)} (CPU p99 {quantile(cpu[kind], 0.99):.3f} s, max {max(cpu[kind]):.3f} s; "
              f"{len(ts)} positions, stage 1 {stage1})")
        print(f"    cap hit {capped[kind]} (greedy move {fallbacks[kind]}), points lost against the "
              f"solver's move: {losses[kind]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=300, help="random hands to time")
    parser.add_argument("--deals", type=int, default=30, help="solver positions per depth")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stage2-tail", type=int, default=0, metavar="N",
                        help="only time hard's first stage-2 decisions over N positions")
    parser.add_argument("--stage1", choices=("random", "medium"), default="random",
                        help="who plays stage 1 before --stage2-tail positions")
    parser.add_argument("--budget", type=float, default=0.8, help="hard's time budget for --stage2-tail")
    args = parser.parse_args()
    game = PinochleGame()
    rng = random.Random(args.seed)
    if args.stage2_tail:
        stage2_tail(game, rng, args.stage2_tail, args.stage1, args.budget)
        return
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
