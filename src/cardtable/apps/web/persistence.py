"""Saving web tables, and what happens when the database fails.

A move is shown to anyone only once it is stored. Saving a move appends it
(:meth:`Store.save_moves`); if the save fails, the table is put back exactly as
it was stored (:func:`roll_back`: the record replayed up to the stored moves, so
the seeded stock is unchanged and a refused draw shows no card), every seat is
told the table waits for the database, and :class:`Reconnector` probes the
database with backoff until it answers, then resumes the paused tables
(computer players included). A save the database refuses while answering (a
:class:`~cardtable.store.StoreRefusedError`: a value it cannot hold, a broken
constraint) is no outage, so the table is not paused: the move is undone and
reported (:func:`refused`). Failures are logged in one line, without secrets.

Several server processes may share one PostgreSQL database (:mod:`.cluster`):
every write here is conditional on what this process last loaded (the game's
move counter, the seats), so two processes never both apply a move at one
counter (:class:`~cardtable.store.StoreConflictError` for the loser, who
reloads), and on PostgreSQL each write announces itself in its own transaction
(:func:`.cluster.announce`: the table's id and counter, never a card).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Connection, insert, select, update

from ...record import GameRecord
from ...store import Store, StoreConflictError, StoreError, StoreRefusedError
from ...store import schema as s
from ...store.store import replay_record
from .cluster import announce, one_line
from .metrics import timed_save
from .table import PAUSED, SeatSpec, Table, WebError, stored_actions
from .table_words import error_words, words

if TYPE_CHECKING:
    from ...match import Match

__all__ = ["DB_REFUSED", "SAVE_REFUSED", "refused", "Reconnector", "open_store", "insert_table", "save_moves", "save_whole",
           "load_row", "roll_back", "save_joined", "kinds_of", "one_line", "save", "bounded", "SAVE_TIMEOUT"]

T = TypeVar("T")
log = logging.getLogger("cardtable.web")
DB_REFUSED = "The database is unavailable, so your move was not made; the table carries on when it is back."
SAVE_REFUSED = "The database refused to save this move, so it was not made: the table is as it was (the server log says why)."
"""What every seat is told when the database refuses a save for good (not an outage)."""
PROBE_FIRST = 0.5
SAVE_TIMEOUT = 10.0
"""Seconds a save may take before the move is refused (a database server that stopped answering)."""
PROBE_MAX = 5.0


def seat_kinds(table: Table) -> list[str]:
    """The store's kind of each of the table's seats (``"human"``, ``"computer:LEVEL"``)."""
    return kinds_of(table.seats)


def kinds_of(seats: Iterable[SeatSpec]) -> list[str]:
    """The store's kind of each seat: ``"human"`` (an open seat too: a person will sit there), ``"computer:LEVEL"``."""
    return [sp.kind if sp.kind == "human" else f"computer:{sp.level or 'random'}" for sp in seats]


# --- writes (run in a worker thread) -------------------------------------------------------------
def insert_table(store: Store, table: Table) -> None:
    """Store a new table: its game and its ``web_tables`` row in one transaction."""

    def row(conn: Connection, game_id: int) -> None:
        conn.execute(insert(s.web_tables).values(
            id=table.id, game_id=game_id, seats=json.dumps([sp.to_json() for sp in table.seats]),
            undos=table.undos, created_at=datetime.now(UTC).replace(tzinfo=None), public=table.public,
            joined=json.dumps(sorted(table.joined))))

    table.game_id = store.save_match(table.match, seat_kinds=seat_kinds(table), source="web", also=row)
    table.saved = stored_actions(table.match)


def save_joined(store: Store, table_id: str, seats: Iterable[SeatSpec], joined: Iterable[int],
                expect: tuple[Iterable[SeatSpec], Iterable[int]] | None = None) -> None:
    """Store a table's seats (their tokens' hashes, after an invite is claimed or renewed) and which human
    seats have come, in one transaction: a restart then knows both (raises :class:`StoreError`: nothing stored).

    ``expect``: the seats and joined seats this process holds; if the stored seats differ, or a seat is stored as
    come that this process does not know of (another process changed them meanwhile: an invite claimed there),
    nothing is written (:class:`StoreConflictError`)."""
    with store.writing() as conn:
        if expect is not None:
            row = conn.execute(select(s.web_tables.c.seats, s.web_tables.c.joined)
                               .where(s.web_tables.c.id == table_id).with_for_update()).first()
            if row is None or [SeatSpec.from_json(x) for x in json.loads(row.seats)] != list(expect[0]) \
                    or not set(json.loads(row.joined)) <= set(expect[1]):  # (a seat that has played counts as come)
                raise StoreConflictError(f"table {table_id}: its seats were changed elsewhere meanwhile")
        seats = list(seats)
        conn.execute(update(s.web_tables).where(s.web_tables.c.id == table_id)
                     .values(seats=json.dumps([sp.to_json() for sp in seats]), joined=json.dumps(sorted(joined))))
        game_id = conn.execute(select(s.web_tables.c.game_id).where(s.web_tables.c.id == table_id)).scalar()
        if game_id is not None:  # the game's names follow the seats: whoever took an open seat, a computer that took over
            store.rename_seats(conn, int(game_id), [sp.name for sp in seats], kinds_of(seats))
        announce(conn, table_id, -1)


def save_moves(store: Store, table: Table) -> int:
    """Append the table's unsaved actions; return the actions now stored (raises :class:`StoreError`: nothing stored)."""
    counter = table.version
    return store.save_moves(table.match, table.game_id, table.saved, lambda conn: announce(conn, table.id, counter))


