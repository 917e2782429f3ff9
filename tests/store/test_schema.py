"""Schema versions and migrations, SQLite settings, and where the database lives."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from cardtable.match import Match
from cardtable.store import (
    LATEST_VERSION,
    CorruptRecordError,
    SchemaError,
    Store,
    StoreError,
    database_url,
    default_database_path,
)
from cardtable.store.location import sqlite_path
from cardtable.store.migrations import MIGRATIONS
from cardtable.store.schema import metadata

from .conftest import agents_for, play, quick_match

# Version 1 of the schema, written out by hand as the first release created it.
V1_DDL = """
CREATE TABLE schema_version (version INTEGER NOT NULL PRIMARY KEY, description VARCHAR(200) NOT NULL,
    applied_at TIMESTAMP NOT NULL);
CREATE TABLE players (id {serial} PRIMARY KEY, name VARCHAR(200) NOT NULL UNIQUE, created_at TIMESTAMP NOT NULL);
CREATE TABLE games (id {serial} PRIMARY KEY, game VARCHAR(32) NOT NULL, rules TEXT NOT NULL, seed VARCHAR(64),
    seat_names TEXT NOT NULL, seat_kinds TEXT NOT NULL, status VARCHAR(16) NOT NULL, created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL, final_totals TEXT, winner INTEGER);
