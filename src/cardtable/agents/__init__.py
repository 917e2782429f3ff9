"""Computer players. Every agent acts on a view, never on the full state.

Each game's levels live in ``agents/<game>_levels.py``, which defines
``LEVELS`` (level names besides ``random``) and ``make_<game>_agent(level, seed)``.
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent", "AGENT_LEVELS"]


def _levels(game: str) -> tuple[str, ...]:
    try:
        module = importlib.import_module(f"{__name__}.{game}_levels")
    except ImportError:
        return ("random",)
    return ("random", *getattr(module, "LEVELS", ()))


AGENT_LEVELS: dict[str, tuple[str, ...]] = {game: _levels(game) for game in ("gin", "casino", "pinochle")}
"""Levels per game, weakest first."""


def make_agent(game: str, level: str, seed: int | None = None) -> Any:
    """An agent of the named level for ``game`` (``random`` exists for every game)."""
    if level == "random":
        return RandomAgent(seed)
    levels = AGENT_LEVELS.get(game, ())
    if level not in levels:
        raise ValueError(f"unknown agent level {level!r} for {game}; available: {', '.join(levels)}")
    module = importlib.import_module(f"{__name__}.{game}_levels")
    factory = getattr(module, f"make_{game}_agent")
    return factory(level, seed)
