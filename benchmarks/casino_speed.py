"""Casino engine speed: random complete hands per second and legal-move generation time; crowded tables.

Run: ``.venv/bin/python benchmarks/casino_speed.py [--hands N] [--seed S]``, and
``.venv/bin/python benchmarks/casino_speed.py --crowded`` for the crowded-table rows only.

For 2, 3 and 4 players it plays random hands (uniform legal moves, explicit
chance deals) and then times ``legal_actions()`` from scratch on every
decision point met, reporting the mean and the worst position, and one direct
check (``verify_action`` + ``parse_action`` of a random legal move, on a copy
that never listed its moves) per decision point. Times are process CPU time, so
other load on the machine does not inflate them.

Crowded tables (issue 15): the lowest 16, 20, 24 or 28 numerals loose, 10♦ 9♣
8♥ 7♥ in the mover's hand, on the last deal, for 2, 3 and 4 players. Per
table: the number of legal moves; CPU per single-move check (``verify_action``
plus ``parse_action`` of 40 moves picked uniformly with ``legal_moves()[i]``,
mean and worst, garbage collection off as above); CPU per ``legal_action_count()``
from cold caches; and the wall time of one decision of each computer player
(hard: its 0.8 s budget).

Measured 1 December 2026 on the shared 2-core machine, two runs each, the worse value of each cell.
Random hands and generation (``--hands 300``) after issue 15. Before it, run right after it with
``--positions-from 60``: 833-914 hands/s against 735-772 now, generation 9.0-9.3 µs mean against
9.8-10.3 (the moves are now generated block by block, the same blocks that check one move):

======= ======= ========= ======= ======== ========= ========== =========== ======== ========
players hands/s positions mean µs worst µs cold mean cold worst worst moves check µs worst µs
======= ======= ========= ======= ======== ========= ========== =========== ======== ========
2       678     9600      9.7     112.6    14.5      140.9      203         20.1     309.3
3       775     9600      10.1    173.0    14.9      216.3      290         20.8     329.9
4       777     9600      10.5    214.1    15.5      231.5      377         22.4     374.5
======= ======= ========= ======= ======== ========= ========== =========== ======== ========

Crowded tables (``--crowded``; before issue 15 ``legal_actions()`` took 0.2 s at 16 loose cards and
did not finish at 24):

===== ======= =========== ======== ======== ======== ======= ========= =======
loose players moves       check µs worst µs count ms easy ms medium ms hard ms
===== ======= =========== ======== ======== ======== ======= ========= =======
16    2       71,076      90       283      0.8      1       11        88
16    3       71,076      90       283      0.8      1       13        819
16    4       71,076      91       338      0.7      1       2         749
20    2       1,090,781   131      589      3.7      2       8         220
20    3       1,090,781   148      533      3.9      1       5         790
20    4       1,090,781   126      413      4.6      4       1         811
24    2       14,615,243  148      805      15.5     2       28        73
24    3       14,615,243  156      527      15.0     2       13        803
24    4       14,615,243  163      473      15.7     18      3         799
28    2       164,708,202 166      633      99.8     6       14        67
28    3       164,708,202 186      590      96.6     2       33        799
28    4       164,708,202 170      574      97.9     2       14        808
===== ======= =========== ======== ======== ======== ======= ========= =======

With garbage collection left on, a check now and then also pays for a collection: the worst
seen was 18 ms (28 cards, 3 players). Two players on the last deal know every card, and hard
then plays one deterministic world (no exact solve on a crowded table): hence its short times.
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from cardtable.agents import make_agent
from cardtable.casino import CasinoGame, CasinoRules, CasinoState, partitions
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


def time_checks(states: list[CasinoState], seed: int) -> tuple[float, float]:
    """Mean and worst seconds of one direct check (``verify_action`` + ``parse_action``) of a random legal move."""
    rng = random.Random(seed)
    times = []
    gc.collect()
    gc.disable()
    for s in states:
        legal = s.legal_actions()
        action = legal[rng.randrange(len(legal))]
        fresh = s.clone()
        fresh._legal = fresh._legal_index = fresh._moves = None  # never listed: the check is the direct one
        t0 = time.process_time()
        fresh.verify_action(action)
        fresh.parse_action(str(action))
        times.append(time.process_time() - t0)
    gc.enable()
    return sum(times) / len(times), max(times)


def crowded(players: int, loose_cards: int, hand: str = "TD 9C 8H 7H") -> CasinoState:
    """The issue's crowded table: the lowest ``loose_cards`` numerals (aces first) loose, ``hand`` for seat 0."""
    game = CasinoGame(CasinoRules(num_players=players))
    mine = hand.split()
    numerals = [r + s for r in "A23456789T" for s in "SHDC" if r + s not in mine]
    others = [r + s for r in "JQK" for s in "SHDC"] + numerals[loose_cards:]
    hands = [f"hand0: {hand}"] + [f"hand{i}: {' '.join(others[(i - 1) * 4:i * 4])}" for i in range(1, players)]
    return game.from_position(f"dealer: {players - 1}; deal: {game.rules.num_deals}; turn: 0; "
                              + "; ".join(hands) + "; table: " + " ".join(numerals[:loose_cards]))


