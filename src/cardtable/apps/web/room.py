"""The card room for strangers: open seats, quick match, and seats whose player has gone.

* **Open seats.** A table may be set up with seats "open to anyone" (seat kind ``"open"``); such a
  table is public. The lobby lists its free seats while someone is at the table, and
  ``POST /api/tables/{id}/take`` seats a stranger: a token is made for that person only, answered to
  their request only and stored as its SHA-256, exactly as a claimed invite (:mod:`.tables`). Two
  people taking one seat at once: the second is refused (409, code ``taken``).
* **Quick match.** ``POST /api/quick`` seats the caller at the oldest open table of that game and
  preset (the preset's own rules, two players) where someone waits, or sets up such a table with one
  open seat. The waiting player may ask for a computer after some seconds: the open seat then becomes
  a computer of the chosen level and play starts. Quick matches are made one at a time (a lock), so
  two people arriving together meet at one table.
* **Leaving.** The table's creator chooses what happens to a seat whose player is gone longer than a
  chosen time (``"away": {"then": "computer" | "offer" | "keep", "after": seconds, "level": L}``):
  a computer plays it, or it is open to anyone again. Everyone at the table is told in words. A player
  back in time keeps the seat; nothing happens while nobody else is at the table. A computer that takes
  a seat acts on ``state.view(seat)`` like every computer player, and a person who takes an offered seat
  is sent that seat's view only.

What is decided lives in the seats (:class:`~.table.SeatSpec`, stored with the table); who is
connected, and since when a seat is empty, is this process's (:attr:`Table.gone`, :attr:`Table.seen`).

Several processes on one PostgreSQL (:mod:`.cluster`) serve one room (:mod:`.roomdb`): the lobby lists the
database's public tables, quick match takes a lock of every process (an advisory lock per game and preset)
and looks for the oldest waiting table in the database, and who is at a table is shared as presence rows, so
a seat whose player is at another process is not handed on. A seat is taken, or handed to a computer, by a
conditional write of the seats: of two processes doing it at once, one does (the other's players are told).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, Protocol

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from ...agents import AGENT_LEVELS, make_agent
from ...errors import CardtableError
from ...i18n import N_
from ...registry import GAMES, make_game
from ...store import StoreConflictError, StoreError
from . import persistence as db
from .admission import Admission, Refused
from .api_errors import ApiError, from_refusal, from_web_error
from .cluster import listen_url
from .roomdb import Crowd
from .security import BadJSON, clean_name, parse_json
from .table import MAX_NAME, SeatSpec, Table, WebError, computer_name, hash_token
from .table_words import News

BAD = ("bad-request", "bad-target")
"""The codes of a request that is wrong (400), not of a seat taken or a database away."""

if TYPE_CHECKING:
    from ...store import Store


class TableManager(Protocol):
    """What the room needs of the server's :class:`~.tables.TableManager` (which owns a :class:`Room`)."""

    tables: dict[str, Table]
    store: Store
    room: Room
    cluster: Any
    _tasks: set[asyncio.Task[None]]

    async def create(self, spec: Any) -> tuple[Table, dict[int, str]]: ...

    async def get(self, table_id: Any) -> Table: ...

    def kick(self, table: Table) -> None: ...

    async def _reload(self, table: Table) -> bool: ...

__all__ = ["OPEN_NAME", "AWAY_THEN", "DEFAULT_AWAY_AFTER", "GRACE", "TICK", "Room", "open_seat", "apply_away",
           "default_level", "free_seats", "seat_news", "tell", "register"]

log = logging.getLogger(__name__)
OPEN_NAME = "Open seat"
AWAY_THEN = ("computer", "offer", "keep")
DEFAULT_AWAY_AFTER = 120.0
"""Seconds a player may be gone before the creator's choice applies (tables with open seats, quick match)."""
MIN_WAIT, MAX_WAIT = 1.0, 86_400.0
GRACE = 60.0
"""Seconds a table counts as attended after a seat was taken or set up, before anyone has connected."""
TICK = 1.0
"""Seconds between two looks at the tables' empty seats."""


