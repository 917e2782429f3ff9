"""Duplicate Gin Rummy hands: the same physical deck order played twice with the seats swapped.

Every chance step (deal or stock draw) takes the first card of a seeded deck
permutation that is still in the stock, so both seatings see the same deal and
the same stock order. Used by the agent tests (the arena plays duplicate deals through
seeded matches instead).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...gin.game import GinGame
from ...gin.rules import GinRules

__all__ = ["play_hand", "duplicate_margins"]


def play_hand(agents: Sequence[Any], deck_seed: int, dealer: int = 0, rules: GinRules | None = None) -> tuple[int, int]:
    """Points per seat of one hand dealt from the deck order of ``deck_seed``."""
    order = list(range(52))
    random.Random(deck_seed).shuffle(order)
    state = GinGame(rules).new_hand(dealer)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = {a.card.index: a for a in state.legal_actions() if a.card is not None}
            state.apply(next(outcomes[i] for i in order if i in outcomes))
        else:
            seat = state.current_player()
            state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
    pts = state.returns()
    return (pts[0], pts[1])


def duplicate_margins(make_a: Any, make_b: Any, seeds: Sequence[int], rules: GinRules | None = None) -> list[int]:
    """For each seed: agent A's points minus agent B's over the two seatings of the same deal."""
    out = []
    for seed in seeds:
        dealer = seed % 2
        p1 = play_hand([make_a(), make_b()], seed, dealer, rules)
        p2 = play_hand([make_b(), make_a()], seed, dealer, rules)
        out.append((p1[0] - p1[1]) + (p2[1] - p2[0]))
    return out
