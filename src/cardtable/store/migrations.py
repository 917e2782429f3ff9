"""Versioned schema: an ordered list of migration steps, applied at open.

A new database runs every step from version 1, so the upgrade path is the
path every database takes. Each step keeps its own frozen table definitions
and plain SQL that SQLite and PostgreSQL both accept; it never imports the
current tables from :mod:`.schema`. The steps run in one transaction, under
SQLite's write lock (``BEGIN IMMEDIATE``) or a PostgreSQL advisory lock, so
two programs opening the same database at once migrate it once, and a failed
step leaves the database as it was (both databases have transactional DDL).

To change the schema: append a :class:`Migration`, bump
:data:`cardtable.store.schema.LATEST_VERSION`, update :mod:`.schema`, and add
a test that upgrades a database of the previous version.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    inspect,
    text,
)

from .errors import SchemaError
from .schema import LATEST_VERSION
from .schema import schema_version as schema_version_table
from .seats import SeatKind

__all__ = ["Migration", "MIGRATIONS", "current_version", "run_migrations", "side_margin"]

_PG_LOCK_KEY = 0x63617264  # "card": serializes migrations between processes on PostgreSQL


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    apply: Callable[[Connection], None]


def _v1_initial(conn: Connection) -> None:
    """Players, games, records."""
    md = MetaData()
    Table(
        "players", md,
        Column("id", Integer, primary_key=True),
        Column("name", String(200), nullable=False, unique=True),
        Column("created_at", DateTime, nullable=False),
    )
    Table(
        "games", md,
        Column("id", Integer, primary_key=True),
        Column("game", String(32), nullable=False),
        Column("rules", Text, nullable=False),
        Column("seed", String(64), nullable=True),
        Column("seat_names", Text, nullable=False),
        Column("seat_kinds", Text, nullable=False),
        Column("status", String(16), nullable=False),
        Column("created_at", DateTime, nullable=False),
        Column("updated_at", DateTime, nullable=False),
        Column("final_totals", Text, nullable=True),
        Column("winner", Integer, nullable=True),
    )
    Table(
        "records", md,
        Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, autoincrement=False),
        Column("record", Text, nullable=False),
        Column("moves", Integer, nullable=False),
    )
    md.create_all(conn)


def _v2_seats_and_summary(conn: Connection) -> None:
    """Seats table, public uid, running totals, margin, hand and move counts, source, indexes."""
    for ddl in (
        "ALTER TABLE games ADD COLUMN uid VARCHAR(32)",
        "ALTER TABLE games ADD COLUMN totals TEXT",
        "ALTER TABLE games ADD COLUMN margin INTEGER",
        "ALTER TABLE games ADD COLUMN hands INTEGER DEFAULT 0 NOT NULL",
        "ALTER TABLE games ADD COLUMN moves INTEGER DEFAULT 0 NOT NULL",
        "ALTER TABLE games ADD COLUMN source VARCHAR(16) DEFAULT 'local' NOT NULL",
        """CREATE TABLE game_seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            side INTEGER NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players (id),
            kind VARCHAR(16) NOT NULL,
            level VARCHAR(32),
            PRIMARY KEY (game_id, seat)
        )""",
        "CREATE INDEX ix_game_seats_player ON game_seats (player_id)",
        "CREATE INDEX ix_games_status_updated ON games (status, updated_at)",
        "CREATE INDEX ix_games_game ON games (game)",
    ):
        conn.execute(text(ddl))
    rows = conn.execute(text(
        "SELECT g.id, g.game, g.rules, g.seat_names, g.seat_kinds, g.final_totals, g.winner, r.record "
        "FROM games g LEFT JOIN records r ON r.game_id = g.id ORDER BY g.id"
    )).all()
    now = _utcnow()
    for gid, game, rules, names_json, kinds_json, final_json, winner, record in rows:
        names = _json_list(names_json, str)
        kinds = _json_list(kinds_json, str)
        seats = len(names)
        hand_points: list[list[int]] = []
        hands = moves = 0
        rec = _json(record)
        if isinstance(rec, dict):
            hl = rec.get("hands")
            if isinstance(hl, list):
                hands = len(hl)
                moves = sum(len(h) for h in hl if isinstance(h, list))
            hp = rec.get("hand_points")
            if isinstance(hp, list) and all(isinstance(p, list) for p in hp):
                hand_points = hp
        totals = [sum(int(p[i]) for p in hand_points if i < len(p)) for i in range(max((len(p) for p in hand_points), default=0))]
        final = _json_list(final_json, int)
        margin = side_margin(final, winner) if final and isinstance(winner, int) else None
        conn.execute(
            text("UPDATE games SET uid = :uid, totals = :totals, margin = :margin, hands = :hands, moves = :moves WHERE id = :id"),
            {"uid": uuid.uuid4().hex, "totals": json.dumps(totals) if totals else None, "margin": margin,
             "hands": hands, "moves": moves, "id": gid},
        )
        side_of = _side_function(game, rules)
        for seat in range(seats):
            kind = _seat_kind(kinds[seat] if seat < len(kinds) else "human")
            player_id = _player_id(conn, names[seat], now)
            conn.execute(
                text("INSERT INTO game_seats (game_id, seat, side, player_id, kind, level) "
                     "VALUES (:g, :s, :side, :p, :k, :l)"),
                {"g": gid, "s": seat, "side": side_of(seat), "p": player_id, "k": kind.kind, "l": kind.level},
            )
    conn.execute(text("CREATE UNIQUE INDEX ux_games_uid ON games (uid)"))


def _v3_web_tables(conn: Connection) -> None:
    """Web tables: a public id, the game they play, seats (kinds, names, token hashes) and an undo count."""
    conn.execute(text(
        """CREATE TABLE web_tables (
            id VARCHAR(32) NOT NULL PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seats TEXT NOT NULL,
            undos INTEGER DEFAULT 0 NOT NULL,
            created_at TIMESTAMP NOT NULL
        )"""
    ))
    conn.execute(text("CREATE UNIQUE INDEX ux_web_tables_game ON web_tables (game_id)"))


def _v4_moves(conn: Connection) -> None:
    """Moves appended one row each since the record was last written whole (existing records stay as they are)."""
    conn.execute(text(
        """CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            hand INTEGER NOT NULL,
            action VARCHAR(200) NOT NULL,
            PRIMARY KEY (game_id, seq)
        )"""
    ))


def _v5_lobby_state(conn: Connection) -> None:
    """Web tables keep the lobby's state across a restart: listed publicly or not, and which seats have come."""
    conn.execute(text("ALTER TABLE web_tables ADD COLUMN public BOOLEAN DEFAULT FALSE NOT NULL"))
    conn.execute(text("ALTER TABLE web_tables ADD COLUMN joined VARCHAR(200) DEFAULT '[]' NOT NULL"))


