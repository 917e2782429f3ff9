"""The card room across several processes on one PostgreSQL (:mod:`.cluster`): one lobby, one quick match.

Each process holds in memory only the tables its clients use, so the room asks the database:

* **Who is at a table** lives in ``cardtable_presence``, a small ``UNLOGGED`` table of its own (not part of the
  store's schema): one row per (table, seat) with the time until which that seat counts as attended
  (``seat = -1``: the table was set up or had a seat taken, :data:`.room.GRACE`). The process holding a seat's
  connections refreshes its row at most every :data:`REFRESH` seconds, to :data:`FRESH` seconds ahead (the
  database's clock, so the servers' clocks need not agree). Unlogged because it is worth nothing after a crash
  (PostgreSQL empties it then, and the rows come back within seconds from the processes that hold the
  connections), so its frequent writes cost no WAL, and the store's versioned schema (SQLite too) is untouched.
* **The lobby** lists public tables in play from the database, wherever they were set up (:meth:`Crowd.public`);
  a table's free seats are offered while any of its rows is fresh.
* **Quick match** finds or sets up a table under a transaction-level advisory lock per (game, preset)
  (:meth:`Crowd.quick_lock`): the oldest waiting table in the database, so two people on two processes meet at
  one table. The seat itself is taken by the conditional seat write (:func:`.persistence.save_joined`).

No row names a card or a token: table ids, seat numbers and times.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import AsyncIterator, Iterable
from typing import Any

from ...store import StoreError
from ...store import schema as s
from .cluster import one_line
from .table import SeatSpec

__all__ = ["PRESENCE", "REFRESH", "FRESH", "Crowd", "quick_key"]

log = logging.getLogger("cardtable.web.room")

PRESENCE = "cardtable_presence"
REFRESH = 5.0
"""Seconds between two writes of one connected seat's row."""
FRESH = 15.0
"""Seconds a seat counts as attended after its row was written (three refreshes)."""
PURGE_EVERY = 60.0

_CREATE = (f"CREATE UNLOGGED TABLE IF NOT EXISTS {PRESENCE} (table_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL, "
           "until TIMESTAMPTZ NOT NULL, PRIMARY KEY (table_id, seat))")
_CREATE_KEY = int.from_bytes(hashlib.blake2b(PRESENCE.encode(), digest_size=8, person=b"cardtable-create").digest(),
                             "big", signed=True)
"""The advisory lock under which :data:`_CREATE` runs."""
_UPSERT = (f"INSERT INTO {PRESENCE} AS p (table_id, seat, until) "
           "SELECT t, s, now() + make_interval(secs => w) FROM unnest(%s::text[], %s::int[], %s::float8[]) AS x(t, s, w) "
           "ON CONFLICT (table_id, seat) DO UPDATE SET until = GREATEST(p.until, EXCLUDED.until)")
_HERE = f"SELECT table_id, seat FROM {PRESENCE} WHERE until > now() AND seat >= 0 AND table_id = ANY(%s)"
_HERE_ANY = f"EXISTS (SELECT 1 FROM {PRESENCE} p WHERE p.table_id = w.id AND p.until > now())"
_OPEN_ANY = """w.seats::jsonb @> '[{"open": true}]'"""
_PUBLIC = (f"SELECT w.id, w.seats, {_HERE_ANY} FROM {s.web_tables.name} w JOIN {s.games.name} g ON g.id = w.game_id "
           "WHERE w.public AND g.status = %s WHERE_MORE "
           f"ORDER BY ({_OPEN_ANY} AND {_HERE_ANY}) DESC, g.updated_at DESC LIMIT %s")


def quick_key(game: str, preset: str) -> int:
    """The advisory lock of quick matches of ``game`` and ``preset``: a signed 64-bit number."""
    digest = hashlib.blake2b(f"{game}\0{preset}".encode(), digest_size=8, person=b"cardtable-quick").digest()
    return int.from_bytes(digest, "big", signed=True)


def open_of(seats_json: str) -> list[tuple[int, float]]:
    """(seat, since) of each open seat in a stored ``seats`` column."""
    seats = [SeatSpec.from_json(x) for x in json.loads(seats_json)]
    return [(i, sp.since or 0.0) for i, sp in enumerate(seats) if sp.kind == "human" and sp.open]


