"""Constructors of the Pinochle levels ``easy``, ``medium`` and ``hard`` for :func:`make_agent`."""

from __future__ import annotations

from typing import Any

__all__ = ["LEVELS", "make_pinochle_agent"]

LEVELS = ("easy", "medium", "hard")
"""The Pinochle levels :func:`make_pinochle_agent` builds (``random`` aside), weakest first."""


def make_pinochle_agent(level: str, seed: int | None = None, **options: Any) -> Any:
    """A new agent of ``level`` (one of :data:`LEVELS`) with ``seed`` and ``options`` for its constructor;
    ``ValueError`` for any other level."""
    if level == "easy":
        from .easy import EasyPinochleAgent

        return EasyPinochleAgent(seed, **options)
    if level == "medium":
        from .medium import MediumPinochleAgent

        return MediumPinochleAgent(seed, **options)
    if level == "hard":
        from .hard import HardPinochleAgent

        return HardPinochleAgent(seed, **options)
    raise ValueError(f"unknown pinochle level {level!r}")
