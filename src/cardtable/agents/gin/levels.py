"""Constructors of the Gin Rummy levels ``easy``, ``medium`` and ``hard`` for :func:`make_agent`."""

from __future__ import annotations

from typing import Any

__all__ = ["LEVELS", "make_gin_agent"]

LEVELS = ("easy", "simple", "medium", "hard")
"""The Gin Rummy levels :func:`make_gin_agent` builds (``random`` aside), weakest first."""


def make_gin_agent(level: str, seed: int | None = None, **options: Any) -> Any:
    """A new agent of ``level`` (one of :data:`LEVELS`) with ``seed`` and ``options`` for its constructor
    (``simple`` takes no seed); ``ValueError`` for any other level."""
    if level == "simple":
        from .simple import SimpleGinAgent

        return SimpleGinAgent(**options)
    if level == "easy":
        from .easy import EasyGinAgent

        return EasyGinAgent(seed, **options)
    if level == "medium":
        from .medium import MediumGinAgent

        return MediumGinAgent(seed, **options)
    if level == "hard":
        from .hard import HardGinAgent

        return HardGinAgent(seed, **options)
    raise ValueError(f"unknown gin level {level!r}")
