"""Computer players. Every agent acts on a view, never on the full state."""

from __future__ import annotations

from typing import Any

from .base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent", "AGENT_LEVELS"]

AGENT_LEVELS: dict[str, tuple[str, ...]] = {
    "gin": ("random", "easy", "simple", "medium", "hard"),
    "casino": ("random",),
    "pinochle": ("random",),
}


def make_agent(game: str, level: str, seed: int | None = None) -> Any:
    """An agent of the named level for ``game`` (``random`` exists for every game)."""
    if level == "random":
        return RandomAgent(seed)
    if game == "gin" and level == "simple":
        from .gin_simple import SimpleGinAgent

        return SimpleGinAgent()
    if game == "gin" and level in ("easy", "medium", "hard"):
        from .gin_levels import make_gin_agent

        return make_gin_agent(level, seed)
    levels = AGENT_LEVELS.get(game, ())
    raise ValueError(f"unknown agent level {level!r} for {game}; available: {', '.join(levels)}")
