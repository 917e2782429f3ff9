"""Helpers shared by the adapter tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def random_positions(adapter: Any, hands: int, seed: int, eager: tuple[str, ...] = ("knock", "big gin")) -> Iterator[Any]:
    """Every decision point of ``hands`` random hands (the live state: copy it before changing it).

    Moves whose notation starts with an ``eager`` word are taken whenever legal (Gin knocks, so that
    showdowns and arrangement choices occur).
    """
    rng = random.Random(seed)
    for h in range(hands):
        state = adapter.new_state(h % adapter.num_players)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            yield state
            legal = state.legal_actions()
            keen = [a for a in legal if str(a).startswith(eager)]
            state.apply(rng.choice(keen or legal))
