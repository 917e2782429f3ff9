"""Tables of the web server: one match each, seats for people (with invite tokens) and computer players.

The server is authoritative: a :class:`Table` holds the :class:`~cardtable.match.Match`,
checks every action and sends each connection a message built from
``state.view(seat)`` only (spectators: :func:`~.serialize.public_view`). Every
change is saved through the store before anyone hears of it, so a table
survives a restart of the server; joins too (:meth:`TableManager.join`). An
invite token opens its seat once: the first join swaps it for a token of the
player's own (only the tokens' SHA-256 is stored). Needs asyncio and
SQLAlchemy, no web framework.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import random
import secrets
from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from ...errors import CardtableError
from ...match import Match
from ...store import Store, StoreConflictError, StoreError, StoreRefusedError
from ...store import schema as s
from ..private_steps import is_decline
from . import persistence as db
from .cluster import Cluster, listen_url
from .hints import HintDesk, HintRefused
from .room import Room, apply_away, open_seat, seat_news, tell
from .table import (
    MAX_NAME,
    Client,
    SeatSpec,
    Table,
    WebError,
    hash_token,
    hint_entries,
    joined_seats,
    parse_spec,
    ranked_moves,
    stored_actions,
)

__all__ = ["WebError", "Client", "Table", "TableManager", "SeatSpec", "MAX_NAME", "hash_token"]

log = logging.getLogger(__name__)


class TableManager:
    """All tables of one server, loaded from the store on demand."""

    def __init__(self, store: Store, *, think_delay: float = 0.0) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.think_delay = think_delay
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self.reconnector = db.Reconnector(store, self._resume)
        self.hint_desk = HintDesk()
        self.room = Room(self)
        """Open seats, quick match and seats whose player has gone (:mod:`.room`)."""
        self.cluster: Cluster | None = None
        """Other processes serve the same tables (PostgreSQL): :meth:`start_cluster`."""
        self._stale: set[str] = set()
        """Tables another process changed, to reload before they are used (nobody here is at them)."""
        self._refreshing: set[str] = set()

    # --- several processes (PostgreSQL) -----------------------------------------------------------
    async def start_cluster(self) -> bool:
        """Hear the other processes' changes and share the computer players' driving with them (:mod:`.cluster`);
        ``False`` (nothing started) unless the store is PostgreSQL."""
        url = listen_url(self.store)
        if url is None or self.cluster is not None:
            return False
        self.cluster = Cluster(url, changed=self.changed_elsewhere, caught_up=self._caught_up, sweep=self._sweep)
        await self.cluster.start()
        return True

    def changed_elsewhere(self, table_id: str, counter: int = -1) -> None:
        """A process changed ``table_id`` (its counter now ``counter``, -1: its seats): if people here are at it
        and this process has not the table so already, reload it and tell them now."""
        table = self.tables.get(table_id)
        if table is None or counter == table.version:
            return
        if not table.spectators and not any(table.clients.values()):
            self._stale.add(table_id)  # reloaded when someone comes (:meth:`get`)
            return
        if table_id in self._refreshing:
            return
        self._refreshing.add(table_id)

        async def refresh() -> None:
            try:
                async with table.lock:
                    self._refreshing.discard(table_id)
                    await self._reload(table)
            finally:
                self._refreshing.discard(table_id)

        self._spawn(refresh())

    def _caught_up(self) -> None:
        for table_id in list(self.tables):  # notifications may have been missed while not listening
            self.changed_elsewhere(table_id)

    def _sweep(self) -> None:
        """Start the computers of every table here that waits for one (a dead process drove it): :meth:`kick`."""
        for table in list(self.tables.values()):
            if table.computer_task is None or table.computer_task.done():
                self.kick(table)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _reload(self, table: Table) -> bool:
        """Make ``table`` as stored (call under its lock): moves, undos and seats another process saved; each
        connection is sent its own view if anything changed. ``False`` if nothing changed or the database is down."""
        self._stale.discard(table.id)
        try:
            found = await db.bounded(self.store, db.load_row, self.store, table.id)
        except (StoreError, CardtableError) as exc:
            log.warning("table %s cannot be reloaded: %s", table.id, db.one_line(exc))
            return False
        if found is None:
            return False
        row, match = found
        seats = [SeatSpec.from_json(x) for x in json.loads(row.seats)]
        joined = joined_seats(row.joined, seats)
        moved = stored_actions(match) != table.saved or int(row.undos) != table.undos
        if not moved and seats == table.seats and joined == table.joined:
            return False
        if moved:
            table.match, table.undos, table.saved = match, int(row.undos), stored_actions(match)
            table._rebuild_history()
        news = seat_news(table.seats, seats, table.joined)  # a seat taken or left at another process
        if seats != table.seats:
            fresh = Table(id=table.id, match=table.match, seats=seats, game_id=table.game_id, actors=table.actors,
                          joined=joined)
            table.agents, joined = fresh.agents, fresh.joined  # a seat handed to a computer, or back
        else:  # as a loaded table: a person who has played has come
            joined |= {a for row in table.actors for a in row if a >= 0 and seats[a].kind == "human"}
        table.seats, table.joined = seats, joined
        for told in news:
            tell(table, told)
        table.broadcast()
        return True

    # --- persistence -------------------------------------------------------------------------------
    def _save(self, table: Table, *, new: bool = False) -> None:
        """Store a new table whole, or append its unsaved moves (in a worker thread: blocking I/O)."""
        if new:
            db.insert_table(self.store, table)
        else:
            table.saved = db.save_moves(self.store, table)

    async def _save_or_restore(self, table: Table, what: str, restore: Callable[[], None]) -> None:
        """Save ``table`` (whole after an undo); if that fails, ``restore`` it and refuse the request, pausing
        the table until the database is back, unless the database refused the save for good (then it plays on)."""
        try:
            await db.save(self.store, table, whole=what == "undo")
        except StoreConflictError:  # another process saved a move first: take the table as stored
            restore()
            await self._reload(table)
            raise WebError("stale", "the table has moved on (a move was made meanwhile); your view is refreshed") from None
        except StoreRefusedError as exc:  # the database answered "no": no outage to wait for
            restore()
            db.refused(table, exc, what)
            raise WebError("save-refused", db.SAVE_REFUSED) from None
        except StoreError as exc:
            restore()
            self.reconnector.pause(table, exc, what)
            raise WebError("database", db.DB_REFUSED) from None

    async def _save_seats(self, table: Table, seats: list[SeatSpec], joined: set[int], what: str) -> None:
        """Store ``seats`` and ``joined`` and only then make them the table's (call under its lock); if the
        save fails nothing changes and the request is refused. If another process changed the seats meanwhile,
        the table is reloaded and this change made on top of that one, unless both changed the same seat."""
        for attempt in (1, 2):
            try:
                await db.bounded(self.store, db.save_joined, self.store, table.id, seats, joined,
                                 (table.seats, table.joined))
                break
            except StoreConflictError:
                before, came = list(table.seats), set(table.joined)
                await self._reload(table)
                changed = [i for i, sp in enumerate(seats) if sp != before[i]]
                if attempt == 2 or any(table.seats[i] != before[i] for i in changed):
                    raise WebError("stale", f"the seat changed meanwhile, so the {what} did not happen") from None
                seats = [seats[i] if i in changed else sp for i, sp in enumerate(table.seats)]
                joined = (table.joined | (joined - came)) - (came - joined)
            except StoreError as exc:
                log.warning("table %s: %s not saved: %s", table.id, what, db.one_line(exc))
                raise WebError("database", f"the database is unavailable, so the {what} did not happen; "
                               "try again in a moment") from None
        table.seats, table.joined = seats, joined

    async def join(self, table: Table, token: Any, client: Client, *, max_connections: int) -> int:
        """Seat ``client`` at ``table`` by a seat's token; return the seat.

        An invite opens its seat once: the first join with it swaps it for a token of the player's own,
        sent to this connection only (``"token"`` in its first state) and from then on the only token
        that opens the seat. The seat, and that its player has come, are saved before anyone is told;
        if the save fails the join is refused and the invite still works.
        """
        async with table.lock:
            seat = table.seat_for_token(token)
            if seat is None:
                raise WebError("token", "this link does not open a seat at this table (an invite link opens its "
                               "seat once: its player comes back through My tables)")
            if len(table.clients.get(seat, ())) >= max_connections:
                raise WebError("full", "this seat is open in too many windows")
            spec = table.seats[seat]
            personal: str | None = None
            if not spec.claimed or seat not in table.joined:
                seats = list(table.seats)
                if not spec.claimed:
                    personal = secrets.token_urlsafe(24)
                    seats[seat] = dataclasses.replace(spec, token_hash=hash_token(personal), claimed=True)
                await self._save_seats(table, seats, table.joined | {seat}, "join")
            table.clients.setdefault(seat, set()).add(client)
            self.room.ensure()  # the keeper of empty seats runs while people play (.room)
            table.gone.pop(seat, None)  # here now: an absence is counted from the next time nobody has the seat open
            table.broadcast(skip=client)  # everyone sees the seat come online
            table.send(client, seat, None if personal is None else {"token": personal})
        self.kick(table)
        return seat

    async def invite(self, table: Table, seat: int, target: Any) -> str:
        """A new invite token for seat ``target``, asked for by ``seat``: only the table's creator (its first
        human seat) may, for another person's seat that nobody has open; the seat's old token stops working."""
        if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(table.seats):
            raise WebError("bad-request", "say which seat to invite (its number)")
        async with table.lock:
            if seat != table.human_seats()[0]:
                raise WebError("host", "only the person who set up the table can invite")
            if target == seat or table.seats[target].kind != "human":
                raise WebError("bad-request", "only another person's seat can be invited")
            if table.clients.get(target):
                raise WebError("occupied", f"{table.seats[target].name} is at the table: only an empty seat "
                               "can be invited again")
            if table.match.is_over():
                raise WebError("over", "the match is over")
            token = secrets.token_urlsafe(24)
            seats = list(table.seats)
            seats[target] = dataclasses.replace(seats[target], token_hash=hash_token(token), claimed=False)
            await self._save_seats(table, seats, table.joined, "invitation")
        return token

    async def _resume(self, table: Table) -> None:
        """The database is back: reload the table as stored (a save whose answer was lost may have landed), go on."""
        async with table.lock:
            try:
                found = await db.bounded(self.store, db.load_row, self.store, table.id)
            except StoreError as exc:  # down again: keep waiting
                self.reconnector.paused[table.id] = table
                log.info("table %s cannot be reloaded yet: %s", table.id, exc)
                return
            except CardtableError as exc:
                log.error("table %s cannot be reloaded after the database came back: %s", table.id, exc)
                found = None
            if found is not None:
                row, match = found
                if stored_actions(match) != table.saved or int(row.undos) != table.undos:
                    table.match, table.undos, table.saved = match, int(row.undos), stored_actions(match)
                    table._rebuild_history()
            table.paused = False
            table.broadcast()
        self.kick(table)

    def _load(self, table_id: str) -> Table | None:
        with self.store.reading() as conn:
            row = conn.execute(select(s.web_tables).where(s.web_tables.c.id == table_id)).first()
            status = None if row is None else conn.execute(
                select(s.games.c.status).where(s.games.c.id == row.game_id)).scalar()
        if row is None:
            return None
        if status == s.ABANDONED:
            raise WebError("expired", "this table was closed after a long time without a move")
        seats = [SeatSpec.from_json(x) for x in json.loads(row.seats)]
        match = self.store.load_match(int(row.game_id))
        table = Table(id=table_id, match=match, seats=seats, game_id=int(row.game_id), undos=int(row.undos),
                      manager=self, public=bool(row.public), joined=joined_seats(row.joined, seats))
        return table

    # --- tables ----------------------------------------------------------------------------------
    async def create(self, spec: Any) -> tuple[Table, dict[int, str]]:
        """Create a table from a lobby request; return it and the invite token of each human seat."""
        descriptor, seats, tokens = parse_spec(spec, open_seat)
        game = descriptor.name
        has_open = any(sp.open for sp in seats)
        apply_away(seats, spec.get("away"), str(game), has_open=has_open)
        names = [sp.name for sp in seats]
        seed = random.SystemRandom().randrange(2**31)
        match = Match(descriptor, seed=seed, seat_names=names)
        table = Table(id=secrets.token_hex(8), match=match, seats=seats, game_id=0, manager=self,
                      public=spec.get("public") is True or has_open)  # an open seat is for anyone to find
        async with table.lock:
            table.resolve_chance()
            await asyncio.to_thread(self._save, table, new=True)
        self.tables[table.id] = table
        self.room.opened(table)
        self.kick(table)
        return table, tokens

    async def get(self, table_id: Any) -> Table:
        if not isinstance(table_id, str) or not table_id.isalnum() or len(table_id) > 32:
            raise WebError("no-table", "no such table")
        table = self.tables.get(table_id)
        if table is not None:
            if table_id in self._stale:  # another process moved it on while nobody here was at it
                async with table.lock:
                    await self._reload(table)
                self.kick(table)
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is None:
                try:
                    table = await asyncio.to_thread(self._load, table_id)
                except (StoreError, SQLAlchemyError) as exc:
                    log.error("table %s cannot be loaded, the database is unavailable: %s", table_id, db.one_line(exc))
                    raise WebError("database", "the database is unavailable: the table will open when it is "
                                   "back (this page keeps trying)") from None
                except CardtableError as exc:
                    log.warning("table %s cannot be loaded: %s", table_id, exc)
                    raise WebError("no-table", f"table {table_id} cannot be loaded: {exc}") from None
                if table is None:
                    raise WebError("no-table", "no such table")
                self.tables[table_id] = table
                self.kick(table)
        return table

    # --- requests from seats -----------------------------------------------------------------------
    async def act(self, table: Table, seat: int, move: Any, n: Any) -> None:
        async with table.lock:
            table.play(seat, move, n, db.DB_REFUSED)
            await self._save_or_restore(table, "move", lambda: db.roll_back(table))
            table.broadcast()
        self.kick(table)

    async def pick(self, table: Table, seat: int, card: Any, picks: Any, n: Any, lang: str = "en") -> dict[str, Any]:
        """The moves of hand ``card`` that take exactly the table cards ``picks`` (Casino: a card of a build
        stands for the build), each checked as one move; with none, why not (the rule); in ``lang``."""
        async with table.lock:
            return table.pick(seat, card, picks, n, lang)

    async def undo(self, table: Table, seat: int, n: Any) -> None:
        async with table.lock:
            if n != table.version_for(seat):
                raise WebError("stale", "the table has moved on; your view is refreshed")
            if table.paused:
                raise WebError("database", db.DB_REFUSED)
            before = table.match, table.undos, table.saved

            def restore() -> None:
                table.match, table.undos, table.saved = before
                table._rebuild_history()

            table.undo(seat)
            await self._save_or_restore(table, "undo", restore)
            table.broadcast()
        self.kick(table)

    async def hints(self, table: Table, seat: int, k: int = 3, client: Any = None) -> list[dict[str, Any]]:
        """The hint player's best ``k`` moves for ``seat``, within the thinking budgets of :attr:`hint_desk`
        (``client``: the connection asking, which has a budget of its own; :mod:`.hints`)."""
        async with table.lock:
            agent, state, view, legal = table.hint_position(seat)
            lang = getattr(client, "lang", "en")
            key = (table.version, seat) if lang == "en" else (table.version, seat, lang)
            elsewhere = table._hint_in_process

        async def think() -> list[dict[str, Any]]:
            if elsewhere:  # the thinking never holds this process's interpreter lock
                ranked = await self.hint_desk.in_process(table.game, table.match.seed, view, legal, k)
            else:
                ranked = ranked_moves(await asyncio.to_thread(agent.explain, view, legal, k), k)
            return await asyncio.to_thread(hint_entries, state, ranked[:k], lang)

        try:
            return await self.hint_desk.work_out(table.id, key, client, think)
        except HintRefused as exc:
            raise WebError(exc.code, str(exc), params=exc.params) from None

    # --- the computer ----------------------------------------------------------------------------
    def kick(self, table: Table) -> None:
        """Start the computer players of ``table`` if one of them is to act."""
        if table.paused or (table.computer_task is not None and not table.computer_task.done()):
            return
        if not table.computer_to_act():
            return
        task = asyncio.get_running_loop().create_task(self._run_computers(table))
        table.computer_task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run_computers(self, table: Table) -> None:
        cluster = self.cluster
        if cluster is not None:  # one process drives a table's computers: the one holding its lock
            if not await cluster.lead(table.id):
                return  # another process does; if it dies, the sweep here takes over
            async with table.lock:
                await self._reload(table)  # the process that drove it before may have played on
        try:
            while True:
                async with table.lock:
                    if table.paused or not table.computer_to_act():
                        return
                    m = table.match
                    seat = m.state.current_player()
                    version = table.version
                    agent = table.agents[seat]
                    view = m.state.view(seat)
                    legal = m.state.legal_moves()
                if table.seats[seat].level == "random":
                    action = agent.act(view, legal)
                else:
                    action = await asyncio.to_thread(agent.act, view, legal)
                if self.think_delay and not is_decline(table.game, action):  # a decline is not paced: the
                    await asyncio.sleep(self.think_delay)  # others would time the step (.private_steps)
                async with table.lock:
                    if table.version != version:  # an undo came in meanwhile
                        continue
                    table.apply(action)
                    try:
                        await self._save_or_restore(table, "computer move", lambda: db.roll_back(table))
                    except WebError as exc:
                        if exc.code == "stale":  # another process saved first: the table is reloaded, think again
                            continue
                        return  # paused: the reconnector kicks this table again when the database is back
                    table.broadcast()
        except asyncio.CancelledError:
            raise
        except Exception:  # a broken computer player must not take the server down
            log.exception("computer player failed at table %s", table.id)
        finally:
            if cluster is not None:
                with contextlib.suppress(Exception):
                    await cluster.release(table.id)

    async def close(self) -> None:
        if self.cluster is not None:
            await self.cluster.close()
        await self.reconnector.close()
        self.hint_desk.close()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

