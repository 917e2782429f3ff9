"""Store fixtures: every store test runs on SQLite, and also on PostgreSQL when
``CARDTABLE_TEST_POSTGRES_URL`` is set (each test then gets its own schema)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from cardtable.agents import make_agent
from cardtable.match import Match
from cardtable.store import Autosaver, Store
from pg_schema import fresh_schema

PG_URL = os.environ.get("CARDTABLE_TEST_POSTGRES_URL", "").strip()
BACKENDS = ["sqlite"] + (["postgresql"] if PG_URL else [])


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_url(backend: str, tmp_path: Any) -> Iterator[str]:
    """A fresh empty database: a SQLite file in tmp_path, or a new PostgreSQL schema."""
    if backend == "sqlite":
        yield str(tmp_path / "data" / "cardtable.db")
        return
    with fresh_schema(PG_URL) as url:
        yield url


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    st = Store.open(db_url)
    yield st
    st.close()


def agents_for(levels: Sequence[str], seed: int) -> list[Any]:
    return [make_agent("gin", lvl, seed=seed * 10 + i) for i, lvl in enumerate(levels)]


def play(match: Match, agents: Sequence[Any], autosave: Autosaver | None = None, moves: int | None = None) -> int:
    """Play (up to ``moves`` player moves), saving after each; return the moves played."""
    done = 0
    while not match.is_over() and (moves is None or done < moves):
        match.resolve_chance()
        if match.is_over():
            break
        seat = match.state.current_player()
        match.apply(agents[seat].act(match.state.view(seat), match.state.legal_actions()))
        done += 1
        if autosave is not None:
            autosave()
    if autosave is not None:
        autosave()
    return done


def quick_match(seed: int, levels: Sequence[str] = ("simple", "simple"), target: int = 25,
                names: Sequence[str] = ("You", "Computer")) -> Match:
    """A finished short gin match (low target score)."""
    match = Match("gin", seed=seed, seat_names=list(names), target_score=target)
    play(match, agents_for(levels, seed))
    return match
