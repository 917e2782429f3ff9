"""The current schema (version :data:`LATEST_VERSION`) as SQLAlchemy Core tables.

Queries use these tables; :mod:`cardtable.store.migrations` builds them step by
step, with its own frozen copies of older definitions, so this file may change
only together with a new migration step.

Tables
------
``schema_version``
    one row per applied migration step (``version``, ``description``, ``applied_at``).
``players``
    every name that sat at a table (``id``, ``name`` unique, ``created_at``).
``games``
    one row per match: ``id`` (small integer for the command line), ``uid``
    (32 hex digits, random, unique: the id to put in URLs), ``game``, ``rules``
    (JSON), ``seed`` (decimal text, so any Python int fits), ``seat_names`` and
    ``seat_kinds`` (JSON lists, a copy of ``game_seats`` for quick listing),
    ``status`` (``in_progress``/``finished``/``abandoned``), ``created_at``,
    ``updated_at`` (naive UTC), ``totals`` (JSON, per side, running),
    ``final_totals`` (JSON, with end-of-game bonuses), ``winner`` (side),
    ``margin`` (64-bit since version 6), ``hands``, ``moves``, ``source``
    (``local``/``import``/``web``). Totals are JSON, so any number fits; the
    rules' bounds (:mod:`cardtable.rules`) keep every margin far below 2**63.
``records``
    the :class:`~cardtable.record.GameRecord` JSON of each game (``game_id``
    primary key and foreign key, ``record``, ``moves``: the actions it holds),
    rewritten whole by ``save_match`` and when a hand or the match ends; the
    moves saved in between are rows of ``moves``.
``game_seats``
    ``(game_id, seat)``: ``side``, ``player_id``, ``kind`` (``human``,
    ``computer``, ...) and ``level`` (the computer level).

``web_tables`` (version 3)
    one row per table of the web server: ``id`` (random, public), ``game_id``
    (unique, foreign key), ``seats`` (JSON: kind, level, name and the SHA-256 of
    each human seat's invite token), ``undos`` and ``created_at``; since
    version 5 ``public`` (listed in the lobby) and ``joined`` (JSON list of the
    human seats that have come to the table).

``moves`` (version 4)
    moves saved since the game's record was last written whole: ``(game_id,
    seq)`` with ``seq`` the action's number in the match (0-based, chance steps
    included), ``hand`` (0-based) and ``action`` (notation). Saving a move is an
    insert here plus an update of the ``games`` row; the record (whose
    ``moves`` column counts the actions it holds) is rewritten, and these rows
    deleted, only when a hand or the match ends or the tail grows long. A game's
    actions are its record's followed by its rows with ``seq >= records.moves``.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    false,
)

__all__ = ["LATEST_VERSION", "metadata", "schema_version", "players", "games", "records", "game_seats", "web_tables", "moves", "STATUSES"]

LATEST_VERSION = 6
"""The schema version this release writes; older stores are migrated to it when opened."""

IN_PROGRESS = "in_progress"
"""Status of an unfinished game."""
FINISHED = "finished"
"""Status of a finished game."""
ABANDONED = "abandoned"
"""Status of an unfinished game given up."""
STATUSES = (IN_PROGRESS, FINISHED, ABANDONED)

metadata = MetaData()

schema_version = Table(
    "schema_version",
    metadata,
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("description", String(200), nullable=False),
    Column("applied_at", DateTime, nullable=False),
)

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("created_at", DateTime, nullable=False),
)

games = Table(
    "games",
    metadata,
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
    # version 2
    Column("uid", String(32), nullable=True),
    Column("totals", Text, nullable=True),
    Column("margin", BigInteger, nullable=True),  # 64-bit since version 6
    Column("hands", Integer, nullable=False, server_default="0"),
    Column("moves", Integer, nullable=False, server_default="0"),
    Column("source", String(16), nullable=False, server_default="local"),
    Index("ix_games_status_updated", "status", "updated_at"),
    Index("ix_games_game", "game"),
    Index("ux_games_uid", "uid", unique=True),
)

records = Table(
    "records",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, autoincrement=False),
    Column("record", Text, nullable=False),
    Column("moves", Integer, nullable=False),
)

game_seats = Table(
    "game_seats",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("side", Integer, nullable=False),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("level", String(32), nullable=True),
    PrimaryKeyConstraint("game_id", "seat"),
    Index("ix_game_seats_player", "player_id"),
)

web_tables = Table(
    "web_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seats", Text, nullable=False),
    Column("undos", Integer, nullable=False, server_default="0"),
    Column("created_at", DateTime, nullable=False),
    Column("public", Boolean, nullable=False, server_default=false()),
    Column("joined", String(200), nullable=False, server_default="[]"),
    Index("ux_web_tables_game", "game_id", unique=True),
)

moves = Table(
    "moves",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("hand", Integer, nullable=False),
    Column("action", String(200), nullable=False),
    PrimaryKeyConstraint("game_id", "seq"),
)
