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
the other core, load average 4 to 5.6), 300 hands each, default budget 0.8 s;
before = commit 4dd17dc (uncapped solve), after = the deadline in the solver:

    stage 1, seed         decision  median  p90    p99    max    over 1 s  cap hit (greedy)  points lost
    medium, --seed 3      lead      0.102   0.426  1.228  3.727  4         -                 -
      before              follow    0.041   0.307  0.973  2.384  2         -                 -
    medium, --seed 3      lead      0.104   0.407  0.808  0.850  0         5 (2)             30, 10, 0, 0, 0
      after               follow    0.034   0.219  0.639  0.681  0         0                 -
    random, --seed 1      lead      0.091   0.316  0.844  0.962  0         -                 -
      before              follow    0.040   0.196  0.482  0.594  0         -                 -
    random, --seed 1      lead      0.095   0.354  0.802  0.805  0         3 (0)             20, 0, 0
      after               follow    0.030   0.143  0.400  0.430  0         0                 -

(seconds, wall clock; the slowest "before" leads took 1.75 s of CPU.) The
budget cuts about 1 to 2% of first stage-2 leads and gives away nothing in
most of them; the follows got faster (the root's answers are now searched
with alpha-beta windows instead of one full-window search each). At load ~1
an earlier "before" run (medium, 200 hands, an earlier version of the
position sampler) had 2 leads over 1 s, the slowest 1.49 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.agents.pinochle_hard import HardPinochleAgent
from cardtable.agents.pinochle_medium import MediumPinochleAgent
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
