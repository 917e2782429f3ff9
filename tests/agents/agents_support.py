"""Shared helpers of the agent tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def decision_points(game: Any, seed: int, agents: list[Any]) -> Iterator[Any]:
    """Every decision point of one hand dealt by seat ``seed % players`` (chance from ``seed``;
    the agents' choices applied as it goes)."""
    rng = random.Random(seed)
    state = game.new_hand(seed % game.num_players)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        yield state
        seat = state.current_player()
        state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
