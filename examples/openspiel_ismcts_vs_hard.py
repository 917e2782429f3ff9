"""OpenSpiel's ISMCTS against our ``hard`` Gin agent, on the registered ``cardtable_gin`` game.

Hands are played in pairs with the same deal and the seats swapped (duplicate
style), so the deal's luck cancels out. ISMCTS searches information sets: it
re-deals the cards it has not seen with ``resample_from_infostate`` and never
reads the hidden cards; the ``hard`` agent sees only its seat's view.

    .venv/bin/python examples/openspiel_ismcts_vs_hard.py --pairs 5 --simulations 200

Needs ``cardtable[openspiel]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots

from cardtable.adapters.openspiel import AgentBot, ismcts_bot
from cardtable.agents import make_agent


def play_pairs(
    pairs: int = 5, simulations: int = 200, seed: int = 0, preset: str = "standard", opponent: str = "hard",
    rollout_length: int | None = None,
) -> dict[str, Any]:
    """Play ``pairs`` duplicate pairs of hands; returns ISMCTS's and the agent's points per hand."""
    game = pyspiel.load_game("cardtable_gin", {"preset": preset})
    ismcts_points: list[float] = []
    hard_points: list[float] = []
    for pair in range(pairs):
        for ismcts_seat in (0, 1):
            deal_rng = np.random.RandomState(seed * 1000 + pair)  # same chance outcomes for both seatings
            bots: list[Any] = [None, None]
            bots[ismcts_seat] = ismcts_bot(game, max_simulations=simulations, seed=seed * 1000 + pair,
                                           max_rollout_length=rollout_length)
            bots[1 - ismcts_seat] = AgentBot(make_agent("gin", opponent, seed * 1000 + pair), 1 - ismcts_seat)
            returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, deal_rng)
            ismcts_points.append(returns[ismcts_seat])
            hard_points.append(returns[1 - ismcts_seat])
    return {
        "hands": len(ismcts_points),
        "ismcts_mean": statistics.fmean(ismcts_points),
        "opponent_mean": statistics.fmean(hard_points),
        "ismcts_points": ismcts_points,
        "opponent_points": hard_points,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5, help="duplicate pairs of hands")
    parser.add_argument("--simulations", type=int, default=200, help="ISMCTS simulations per move")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--opponent", default="hard", help="our agent level (hard by default)")
    parser.add_argument("--rollout-length", type=int, default=None, help="cut random rollouts after this many steps")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = play_pairs(args.pairs, args.simulations, args.seed, args.preset, args.opponent, args.rollout_length)
    print(f"{result['hands']} hands in {time.perf_counter() - start:.1f} s")
    print(f"ISMCTS ({args.simulations} simulations): {result['ismcts_mean']:.2f} points per hand")
    print(f"{args.opponent} agent: {result['opponent_mean']:.2f} points per hand")
    return result


if __name__ == "__main__":
    main()
