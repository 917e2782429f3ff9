"""The store: saved and finished matches in SQLite (default) or PostgreSQL, through SQLAlchemy 2 Core.

>>> from cardtable.agents import RandomAgent
>>> store = Store.open(":memory:")
>>> match = Match("gin", seed=4, seat_names=["Ann", "random (1)"])
>>> game_id = store.save_match(match, seat_kinds=["human", "computer:random"])
>>> _ = match.play([RandomAgent(1), RandomAgent(2)])
>>> store.save_match(match, game_id) == game_id
True
>>> store.load_match(game_id).totals == match.totals
True
>>> store.game_info(game_id).status
'finished'
>>> store.close()
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, DisconnectionError, InterfaceError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as SATimeoutError
from sqlalchemy.pool import NullPool, StaticPool

from ..errors import CardtableError, CorruptRecordError
from ..match import Match
from ..record import GameRecord
from ..registry import make_game
from . import schema as s
from .errors import GameNotFoundError, SchemaError, StoreConflictError, StoreError, StoreRefusedError
from .location import database_url, sqlite_path
from .migrations import current_version, run_migrations, side_margin
from .seats import SeatKind, parse_seat_kinds

__all__ = ["Store", "GameInfo", "StatRow", "replay_record", "start_match", "read_record_file"]

_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
_SAVED_COLUMNS = ("status", "updated_at", "totals", "final_totals", "winner", "margin", "hands", "moves")
# Built once: saving after every move is the hot path. The identity check (same game, same seed)
# is part of the WHERE clause, so a save is two statements.
_UPDATE_GAME = (
    update(s.games)
    .where(s.games.c.id == bindparam("k_id"), s.games.c.game == bindparam("k_game"),
           s.games.c.seed.is_not_distinct_from(bindparam("k_seed", type_=s.games.c.seed.type)))
    .values({c: bindparam(f"v_{c}", type_=s.games.c[c].type) for c in _SAVED_COLUMNS})
)
_UPDATE_RECORD = (
    update(s.records).where(s.records.c.game_id == bindparam("k_id"))
    .values(record=bindparam("v_record", type_=s.records.c.record.type),
            moves=bindparam("v_moves", type_=s.records.c.moves.type))
)
# Appending moves: the same update, only if the stored move count is what the caller last saved.
_APPEND_GAME = _UPDATE_GAME.where(s.games.c.moves == bindparam("k_moves"))
_MAX_IMPORT_BYTES = 32 * 1024 * 1024
DEFAULT_BUSY_TIMEOUT = 5.0
"""Seconds a SQLite write waits for another program's lock before failing with a clear error."""
CONNECT_TIMEOUT = 5
"""Seconds a PostgreSQL connection attempt may take (a frozen server cannot hang a caller)."""


@dataclass(frozen=True)
class GameInfo:
    """One stored game, without its moves."""

    id: int
    """The game's number in the store (``cardtable resume N``)."""
    uid: str
    """Random 32-hex-digit id, unique: for URLs and references from other tables."""
    game: str
    """The game's registry name."""
    rules: dict[str, Any]
    """The rules options."""
    seed: int | None
    """The match's seed, ``None`` if unseeded."""
    seat_names: tuple[str, ...]
    """One name per seat."""
    seat_kinds: tuple[SeatKind, ...]
    """Who plays each seat: a person or a computer level."""
    sides: tuple[int, ...]
    """The side (partnership) of each seat."""
    status: str
    """``in_progress``, ``finished`` or ``abandoned``."""
    created_at: datetime
    """When the game was first saved."""
    updated_at: datetime
    """When it was last saved."""
    totals: tuple[int, ...]
    """Running points per side (without end-of-game bonuses)."""
    final_totals: tuple[int, ...] | None
    """Final totals per side once finished, else ``None``."""
    winner: int | None
    """The winning side."""
    margin: int | None
    """The winner's final total minus the best other side's, once finished."""
    hands: int
    """The match's hands, the one in progress included."""
    moves: int
    """Actions recorded, chance steps included."""
    source: str
    """Where the game was saved from (e.g. ``web``, ``import``)."""
    damaged: bool = False
    """Some column could not be read; the record itself may still load (or raise :class:`CorruptRecordError`)."""

    @property
    def num_sides(self) -> int:
        """Number of scoring sides."""
        return max(self.sides, default=-1) + 1

    def side_names(self) -> list[str]:
        """One name per side: its seats' names joined by ``&``."""
        names: list[list[str]] = [[] for _ in range(self.num_sides)]
        for seat, side in enumerate(self.sides):
            names[side].append(self.seat_names[seat])
        return [" & ".join(n) for n in names]

    def perspective_seat(self, player: str | None = None) -> int | None:
        """The seat of ``player`` (by name), or else the first human seat; ``None`` if there is none."""
        for seat, (name, kind) in enumerate(zip(self.seat_names, self.seat_kinds)):
            if (player is not None and name == player) or (player is None and kind.is_human):
                return seat
        return None

    def opponents(self, seat: int) -> str:
        """The kinds of the seats on other sides than ``seat``'s, e.g. ``simple`` or ``human`` or ``random+simple``."""
        side = self.sides[seat]
        labels = sorted({k.label for k, sd in zip(self.seat_kinds, self.sides) if sd != side})
        return "+".join(labels) or "-"


