"""Fixtures: a registered toy game (2-4 players, partnerships) and a 'high' agent for it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from arena_toygame import HighCardAgent

import cardtable.arena.play as arena_play
import cardtable.arena.runner as arena_runner
from cardtable import registry


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register the toy game as ``toy`` and teach make_agent the ``high`` level (in this process)."""
    real = arena_play.make_agent

    def make_agent(game: str, level: str, seed: int | None = None) -> Any:
        if level == "high":
            return HighCardAgent(seed)
        return real(game, level, seed)

    monkeypatch.setitem(registry.GAMES, "toy", "arena_toygame:ToyGame")
    monkeypatch.setattr(arena_play, "make_agent", make_agent)
    monkeypatch.setattr(arena_runner, "make_agent", make_agent)
    yield "toy"