class Crowd:
    """This process's view of the room's shared state (PostgreSQL only): presence rows, the lobby, quick match.

    Two connections of its own (autocommit): one for presence and listings, one for quick matches' locks.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.remote: dict[str, set[int]] = {}
        """Seats attended at any process (this one too), of the tables looked at in the last :meth:`tick`."""
        self._written: dict[tuple[str, int], float] = {}
        self._pending: dict[tuple[str, int], float] = {}
        self._conn: Any = None
        self._quick: Any = None
        self._guard = asyncio.Lock()
        self._purged = 0.0

    async def _connect(self) -> Any:
        import psycopg

        conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=5)
        # One process creates the table at a time: two CREATE ... IF NOT EXISTS at once may both find it
        # missing, and the second fails ('type "cardtable_presence" already exists').
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_CREATE_KEY,))
                await conn.execute(_CREATE)
        except BaseException:
            await conn.close()
            raise
        return conn

    async def _run(self, query: str, args: Iterable[Any], *, fetch: bool = False) -> list[Any]:
        """Run ``query`` on the presence connection (opened, or opened again, as needed)."""
        import psycopg

        async with self._guard:
            try:
                if self._conn is None or self._conn.closed:
                    self._conn = await self._connect()
                cur = await self._conn.execute(query, tuple(args))
                return list(await cur.fetchall()) if fetch else []
            except psycopg.Error:
                if self._conn is not None:
                    with contextlib.suppress(Exception):
                        await self._conn.close()
                self._conn = None
                raise

    async def close(self) -> None:
        for conn in (self._conn, self._quick):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
        self._conn = self._quick = None

    # --- presence ------------------------------------------------------------------------------
    def mark(self, table_id: str, seat: int, seconds: float) -> None:
        """Count ``seat`` of ``table_id`` (-1: the table) as attended for ``seconds`` from the next write."""
        key = (table_id, seat)
        self._pending[key] = max(seconds, self._pending.get(key, 0.0))

    def connected(self, table_id: str, seat: int, now: float) -> None:
        """A client of this process has ``seat`` open: refresh its row if the last write is :data:`REFRESH` old."""
        if now - self._written.get((table_id, seat), -REFRESH) >= REFRESH:
            self.mark(table_id, seat, FRESH)

    async def flush(self) -> None:
        """Write the rows marked since the last flush (one statement)."""
        if not self._pending:
            return
        rows, self._pending = self._pending, {}
        now = time.monotonic()
        try:
            await self._run(_UPSERT, ([t for t, _ in rows], [k for _, k in rows], list(rows.values())))
        except Exception as exc:
            for key, seconds in rows.items():  # tried again at the next flush
                self.mark(*key, seconds)
            raise RuntimeError(f"presence not written: {one_line(exc)}") from exc
        for key in rows:
            self._written[key] = now

    async def tick(self, table_ids: list[str]) -> None:
        """Write the marked rows, then learn which seats of ``table_ids`` are attended anywhere (:attr:`remote`)."""
        await self.flush()
        found: dict[str, set[int]] = {}
        if table_ids:
            for table_id, seat in await self._run(_HERE, (table_ids,), fetch=True):
                found.setdefault(str(table_id), set()).add(int(seat))
        self.remote = found
        now = time.monotonic()
        if now - self._purged >= PURGE_EVERY:
            self._purged = now
            await self._run(f"DELETE FROM {PRESENCE} WHERE until < now() - interval '1 hour'", ())
            self._written = {k: v for k, v in self._written.items() if now - v < FRESH}

    # --- the lobby -----------------------------------------------------------------------------
    async def public(self, limit: int = 200, game: str | None = None, conn: Any = None) -> list[tuple[str, list[tuple[int, float]], bool]]:
        """(id, open seats with their ``since``, attended) of the stored public tables in play: those with an open
        seat where someone is first, then the latest moved. ``game``: only the tables of that game with an open
        seat where someone is (quick match)."""
        query = _PUBLIC.replace("WHERE_MORE", f"AND g.game = %s AND {_OPEN_ANY} AND {_HERE_ANY}" if game is not None else "")
        args: list[Any] = [s.IN_PROGRESS] + ([game] if game is not None else []) + [limit]
        if conn is None:
            rows = await self._run(query, args, fetch=True)
        else:
            rows = list(await (await conn.execute(query, tuple(args))).fetchall())
        return [(str(r[0]), open_of(str(r[1])), bool(r[2])) for r in rows]

    # --- quick match ---------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def quick_lock(self, game: str, preset: str) -> AsyncIterator[Any]:
        """Hold the quick-match lock of ``game`` and ``preset`` in every process (a transaction-level advisory
        lock, let go when the transaction ends, or the connection dies); gives the connection, to read the
        waiting tables and write the presence rows that must be seen when the lock is let go. Call under this
        process's own quick lock (one quick match at a time per process uses the connection)."""
        import psycopg

        try:
            if self._quick is None or self._quick.closed:
                self._quick = await self._connect()
            conn = self._quick
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (quick_key(game, preset),))
                yield conn
        except psycopg.Error as exc:
            with contextlib.suppress(Exception):
                await conn.close()
            self._quick = None
            raise StoreError(f"quick match: the database did not answer: {one_line(exc)}") from exc

    @staticmethod
    async def attend(conn: Any, table_id: str, seconds: float) -> None:
        """Mark ``table_id`` attended for ``seconds`` on ``conn`` (inside the quick-match transaction)."""
        await conn.execute(_UPSERT, ([table_id], [-1], [seconds]))
