"""The agent interface: agents see only a seat's view and the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = ["Agent", "RandomAgent"]

A = TypeVar("A")


@runtime_checkable
class Agent(Protocol):
    """Chooses an action from ``legal_actions`` given ``view`` (everything its seat may know)."""

    name: str

    def act(self, view: Any, legal_actions: Sequence[Any]) -> Any: ...


class RandomAgent:
    """Uniformly random legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any, legal_actions: Sequence[A]) -> A:
        if not legal_actions:
            raise ValueError("no legal actions to choose from")
        return legal_actions[self.rng.randrange(len(legal_actions))]
