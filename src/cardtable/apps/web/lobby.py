"""The lobby's side of the web server: which tables are listed, a table's public summary, expiry.

* The lobby lists only tables marked public (set up with ``"public": true``):
  a table among friends is private and reachable only through its invite and
  watch links. Each entry says whom the table still waits for. The flag is
  stored with the table, and so is who has come to it: after a restart the
  public tables are listed again (:func:`load_public`) and a table does not
  wait for people who had already joined. A table with an open seat is public, and its entry
  gives the seats a stranger may take now (``free``, only while someone is at the table) and how
  long the oldest has waited (``open_for``): see :mod:`.room`.
* ``GET /api/tables/{id}`` gives a table's public summary (no tokens), which
  the browser uses for "My tables": the seat tokens themselves stay in the
  browser's storage and travel only inside WebSocket messages and the
  ``X-Cardtable-Seats`` header of :mod:`.history`, never in a URL the server
  sees or logs.
* A table nobody has played at for :func:`expiry_seconds` (default 72 hours,
  ``$CARDTABLE_WEB_EXPIRE_HOURS``) is abandoned: its match is marked abandoned
  in the store and the table can no longer be opened.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse
from sqlalchemy import select

from ...store import Store
from ...store import schema as s
from .api_errors import from_web_error
from .cluster import one_line
from .room import Room, free_seats
from .roomdb import Crowd
from .tables import Table, TableManager, WebError

__all__ = ["DEFAULT_EXPIRY_HOURS", "expiry_seconds", "table_summary", "listing", "load_public", "expire_idle",
           "register"]

log = logging.getLogger(__name__)
DEFAULT_EXPIRY_HOURS = 72.0
SWEEP_EVERY = 60.0
"""Seconds between two sweeps for abandoned tables (a sweep runs when the lobby or a table's summary is asked for)."""


def expiry_seconds(value: float | None = None) -> float:
    """Seconds without a move after which a table expires: ``value``, else the environment, else the default.

    >>> expiry_seconds(2.0)
    2.0
    """
    if value is not None:
        if value <= 0:
            raise ValueError("the expiry time must be positive")
        return float(value)
    raw = os.environ.get("CARDTABLE_WEB_EXPIRE_HOURS", "").strip()
    try:
        hours = float(raw) if raw else DEFAULT_EXPIRY_HOURS
    except ValueError:
        raise ValueError(f"CARDTABLE_WEB_EXPIRE_HOURS must be a number of hours, not {raw!r}") from None
    if hours <= 0:
        raise ValueError("CARDTABLE_WEB_EXPIRE_HOURS must be positive")
    return hours * 3600.0


def table_summary(table: Table, attended: bool | None = None, elsewhere: frozenset[int] = frozenset()) -> dict[str, Any]:
    """What anyone may know about a table: game, seats, score, whom it waits for. No token, no card.
    (``attended``, ``elsewhere``: whether someone is at it, and the seats open at any process, when several
    processes serve the room: :func:`shared_listing`.)"""
    m = table.match
    outcome = m.outcome
    return {
        "id": table.id,
        "game": table.game,
        "public": table.public,
        "seats": [{"kind": sp.kind, "name": sp.name, "level": sp.level, "open": sp.open,
                   "online": bool(table.clients.get(i)) or i in elsewhere if sp.kind == "human" else True}
                  for i, sp in enumerate(table.seats)],
        "side_names": m.side_names(),
        "totals": list(m.totals),
        "hand_no": len(m.hands),
        "over": outcome is not None,
        "winner": None if outcome is None else outcome.winner,
        "waiting": [table.seats[i].name for i in table.waiting_for()],
        "watchers": len(table.spectators),
        **open_seats(table, attended),
    }


def open_seats(table: Table, attended: bool | None = None) -> dict[str, Any]:
    """The seats a stranger may take now (``free``: only while someone is at the table, :mod:`.room`; ``attended``:
    whether someone is, as the processes sharing the database know it, else as this one does), the rules' preset,
    and for how many seconds the oldest free seat has waited (``open_for``)."""
    here = Room.attended(table) if attended is None else attended
    free = free_seats(table) if table.public and here else []
    oldest = min((table.seats[i].since or time.time() for i in free), default=None)
    return {"free": free, "open_for": None if oldest is None else max(0, round(time.time() - oldest)),
            "preset": preset_of(table)}


def preset_of(table: Table) -> str | None:
    """The name of the preset whose rules ``table`` plays, or ``None`` (rules of its own)."""
    rules = table.match.game.rules
    with contextlib.suppress(Exception):
        for name in type(rules).presets():
            if type(rules).preset(name) == rules:
                return str(name)
    return None


def listing(manager: TableManager, limit: int = 50) -> list[dict[str, Any]]:
    """The public tables of the server whose match is not over, those waiting for players first."""
    tables = [t for t in manager.tables.values() if t.public and not t.match.is_over()]
    tables.sort(key=lambda t: (not free_seats(t), not t.waiting_for(), t.id))
    return [table_summary(t) for t in tables[:limit]]


async def shared_listing(manager: TableManager, crowd: Crowd, limit: int = 50) -> list[dict[str, Any]]:
    """:func:`listing` when several processes serve the room (:mod:`.roomdb`): the public tables in play in the
    database, wherever they were set up, each opened here (as stored) to be summarised, its seats free while
    someone is at it at any process."""
    rows = await crowd.public()
    rows.sort(key=lambda r: not (r[1] and r[2]))  # (stable: the latest moved first otherwise)
    found: list[tuple[Table, bool]] = []
    for table_id, _, here in rows[:limit]:
        with contextlib.suppress(WebError):
            table = await manager.get(table_id)
            if table.public and not table.match.is_over():
                found.append((table, here))
    found.sort(key=lambda x: (not (x[1] and free_seats(x[0])), not x[0].waiting_for(), x[0].id))
    return [table_summary(t, here, frozenset(crowd.remote.get(t.id, ()))) for t, here in found]


def stored_public(manager: TableManager, limit: int = 50) -> list[str]:
    """Ids of the stored public tables whose match is in progress (a blocking query: run in a thread)."""
    with manager.store.reading() as conn:
        rows = conn.execute(
            select(s.web_tables.c.id).join(s.games, s.games.c.id == s.web_tables.c.game_id)
            .where(s.web_tables.c.public.is_(True), s.games.c.status == s.IN_PROGRESS)
            .order_by(s.games.c.updated_at.desc()).limit(limit)
        ).scalars().all()
    return [str(r) for r in rows]


async def load_public(manager: TableManager, limit: int = 50) -> None:
    """Open the stored public tables that this server has not opened yet (those of before a restart),
    so that the lobby lists them; a table that cannot be opened is left out."""
    for table_id in await asyncio.to_thread(stored_public, manager, limit):
        if table_id not in manager.tables:
            with contextlib.suppress(WebError):
                await manager.get(table_id)


def expire_idle(manager: TableManager, max_idle: float, *, now: datetime | None = None) -> list[str]:
    """Abandon every web table whose match is in progress and has not moved for ``max_idle`` seconds.

    A table with someone connected is kept. Returns the ids abandoned.
    """
    store: Store = manager.store
    cutoff = (now or datetime.now(UTC)).replace(tzinfo=None) - timedelta(seconds=max_idle)
    with store.reading() as conn:
        rows = conn.execute(
            select(s.web_tables.c.id, s.web_tables.c.game_id)
            .join(s.games, s.games.c.id == s.web_tables.c.game_id)
            .where(s.games.c.status == s.IN_PROGRESS, s.games.c.updated_at < cutoff)
        ).all()
    gone: list[str] = []
    for table_id, game_id in rows:
        live = manager.tables.get(table_id)
        if live is not None and (any(live.clients.values()) or live.spectators):
            continue
        store.abandon(int(game_id))
        if live is not None:
            manager.tables.pop(table_id, None)
            if live.computer_task is not None:
                live.computer_task.cancel()
        gone.append(str(table_id))
    return gone


def register(app: FastAPI, manager: TableManager, *, expire_after: float | None = None) -> None:
    """Add the lobby's routes to ``app``: the table listing, a table's summary, the favicon."""
    max_idle = expiry_seconds(expire_after)
    last_sweep = [0.0]
    favicon = os.path.join(os.path.dirname(__file__), "static", "favicon.svg")

    async def sweep() -> None:
        now = time.monotonic()
        if now - last_sweep[0] < SWEEP_EVERY:
            return
        last_sweep[0] = now
        with contextlib.suppress(Exception):  # a failed sweep must not break the lobby
            await asyncio.to_thread(expire_idle, manager, max_idle)

    app.state.sweep_tables = sweep
    public_loaded = [False]

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        await sweep()
        manager.room.ensure()
        crowd = manager.room.crowd
        if crowd is not None:  # several processes: the lobby is the database's
            try:
                return {"tables": await shared_listing(manager, crowd)}
            except Exception as exc:  # the database is down: the listing shows what is open here
                log.warning("lobby: the shared list of tables is unavailable: %s", one_line(exc))
        if not public_loaded[0]:  # once per server: tables made since are in memory already
            with contextlib.suppress(Exception):  # the database is down: the listing shows what is open
                await load_public(manager)
                public_loaded[0] = True
        return {"tables": listing(manager)}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        await sweep()
        try:
            table = await manager.get(table_id)
        except WebError as exc:
            raise from_web_error(exc, 410 if exc.code == "expired" else 404) from None
        return table_summary(table)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon_ico() -> FileResponse:
        return FileResponse(favicon, media_type="image/svg+xml")
