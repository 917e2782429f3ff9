"""Several server processes on one PostgreSQL database: notifications between them, and one driver per table.

Every process keeps the tables its clients use in memory (:class:`~.tables.TableManager`);
PostgreSQL is the one truth. Three things keep the processes in step:

* **Moves are conditional writes** on the game's stored move counter (:meth:`Store.save_moves`,
  :mod:`.persistence`): of two processes applying a move at one counter, one stores it and the
  other gets :class:`~cardtable.store.StoreConflictError`, reloads the table and refuses (a
  person) or thinks again (a computer).
* **Notifications.** Each write announces itself in its own transaction (:func:`announce`: ``NOTIFY``
  on :data:`CHANNEL`, delivered when it commits) with the table's id and its move counter: never a
  card. :class:`Cluster` listens on a connection of its own; a process with clients at that table
  whose counter is not that one reloads it from the database and pushes each connection its own view.
* **One driver for the computer players**: a PostgreSQL advisory lock per table, taken by the
  process that plays its computers for as long as they are to act, on a session of its own. If the
  process dies the session ends and the lock with it; every process checks each second
  (:data:`SWEEP`) whether a table it holds waits for a computer nobody drives, and takes it over.

SQLite serves one process: none of this runs (:func:`announce` writes nothing there).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, make_url, text

from ...store import Store

__all__ = ["CHANNEL", "SWEEP", "Cluster", "announce", "lock_key", "listen_url", "parse", "one_line"]

log = logging.getLogger("cardtable.web.cluster")

CHANNEL = "cardtable_tables"
"""The ``LISTEN``/``NOTIFY`` channel of table changes. A payload is ``"<table id> <counter>"`` (the table's
:attr:`~.table.Table.version` once changed, -1 for a change of seats)."""
SWEEP = 1.0
"""Seconds between two looks for tables whose computer players nobody drives (a dead process's)."""
RETRY_FIRST, RETRY_MAX = 0.5, 5.0
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def one_line(exc: BaseException) -> str:
    """The first line of an error's message, for a log line (SQLAlchemy's and libpq's run over several lines)."""
    words = str(exc).strip()
    return words.splitlines()[0] if words else type(exc).__name__


def announce(conn: Connection, table_id: str, counter: int) -> None:
    """Tell the other processes (on commit of ``conn``'s transaction) that table ``table_id`` changed; no-op on SQLite."""
    if conn.dialect.name == "postgresql":
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": f"{table_id} {counter}"})


def lock_key(table_id: str) -> int:
    """The advisory lock of table ``table_id``: a signed 64-bit number from its id."""
    digest = hashlib.blake2b(table_id.encode(), digest_size=8, person=b"cardtable-drive").digest()
    return int.from_bytes(digest, "big", signed=True)


def listen_url(store: Store) -> str | None:
    """The libpq URL (password included) of a PostgreSQL store, ``None`` for another database (SQLite)."""
    if store.dialect != "postgresql":
        return None
    return make_url(store.secret_url()).set(drivername="postgresql").render_as_string(hide_password=False)


def parse(payload: str) -> tuple[str, int] | None:
    """(table id, counter) of a notification's payload, ``None`` if it is not one of ours."""
    parts = payload.split(" ")
    if len(parts) != 2 or not parts[0].isalnum() or not parts[1].lstrip("-").isdigit():
        return None
    return parts[0], int(parts[1])


class Cluster:
    """This process's part in a cluster: it hears the others' changes and leads the tables it drives.

    ``changed(table_id, counter)``: a process (this one too) changed that table. ``caught_up()``: the listening
    connection was (re)opened, notifications may have been missed meanwhile. ``sweep()``: called
    every :data:`SWEEP` seconds, to start the computers nobody drives. All three run on the event loop.
    """

    def __init__(self, url: str, *, changed: Callable[[str, int], None], caught_up: Callable[[], None],
                 sweep: Callable[[], None]) -> None:
        self.url = url
        self.changed = changed
        self.caught_up = caught_up
        self.sweep = sweep
        self.leading: set[str] = set()
        """Tables whose advisory lock this process holds (it plays their computers)."""
        self.listening = asyncio.Event()
        self._locks: Any = None
        self._guard = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        """Start listening and sweeping; return once the listening connection is open (or failed once)."""
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._sweep())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.listening.wait(), 10.0)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._locks is not None:
            with contextlib.suppress(Exception):
                await self._locks.close()  # the session ends: its advisory locks go with it
        self.leading.clear()

    async def _connect(self) -> Any:
        """A connection of its own (autocommit; TCP keepalives, so a vanished server is noticed in seconds)."""
        import psycopg

        return await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=5, keepalives=1,
                                                     keepalives_idle=5, keepalives_interval=2, keepalives_count=3)

    # --- notifications ---------------------------------------------------------------------------
    async def _listen(self) -> None:
        import psycopg

        delay = RETRY_FIRST
        while True:
            try:
                async with await self._connect() as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    delay = RETRY_FIRST
                    self.caught_up()
                    async for note in conn.notifies():
                        found = parse(note.payload)
                        if found is not None:
                            self.changed(*found)
            except psycopg.Error as exc:
                log.warning("cluster: notifications interrupted (%s); listening again in %.1f s", one_line(exc), delay)
            self.listening.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                self.sweep()
            except Exception:  # a sweep must not end the cluster's work
                log.exception("cluster: sweep failed")

    # --- the driver's lock -----------------------------------------------------------------------
    async def lead(self, table_id: str) -> bool:
        """Take the lock of ``table_id`` unless another process holds it; ``True`` if this process holds it."""
        if table_id in self.leading:
            return True
        got = await self._ask("SELECT pg_try_advisory_lock(%s)", table_id)
        if got:
            self.leading.add(table_id)
        return got

    async def release(self, table_id: str) -> None:
        """Let go of the lock of ``table_id`` (its computers are not to act now, or the table is closed)."""
        if table_id in self.leading:
            self.leading.discard(table_id)
            await self._ask("SELECT pg_advisory_unlock(%s)", table_id)

    async def _ask(self, query: str, table_id: str) -> bool:
        import psycopg

        async with self._guard:
            try:
                if self._locks is None or self._locks.closed:
                    self.leading.clear()  # a new session holds none of the old one's locks
                    self._locks = await self._connect()
                cur = await self._locks.execute(query, (lock_key(table_id),))
                row = await cur.fetchone()
                return bool(row and row[0])
            except psycopg.Error as exc:
                log.warning("cluster: the lock of table %s is unknown, the database did not answer: %s", table_id,
                            one_line(exc))
                if self._locks is not None:
                    with contextlib.suppress(Exception):
                        await self._locks.close()
                self._locks = None
                self.leading.clear()
                return False