def _v6_wide_margin(conn: Connection) -> None:
    """``games.margin`` holds 64-bit numbers: the rules' bounds let a long match's margin pass 2**31 (with
    the largest box bonus, some 10**5 hands won). SQLite's integers already have 64 bits."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("ALTER TABLE games ALTER COLUMN margin TYPE BIGINT"))


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "players, games, records", _v1_initial),
    Migration(2, "game seats, public uid, totals, margin, counts, source", _v2_seats_and_summary),
    Migration(3, "web tables with per-seat token hashes", _v3_web_tables),
    Migration(4, "moves appended one row each", _v4_moves),
    Migration(5, "web tables: public flag and joined seats", _v5_lobby_state),
    Migration(6, "games: 64-bit margin", _v6_wide_margin),
)
assert [m.version for m in MIGRATIONS] == list(range(1, LATEST_VERSION + 1))


def current_version(conn: Connection) -> int:
    """The schema version of the database (0 for an empty one)."""
    if not inspect(conn).has_table("schema_version"):
        return 0
    value = conn.execute(text("SELECT MAX(version) FROM schema_version")).scalar()
    return int(value or 0)


def run_migrations(conn: Connection, target: int = LATEST_VERSION) -> list[int]:
    """Apply the missing steps up to ``target`` inside the caller's transaction; return the versions applied."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK_KEY})
    insp = inspect(conn)
    if not insp.has_table("schema_version"):
        if insp.has_table("games") or insp.has_table("records"):
            raise SchemaError("the database has cardtable-like tables but no schema_version table; not opening it")
        schema_version_table.create(conn)
    version = current_version(conn)
    if version > LATEST_VERSION:
        raise SchemaError(
            f"the database has schema version {version}, newer than this cardtable knows ({LATEST_VERSION}); "
            "upgrade cardtable to open it"
        )
    applied = []
    for step in MIGRATIONS[version:target]:
        step.apply(conn)
        conn.execute(
            schema_version_table.insert().values(version=step.version, description=step.description,
                                                 applied_at=_utcnow())
        )
        applied.append(step.version)
    return applied


# --- helpers shared with the store -----------------------------------------------------------

def side_margin(totals: list[int], side: int) -> int:
    """How far ``side`` is ahead of the best other side (negative when behind)."""
    others = [t for i, t in enumerate(totals) if i != side]
    return totals[side] - max(others) if others and 0 <= side < len(totals) else 0


def _utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _json(value: Any) -> Any:
    if not isinstance(value, str):
        return None
    try:
        return json.loads(value)
    except ValueError:
        return None


def _json_list(value: Any, kind: type) -> list[Any]:
    data = _json(value)
    return data if isinstance(data, list) and all(isinstance(x, kind) for x in data) else []


def _seat_kind(value: str) -> SeatKind:
    try:
        return SeatKind.parse(value)
    except Exception:
        return SeatKind("unknown")


def _side_function(game: str, rules_json: str) -> Callable[[int], int]:
    from ..registry import make_game

    try:
        descriptor = make_game(game, rules=_json(rules_json))
    except Exception:
        return lambda seat: seat
    return descriptor.side_of


def _player_id(conn: Connection, name: str, now: datetime) -> int:
    found = conn.execute(text("SELECT id FROM players WHERE name = :n"), {"n": name}).scalar()
    if found is None:
        insert = text("INSERT INTO players (name, created_at) VALUES (:n, :t)").bindparams(bindparam("t", type_=DateTime))
        conn.execute(insert, {"n": name, "t": now})
        found = conn.execute(text("SELECT id FROM players WHERE name = :n"), {"n": name}).scalar_one()
    return int(found)
