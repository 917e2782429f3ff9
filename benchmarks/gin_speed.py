#!/usr/bin/env python3
"""Gin Rummy speed: our engine against OpenSpiel's ``gin_rummy`` and RLCard's gin engine.

    python benchmarks/gin_speed.py [--seconds 3] [--seed 1] [--hands 40000]

Prints, in one run on this machine:

* random full hands per second and actions per second (random legal actions, chance steps
  drawn with ``sample_chance``, no views; chance steps count as actions for every engine);
* minimum-deadwood calls per second for 10 and 11 cards, uniformly random and meld-rich hands;
* the same figures for the peers when they can be imported, with ratios (ours / peer), and how
  often each peer's deadwood disagrees with ours on the very same hands.

The peers are optional. Keep them out of the project's virtualenv::

    python3 -m venv /work/peers
    /work/peers/bin/pip install open-spiel rlcard
    /work/peers/bin/pip install -e .
    /work/peers/bin/python benchmarks/gin_speed.py

Notes on what is compared:

* OpenSpiel plays a single hand with its own rules, which our ``openspiel`` preset mirrors, so
  that is the like-for-like row; ``standard`` is shown too. Its engine is C++ driven from Python
  with in-place ``apply_action``.
* OpenSpiel's ``min_deadwood`` of an 11-card hand is the deadwood after its chosen discard, not
  the 11-card minimum; we compare it with the exact best discard (minimum over the 11 discards).
* RLCard's meld search only accepts 10-card hands, and its game builds a state dict per step.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.gin import GinGame, GinRules
from cardtable.gin import melds as gin_melds

# --- hands for the deadwood benchmark ---------------------------------------------------------------


def _melds_table() -> tuple[list[int], list[int]]:
    """Every set (3 or 4 of a rank) and every run (3+ in a suit, ace low) as 52-bit masks."""
    sets, runs = [], []
    for rank in range(13):
        column = [1 << (13 * s + rank) for s in range(4)]
        sets += [sum(column) - b for b in column] + [sum(column)]
    for suit in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                runs.append(sum(1 << (13 * suit + r) for r in range(lo, hi + 1)))
    return sets, runs


_SETS, _RUNS = _melds_table()


def make_hands(rng: random.Random, count: int, size: int, rich: bool) -> list[int]:
    """Distinct hands as masks (so no result cache can help). Meld-rich: 2-4 (often overlapping) melds, then neighbours."""
    hands: dict[int, None] = {}
    while len(hands) < count:
        mask = 0
        if rich:
            for _ in range(rng.randint(2, 4)):
                meld = rng.choice(_SETS) if rng.random() < 0.4 else rng.choice(_RUNS)
                for i in rng.sample(range(52), 52):
                    if meld >> i & 1 and bin(mask).count("1") < size:
                        mask |= 1 << i
            while bin(mask).count("1") < size:
                held = [i for i in range(52) if mask >> i & 1]
                base = rng.choice(held) if held else rng.randrange(52)
                step = rng.choice((-2, -1, 1, 2, 13, -13, 26))
                near = base + step
                if step in (-2, -1, 1, 2) and not 0 <= base % 13 + step < 13:
                    near = rng.randrange(52)
                mask |= 1 << (near % 52)
        else:
            for i in rng.sample(range(52), size):
                mask |= 1 << i
        hands[mask] = None
    return list(hands)


def cards_of(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


# --- timing helpers -----------------------------------------------------------------------------------


def rate(fn: Callable[[Any], Any], items: Sequence[Any], seconds: float, before_pass: Callable[[], None] | None = None) -> tuple[float, int]:
    """Calls per second of ``fn`` over ``items``, for about ``seconds`` (whole passes are repeated)."""
    done = 0
    start = time.perf_counter()
    while True:
        if before_pass is not None:
            before_pass()
        for item in items:
            fn(item)
            done += 1
            if done % 512 == 0 and time.perf_counter() - start > seconds:
                return done / (time.perf_counter() - start), done
        if time.perf_counter() - start > seconds:
            return done / (time.perf_counter() - start), done


def clear_cache() -> None:
    cache = getattr(gin_melds, "_SET_CACHE", None)
    if cache is not None:
        cache.clear()


# --- full random hands ----------------------------------------------------------------------------------


def ours_hands(preset: str, seconds: float, seed: int) -> tuple[float, float, int]:
    game = GinGame(GinRules.preset(preset))
    rng = random.Random(seed)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_hand(hands % 2)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / elapsed, hands


def openspiel_hands(pyspiel: Any, seconds: float, seed: int) -> tuple[float, float, int]:
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / elapsed, hands


def rlcard_hands(seconds: float, seed: int) -> tuple[float, float, int]:
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()  # deals the whole hand in one step: counted as one chance action
        actions += 1
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            actions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / elapsed, hands


# --- deadwood of the peers --------------------------------------------------------------------------------


def rlcard_deadwood_fn() -> tuple[Callable[[list[Any]], int], Callable[[int], list[Any]]]:
    from rlcard.games.gin_rummy.utils import melding
    from rlcard.games.gin_rummy.utils import utils as rl_utils

    def deadwood(hand: list[Any]) -> int:
        clusters = melding.get_best_meld_clusters(hand)
        if not clusters:
            return sum(rl_utils.get_deadwood_value(c) for c in hand)
        return int(rl_utils.get_deadwood_count(hand, clusters[0]))

    def convert(mask: int) -> list[Any]:
        # RLCard numbers cards suit * 13 + rank with its own suit order; melds do not depend on suit order
        return [rl_utils.get_card(i) for i in cards_of(mask)]

    return deadwood, convert


# --- main ---------------------------------------------------------------------------------------------------


def fmt(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def ratio(ours: float, peer: float | None) -> str:
    return "-" if not peer else f"{ours / peer:.2f}x"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per measurement (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=40_000, help="distinct hands per deadwood case (default 40000)")
    parser.add_argument("--no-peers", action="store_true", help="measure only our engine")
    args = parser.parse_args(argv)

    pyspiel: Any = None
    have_rlcard = False
    if not args.no_peers:
        try:
            import pyspiel as _pyspiel

            pyspiel = _pyspiel
        except ImportError:
            pass
        try:
            import rlcard.games.gin_rummy.game  # noqa: F401

            have_rlcard = True
        except ImportError:
            pass

    print(f"Gin Rummy speed  |  Python {platform.python_version()} on {platform.machine()}  |  "
          f"{args.seconds:g} s per measurement, seed {args.seed}")
    print(f"peers: OpenSpiel {'yes' if pyspiel else 'not importable'}, RLCard {'yes' if have_rlcard else 'not importable'}")
    print()

    # full hands
    print("Random full hands (random legal actions; chance steps count as actions)")
    print(f"  {'engine':34} {'hands/s':>10} {'actions/s':>12} {'actions/hand':>13} {'hands':>8}")
    rows: dict[str, tuple[float, float, int]] = {}
    for preset in ("standard", "openspiel"):
        rows[f"cardtable ({preset} preset)"] = ours_hands(preset, args.seconds, args.seed)
    if pyspiel is not None:
        rows["OpenSpiel gin_rummy (C++)"] = openspiel_hands(pyspiel, args.seconds, args.seed)
    if have_rlcard:
        rows["RLCard gin_rummy"] = rlcard_hands(args.seconds, args.seed)
    for name, (hps, aps, n) in rows.items():
        print(f"  {name:34} {fmt(hps):>10} {fmt(aps):>12} {aps / hps:>13.1f} {n:>8}")
    ours_os = rows["cardtable (openspiel preset)"][0]
    ours_std = rows["cardtable (standard preset)"][0]
    for peer in ("OpenSpiel gin_rummy (C++)", "RLCard gin_rummy"):
        if peer in rows:
            print(f"  ratio hands/s vs {peer}: openspiel preset {ratio(ours_os, rows[peer][0])}, "
                  f"standard preset {ratio(ours_std, rows[peer][0])}")
    print()

    # minimum deadwood
    rng = random.Random(args.seed)
    rl_deadwood = rl_convert = None
    if have_rlcard:
        rl_deadwood, rl_convert = rlcard_deadwood_fn()
    os_utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10) if pyspiel is not None else None
    print("Minimum deadwood (calls/s on distinct hands; exactness checked against our engine on the same hands)")
    print(f"  {'hand':20} {'cardtable':>11} {'OpenSpiel':>11} {'ratio':>7} {'RLCard':>9} {'ratio':>7}   peer disagreements")
    for size in (10, 11):
        for rich in (False, True):
            label = f"{size} cards, {'meld-rich' if rich else 'random'}"
            hands = make_hands(rng, args.hands, size, rich)
            ours, _ = rate(gin_melds.deadwood, hands, args.seconds, clear_cache)
            notes = []
            os_rate = rl_rate = None
            if os_utils is not None:
                lists = [cards_of(h) for h in hands]
                os_rate, _ = rate(os_utils.min_deadwood, lists, args.seconds)
                if size == 10:
                    wrong = sum(os_utils.min_deadwood(c) != gin_melds.deadwood(h) for c, h in zip(lists, hands))
                else:  # OpenSpiel answers "deadwood after the best discard" for 11 cards
                    wrong = sum(
                        os_utils.min_deadwood(c) != min(gin_melds.deadwood(h & ~(1 << i)) for i in c)
                        for c, h in zip(lists, hands)
                    )
                notes.append(f"OpenSpiel {100 * wrong / len(hands):.2f}%")
            if rl_deadwood is not None and rl_convert is not None and size == 10:
                rl_hands = [rl_convert(h) for h in hands[:5000]]
                rl_rate, _ = rate(rl_deadwood, rl_hands, args.seconds)
                wrong = sum(rl_deadwood(c) != gin_melds.deadwood(h) for c, h in zip(rl_hands[:2000], hands))
                notes.append(f"RLCard {100 * wrong / 2000:.2f}%")
            elif rl_deadwood is not None:
                notes.append("RLCard: 10-card hands only")
            print(f"  {label:20} {fmt(ours):>11} {fmt(os_rate) if os_rate else '-':>11} {ratio(ours, os_rate):>7} "
                  f"{fmt(rl_rate) if rl_rate else '-':>9} {ratio(ours, rl_rate):>7}   {', '.join(notes)}")
    print()
    print("Targets: cardtable hands/s >= OpenSpiel's; 10-card minimum deadwood >= 100,000 calls/s (exact).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