def default_level(game: str) -> str:
    """The computer level offered first: ``medium`` where the game has it (as the lobby's form)."""
    levels = AGENT_LEVELS.get(game, ("random",))
    return "medium" if "medium" in levels else levels[min(1, len(levels) - 1)]


def _level(game: str, raw: Any) -> str:
    level = raw or default_level(game)
    levels = AGENT_LEVELS.get(game, ("random",))
    if level not in levels:
        raise WebError("bad-request", f"unknown level {str(level)[:40]!r} for {game}; levels: {', '.join(levels)}")
    return str(level)


def _seconds(raw: Any, what: str) -> float | None:
    if raw is None:
        return None
    if not isinstance(raw, int | float) or isinstance(raw, bool) or not MIN_WAIT <= raw <= MAX_WAIT:
        raise WebError("bad-request", f"{what} is a number of seconds from {MIN_WAIT:g} to {MAX_WAIT:g}, or null")
    return float(raw)


def open_seat(raw: dict[str, Any], game: str) -> SeatSpec:
    """An open seat from a seat of the lobby's request: ``{"kind": "open"}``, with ``"computer_after"`` (seconds,
    quick match) and ``"level"`` for the computer that takes it if nobody has by then."""
    fill = _seconds(raw.get("computer_after"), "computer_after")
    return SeatSpec("human", OPEN_NAME, open=True, since=time.time(), fill_after=fill,
                    bot_level=_level(game, raw.get("level")) if fill is not None else None)


def apply_away(seats: list[SeatSpec], raw: Any, game: str, *, has_open: bool) -> None:
    """Set every human seat's rule for a player gone too long from the request's ``away``; without one, a
    table with open seats hands such a seat to a computer after :data:`DEFAULT_AWAY_AFTER` s, others keep it."""
    if raw is None:
        raw = {"then": "computer"} if has_open else {"then": "keep"}
    if not isinstance(raw, dict):
        raise WebError("bad-request", 'away is an object: {"then": "computer" | "offer" | "keep", "after": seconds}')
    then = raw.get("then", "computer")
    if then not in AWAY_THEN:
        raise WebError("bad-request", f"away.then must be one of {', '.join(AWAY_THEN)}")
    after = _seconds(raw.get("after", DEFAULT_AWAY_AFTER), "away.after")
    level = _level(game, raw.get("level")) if then == "computer" else None
    for sp in seats:
        if sp.kind == "human" and then != "keep":
            sp.away, sp.away_after, sp.bot_level = str(then), after, level or sp.bot_level


def free_seats(table: Table) -> list[int]:
    """The open seats of ``table`` (none once the match is over)."""
    if table.match.is_over():
        return []
    return [i for i, sp in enumerate(table.seats) if sp.kind == "human" and sp.open]


def seat_news(before: list[SeatSpec], after: list[SeatSpec], joined: set[int]) -> list[News]:
    """What everyone at a table is told when its seats go from ``before`` to ``after`` (``joined``: the seats
    whose player had come, before). One source for this process's changes and for those another process made
    and this one reloads, so a player at any process reads the same words (each in the page's language)."""
    news = []
    for i, (old, new) in enumerate(zip(before, after)):
        if old.kind != "human" or old == new:
            continue
        if old.open and new.kind == "human" and not new.open:
            news.append(News(N_("{name} took the open seat."), {"name": new.name}))
        elif old.open and new.kind == "computer":
            wait = old.fill_after
            if wait is None:
                news.append(News(N_("Nobody came: a computer ({level}) plays the open seat."), {"level": new.level}))
            elif wait >= 60 and wait % 60 == 0:
                news.append(News(N_("Nobody came in {n} min: a computer ({level}) plays the open seat."),
                                 {"n": f"{wait / 60:g}", "level": new.level}))
            else:
                news.append(News(N_("Nobody came in {n} s: a computer ({level}) plays the open seat."),
                                 {"n": f"{wait:g}", "level": new.level}))
        elif not old.open and new.kind == "computer":
            news.append(News(N_("{name} left; a computer ({level}) plays {name}'s seat."),
                             {"name": old.name, "level": new.level}))
        elif not old.open and new.open:
            news.append(News(N_("{name} left; {name}'s seat is open to anyone."), {"name": old.name}) if i in joined
                        else News(N_("{name} did not come to the table; the seat is open to anyone again."),
                                  {"name": old.name}))
    return news


