"""Saving move by move is an append (schema version 4): one row per action, the record rewritten only at a hand's end."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, insert, select, text

from cardtable.agents import RandomAgent
from cardtable.match import Match
from cardtable.store import LATEST_VERSION, CorruptRecordError, Store, StoreError
from cardtable.store import schema as s


def _step(match: Match, agents: list[RandomAgent]) -> None:
    """One player move (and the chance steps after it)."""
    match.resolve_chance()
    seat = match.state.current_player()
    match.apply(agents[seat].act(match.state.view(seat), match.state.legal_actions()))
    match.resolve_chance()


def _total(match: Match) -> int:
    return sum(len(h.actions) for h in match.hands)


def _saved_game(store: Store, seed: int, steps: int) -> tuple[Match, int, int, list[RandomAgent]]:
    """A match saved whole once, then ``steps`` moves saved one by one: (match, game id, actions saved, agents)."""
    match = Match("gin", seed=seed, seat_names=["A", "B"])
    match.resolve_chance()
    game_id = store.save_match(match)
    saved = _total(match)
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(steps):
        _step(match, agents)
        saved = store.save_moves(match, game_id, saved)
    return match, game_id, saved, agents


def _counts(store: Store, game_id: int) -> tuple[str, int, int, int]:
    """(record text, records.moves, games.moves, moves rows) of a game."""
    with store.engine.connect() as conn:
        rec = conn.execute(select(s.records.c.record, s.records.c.moves).where(s.records.c.game_id == game_id)).one()
        games_moves = conn.execute(select(s.games.c.moves).where(s.games.c.id == game_id)).scalar_one()
        rows = conn.execute(select(func.count()).select_from(s.moves).where(s.moves.c.game_id == game_id)).scalar_one()
    return rec.record, int(rec.moves), int(games_moves), int(rows)


def test_moves_are_appended_within_a_hand_and_compacted_at_its_end(store: Store) -> None:
    match = Match("gin", seed=11, seat_names=["A", "B"], target_score=60)
    match.resolve_chance()
    game_id = store.save_match(match)
    saved = _total(match)
    first_record, rec_moves, _, _ = _counts(store, game_id)
    agents = [RandomAgent(1), RandomAgent(2)]
    hand = len(match.hands)
    for _ in range(6):
        _step(match, agents)
        assert len(match.hands) == hand
        saved = store.save_moves(match, game_id, saved)
    record, rec_moves2, games_moves, rows = _counts(store, game_id)
    assert record == first_record and rec_moves2 == rec_moves  # the record itself was not rewritten
    assert games_moves == saved == _total(match) and rows == saved - rec_moves
    again = store.load_match(game_id)
    assert again.state == match.state and again.hands[-1].actions == match.hands[-1].actions
    while len(match.hands) == hand:  # play to the end of the hand: the save then writes the record whole
        _step(match, agents)
        saved = store.save_moves(match, game_id, saved)
    record, rec_moves, games_moves, rows = _counts(store, game_id)
    assert record != first_record and rec_moves == games_moves == saved and rows == 0
    assert store.load_match(game_id).totals == match.totals
    while not match.is_over():
        _step(match, agents)
        saved = store.save_moves(match, game_id, saved)
    info = store.game_info(game_id)
    assert info.status == "finished" and info.final_totals == tuple(match.outcome.final_totals)  # type: ignore[union-attr]
    assert _counts(store, game_id)[3] == 0
    assert store.load_record(game_id).replay().outcome == match.outcome


def test_a_stale_or_failed_append_changes_nothing(store: Store) -> None:
    match, game_id, saved, agents = _saved_game(store, 3, 1)
    before = _counts(store, game_id)
    _step(match, agents)
    with pytest.raises(StoreError, match="saved elsewhere"):  # the caller's count is behind the database's
        store.save_moves(match, game_id, saved - 1)
    assert _counts(store, game_id) == before
    with store.engine.begin() as conn:  # a row in the way: the insert fails, so must the game row's update
        conn.execute(insert(s.moves).values(game_id=game_id, seq=_total(match) - 1, hand=0, action="x"))
    with pytest.raises(StoreError, match="database error"):
        store.save_moves(match, game_id, saved)
    with store.engine.begin() as conn:
        assert conn.execute(select(s.games.c.moves).where(s.games.c.id == game_id)).scalar_one() == saved
        conn.execute(s.moves.delete().where(s.moves.c.action == "x"))
    assert store.save_moves(match, game_id, saved) == _total(match)
    assert store.load_match(game_id).state == match.state
    other = Match("gin", seed=4, seat_names=["A", "B"])
    other.resolve_chance()
    with pytest.raises(StoreError, match="another match"):
        store.save_moves(other, game_id, 0)


def test_a_gap_in_the_stored_moves_is_a_corrupt_record(store: Store) -> None:
    _, game_id, _, _ = _saved_game(store, 5, 3)
    with store.engine.begin() as conn:
        first = conn.execute(select(func.min(s.moves.c.seq)).where(s.moves.c.game_id == game_id)).scalar_one()
        conn.execute(s.moves.delete().where(s.moves.c.game_id == game_id, s.moves.c.seq == first))
    with pytest.raises(CorruptRecordError, match="out of order"):
        store.load_match(game_id)


def test_a_version_3_database_upgrades_and_appends(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'v3.db'}"
    match = Match("gin", seed=9, seat_names=["A", "B"])
    match.resolve_chance()
    with Store.open(url) as store:
        game_id = store.save_match(match)
    engine = create_engine(url)
    with engine.begin() as conn:  # back to version 3, as written before moves were appended
        conn.execute(text("DROP TABLE moves"))
        conn.execute(text("ALTER TABLE web_tables DROP COLUMN public"))
        conn.execute(text("ALTER TABLE web_tables DROP COLUMN joined"))
        conn.execute(text("DELETE FROM schema_version WHERE version >= 4"))
    engine.dispose()
    with Store.open(url) as store:
        assert store.version() == LATEST_VERSION >= 4
        agents = [RandomAgent(1), RandomAgent(2)]
        _step(match, agents)
        saved = store.save_moves(match, game_id, sum(len(h) for h in store.load_record(game_id).hands))
        assert saved == _total(match) and store.load_match(game_id).state == match.state


def test_a_locked_sqlite_database_fails_within_the_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"
    with Store.open(path, busy_timeout=0.3) as store:
        match = Match("gin", seed=2, seat_names=["A", "B"])
        match.resolve_chance()
        game_id = store.save_match(match)
        saved = _total(match)
        _step(match, [RandomAgent(1), RandomAgent(2)])
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
        try:
            t0 = time.monotonic()
            with pytest.raises(StoreError, match="locked"):
                store.save_moves(match, game_id, saved)
            assert time.monotonic() - t0 < 3.0
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert store.save_moves(match, game_id, saved) == _total(match)
        assert store.load_match(game_id).state == match.state


def test_the_autosaver_appends_while_the_match_grows_and_rewrites_after_undo(store: Store) -> None:
    from cardtable.record import GameRecord
    from cardtable.store import Autosaver

    match = Match("gin", seed=21, seat_names=["A", "B"])
    match.resolve_chance()
    autosave = Autosaver(store, match, ["human", "computer:random"])
    game_id = autosave()
    assert game_id is not None
    first_record = _counts(store, game_id)[0]
    agents = [RandomAgent(1), RandomAgent(2)]
    hand = len(match.hands)
    for _ in range(4):
        _step(match, agents)
        if len(match.hands) != hand:
            break
        autosave()
        record, rec_moves, games_moves, rows = _counts(store, game_id)
        assert record == first_record and rows == games_moves - rec_moves > 0  # appended
    undone = GameRecord.from_match(match).prefix(len(match.hands) - 1, 0).replay()  # as after an undo
    autosave(undone)
    record, rec_moves, games_moves, rows = _counts(store, game_id)
    assert rows == 0 and rec_moves == games_moves == _total(undone)
    assert store.load_match(game_id).state == undone.state
