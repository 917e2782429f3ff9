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
    """A short name for the player, usually its level (``"random"``, ``"easy"``, ``"hard"``, ...)."""

    def act(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        """One of ``legal_actions``, chosen from what ``view`` shows."""
        ...


class RandomAgent:
    """Uniformly random legal actions, from its own seeded generator."""

    name = "random"
    """Level name: ``"random"``."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        """The generator every choice is drawn from (seeded with ``seed``)."""

    def act(self, view: Any, legal_actions: Sequence[A]) -> A:
        """A uniformly random one of ``legal_actions`` (``view`` is ignored); ``ValueError`` if there are none."""
        if not legal_actions:
            raise ValueError("no legal actions to choose from")
        return legal_actions[self.rng.randrange(len(legal_actions))]
