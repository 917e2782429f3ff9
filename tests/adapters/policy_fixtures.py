"""A policy agent importable by ``module:Class`` specs in the tests (the arena, named levels)."""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.adapters.policy import PolicyAgent


class FirstLegal(PolicyAgent):
    """Always the lowest legal action id."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(lambda obs, mask: int(np.flatnonzero(mask)[0]), name="first-legal", seed=seed)


def make(seed: int | None = None, **options: Any) -> FirstLegal:
    """A factory function works as a spec too."""
    return FirstLegal(seed)
