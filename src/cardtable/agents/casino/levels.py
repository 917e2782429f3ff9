"""Constructors of the Casino levels ``easy``, ``medium`` and ``hard`` for :func:`make_agent`."""

from __future__ import annotations

from typing import Any

__all__ = ["LEVELS", "make_casino_agent"]

LEVELS = ("easy", "medium", "hard")
"""The Casino levels :func:`make_casino_agent` builds (``random`` aside), weakest first."""


def make_casino_agent(level: str, seed: int | None = None, **options: Any) -> Any:
    """A new agent of ``level`` (one of :data:`LEVELS`) with ``seed`` and ``options`` for its constructor;
    ``ValueError`` for any other level."""
    if level == "easy":
        from .easy import EasyCasinoAgent

        return EasyCasinoAgent(seed, **options)
    if level == "medium":
        from .medium import MediumCasinoAgent

        return MediumCasinoAgent(seed, **options)
    if level == "hard":
        from .hard import HardCasinoAgent

        return HardCasinoAgent(seed, **options)
    raise ValueError(f"unknown casino level {level!r}")
