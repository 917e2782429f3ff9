"""Issue #19 item 7: the store holds every number the rules' bounds allow, and a write the database refuses
(not an outage) is a :class:`StoreRefusedError` that changes nothing. SQLite always; PostgreSQL too when
``CARDTABLE_TEST_POSTGRES_URL`` is set (see ``conftest``)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text, update

import cardtable.store.store as store_module
from cardtable.gin import GinRules
from cardtable.match import Match
from cardtable.rules import MAX_BONUS, MAX_TARGET
from cardtable.store import Store, StoreError, StoreRefusedError
from cardtable.store import schema as s

from .conftest import agents_for, play

MAX_DEADWOOD = 100
"""More than any Gin hand's deadwood (10 cards, none worth more than 10)."""


def gin_margin_bound(hands: int) -> int:
    """The largest margin a Gin match of ``hands`` hands can end with under the rules' bounds.

    A hand scores at most a bonus plus the deadwood, doubled by Oklahoma's spade upcard; the match ends on the
    hand that reaches the target, and then the winner gets the game bonus, a box bonus per hand won, and a
    doubled total for a shutout (more than the flat shutout bonus). The rules do not bound the number of hands.
    """
    hand = 2 * (MAX_BONUS + MAX_DEADWOOD)
    assert GinRules(gin_bonus=MAX_BONUS, undercut_bonus=MAX_BONUS, big_gin_bonus=MAX_BONUS, oklahoma=True)
    return 2 * (MAX_TARGET - 1 + hand + MAX_BONUS + hands * MAX_BONUS)


def _saved(store: Store) -> tuple[Match, int, int, list[Any]]:
    match = Match("gin", seed=21, seat_names=["You", "Bot"])
    agents = agents_for(["simple", "simple"], 21)
    play(match, agents, moves=3)
    gid = store.save_match(match, seat_kinds=["human", "simple"])
    return match, gid, sum(len(h.actions) for h in match.hands), agents


def test_the_margin_column_holds_the_largest_margin_the_bounds_allow(store: Store) -> None:
    _, gid, _, _ = _saved(store)
    widest = gin_margin_bound(hands=10**9)  # a billion hands: some 2 * 10**13, past 32 bits, far within 64
    assert 2**31 < widest < 2**63
    with store.engine.begin() as conn:
        conn.execute(update(s.games).where(s.games.c.id == gid).values(margin=widest))
    assert store.game_info(gid).margin == widest


def _refuse_moves(store: Store) -> None:
    """The database refuses every new move row (as it would a value it cannot hold)."""
    with store.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("CREATE FUNCTION refuse_move() RETURNS trigger AS $$ BEGIN "
                              "RAISE EXCEPTION 'refused by the test' USING ERRCODE = 'check_violation'; END $$ "
                              "LANGUAGE plpgsql"))
            conn.execute(text("CREATE TRIGGER refuse BEFORE INSERT ON moves FOR EACH ROW EXECUTE FUNCTION refuse_move()"))
        else:
            conn.execute(text("CREATE TRIGGER refuse BEFORE INSERT ON moves BEGIN "
                              "SELECT RAISE(ABORT, 'refused by the test'); END"))


def _allow_moves(store: Store) -> None:
    with store.engine.begin() as conn:
        conn.execute(text("DROP TRIGGER refuse ON moves" if conn.dialect.name == "postgresql"
                          else "DROP TRIGGER refuse"))


def test_a_refused_write_is_a_refusal_not_an_outage_and_changes_nothing(store: Store) -> None:
    match, gid, saved, agents = _saved(store)
    play(match, agents, moves=1)
    before = store.game_info(gid)
    _refuse_moves(store)
    with pytest.raises(StoreRefusedError, match="refused by the test"):
        store.save_moves(match, gid, saved)
    after = store.game_info(gid)
    assert (after.moves, after.updated_at) == (before.moves, before.updated_at)
    _allow_moves(store)
    assert store.save_moves(match, gid, saved) > saved


def test_a_number_the_database_cannot_hold_is_refused(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a target of 10**30 did: SQLite's driver raised OverflowError, PostgreSQL refused the value."""
    match, gid, _, _ = _saved(store)
    before = store.game_info(gid)

    def huge(*args: Any) -> dict[str, Any]:
        return {**summary(*args), "margin": 10**30}

    summary = store_module._summary
    monkeypatch.setattr(store_module, "_summary", huge)
    with pytest.raises(StoreRefusedError) as info:
        store.save_match(match, gid)
    assert isinstance(info.value, StoreError) and "\n" not in str(info.value)
    monkeypatch.undo()
    assert store.game_info(gid) == before


def test_a_version_5_database_gets_the_wide_margin_and_keeps_its_games(db_url: str) -> None:
    """Schema v6 widens ``games.margin`` in place (PostgreSQL's was 32-bit); the stored games stay."""
    from sqlalchemy import create_engine

    from cardtable.store import LATEST_VERSION, database_url
    from cardtable.store.migrations import run_migrations

    with Store.open(db_url) as store:
        _, gid, _, _ = _saved(store)
    engine = create_engine(database_url(db_url))
    with engine.begin() as conn:  # back to version 5, as written before this change
        if conn.dialect.name == "postgresql":
            conn.execute(text("ALTER TABLE games ALTER COLUMN margin TYPE INTEGER"))
        conn.execute(text("DELETE FROM schema_version WHERE version >= 6"))
        assert run_migrations(conn, target=5) == []
    engine.dispose()
    with Store.open(db_url) as store:
        assert store.version() == LATEST_VERSION >= 6
        with store.engine.begin() as conn:
            conn.execute(update(s.games).where(s.games.c.id == gid).values(margin=2**40))
        assert store.game_info(gid).margin == 2**40 and store.load_match(gid).hands