CREATE TABLE records (game_id INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    record TEXT NOT NULL, moves INTEGER NOT NULL);
INSERT INTO schema_version VALUES (1, 'players, games, records', '2026-11-01 10:00:00');
"""


def _v1_database(url: str, backend: str, rows: list[tuple[str, dict[str, object]]]) -> None:
    path = sqlite_path(database_url(url))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(database_url(url))
    serial = "SERIAL" if backend == "postgresql" else "INTEGER"
    with engine.begin() as conn:
        for stmt in V1_DDL.format(serial=serial).split(";"):
            if stmt.strip():
                conn.execute(text(stmt))
        for sql, params in rows:
            conn.execute(text(sql), params)
    engine.dispose()


def _v1_game_rows(matches: list[tuple[object, list[str], str]]) -> list[tuple[str, dict[str, object]]]:
    rows: list[tuple[str, dict[str, object]]] = [
        ("INSERT INTO players (name, created_at) VALUES ('You', '2026-11-01 10:00:00')", {}),
    ]
    for gid, (match, kinds, status) in enumerate(matches, 1):
        rec = match.record()  # type: ignore[attr-defined]
        out = match.outcome  # type: ignore[attr-defined]
        rows.append((
            "INSERT INTO games (game, rules, seed, seat_names, seat_kinds, status, created_at, updated_at, "
            "final_totals, winner) VALUES ('gin', :rules, :seed, :names, :kinds, :status, :t, :t, :final, :winner)",
            {"rules": json.dumps(rec.rules), "seed": str(rec.seed), "names": json.dumps(rec.seat_names),
             "kinds": json.dumps(kinds), "status": status, "t": f"2026-11-0{gid} 12:00:00",
             "final": json.dumps(list(out.final_totals)) if out else None, "winner": out.winner if out else None},
        ))
        rows.append(("INSERT INTO records (game_id, record, moves) VALUES (:g, :r, :m)",
                     {"g": gid, "r": rec.dumps(), "m": sum(len(h) for h in rec.hands)}))
    return rows


def test_upgrade_from_version_1(db_url: str, backend: str) -> None:
    finished = quick_match(7, levels=("simple", "random"), names=("You", "random (1)"))
    unfinished = Match("gin", seed=8, seat_names=["You", "Bot"])
    play(unfinished, agents_for(["simple", "simple"], 8), moves=9)
    _v1_database(db_url, backend, _v1_game_rows([
        (finished, ["human", "random"], "finished"),
        (unfinished, ["human", "computer:simple"], "in_progress"),
    ]))
    with Store.open(db_url) as store:
        assert store.version() == LATEST_VERSION
        games = {g.id: g for g in store.list_games()}
        assert set(games) == {1, 2}
        old = games[1]
        assert finished.outcome is not None
        assert old.status == "finished" and old.final_totals == finished.outcome.final_totals
        assert old.margin == finished.outcome.final_totals[finished.outcome.winner] - min(finished.outcome.final_totals)
        assert old.moves == sum(len(h.actions) for h in finished.hands) and old.hands == len(finished.hands)
        assert old.seat_kinds[1].label == "random" and old.sides == (0, 1)
        assert old.totals == tuple(finished.totals)
        assert len({g.uid for g in games.values()}) == 2 and all(len(g.uid) == 32 for g in games.values())
        assert not any(g.damaged for g in games.values())
        latest = store.latest_unfinished()
        assert latest is not None and latest.id == 2
        assert store.load_match(2).state == unfinished.state
        assert [r.opponent for r in store.stats()] == ["random"]
        # the upgraded database takes new games
        play(unfinished, agents_for(["simple", "simple"], 8), moves=3)
        store.save_match(unfinished, 2)
        new_id = store.save_match(quick_match(9), seat_kinds=["human", "simple"])
        assert new_id == 3
        with store.engine.connect() as conn:
            versions = conn.execute(text("SELECT version FROM schema_version ORDER BY version")).scalars().all()
            assert versions == list(range(1, LATEST_VERSION + 1))
    with Store.open(db_url) as again:  # opening again applies nothing
        assert again.version() == LATEST_VERSION


def test_migration_keeps_bad_rows_readable(db_url: str, backend: str) -> None:
    _v1_database(db_url, backend, [
        ("INSERT INTO games (game, rules, seed, seat_names, seat_kinds, status, created_at, updated_at) "
         "VALUES ('gin', '{}', NULL, '[\"a\", \"b\"]', 'garbage', 'in_progress', '2026-11-01 12:00:00', "
         "'2026-11-01 12:00:00')", {}),
        ("INSERT INTO records (game_id, record, moves) VALUES (1, 'not json', 0)", {}),
    ])
    with Store.open(db_url) as store:
        info = store.game_info(1)
        assert info.seat_names == ("a", "b")
        with pytest.raises(CorruptRecordError, match="game 1: record is not valid JSON"):
            store.load_match(1)


def test_fresh_schema_matches_the_tables(store: Store) -> None:
    insp = inspect(store.engine)
    for table in metadata.sorted_tables:
        assert {c["name"] for c in insp.get_columns(table.name)} == {c.name for c in table.columns}, table.name
        assert {i["name"] for i in insp.get_indexes(table.name)} >= {i.name for i in table.indexes}, table.name
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST_VERSION + 1))


def test_newer_or_foreign_databases_are_refused(db_url: str, backend: str) -> None:
    with Store.open(db_url) as store, store.engine.begin() as conn:
        conn.execute(text("INSERT INTO schema_version (version, description, applied_at) VALUES (99, 'x', :t)"),
                     {"t": datetime(2030, 1, 1)})
    with pytest.raises(SchemaError, match="newer"):
        Store.open(db_url)
    if backend == "sqlite":
        other = Path(db_url).with_name("other.db")
        con = sqlite3.connect(other)
        con.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        con.commit()
        con.close()
        with pytest.raises(SchemaError, match="no schema_version"):
            Store.open(other)


def test_old_schema_without_migrate_is_refused(db_url: str, backend: str) -> None:
    _v1_database(db_url, backend, [])
    with pytest.raises(SchemaError, match="version 1"):
        Store.open(db_url, migrate=False)
    with Store.open(db_url) as store:
        assert store.version() == LATEST_VERSION


def test_sqlite_uses_wal_and_foreign_keys(tmp_path: Path) -> None:
    with Store.open(tmp_path / "x.db", synchronous="full") as store, store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2
        assert store.path == tmp_path / "x.db"
    with pytest.raises(StoreError, match="synchronous"):
        Store.open(tmp_path / "y.db", synchronous="sometimes")


def test_location_env_var_and_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDTABLE_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_database_path() == tmp_path / "xdg" / "cardtable" / "cardtable.db"
    with Store.open() as store:
        assert store.path == tmp_path / "xdg" / "cardtable" / "cardtable.db"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert default_database_path() == Path.home() / ".local" / "share" / "cardtable" / "cardtable.db"
    env_db = tmp_path / "env" / "games.db"
    monkeypatch.setenv("CARDTABLE_DATABASE_URL", f"sqlite:///{env_db}")
    with Store.open() as store:
        store.save_match(quick_match(3))
        assert store.path == env_db
    assert env_db.exists()
    with Store.open(tmp_path / "arg.db") as store:  # an argument beats the variable
        assert store.path == tmp_path / "arg.db" and store.list_games() == []
    monkeypatch.setenv("CARDTABLE_DATABASE_URL", str(env_db))  # a plain path works too
    with Store.open() as store:
        assert len(store.list_games()) == 1
    assert database_url("postgres://u:secret@127.0.0.1:5/db") == "postgresql+psycopg://u:secret@127.0.0.1:5/db"
    assert database_url("postgresql+psycopg://h/db") == "postgresql+psycopg://h/db"
    assert sqlite_path("sqlite://") is None and sqlite_path("sqlite:///rel.db") == Path("rel.db")
    with pytest.raises(StoreError):
        Store.open("nosuchdialect://x")


def test_password_is_not_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(StoreError) as info:
        Store.open("postgresql://cardtable:hunter2@127.0.0.1:1/nodb")
    assert "hunter2" not in str(info.value)


def test_core_imports_without_sqlalchemy() -> None:
    code = (
        "import sys; sys.modules['sqlalchemy'] = None\n"
        "import cardtable, cardtable.match, cardtable.record, cardtable.cli, cardtable.apps.plain\n"
        "try:\n    import cardtable.store\nexcept ImportError as e:\n    print(type(e).__name__, e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("StoreUnavailableError") and "cardtable[store]" in out.stdout