@dataclass(frozen=True)
class StatRow:
    """Results of one player against one kind of opposition in one game."""

    game: str
    """The game's registry name."""
    opponent: str
    """The kinds of the other sides' seats, e.g. ``simple`` or ``random+simple``."""
    played: int
    """Finished matches."""
    won: int
    """Finished matches won."""
    lost: int
    """Finished matches lost."""
    abandoned: int
    """Matches abandoned before the end."""
    mean_margin: float | None
    """Mean of (own final total - best other side's), over finished matches."""

    @property
    def win_rate(self) -> float | None:
        """``won / played``, ``None`` before any finished match."""
        return self.won / self.played if self.played else None


def replay_record(record: GameRecord) -> Match:
    """Replay a record into a :class:`Match` (raises :class:`CorruptRecordError`).

    Records without a seed replay with their recorded first dealer, and their
    match continues with fresh randomness (see :meth:`GameRecord.replay`).
    """
    return record.replay()


def start_match(record: GameRecord) -> Match:
    """A new :class:`Match` set up as the record's was (same game, rules, names, first dealer), before any action.

    Apply the record's actions to it by notation to walk through the match.
    """
    try:
        match = Match(make_game(record.game, rules=record.rules), seed=record.seed, seat_names=record.seat_names,
                      first_dealer=record.first_dealer if record.seed is None else None)
    except (CardtableError, ValueError, TypeError) as exc:
        raise CorruptRecordError(f"record cannot be set up: {exc}") from None
    if match.first_dealer != record.first_dealer:
        raise CorruptRecordError("first dealer does not match the seed")
    return match


