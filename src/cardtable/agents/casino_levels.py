"""Constructors of the Casino levels ``easy``, ``medium`` and ``hard`` for :func:`make_agent`.

``hard`` thinks for its default time per decision; the environment variable
``CARDTABLE_CASINO_HARD_BUDGET`` (seconds) changes it for agents made by name,
e.g. for quicker strength runs in the arena.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["LEVELS", "make_casino_agent"]

LEVELS = ("easy", "medium", "hard")


def make_casino_agent(level: str, seed: int | None = None, **options: Any) -> Any:
    if level == "easy":
        from .casino_easy import EasyCasinoAgent

        return EasyCasinoAgent(seed)
    if level == "medium":
        from .casino_medium import MediumCasinoAgent

        return MediumCasinoAgent(seed)
    if level == "hard":
        from .casino_hard import HardCasinoAgent

        budget = os.environ.get("CARDTABLE_CASINO_HARD_BUDGET")
        if budget and "time_budget" not in options:
            options["time_budget"] = float(budget)
        return HardCasinoAgent(seed, **options)
    raise ValueError(f"unknown casino level {level!r}")