def clear_caches() -> None:
    for cache in (partitions._CLOSURES, partitions._COUNTS, partitions._MEMO, _CACHE):
        cache.clear()


def crowded_rows(seed: int) -> None:
    """Time single-move checks, counting and agent decisions on crowded tables."""
    print(f"{'loose':>5} {'players':>7} {'moves':>12} {'check µs':>9} {'worst µs':>9} {'count ms':>9}"
          f" {'easy ms':>8} {'medium ms':>9} {'hard ms':>8}")
    for loose in (16, 20, 24, 28):
        for n in (2, 3, 4):
            rng = random.Random(seed * 100 + loose + n)
            state = crowded(n, loose)
            clear_caches()
            t0 = time.process_time()
            moves = state.legal_action_count()
            count = time.process_time() - t0
            legal = state.legal_moves()
            picks = [legal[rng.randrange(len(legal))] for _ in range(40)]
            checks = []
            gc.collect()
            gc.disable()  # as for the generation times above: a collection is not the check's time
            for a in picks:
                t0 = time.process_time()
                state.verify_action(a)
                state.parse_action(str(a))
                checks.append(time.process_time() - t0)
            gc.enable()
            decide = []
            for level in ("easy", "medium", "hard"):
                agent = make_agent("casino", level, seed=seed)
                t0 = time.perf_counter()
                agent.act(state.view(0), state.legal_moves())
                decide.append(time.perf_counter() - t0)
            print(f"{loose:>5} {n:>7} {moves:>12,} {sum(checks) / len(checks) * 1e6:>9.0f} {max(checks) * 1e6:>9.0f}"
                  f" {count * 1e3:>9.1f} {decide[0] * 1e3:>8.0f} {decide[1] * 1e3:>9.0f} {decide[2] * 1e3:>8.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="random hands per player count")
    parser.add_argument("--positions-from", type=int, default=200, help="hands whose decision points are timed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-worst", action="store_true", help="print the slowest position")
    parser.add_argument("--crowded", action="store_true", help="only the crowded-table rows")
    args = parser.parse_args()
    if args.crowded:
        crowded_rows(args.seed)
        return
    print(f"{'players':>7} {'hands/s':>9} {'positions':>9} {'gen/s':>9} {'mean µs':>9} {'worst µs':>9}"
          f" {'cold mean':>9} {'cold worst':>10} {'worst moves':>11} {'check µs':>9} {'worst µs':>9}")
    for n in (2, 3, 4):
        rng = random.Random(args.seed + n)
        game = CasinoGame(CasinoRules(num_players=n))
        seconds = play_hands(game, args.hands, rng)
        sample: list[CasinoState] = []
        play_hands(game, args.positions_from, rng, sample)
        mean, worst, _, moves = time_generation(sample, cold=False)
        cmean, cworst, cstate, cmoves = time_generation(sample, cold=True)
        check, check_worst = time_checks(sample, args.seed)
        print(f"{n:>7} {args.hands / seconds:>9.1f} {len(sample):>9} {1 / mean:>9.0f} {mean * 1e6:>9.1f}"
              f" {worst * 1e6:>9.1f} {cmean * 1e6:>9.1f} {cworst * 1e6:>10.1f} {max(moves, cmoves):>11}"
              f" {check * 1e6:>9.1f} {check_worst * 1e6:>9.1f}")
        if args.show_worst:
            print(cstate.to_position())
    print()
    crowded_rows(args.seed)


if __name__ == "__main__":
    main()