class Store:
    """Saved games. Open with :meth:`open`; close with :meth:`close` or use as a context manager.

    Every write is one transaction. A game is saved whole with ``save_match``
    and move by move with ``save_moves`` (an append: one row per action, the
    record rewritten only when a hand ends), so a crash loses at most the move
    in flight and a failed save stores none of its moves. Errors of the
    database raise :class:`StoreError`; unreadable records raise
    :class:`CorruptRecordError`; unknown ids raise :class:`GameNotFoundError`.
    """

    def __init__(self, engine: Engine, url: str) -> None:
        """Use :meth:`open`."""
        self._engine = engine
        self._url = url
        self._sqlite = engine.dialect.name == "sqlite"
        # SQLite admits one writer; this program's threads queue here (woken at once) rather than in
        # SQLite's busy handler, which sleeps up to 100 ms between tries. Other programs still meet the
        # busy timeout.
        self._writer = threading.RLock()
        self._busy_timeout = DEFAULT_BUSY_TIMEOUT

    # --- opening ------------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        url_or_path: str | os.PathLike[str] | None = None,
        *,
        synchronous: str = "NORMAL",
        migrate: bool = True,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> Store:
        """Open (and create or upgrade) the database.

        ``url_or_path``: a SQLAlchemy URL, a file path or ``:memory:``; default
        ``$CARDTABLE_DATABASE_URL``, else ``$XDG_DATA_HOME/cardtable/cardtable.db``
        (see :func:`cardtable.store.location.database_url`). SQLite runs in WAL
        mode with foreign keys on; ``synchronous="NORMAL"`` survives a crash of
        the program, ``"FULL"`` also a power cut. With ``migrate=False`` an
        older schema raises :class:`SchemaError` instead of being upgraded.
        ``busy_timeout``: seconds a SQLite write waits for a lock held by
        another program before it fails (PostgreSQL connections time out after
        :data:`CONNECT_TIMEOUT` seconds).
        """
        url = database_url(url_or_path)
        mode = synchronous.upper()
        if mode not in _SYNCHRONOUS:
            raise StoreError(f"synchronous must be one of {', '.join(_SYNCHRONOUS)}")
        store = cls(_create_engine(url, mode, busy_timeout), url)
        store._busy_timeout = busy_timeout
        try:
            with store._write() as conn:
                if migrate:
                    run_migrations(conn)
                else:
                    version = current_version(conn)
                    if version != s.LATEST_VERSION:
                        raise SchemaError(f"database schema version {version}, expected {s.LATEST_VERSION}")
        except BaseException:
            store.close()
            raise
        return store

    @property
    def url(self) -> str:
        """The database URL, password hidden."""
        return make_url(self._url).render_as_string(hide_password=True)

    @property
    def dialect(self) -> str:
        """The database's kind: ``sqlite`` or ``postgresql``."""
        return str(self._engine.dialect.name)

    def secret_url(self) -> str:
        """The database URL with its password, for another client of the same database (e.g. PostgreSQL
        notifications, :mod:`cardtable.apps.web.cluster`); never log it."""
        return make_url(self._url).render_as_string(hide_password=False)

    @property
    def path(self) -> Path | None:
        """The SQLite file, if any."""
        return sqlite_path(self._url) if self._sqlite else None

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (for later tables such as the web server's)."""
        return self._engine

    def close(self) -> None:
        """Release the database connections."""
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def version(self) -> int:
        """The schema version (:data:`cardtable.store.schema.LATEST_VERSION` once open)."""
        with self._read() as conn:
            return current_version(conn)

    # --- transactions ---------------------------------------------------------------------------
    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Connection]:
        try:
            with self._engine.connect() as conn:
                conn.execution_options(cardtable_begin=begin)
                with conn.begin():
                    yield conn
        except SQLAlchemyError as exc:
            if not _outage(exc):  # the database answered "no": waiting for it would not help
                raise StoreRefusedError(f"database error ({self.url}), refused: {_short(exc)}") from exc
            # Reconnect next time: a SQLite file opened read-only stays read-only on its
            # connection after its permissions come back, and a PostgreSQL restart kills them all.
            if isinstance(exc, OperationalError | InterfaceError) and not (self._sqlite and self.path is None):
                self._engine.dispose()
            raise StoreError(f"database error ({self.url}): {_short(exc)}") from exc
        except OverflowError as exc:  # a number the driver cannot send (SQLite's integers have 64 bits)
            raise StoreRefusedError(f"database error ({self.url}), refused: {exc}") from exc

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (SQLite: ``BEGIN IMMEDIATE``, so writers queue instead of failing)."""
        if not self._sqlite:
            with self._transaction("IMMEDIATE") as conn:
                yield conn
            return
        if not self._writer.acquire(timeout=self._busy_timeout):
            raise StoreError(f"database error ({self.url}): database is locked (waited {self._busy_timeout:g} s)")
        try:
            with self._transaction("IMMEDIATE") as conn:
                yield conn
        finally:
            self._writer.release()

    def _read(self) -> Any:
        return self._transaction("DEFERRED")

    def reading(self) -> Any:
        """A read transaction, as a context manager giving the connection: for queries of other layers' tables
        (the web server's), with the store's error handling (:class:`StoreError`, reconnect after a failure)."""
        return self._read()

    def writing(self) -> Any:
        """A write transaction, as :meth:`reading`, queued behind this program's other writers (SQLite's one writer)."""
        return self._write()

    def check_writable(self) -> None:
        """Raise :class:`StoreError` unless a write can be made now (a read-only file, a lock, a server down).

        Writes a row and rolls it back, so nothing changes. A SQLite connection
        opened while the file was read-only stays so: after such a failure the
        probe tries once more on a new connection (the failure dropped the old ones).
        """
        for attempt in (1, 2):
            try:
                with self._write() as conn:
                    conn.execute(insert(s.schema_version).values(version=-1, description="write probe",
                                                                 applied_at=_utcnow()))
                    raise _RollBack
            except _RollBack:
                return
            except StoreError as exc:
                if attempt == 2 or "readonly" not in str(exc):
                    raise
                self._match_sidecar_modes()

    def _match_sidecar_modes(self) -> None:
        """Give SQLite's ``-wal``/``-shm`` files the database file's permissions again.

        SQLite creates them with the permissions the database had then; once the
        database is writable again, a read-only ``-shm`` left from that time would
        keep every connection read-only.
        """
        path = self.path
        if path is None or not os.access(path, os.W_OK):
            return
        mode = path.stat().st_mode & 0o666
        for suffix in ("-wal", "-shm"):
            side = path.with_name(path.name + suffix)
            with contextlib.suppress(OSError):
                if side.exists() and not os.access(side, os.W_OK):
                    side.chmod(mode)

    # --- saving -----------------------------------------------------------------------------------
    def save_match(
        self,
        match: Match,
        game_id: int | None = None,
        seat_kinds: Sequence[str | SeatKind] | None = None,
        *,
        status: str | None = None,
        source: str = "local",
        also: Callable[[Connection, int], None] | None = None,
        expect_moves: int | None = None,
    ) -> int:
        """Insert (``game_id=None``) or update a game with the whole record of ``match``; return its id.

        ``seat_kinds``: one per seat (``"human"``, ``"computer:simple"``, a bare
        level); on insert the default is every seat human, on update ``None``
        keeps the stored kinds. ``status`` defaults to ``finished`` once the
        match is over, else ``in_progress``. One transaction: the game row, its
        record and its seats change together or not at all, with whatever
        ``also(connection, game_id)`` writes (e.g. a table that refers to the game).
        ``expect_moves``: update only if the stored game holds exactly that many actions (else
        :class:`StoreConflictError`, nothing changed): a write conditional on the move counter.
        """
        kinds = parse_seat_kinds(seat_kinds, match.game.num_players)
        if status is not None and status not in s.STATUSES:
            raise StoreError(f"status must be one of {', '.join(s.STATUSES)}")
        with self._write() as conn:
            if expect_moves is not None and game_id is not None:
                self._require_moves(conn, match, game_id, expect_moves)
            game_id = self._write_match(conn, match, game_id, kinds, status, source)
            if also is not None:
                also(conn, game_id)
            return game_id

    def save_moves(self, match: Match, game_id: int, saved: int,
                   also: Callable[[Connection], None] | None = None) -> int:
        """Save the actions of ``match`` after its first ``saved`` ones (those already stored); return its action count.

        An append: one ``moves`` row per new action and an update of the game
        row, in one transaction, only if the stored game still holds exactly
        ``saved`` actions (else :class:`StoreConflictError`, nothing changed: two
        processes sharing the database never both store an action at one
        counter; the row is locked while checked). ``also(connection)`` runs in
        the same transaction when something is written (e.g. a notification). When a
        new action ends a hand or the match, the record is written whole instead
        (so a stored tail never spans a hand's end and finished records are whole).
        """
        counts = [len(h.actions) for h in match.hands]
        total = sum(counts)
        if not 0 <= saved <= total:
            raise StoreError(f"cannot save from action {saved}: the match has {total}")
        last = len(counts) - 1
        start_of_last = total - counts[last]
        if match.is_over() or saved < start_of_last:  # a hand ended since the last save
            with self._write() as conn:
                self._require_moves(conn, match, game_id, saved)
                self._write_match(conn, match, game_id, None, None, "local")
                if also is not None:
                    also(conn)
            return total
        if saved == total:
            return total
        rows = [{"game_id": game_id, "seq": seq, "hand": last, "action": match.hands[last].actions[seq - start_of_last]}
                for seq in range(saved, total)]
        values = _summary(match, s.IN_PROGRESS, total)
        with self._write() as conn:
            done = conn.execute(_APPEND_GAME, {**{f"v_{k}": v for k, v in values.items()}, **_key(match, game_id),
                                               "k_moves": saved})
            if done.rowcount == 0:
                self._require_moves(conn, match, game_id, saved)
            conn.execute(insert(s.moves), rows)
            if also is not None:
                also(conn)
        return total

    def _require_moves(self, conn: Connection, match: Match, game_id: int, saved: int) -> None:
        """Raise unless game ``game_id`` holds this match with ``saved`` actions (:class:`StoreConflictError` if
        it holds another count); the row stays locked until the transaction ends (PostgreSQL), so the check holds."""
        row = conn.execute(select(s.games.c.game, s.games.c.seed, s.games.c.moves)
                           .where(s.games.c.id == game_id).with_for_update()).first()
        if row is None:
            raise GameNotFoundError(f"no saved game {game_id}")
        if row.game != match.game.name or row.seed != _seed_text(match):
            raise StoreError(f"game {game_id} holds another match ({row.game}, seed {row.seed}); not overwriting it")
        if int(row.moves) != saved:
            raise StoreConflictError(f"game {game_id} was saved elsewhere meanwhile ({row.moves} actions stored, "
                             f"{saved} expected); not overwriting it")

    def _write_match(self, conn: Connection, match: Match, game_id: int | None, kinds: Sequence[SeatKind] | None,
                     status: str | None, source: str) -> int:
        n = match.game.num_players
        record = GameRecord.from_match(match)
        text = record.dumps()
        moves = sum(len(h) for h in record.hands)
        values = _summary(match, status or (s.FINISHED if match.is_over() else s.IN_PROGRESS), moves)
        sides = [match.game.side_of(seat) for seat in range(n)]
        if game_id is None:
            kinds = kinds or tuple(SeatKind.human() for _ in range(n))
            result = conn.execute(insert(s.games).values(
                uid=uuid.uuid4().hex, game=match.game.name, rules=json.dumps(record.rules), seed=_seed_text(match),
                seat_names=json.dumps(list(match.seat_names)), seat_kinds=json.dumps([str(k) for k in kinds]),
                created_at=values["updated_at"], source=source, **values,
            ))
            key = result.inserted_primary_key
            assert key is not None
            game_id = int(key[0])
            conn.execute(insert(s.records).values(game_id=game_id, record=text, moves=moves))
            self._write_seats(conn, game_id, match.seat_names, kinds, sides)
            return game_id
        done = conn.execute(_UPDATE_GAME, {**{f"v_{k}": v for k, v in values.items()}, **_key(match, game_id)})
        if done.rowcount == 0:  # no such game, or another match: find out which, change nothing
            row = conn.execute(select(s.games.c.game, s.games.c.seed).where(s.games.c.id == game_id)).first()
            if row is None:
                raise GameNotFoundError(f"no saved game {game_id}")
            raise StoreError(f"game {game_id} holds another match ({row.game}, seed {row.seed}); not overwriting it")
        if kinds is not None:
            conn.execute(update(s.games).where(s.games.c.id == game_id)
                         .values(seat_kinds=json.dumps([str(k) for k in kinds])))
            self._write_seats(conn, game_id, match.seat_names, kinds, sides)
        conn.execute(delete(s.moves).where(s.moves.c.game_id == game_id))
        done = conn.execute(_UPDATE_RECORD, {"k_id": game_id, "v_record": text, "v_moves": moves})
        if done.rowcount == 0:
            conn.execute(insert(s.records).values(game_id=game_id, record=text, moves=moves))
        return game_id

    def rename_seats(self, conn: Connection, game_id: int, names: Sequence[str],
                     seat_kinds: Sequence[str | SeatKind]) -> None:
        """Store who sits where now (an open seat taken, a seat handed to a computer), on ``conn``, the
        connection of a write in progress: the game row's names and kinds and its seats' players, so the
        game's listing, replay and statistics name the players who sat there, not "Open seat"."""
        row = conn.execute(select(s.games.c.seat_names, s.games.c.seat_kinds, s.games.c.game)
                           .where(s.games.c.id == game_id)).first()
        if row is None:
            raise GameNotFoundError(f"no saved game {game_id}")
        kinds = parse_seat_kinds(seat_kinds, len(names))
        assert kinds is not None
        if json.loads(row.seat_names) == list(names) and json.loads(row.seat_kinds) == [str(k) for k in kinds]:
            return
        sides = [int(x) for x in conn.execute(select(s.game_seats.c.side).where(s.game_seats.c.game_id == game_id)
                                              .order_by(s.game_seats.c.seat)).scalars()]
        if len(sides) != len(names):
            raise StoreError(f"game {game_id} has {len(sides)} seats, not {len(names)}")
        conn.execute(update(s.games).where(s.games.c.id == game_id).values(
            seat_names=json.dumps(list(names)), seat_kinds=json.dumps([str(k) for k in kinds])))
        self._write_seats(conn, game_id, names, kinds, sides)

    def _write_seats(
        self, conn: Connection, game_id: int, names: Sequence[str], kinds: Sequence[SeatKind], sides: Sequence[int]
    ) -> None:
        conn.execute(delete(s.game_seats).where(s.game_seats.c.game_id == game_id))
        for seat, (name, kind) in enumerate(zip(names, kinds)):
            conn.execute(insert(s.game_seats).values(
                game_id=game_id, seat=seat, side=sides[seat], player_id=self._player_id(conn, name),
                kind=kind.kind, level=kind.level,
            ))

    def _player_id(self, conn: Connection, name: str) -> int:
        found = conn.execute(select(s.players.c.id).where(s.players.c.name == name)).scalar()
        if found is None:
            stmt: Any
            if conn.dialect.name == "postgresql":
                from sqlalchemy.dialects.postgresql import insert as pg_insert

                stmt = pg_insert(s.players).on_conflict_do_nothing(index_elements=["name"])
            else:
                stmt = insert(s.players)  # SQLite writers are serialized by BEGIN IMMEDIATE
            conn.execute(stmt.values(name=name, created_at=_utcnow()))
            found = conn.execute(select(s.players.c.id).where(s.players.c.name == name)).scalar_one()
        return int(found)

    def abandon(self, game_id: int) -> None:
        """Mark an unfinished game abandoned (it stays listed and counts in :meth:`stats` as abandoned)."""
        with self._write() as conn:
            done = conn.execute(
                update(s.games).where(s.games.c.id == game_id, s.games.c.status == s.IN_PROGRESS)
                .values(status=s.ABANDONED, updated_at=_utcnow())
            )
            if done.rowcount == 0:
                self._require(conn, game_id)

    def delete(self, game_id: int) -> None:
        """Delete a game with its record and seats."""
        with self._write() as conn:
            self._require(conn, game_id)
            conn.execute(delete(s.moves).where(s.moves.c.game_id == game_id))
            conn.execute(delete(s.records).where(s.records.c.game_id == game_id))
            conn.execute(delete(s.game_seats).where(s.game_seats.c.game_id == game_id))
            conn.execute(delete(s.games).where(s.games.c.id == game_id))

    def _require(self, conn: Connection, game_id: int) -> None:
        if conn.execute(select(s.games.c.id).where(s.games.c.id == game_id)).first() is None:
            raise GameNotFoundError(f"no saved game {game_id}")

    # --- loading ------------------------------------------------------------------------------------
    def load_record(self, game_id: int) -> GameRecord:
        """The stored record with the moves appended since it was written whole
        (raises :class:`GameNotFoundError` or :class:`CorruptRecordError`)."""
        with self._read() as conn:
            row = conn.execute(
                select(s.games.c.game, s.records.c.record, s.records.c.moves)
                .select_from(s.games.outerjoin(s.records, s.records.c.game_id == s.games.c.id))
                .where(s.games.c.id == game_id)
            ).first()
            tail = [] if row is None or row.record is None else conn.execute(
                select(s.moves.c.seq, s.moves.c.hand, s.moves.c.action)
                .where(s.moves.c.game_id == game_id, s.moves.c.seq >= row.moves).order_by(s.moves.c.seq)
            ).all()
        if row is None:
            raise GameNotFoundError(f"no saved game {game_id}")
        if row.record is None:
            raise CorruptRecordError(f"game {game_id}: its record is missing")
        try:
            record = GameRecord.loads(row.record)
        except CorruptRecordError as exc:
            raise CorruptRecordError(f"game {game_id}: {exc}") from None
        if record.game != row.game:
            raise CorruptRecordError(f"game {game_id}: the record is of {record.game!r}, the game row says {row.game!r}")
        if tail:
            _append_tail(record, tail, int(row.moves), game_id)
        return record

    def load_match(self, game_id: int) -> Match:
        """Rebuild the match by replaying its record; every move and deal is checked again."""
        record = self.load_record(game_id)
        try:
            return replay_record(record)
        except CorruptRecordError as exc:
            raise CorruptRecordError(f"game {game_id}: {exc}") from None

    def game_info(self, game_id: int) -> GameInfo:
        """The :class:`GameInfo` of saved game ``game_id``; an unknown id raises :class:`GameNotFoundError`."""
        infos = self._infos(s.games.c.id == game_id, limit=1)
        if not infos:
            raise GameNotFoundError(f"no saved game {game_id}")
        return infos[0]

    def latest_unfinished(self, game: str | None = None) -> GameInfo | None:
        """The most recently saved game in progress (of ``game``, if given)."""
        found = self.list_games(game=game, status=s.IN_PROGRESS, limit=1)
        return found[0] if found else None

    def list_games(
        self, game: str | None = None, status: str | None = None, limit: int | None = 50, offset: int = 0,
        *, where: Any = None,
    ) -> list[GameInfo]:
        """Games, most recently saved first (``where``: a further SQLAlchemy condition on them)."""
        conds = [] if where is None else [where]
        if game is not None:
            conds.append(s.games.c.game == game)
        if status is not None:
            if status not in s.STATUSES:
                raise StoreError(f"status must be one of {', '.join(s.STATUSES)}")
            conds.append(s.games.c.status == status)
        return self._infos(*conds, limit=limit, offset=offset)

    def find_uid(self, uid: str) -> GameInfo:
        """The game with this public uid."""
        infos = self._infos(s.games.c.uid == uid, limit=1)
        if not infos:
            raise GameNotFoundError(f"no saved game {uid}")
        return infos[0]

    def _infos(self, *conds: Any, limit: int | None = None, offset: int = 0) -> list[GameInfo]:
        q = select(s.games).where(*conds).order_by(s.games.c.updated_at.desc(), s.games.c.id.desc())
        if limit is not None:
            q = q.limit(limit)
        if offset:
            q = q.offset(offset)
        with self._read() as conn:
            rows = conn.execute(q).all()
            seats: dict[int, list[Any]] = defaultdict(list)
            ids = [r.id for r in rows]
            for chunk in range(0, len(ids), 500):
                part = ids[chunk:chunk + 500]
                for seat in conn.execute(
                    select(s.game_seats, s.players.c.name)
                    .join(s.players, s.players.c.id == s.game_seats.c.player_id)
                    .where(s.game_seats.c.game_id.in_(part))
                    .order_by(s.game_seats.c.game_id, s.game_seats.c.seat)
                ):
                    seats[seat.game_id].append(seat)
        return [_info(r, seats.get(r.id, [])) for r in rows]

    # --- statistics -------------------------------------------------------------------------------------
    def counts(self) -> dict[str, dict[str, int]]:
        """How many games of each game are in each status: ``{"gin": {"finished": 3, ...}}`` (no names, no ids)."""
        with self._read() as conn:
            rows = conn.execute(select(s.games.c.game, s.games.c.status, func.count())
                                .group_by(s.games.c.game, s.games.c.status)).all()
        out: dict[str, dict[str, int]] = {}
        for game, status, n in rows:
            out.setdefault(str(game), dict.fromkeys(s.STATUSES, 0))[str(status)] = int(n)
        return out

    def stats(self, game: str | None = None, player: str | None = None, *,
              seats: Mapping[int, int] | None = None) -> list[StatRow]:
        """Finished and abandoned games by game and opponent, from ``player``'s seat (default: the first human seat).

        Games without such a seat (computer against computer) are left out. ``seats``: only these games
        (by id), each from the seat given (e.g. the seats a web visitor holds).
        """
        conds: list[Any] = [s.games.c.status.in_([s.FINISHED, s.ABANDONED])]
        if game is not None:
            conds.append(s.games.c.game == game)
        if seats is not None:
            conds.append(s.games.c.id.in_(list(seats)))
        groups: dict[tuple[str, str], dict[str, Any]] = {}
        for info in self._infos(*conds):
            seat = info.perspective_seat(player) if seats is None else seats.get(info.id)
            if seat is None or not 0 <= seat < len(info.sides):
                continue
            if seat is None:
                continue
            g = groups.setdefault((info.game, info.opponents(seat)),
                                  {"played": 0, "won": 0, "abandoned": 0, "margins": []})
            if info.status == s.ABANDONED:
                g["abandoned"] += 1
                continue
            if info.final_totals is None or info.winner is None:
                continue
            side = info.sides[seat]
            g["played"] += 1
            g["won"] += int(info.winner == side)
            g["margins"].append(side_margin(list(info.final_totals), side))
        return [
            StatRow(game=key[0], opponent=key[1], played=g["played"], won=g["won"], lost=g["played"] - g["won"],
                    abandoned=g["abandoned"],
                    mean_margin=sum(g["margins"]) / len(g["margins"]) if g["margins"] else None)
            for key, g in sorted(groups.items())
        ]

    # --- files -------------------------------------------------------------------------------------------------
    def export_record(self, game_id: int, path: str | os.PathLike[str] | None = None) -> str:
        """The record as JSON (seat kinds and status in ``meta``); also written to ``path`` if given (atomically)."""
        record = self.load_record(game_id)
        info = self.game_info(game_id)
        record.meta = {**record.meta, "seat_kinds": [str(k) for k in info.seat_kinds], "status": info.status,
                       "uid": info.uid}
        text = record.dumps(indent=1)
        if path is not None:
            target = Path(path)
            tmp = target.with_name(target.name + ".tmp")
            try:
                tmp.write_text(text + "\n", encoding="utf-8")
                os.replace(tmp, target)
            except OSError as exc:
                raise StoreError(f"cannot write {target}: {exc}") from None
        return text

    def import_record(self, source: str | os.PathLike[str]) -> int:
        """Store a record file (checked by replaying it) as a new game; return its id.

        Seat kinds and an ``abandoned`` status are taken from the record's
        ``meta`` when present (as :meth:`export_record` writes them).
        """
        record = read_record_file(source)
        match = replay_record(record)
        meta = record.meta
        kinds: Sequence[SeatKind] | None = None
        raw = meta.get("seat_kinds")
        if isinstance(raw, list) and all(isinstance(k, str) for k in raw):
            try:
                kinds = parse_seat_kinds(raw, match.game.num_players)
            except CardtableError:
                kinds = None
        status = s.ABANDONED if meta.get("status") == s.ABANDONED and not match.is_over() else None
        return self.save_match(match, seat_kinds=kinds, status=status, source="import")


def read_record_file(source: str | os.PathLike[str]) -> GameRecord:
    """Read a record file (raises :class:`StoreError` if unreadable, :class:`CorruptRecordError` if malformed)."""
    path = Path(source)
    try:
        if path.stat().st_size > _MAX_IMPORT_BYTES:
            raise CorruptRecordError(f"{path}: record file is too large")
        data = path.read_bytes()
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return GameRecord.loads(data)
    except CorruptRecordError as exc:
        raise CorruptRecordError(f"{path}: {exc}") from None


# --- helpers -----------------------------------------------------------------------------------------------

def _create_engine(url: str, synchronous: str, busy_timeout: float) -> Engine:
    try:
        sa_url = make_url(url)
    except Exception as exc:
        raise StoreError(f"bad database URL: {exc}") from None
    try:
        if sa_url.get_backend_name() != "sqlite":
            # Bounded waits: connecting, and unacknowledged writes to a frozen server (milliseconds).
            return create_engine(sa_url, pool_pre_ping=True, pool_timeout=CONNECT_TIMEOUT * 2, connect_args={
                "connect_timeout": CONNECT_TIMEOUT, "tcp_user_timeout": CONNECT_TIMEOUT * 2000})
        path = sqlite_path(url)
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create {path.parent}: {exc.strerror or exc}") from None
            # No pool: a connection opened while the file was read-only would keep SQLite's shared
            # memory mapped read-only for the whole process, so writes would fail after the
            # permissions come back until every connection closed (a pool never closes them).
            engine = create_engine(sa_url, poolclass=NullPool,
                                   connect_args={"check_same_thread": False, "timeout": busy_timeout})
        else:
            engine = create_engine(sa_url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
    except ImportError as exc:
        raise StoreError(f"the database driver for {sa_url.drivername} is missing ({exc.name}); "
                         "for PostgreSQL: pip install 'psycopg[binary]'") from None
    except SQLAlchemyError as exc:
        raise StoreError(f"bad database URL: {_short(exc)}") from None

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # transactions are begun below, so DDL is transactional too
        cur = dbapi_conn.cursor()
        if path is not None:
            cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute(f"PRAGMA synchronous={synchronous}")
        cur.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql(f"BEGIN {conn.get_execution_options().get('cardtable_begin', 'DEFERRED')}")

    return engine


def _append_tail(record: GameRecord, tail: Sequence[Any], stored: int, game_id: int) -> None:
    """Add the appended ``moves`` rows to ``record`` (whose actions number ``stored``), checking their order."""
    if sum(len(h) for h in record.hands) != stored:
        raise CorruptRecordError(f"game {game_id}: its record does not hold the {stored} actions it should")
    if record.final_totals is not None:
        raise CorruptRecordError(f"game {game_id}: moves are stored after the end of the match")
    for expected, row in enumerate(tail, start=stored):
        hand = int(row.hand)
        if int(row.seq) != expected or hand != len(record.hands) - 1:
            raise CorruptRecordError(f"game {game_id}: stored move {row.seq} is out of order")
        record.hands[hand].append(str(row.action))


class _RollBack(Exception):
    """Raised inside a transaction to roll it back on purpose."""


def _seed_text(match: Match) -> str | None:
    return None if match.seed is None else str(match.seed)


def _key(match: Match, game_id: int) -> dict[str, Any]:
    """Parameters of the game row's identity check (same id, game and seed)."""
    return {"k_id": game_id, "k_game": match.game.name, "k_seed": _seed_text(match)}


def _summary(match: Match, status: str, moves: int) -> dict[str, Any]:
    """The game row's columns that change as the match goes on."""
    outcome = match.outcome
    return {
        "status": status,
        "updated_at": _utcnow(),
        "totals": json.dumps(list(match.totals)),
        "final_totals": json.dumps(list(outcome.final_totals)) if outcome else None,
        "winner": outcome.winner if outcome else None,
        "margin": outcome.margin if outcome else None,
        "hands": len(match.hands),
        "moves": moves,
    }


def _utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _aware(value: Any) -> datetime:
    if isinstance(value, str):  # a value SQLite could not parse as a datetime
        value = datetime.fromisoformat(value)
    if not isinstance(value, datetime):
        return datetime.fromtimestamp(0, UTC)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def _outage(exc: SQLAlchemyError) -> bool:
    """Is ``exc`` the database being unreachable, locked, read-only or busy (which passes), rather than a refusal?"""
    if isinstance(exc, OperationalError | InterfaceError | SATimeoutError | DisconnectionError):
        return True
    return isinstance(exc, DBAPIError) and exc.connection_invalidated


def _short(exc: SQLAlchemyError) -> str:
    orig = getattr(exc, "orig", None)
    return str(orig if orig is not None else exc).strip().splitlines()[0]


def _parse_json(value: Any, kind: type, problems: list[str], name: str) -> Any:
    if value is None:
        return None
    try:
        data = json.loads(value)
    except (TypeError, ValueError):
        problems.append(name)
        return None
    ok = isinstance(data, kind)
    if ok and isinstance(data, list):
        ok = all(isinstance(x, (int, str)) and not isinstance(x, bool) for x in data)
    if not ok:
        problems.append(name)
        return None
    return data


def _info(row: Any, seats: list[Any]) -> GameInfo:
    problems: list[str] = []
    rules = _parse_json(row.rules, dict, problems, "rules") or {}
    totals = _parse_json(row.totals, list, problems, "totals") or []
    final = _parse_json(row.final_totals, list, problems, "final_totals")
    if seats:
        names = tuple(str(x.name) for x in seats)
        try:
            kinds = tuple(SeatKind(x.kind, x.level) for x in seats)
        except CardtableError:
            problems.append("seat kinds")
            kinds = tuple(SeatKind("unknown") for _ in seats)
        sides = tuple(int(x.side) for x in seats)
    else:
        names = tuple(str(x) for x in _parse_json(row.seat_names, list, problems, "seat_names") or [])
        raw = _parse_json(row.seat_kinds, list, problems, "seat_kinds") or []
        try:
            kinds = tuple(SeatKind.parse(str(k)) for k in raw)
        except CardtableError:
            kinds = ()
        if len(kinds) != len(names):
            kinds = tuple(SeatKind("unknown") for _ in names)
        sides = tuple(range(len(names)))
    try:
        seed = None if row.seed is None else int(row.seed)
    except ValueError:
        problems.append("seed")
        seed = None
    try:
        created, updated = _aware(row.created_at), _aware(row.updated_at)
    except ValueError:
        problems.append("timestamps")
        created = updated = datetime.fromtimestamp(0, UTC)
    return GameInfo(
        id=int(row.id), uid=str(row.uid or ""), game=str(row.game), rules=rules, seed=seed,
        seat_names=names, seat_kinds=kinds, sides=sides, status=str(row.status),
        created_at=created, updated_at=updated,
        totals=tuple(int(t) for t in totals), final_totals=None if final is None else tuple(int(t) for t in final),
        winner=row.winner, margin=row.margin, hands=int(row.hands or 0), moves=int(row.moves or 0),
        source=str(row.source), damaged=bool(problems),
    )