def tell(table: Table, news: News) -> None:
    """Tell everyone at ``table`` (seats and spectators) ``news``, each connection in its page's language."""
    said: dict[str, dict[str, Any]] = {}
    for c in [c for clients in table.clients.values() for c in list(clients)] + list(table.spectators):
        lang = getattr(c, "lang", "en")
        if lang not in said:
            said[lang] = {"t": "notice", "msg": news.words(lang)}
        c.push(said[lang])


def _unique(name: str, seats: list[SeatSpec], seat: int) -> str:
    """``name``, or ``name (2)``... if another of ``seats`` has it."""
    taken = {sp.name for i, sp in enumerate(seats) if i != seat}
    if name not in taken:
        return name
    k = 2
    while f"{name} ({k})" in taken:
        k += 1
    return f"{name} ({k})"


def in_play(manager: TableManager) -> Any:
    def check(table_id: str) -> bool:
        table = manager.tables.get(table_id)
        return table is not None and not table.match.is_over()
    return check


class Room:
    """The room's part of one :class:`~.tables.TableManager`: taking seats, quick match, the keeper of empty seats."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.quick_lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._crowd: Crowd | None = None

    @property
    def crowd(self) -> Crowd | None:
        """The room's state shared with the other processes (:mod:`.roomdb`), while this process is one of a
        cluster on PostgreSQL; ``None`` otherwise (SQLite: one process, everything is in its memory)."""
        crowd = self._shared()
        if crowd is not None:
            self.ensure()  # the keeper writes the presence rows (and closes the crowd's connections when it stops)
        return crowd

    def _shared(self) -> Crowd | None:
        if self.manager.cluster is None:
            return None
        if self._crowd is None:
            url = listen_url(self.manager.store)
            if url is not None:
                self._crowd = Crowd(url)
        return self._crowd

    # --- who is here ---------------------------------------------------------------------------------
    def opened(self, table: Table) -> None:
        """``table`` was set up or had a seat taken just now: it counts as attended for :data:`GRACE` seconds."""
        table.seen = time.monotonic()
        self.ensure()
        crowd = self.crowd
        if crowd is not None:  # the other processes' lobbies offer its seats too
            crowd.mark(table.id, -1, GRACE)

    @staticmethod
    def attended(table: Table, now: float | None = None) -> bool:
        """Someone is at ``table``, or a seat was taken or set up less than :data:`GRACE` seconds ago."""
        if any(table.clients.get(i) for i in table.human_seats()):
            return True
        return (now if now is not None else time.monotonic()) - table.seen < GRACE

    def ensure(self) -> None:
        """Start the keeper of empty seats (once a loop runs; again if it stopped)."""
        if self._task is None or self._task.done():
            with contextlib.suppress(RuntimeError):  # no running loop: the next request starts it
                self._task = asyncio.get_running_loop().create_task(self._keep())
                self.manager._tasks.add(self._task)
                self._task.add_done_callback(self.manager._tasks.discard)

    # --- taking a seat -------------------------------------------------------------------------------
    async def take(self, table: Table, seat: Any, name: Any) -> tuple[int, str]:
        """Seat a stranger in an open seat of ``table`` (``seat``: which, else the first); return the seat and the
        token made for this person only. Raises :class:`WebError` ``taken`` if nobody can take it now."""
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise WebError("bad-request", "say which seat to take (its number), or none for the first free one")
        async with table.lock:
            free = free_seats(table)
            if table.match.is_over():
                raise WebError("over", "this match is over: its seats are no longer open")
            if seat is None and free:
                seat = free[0]
            if seat not in free:
                raise WebError("taken", "someone took this seat a moment ago: the list of tables is refreshed")
            assert isinstance(seat, int)
            label = _unique(clean_name(name, MAX_NAME) or "Guest", table.seats, seat)
            personal = secrets.token_urlsafe(24)
            seats = list(table.seats)
            seats[seat] = dataclasses.replace(seats[seat], name=label, token_hash=hash_token(personal), claimed=True,
                                              open=False, since=None, fill_after=None)
            news = seat_news(table.seats, seats, table.joined)
            await self.store_seats(table, seats, table.joined - {seat}, "seat")
            with contextlib.suppress(IndexError, TypeError):
                table.match.seat_names[seat] = label
            table.gone[seat] = time.monotonic()
            self.opened(table)
            for told in news:
                tell(table, told)
            table.broadcast()
        return seat, personal

    async def store_seats(self, table: Table, seats: list[SeatSpec], joined: set[int], what: str) -> None:
        """Store ``seats`` and ``joined`` only if the stored ones are still the table's (call under its lock), then
        make them the table's: another process sharing the database that changed them first wins, and this change
        is refused (``taken``); so two people in two processes never get one seat. The write is announced to the
        other processes like every seat change (:func:`.persistence.save_joined`)."""
        store = self.manager.store
        try:
            await db.bounded(store, db.save_joined, store, table.id, seats, joined, (list(table.seats), set(table.joined)))
        except StoreConflictError:
            raise WebError("taken", "someone took this seat a moment ago: the list of tables is refreshed") from None
        except StoreError as exc:
            log.warning("table %s: %s not saved: %s", table.id, what, db.one_line(exc))
            raise WebError("database", f"the database is unavailable, so the {what} did not happen; "
                           "try again in a moment") from None
        table.seats, table.joined = seats, joined

    # --- quick match ---------------------------------------------------------------------------------
    async def quick(self, spec: Any) -> tuple[Table, int, str, bool]:
        """Seat the caller at the oldest open table of the game and preset where someone waits, or set one up
        with one open seat; return the table, the seat, its token and whether the caller waits for someone."""
        if not isinstance(spec, dict):
            raise WebError("bad-request", "expected a JSON object")
        game, preset = spec.get("game"), spec.get("preset") or "standard"
        if game not in GAMES:
            raise WebError("bad-request", f"unknown game {game!r}; games: {', '.join(GAMES)}")
        try:
            rules = make_game(str(game), preset=str(preset)).rules
        except (CardtableError, TypeError, ValueError) as exc:
            raise WebError("bad-request", f"bad rules: {exc}") from None
        after = _seconds(spec.get("computer_after"), "computer_after")
        level = _level(str(game), spec.get("level"))
        make = {"game": game, "preset": preset,
                "seats": [{"kind": "human", "name": spec.get("name")},
                          {"kind": "open", "computer_after": after, "level": level}],
                "away": {"then": "computer", "after": DEFAULT_AWAY_AFTER, "level": level}}
        async with self.quick_lock:
            crowd = self.crowd
            if crowd is not None:  # several processes: the tables waiting in any of them
                return await self._quick_shared(crowd, str(game), str(preset), rules, spec.get("name"), make)
            now = time.monotonic()
            found = [t for t in self.manager.tables.values()
                     if t.public and t.game == game and t.match.game.rules == rules and free_seats(t)
                     and self.attended(t, now)]
            found.sort(key=lambda t: min(t.seats[i].since or 0.0 for i in free_seats(t)))
            for table in found:
                with contextlib.suppress(WebError):
                    seat, token = await self.take(table, None, spec.get("name"))
                    return table, seat, token, False
            table, tokens = await self.manager.create(make)
            return table, 0, tokens[0], True

    async def _quick_shared(self, crowd: Crowd, game: str, preset: str, rules: Any, name: Any,
                            make: dict[str, Any]) -> tuple[Table, int, str, bool]:
        """Quick match when several processes serve the room: under the advisory lock of (game, preset) in every
        process, the oldest table in the database where someone waits, else a new one, marked attended before the
        lock is let go (the next quick matcher, at whichever process, finds it)."""
        try:
            async with crowd.quick_lock(game, preset) as conn:
                waiting = sorted((min(since for _, since in free), table_id)
                                 for table_id, free, here in await crowd.public(game=game, conn=conn) if free and here)
                for _, table_id in waiting:
                    with contextlib.suppress(WebError):
                        table = await self.manager.get(table_id)
                        if table.public and table.match.game.rules == rules:
                            seat, token = await self.take_stored(table, None, name)
                            return table, seat, token, False
                table, tokens = await self.manager.create(make)
                await crowd.attend(conn, table.id, GRACE)
                return table, 0, tokens[0], True
        except StoreError as exc:
            log.warning("quick match not made: %s", db.one_line(exc))
            raise WebError("database", "the database is unavailable, so no match was made; try again in a moment") from None

    async def take_stored(self, table: Table, seat: Any, name: Any) -> tuple[int, str]:
        """:meth:`take`; when several processes serve the room and another changed the seats before this one
        heard of it, once more on the table as stored (the seat may still be free: another one was taken)."""
        try:
            return await self.take(table, seat, name)
        except WebError as exc:
            if exc.code != "taken" or self._crowd is None:
                raise
            async with table.lock:
                if not await self.manager._reload(table):
                    raise
            return await self.take(table, seat, name)

    # --- the keeper of empty seats -------------------------------------------------------------------
    async def _keep(self) -> None:
        failing = False
        try:
            while True:
                await asyncio.sleep(TICK)
                kept = [t for t in list(self.manager.tables.values())
                        if any(sp.open or sp.away for sp in t.seats) and not t.match.is_over()]
                crowd = self._shared()
                if crowd is not None:
                    try:
                        await self._share(crowd, kept)
                        failing = False
                    except Exception as exc:  # the database is down: seats count as attended here only
                        crowd.remote = {}
                        if not failing:
                            log.warning("room: presence not shared with the other processes: %s", db.one_line(exc))
                        failing = True
                for table in kept:
                    try:
                        await self.check(table)
                    except Exception:  # one table's trouble must not stop the others' keeping
                        log.exception("room: table %s could not be checked", table.id)
        finally:
            if self._crowd is not None:
                await self._crowd.close()

    @staticmethod
    async def _share(crowd: Crowd, tables: list[Table]) -> None:
        """Refresh the presence rows of the seats this process's clients have open, and learn which seats of
        ``tables`` are attended at any process (:attr:`.roomdb.Crowd.remote`)."""
        now = time.monotonic()
        for table in tables:
            for i in table.human_seats():
                if table.clients.get(i):
                    crowd.connected(table.id, i, now)
        await crowd.tick([t.id for t in tables])

    async def check(self, table: Table) -> None:
        """Apply the table's rules to its empty seats: a quick match's computer, a player gone too long."""
        now, wall = time.monotonic(), time.time()
        elsewhere = self._crowd.remote.get(table.id, set()) if self._crowd is not None else set()
        for i in table.human_seats():
            if table.clients.get(i) or i in elsewhere:  # (a seat open at another process counts as here)
                table.gone.pop(i, None)
                table.seen = now
            elif not table.seats[i].open:
                table.gone.setdefault(i, now)
        if not self._due(table, now, wall):
            return
        async with table.lock:
            if table.match.is_over() or table.paused:
                return
            seats, joined, changed = list(table.seats), set(table.joined), False
            online = {i for i in table.human_seats() if table.clients.get(i)}
            for i, sp in enumerate(seats):
                if sp.kind != "human":
                    continue
                if sp.open:
                    if sp.fill_after is not None and sp.since is not None and wall - sp.since >= sp.fill_after and online:
                        seats[i] = self._computer(table, sp, _unique(computer_name(i, len(seats), table.match.game.rules), seats, i))
                        changed = True
                        joined.discard(i)
                    continue
                since = table.gone.get(i)
                if i in online or i in elsewhere or since is None:
                    continue
                if sp.claimed and i not in joined and now - since >= GRACE:
                    seats[i] = self._reopen(sp, wall)  # took the seat in the lobby and never came
                    changed = True
                elif sp.away and i in joined and now - since >= (sp.away_after or DEFAULT_AWAY_AFTER) and online - {i}:
                    if sp.away == "computer":
                        seats[i] = self._computer(table, sp, _unique(f"Computer for {sp.name}"[:MAX_NAME], seats, i))
                        changed = True
                    else:
                        seats[i] = self._reopen(sp, wall)
                        joined.discard(i)
                        changed = True
                else:
                    continue
                table.gone.pop(i, None)
            if not changed:
                return
            for i, sp in enumerate(seats):
                if sp.open:
                    seats[i] = dataclasses.replace(sp, name=_unique(OPEN_NAME, seats, i))
            news = seat_news(table.seats, seats, table.joined)
            try:
                await self.store_seats(table, seats, joined - {i for i, sp in enumerate(seats) if sp.open}, "seat change")
            except WebError as exc:  # another process changed the seats first, or the database is down: look again later
                log.info("table %s: seats not changed: %s", table.id, exc)
                return
            for i, sp in enumerate(seats):
                if sp.open:  # the score is the seat's; the name is no longer the person's who left
                    with contextlib.suppress(IndexError, TypeError):
                        table.match.seat_names[i] = sp.name
                if sp.kind == "computer" and i not in table.agents:
                    table.agents[i] = make_agent(table.game, sp.level or "random", seed=(table.match.seed or 0) + i)
            for told in news:
                tell(table, told)
            table.broadcast()
        self.manager.kick(table)

    @staticmethod
    def _due(table: Table, now: float, wall: float) -> bool:
        """Whether :meth:`check` may have something to do (a quick look without the table's lock)."""
        for i, sp in enumerate(table.seats):
            if sp.open and sp.fill_after is not None and sp.since is not None and wall - sp.since >= sp.fill_after:
                return True
            since = table.gone.get(i)
            if since is None:
                continue
            if (sp.claimed and i not in table.joined and now - since >= GRACE) \
                    or (sp.away and now - since >= (sp.away_after or DEFAULT_AWAY_AFTER)):
                return True
        return False

    @staticmethod
    def _computer(table: Table, sp: SeatSpec, name: str) -> SeatSpec:
        return SeatSpec("computer", name, sp.bot_level or default_level(table.game))

    @staticmethod
    def _reopen(sp: SeatSpec, wall: float) -> SeatSpec:
        return dataclasses.replace(sp, name=OPEN_NAME, token_hash=None, claimed=False, open=True, since=wall)



def register(app: FastAPI, manager: TableManager, admission: Admission) -> None:
    """Add the room's routes: take an open seat, quick match."""
    room: Room = manager.room

    def admit(request: Request, playing: int) -> str:
        address = request.client.host if request.client else "?"
        try:
            admission.admit(address, in_play(manager), playing)
        except Refused as exc:
            raise from_refusal(exc) from None
        return address

    async def body(request: Request) -> Any:
        try:
            return parse_json(await request.body() or b"{}")
        except BadJSON as exc:
            raise ApiError(400, "bad-json", f"request is not acceptable JSON: {exc}") from None

    def answer(table: Table, seat: int, token: str, **extra: Any) -> JSONResponse:
        return JSONResponse({"id": table.id, "game": table.game, "seat": seat, "token": token,
                             "names": [sp.name for sp in table.seats], **extra})

    @app.post("/api/tables/{table_id}/take")
    async def take_seat(table_id: str, request: Request) -> JSONResponse:
        spec = await body(request)
        if not isinstance(spec, dict):
            raise ApiError(400, "bad-request", "expected a JSON object")
        try:
            table = await manager.get(table_id)
        except WebError as exc:
            raise from_web_error(exc, 410 if exc.code == "expired" else 404) from None
        if not table.public:
            raise ApiError(404, "no-table", "no such table")  # a private table is not there for strangers
        address = admit(request, 0)
        try:
            seat, token = await room.take_stored(table, spec.get("seat"), spec.get("name"))
        except WebError as exc:
            raise from_web_error(exc, 409 if exc.code in ("taken", "over") else 400 if exc.code in BAD else 503) from None
        admission.record(address, table.id)
        return answer(table, seat, token)

    @app.post("/api/quick")
    async def quick_match(request: Request) -> JSONResponse:
        spec = await body(request)
        address = admit(request, sum(not t.match.is_over() for t in manager.tables.values()))
        try:
            table, seat, token, waiting = await room.quick(spec)
        except WebError as exc:
            raise from_web_error(exc, 400 if exc.code in BAD else 503) from None
        admission.record(address, table.id)
        return answer(table, seat, token, waiting=waiting)
