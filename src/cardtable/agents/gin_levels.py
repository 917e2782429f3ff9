"""Constructors of the Gin Rummy levels ``easy``, ``medium`` and ``hard`` for :func:`make_agent`."""

from __future__ import annotations

from typing import Any

__all__ = ["LEVELS", "make_gin_agent"]

LEVELS = ("easy", "simple", "medium", "hard")


def make_gin_agent(level: str, seed: int | None = None, **options: Any) -> Any:
    if level == "simple":
        from .gin_simple import SimpleGinAgent

        return SimpleGinAgent(**options)
    if level == "easy":
        from .gin_easy import EasyGinAgent

        return EasyGinAgent(seed, **options)
    if level == "medium":
        from .gin_medium import MediumGinAgent

        return MediumGinAgent(seed, **options)
    if level == "hard":
        from .gin_hard import HardGinAgent

        return HardGinAgent(seed, **options)
    raise ValueError(f"unknown gin level {level!r}")