def save_whole(store: Store, table: Table) -> int:
    """Rewrite the table's game whole with its undo count (after an undo), in one transaction; return its actions."""
    match, undo_count, counter = table.match, table.undos, table.version

    def undos(conn: Connection, game_id: int) -> None:
        conn.execute(update(s.web_tables).where(s.web_tables.c.id == table.id).values(undos=undo_count))
        announce(conn, table.id, counter)

    store.save_match(match, table.game_id, also=undos, expect_moves=table.saved)
    return stored_actions(match)


@timed_save
async def save(store: Store, table: Table, *, whole: bool = False) -> None:
    """Save ``table`` in a worker thread (the event loop serves other tables meanwhile), giving up after
    :data:`SAVE_TIMEOUT` seconds (a frozen database server): :class:`StoreError` either way it fails.

    :attr:`Table.saved` is set only here, once the save is known to have landed; a save that
    answers too late is ignored (the table reloads as stored when the database is back).
    """
    table.saved = await bounded(store, save_whole if whole else save_moves, store, table)


async def bounded(store: Store, call: Callable[..., T], *args: Any) -> T:
    """``call(*args)`` in a worker thread; :class:`StoreError` if it takes over :data:`SAVE_TIMEOUT` seconds
    (the thread may still finish: its result is then dropped)."""
    try:
        return await asyncio.wait_for(asyncio.to_thread(call, *args), SAVE_TIMEOUT)
    except TimeoutError:
        raise StoreError(f"database error ({store.url}): no answer in {SAVE_TIMEOUT:g} s") from None


def load_row(store: Store, table_id: str) -> tuple[Any, Match] | None:
    """The ``web_tables`` row of ``table_id`` and its match, or ``None`` if there is no such table."""
    with store.reading() as conn:
        row = conn.execute(select(s.web_tables).where(s.web_tables.c.id == table_id)).first()
    if row is None:
        return None
    return row, store.load_match(int(row.game_id))


def roll_back(table: Table) -> None:
    """Put the table back as stored: the moves after the first :attr:`Table.saved` actions are undone."""
    match = table.match
    if stored_actions(match) == table.saved:
        return
    record = GameRecord.from_match(match)
    left = table.saved
    hand = 0
    while hand + 1 < len(record.hands) and left >= len(record.hands[hand]):  # a finished hand stays whole
        left -= len(record.hands[hand])
        hand += 1
    table.match = replay_record(record.prefix(hand, left))
    table._rebuild_history()


# --- start-up ------------------------------------------------------------------------------------
def open_store(database: str | None, *, wait: float = 60.0, say: Callable[[str], None] | None = None,
               **options: Any) -> Store:
    """Open the database, retrying with backoff for up to ``wait`` seconds and saying what it waits for.

    Each attempt is bounded (SQLite's busy timeout, PostgreSQL's connect
    timeout). A database that opens but cannot be written (a read-only file, a
    lock) is opened anyway with a warning: tables can be watched, and moves are
    refused with a clear message until it can be written again.
    """
    tell = say or log.warning
    deadline = time.monotonic() + wait
    delay = PROBE_FIRST
    while True:
        try:
            store = Store.open(database, **options)
            break
        except StoreError as exc:
            left = deadline - time.monotonic()
            if left <= 0:
                raise
            tell(f"waiting for the database ({exc}); retrying in {min(delay, left):.1f} s")
            time.sleep(min(delay, left))
            delay = min(delay * 2, PROBE_MAX)
    try:
        store.check_writable()
    except StoreError as exc:
        tell(f"warning: the database cannot be written now ({exc}); moves will be refused until it can")
    return store


# --- pausing and resuming ------------------------------------------------------------------------
class Reconnector:
    """Tables waiting for the database; one task probes it with backoff and resumes them all when it answers."""

    def __init__(self, store: Store, resume: Callable[[Table], Awaitable[None]]) -> None:
        self.store = store
        self.resume = resume
        self.paused: dict[str, Table] = {}
        self._task: asyncio.Task[None] | None = None

    def pause(self, table: Table, exc: Exception, what: str) -> None:
        """Log the failed save, mark ``table`` paused, tell every seat and start probing (call under the table's lock)."""
        log.error("table %s: %s not saved, table paused until the database is back: %s", table.id, what, exc)
        table.paused = True
        self.paused[table.id] = table
        for client in _everyone(table):
            client.push({"t": "error", "code": "database", "msg": words(getattr(client, "lang", "en")).gettext(PAUSED)})
        table.broadcast()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._probe())

    async def _probe(self) -> None:
        delay = PROBE_FIRST
        while self.paused:
            await asyncio.sleep(delay)
            try:
                await bounded(self.store, self.store.check_writable)
            except StoreError as exc:
                log.info("database still unavailable (%d tables waiting): %s", len(self.paused), exc)
                delay = min(delay * 2, PROBE_MAX)
                continue
            log.warning("database is back: resuming %d tables", len(self.paused))
            tables = list(self.paused.values())
            self.paused.clear()
            for table in tables:
                await self.resume(table)
            delay = PROBE_FIRST

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


def refused(table: Table, exc: StoreRefusedError, what: str) -> None:
    """Log a save the database refused for good and tell every seat the move was not made (call under the
    table's lock, once the table is put back as stored). The table is not paused: waiting would not help."""
    log.error("table %s: %s refused by the database, not made: %s", table.id, what, one_line(exc))
    for client in _everyone(table):
        lang = getattr(client, "lang", "en")
        client.push({"t": "error", "code": "save-refused",
                     "msg": SAVE_REFUSED if lang == "en" else error_words(WebError("save-refused", SAVE_REFUSED), lang)})


def _everyone(table: Table) -> Iterable[Any]:
    for clients in table.clients.values():
        yield from list(clients)
    yield from list(table.spectators)
