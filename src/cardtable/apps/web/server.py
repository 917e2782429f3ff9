"""The ASGI app: lobby and history over HTTP, tables over WebSockets, the front end as static files.

WebSocket protocol (JSON text frames), on ``/ws/{table_id}``:

client -> server
    ``{"t": "join", "token": T}`` (a seat's invite token) or ``{"t": "spectate"}`` first;
    then ``{"t": "act", "m": "discard QS", "n": N}`` (``N``: the table's move
    counter from the last state, so a stale or replayed move is refused),
    ``{"t": "undo", "n": N}``, ``{"t": "hint"}``, ``{"t": "ping"}``, ``{"t": "leave"}``,
    ``{"t": "invite", "seat": S}`` (the creator, i.e. the first human seat: a new invite link for another
    person's seat nobody has open, answered by ``{"t": "invite", "seat": S, "token": T}``), and in Casino
    ``{"t": "pick", "card": "TD", "picks": ["6H", "4H", "9C"], "n": N}`` (the moves of a hand card that take
    exactly those table cards, a build's card standing for the build: answered by ``{"t": "picked", ...,
    "moves": [{"m", "label"}], "why": W}``, ``why`` saying the rule when there is no such move).
server -> client
    ``{"t": "state", ...}`` (see :meth:`Table.message_for`; the first after a join with an invite also
    carries ``"token"``, the seat's own token from then on: an invite opens its seat once),
    ``{"t": "hints", "hints": [...]}``,
    ``{"t": "error", "code": C, "msg": M}`` (a refused move adds ``"rule": "/rules/gin#knock"``, where
    the rules page explains the rule broken: :mod:`.rules_pages`), ``{"t": "pong"}``.

Every refused request gets an error and changes nothing; messages over
:data:`MAX_MESSAGE` bytes, nested more than :data:`~.security.MAX_DEPTH` deep
(code ``deep``) and more than :data:`RATE` messages a second (burst
:data:`BURST`) per connection are refused too. ``undo`` says why it is not
available (the state's ``undo_reason``, :mod:`cardtable.undo`); hints are
rationed (codes ``hint-budget`` and ``busy``, :mod:`.hints`). Every HTTP
response carries the security headers, and foreign page origins are refused
(:mod:`.security`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import json
import logging
import os
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ... import i18n
from ...agents import AGENT_LEVELS
from ...errors import CardtableError
from ...registry import GAMES, game_class
from ...store import Store, StoreError
from ..words import refusal_text_of
from . import api_errors, catalogs, history, lobby, metrics, room, rules_pages
from .admission import Admission, Refused
from .api_errors import ApiError, from_refusal, from_web_error
from .cluster import listen_url
from .persistence import one_line, open_store
from .security import (
    WILDCARD_ADDRESSES,
    BadJSON,
    HostPolicy,
    OriginPolicy,
    SecurityMiddleware,
    origin_host,
    parse_json,
    trusted_proxies,
)
from .table_words import error_words, language_of, words
from .tables import Table, TableManager, WebError

__all__ = ["create_app", "serve", "settle_heap", "encode", "MAX_MESSAGE", "RATE", "BURST"]

log = logging.getLogger(__name__)
STATIC = Path(__file__).with_name("static")
MAX_MESSAGE = 4096
RATE = 10.0
BURST = 30.0
MAX_VIOLATIONS = 200
MAX_QUEUE = 256
MAX_BODY = 16_384
HELLO_TIMEOUT = 30.0
MAX_SPECTATORS = 100
MAX_SEAT_CONNECTIONS = 8
DB_BUSY_TIMEOUT = 2.0  # seconds a move waits for a SQLite file locked by another program


_last_encoded: tuple[dict[str, Any] | None, str] = (None, "")


def encode(message: dict[str, Any]) -> str:
    """``message`` as compact JSON text, encoded once however many connections it is pushed to.

    A table pushes one message object to every connection of a seat, and another to all its
    spectators, one after the other; the last message encoded is kept with its text (the object
    itself, so its identity is not reused meanwhile). Messages are not changed once pushed.
    """
    global _last_encoded
    last, text = _last_encoded
    if last is message:
        return text
    text = json.dumps(message, separators=(",", ":"))
    _last_encoded = (message, text)
    return text


class Connection:
    """One WebSocket: a send queue drained by a writer task, so a slow client never blocks a table."""

    def __init__(self, ws: WebSocket, rate: float = RATE, burst: float = BURST) -> None:
        self.ws = ws
        self.rate = rate
        self.burst = burst
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        """Messages encoded as they are pushed: the text waits, the message's objects are freed at once."""
        self.tokens = burst
        self.stamp = time.monotonic()
        self.violations = 0
        self.last_rate_error = 0.0
        self.closed = False
        self.lang = "en"
        """The page's language (its join or spectate message says it): this connection is answered in it."""

    def push(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:  # not reading: drop the connection, keep the table
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(encode(message))

    def error(self, code: str, msg: str, rule: str | None = None) -> None:
        self.push({"t": "error", "code": code, "msg": msg, **({"rule": rule} if rule else {})})

    def refuse(self, exc: Exception, rule: str | None = None) -> None:
        """Send the refusal ``exc`` (a :class:`WebError`) in this connection's language."""
        self.error(getattr(exc, "code", "error"), error_words(exc, self.lang), rule)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.violations += 1
        return False

    async def writer(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_text(text)
        except Exception:  # the socket went away
            pass
        finally:
            self.closed = True
            if self.ws.application_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close(1008 if self.violations > MAX_VIOLATIONS else 1000)


def settle_heap() -> int:
    """Take what is alive once the server has started out of the garbage collector's sight; return how many objects.

    A full collection walks every object the collector tracks, and the libraries alone (FastAPI,
    SQLAlchemy, the games) are some 10^5 of them: at 200 tables such a collection paused the event
    loop for up to 86 ms (``benchmarks/server_load.py --gc``). They live as long as the process, so
    they are collected once and frozen (:func:`gc.freeze`); tables, moves and messages, all made
    later, are collected as usual, so no garbage of theirs is kept.
    """
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def create_app(database: str | Store | None = None, *, think_delay: float = 0.0, rate: float = RATE,
               burst: float = BURST, create_limit: int | None = None, allow_origins: Iterable[str] = (),
               allow_hosts: Iterable[str] | None = None, max_tables: int | None = None,
               max_tables_per_address: int | None = None, api_docs: bool = False,
               expire_after: float | None = None, freeze_heap: bool = False,
               metrics_token: str | None = None, peers: Iterable[str] = ()) -> FastAPI:
    """The app, with its store opened now (``database``: URL or path, default as :meth:`Store.open`; or an open store).

    ``rate``/``burst``: messages a second each connection may send (token bucket).
    ``create_limit``, ``max_tables_per_address``, ``max_tables``: new tables a minute per client address,
    tables in play per address and in all (defaults: the environment, else :mod:`.admission`'s).
    ``allow_origins``: page origins besides the server's own that may open sockets and change things
    (:mod:`.security`). ``allow_hosts``: ``Host`` names answered besides the loopback ones and those of
    ``allow_origins`` (:class:`~.security.HostPolicy`); ``None`` answers any (:func:`serve` always passes
    them: give them when serving the app yourself). ``api_docs``: serve ``/docs`` and ``/openapi.json`` (off: nobody needs them to play).
    ``expire_after``: seconds without a move after which a table is abandoned (see :mod:`.lobby`).
    ``freeze_heap``: :func:`settle_heap` once the server has started (:func:`serve` does).
    ``peers``: the origins (``http://host:port``) of the other processes serving the same PostgreSQL
    database: listed in ``/api/meta`` so a page whose server died reconnects to one of them
    (``static/reconnect.js``), and allowed as origins. On PostgreSQL the processes keep each other
    informed and share the computer players (:mod:`.cluster`); on SQLite none of that runs.
    ``metrics_token``: the bearer token ``/metrics`` asks for (``None``: the environment's, else loopback only;
    :mod:`.metrics`).
    """
    admission = Admission(create_limit, max_tables_per_address, max_tables)  # a bad limit fails here
    store = database if isinstance(database, Store) else Store.open(database)
    manager = TableManager(store, think_delay=think_delay)
    peer_list = sorted(OriginPolicy(peers).allowed)  # a bad address fails here

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if freeze_heap:
            settle_heap()
        await manager.start_cluster()  # PostgreSQL: hear the other processes, share the computers' driving
        yield
        await manager.close()
        store.close()

    policy = OriginPolicy([*allow_origins, *peer_list])  # a bad origin fails here, before the server starts
    app = FastAPI(title="cardtable", lifespan=lifespan, redoc_url=None, docs_url="/docs" if api_docs else None,
                  openapi_url="/openapi.json" if api_docs else None)
    hosts = None if allow_hosts is None else HostPolicy([*allow_hosts, *map(origin_host, policy.allowed)])
    app.add_middleware(SecurityMiddleware, policy=policy, hosts=hosts, max_body=MAX_BODY, peers=peer_list)
    app.state.manager = manager
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    lobby.register(app, manager, expire_after=expire_after)
    room.register(app, manager, admission)
    history.register(app, store)
    rules_pages.register(app, STATIC)
    metrics.register(app, manager, store, token=metrics_token)
    api_errors.install(app)

    @app.exception_handler(StoreError)
    @app.exception_handler(SQLAlchemyError)
    async def database_unavailable(request: Request, exc: Exception) -> JSONResponse:
        log.error("%s %s failed, database unavailable: %s", request.method, request.url.path, one_line(exc))
        return JSONResponse({"detail": "the database is unavailable; try again in a moment", "code": "database"},
                            status_code=503, headers={"Retry-After": "5"})

    index_html = (STATIC / "index.html").read_text(encoding="utf-8")

    @app.get("/")
    async def index(request: Request) -> HTMLResponse:
        # the page in the language Accept-Language asks for: static/i18n.js reads <html lang> (a choice made in
        # the page's language menu, kept in the browser, wins over it)
        code = catalogs.negotiate(request.headers.get("accept-language"))
        lang = catalogs.language_tag(code)
        page = index_html.replace('<html lang="en"', f'<html lang="{lang}"', 1)
        if code != "en":  # what shows before the page's modules have come (they say the rest)
            page = page.replace("<p>Loading…</p>", f"<p>{html.escape(words(code).gettext('Loading…'))}</p>", 1)
        return HTMLResponse(page, headers={"Cache-Control": "no-store", "Vary": "Accept-Language"})

    @app.get("/i18n/{name}")
    async def messages(name: str, request: Request) -> Response:
        lang = name.removesuffix(".json")
        if not name.endswith(".json") or lang not in i18n.LANGUAGES:
            raise HTTPException(404, "no such language")
        etag = catalogs.catalog_etag(lang)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}  # kept, and asked again (304) in case of an upgrade
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(catalogs.catalog_json(lang), media_type="application/json", headers=headers)

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        games: dict[str, Any] = {}
        for name in GAMES:
            rules_class = game_class(name).rules_class
            default = rules_class.preset("standard")
            games[name] = {
                "presets": list(rules_class.presets()),
                "levels": list(AGENT_LEVELS.get(name, ("random",))),
                "target": getattr(default, "target_score", None),
                "players": [2, 3, 4] if name == "casino" else [2],
            }
        return {"games": games, "peers": peer_list}

    @app.post("/api/tables")
    async def create_table(request: Request) -> JSONResponse:
        address = request.client.host if request.client else "?"

        def in_play(table_id: str) -> bool:
            table = manager.tables.get(table_id)
            return table is not None and not table.match.is_over()

        try:
            admission.admit(address, in_play, sum(not t.match.is_over() for t in manager.tables.values()))
        except Refused as exc:
            raise from_refusal(exc) from None
        body = await request.body()  # at most MAX_BODY bytes: SecurityMiddleware refuses more
        try:
            spec = parse_json(body)
        except BadJSON as exc:
            raise ApiError(400, "bad-json", f"request is not acceptable JSON: {exc}") from None
        try:
            table, tokens = await manager.create(spec)
        except WebError as exc:
            raise from_web_error(exc, 400) from None
        admission.record(address, table.id)
        seats = [{"seat": i, "kind": sp.kind, "name": sp.name, "level": sp.level, "token": tokens.get(i), "open": sp.open}
                 for i, sp in enumerate(table.seats)]
        return JSONResponse({"id": table.id, "game": table.game, "seats": seats})

    @app.websocket("/ws/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        metrics.socket_opened()
        conn = Connection(ws, rate, burst)
        writer = asyncio.create_task(conn.writer())
        table: Table | None = None
        seat: int | None = None
        watching = False
        try:
            try:
                table = await manager.get(table_id)
            except WebError as exc:
                conn.lang = language_of(ws.query_params.get("lang"))
                conn.refuse(exc)
                return
            while not conn.closed:
                try:
                    raw = await asyncio.wait_for(ws.receive(), None if (seat is not None or watching) else HELLO_TIMEOUT)
                except TimeoutError:
                    conn.error("timeout", "send join or spectate first")
                    return
                if raw.get("type") == "websocket.disconnect":
                    return
                msg = _decode(conn, raw)
                if msg is None:
                    if conn.violations > MAX_VIOLATIONS:
                        return
                    continue
                kind = msg.get("t")
                if seat is None and not watching:
                    conn.lang = language_of(msg.get("lang"))
                    if kind == "join":  # the seat is saved (an invite claimed) before anyone hears of it
                        try:
                            seat = await manager.join(table, msg.get("token"), conn,
                                                      max_connections=MAX_SEAT_CONNECTIONS)
                        except WebError as exc:
                            conn.refuse(exc)
                            return
                    elif kind == "spectate":
                        if len(table.spectators) >= MAX_SPECTATORS:
                            conn.refuse(WebError("full", "this table has as many spectators as it can take"))
                            return
                        watching = True
                        async with table.lock:
                            table.spectators.add(conn)
                            table.send(conn, None)
                    else:
                        conn.error("hello", "send join (with your token) or spectate first")
                    continue
                await _dispatch(manager, table, conn, seat, kind, msg)
                if kind == "leave":
                    return
        except WebSocketDisconnect:
            pass
        except Exception:  # never let one connection take the server down
            log.exception("websocket handler failed")
        finally:
            metrics.socket_closed()
            if table is not None:
                if seat is not None:
                    table.clients.get(seat, set()).discard(conn)
                    with contextlib.suppress(Exception):
                        async with table.lock:
                            table.broadcast()
                table.spectators.discard(conn)
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)

    return app


def _decode(conn: Connection, raw: Any) -> dict[str, Any] | None:
    if not conn.allow():
        now = time.monotonic()
        if now - conn.last_rate_error > 1.0:
            conn.last_rate_error = now
            conn.error("rate", f"too many messages: at most {conn.rate:g} a second")
        return None
    text = raw.get("text")
    if text is None:
        data = raw.get("bytes")
        if data is None or len(data) > MAX_MESSAGE:
            conn.error("size" if data else "malformed", "send JSON text messages of at most 4 KB")
            return None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            conn.error("malformed", "messages must be UTF-8 JSON")
            return None
    if len(text) > MAX_MESSAGE:
        conn.error("size", f"message too large: at most {MAX_MESSAGE} bytes")
        return None
    try:
        msg = parse_json(text)
    except BadJSON as exc:
        conn.error(exc.code, f"message is not acceptable JSON: {exc}")
        return None
    if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
        conn.error("malformed", "a message is a JSON object with a type 't'")
        return None
    return msg


async def _dispatch(manager: TableManager, table: Table, conn: Connection, seat: int | None, kind: Any,
                    msg: dict[str, Any]) -> None:
    try:
        if kind == "ping":
            conn.push({"t": "pong"})
        elif kind == "leave":
            conn.push({"t": "left"})
        elif kind == "state":
            async with table.lock:
                table.send(conn, seat)
        elif kind == "invite":
            if seat is None:
                raise WebError("spectator", "spectators cannot invite")
            conn.push({"t": "invite", "seat": msg.get("seat"), "token": await manager.invite(table, seat, msg.get("seat"))})
        elif kind in ("act", "undo", "hint", "pick"):
            if seat is None:
                raise WebError("spectator", "spectators cannot play")
            if "seat" in msg and msg["seat"] != seat:
                raise WebError("seat", "you can only play for your own seat")
            if kind == "act":
                await manager.act(table, seat, msg.get("m"), msg.get("n"))
            elif kind == "undo":
                n = msg.get("n")
                if not isinstance(n, int) or isinstance(n, bool):  # as act and pick: a missing n is not stale
                    raise WebError("bad-request", "echo the table's move counter 'n' with every undo")
                await manager.undo(table, seat, n)
            elif kind == "pick":
                conn.push(await manager.pick(table, seat, msg.get("card"), msg.get("picks"), msg.get("n"), lang=conn.lang))
            else:
                conn.push({"t": "hints", "hints": await manager.hints(table, seat, client=conn)})
        else:
            raise WebError("unknown", f"unknown message type {str(kind)[:20]!r}")
    except WebError as exc:
        conn.refuse(exc, exc.rule)
        if exc.code in ("stale", "turn", "over"):
            async with table.lock:
                table.send(conn, seat)
    except CardtableError as exc:
        conn.error("error", refusal_text_of(exc, conn.lang) if conn.lang != "en" else str(exc),
                   rules_pages.rule_link(table.game, exc))


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None, *,
          log_level: str = "info", ready: Callable[[], None] | None = None, db_wait: float = 120.0,
          allow_origins: Iterable[str] = (), allow_hosts: Iterable[str] = (), forwarded_allow_ips: Iterable[str] = (),
          max_tables: int | None = None, max_tables_per_address: int | None = None, api_docs: bool = False,
          metrics_token: str | None = None, peers: Iterable[str] = (), workers: int = 1,
          computers: Iterable[tuple[str, str, str]] = ()) -> None:
    """Run the server with uvicorn until interrupted.

    The database is opened first, waiting up to ``db_wait`` seconds for it (saying so on stderr);
    then ``ready()`` is called (e.g. to print the address) and the server starts.
    The server answers the loopback names, ``host`` unless it is a wildcard like ``0.0.0.0``, the
    ``allow_hosts`` and the hosts of ``allow_origins``. ``forwarded_allow_ips``: the proxies whose
    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed (addresses or networks, ``*`` for any;
    none by default, so a client cannot pass for another address). ``allow_origins``, ``max_tables``,
    ``max_tables_per_address``, ``api_docs``, ``metrics_token``, ``peers``: see :func:`create_app`.

    ``workers``: processes serving the one port (uvicorn's workers share its listening socket, and each
    WebSocket stays with the process that accepted it; a worker that dies is started again). Only with
    PostgreSQL (:mod:`.cluster`): a :class:`ValueError` on SQLite. ``computers``: the levels added by
    ``--computer`` (game, name, spec: :func:`cardtable.agents.add_level`), for the workers to add too. ``max_tables`` counts per process.
    """
    import uvicorn

    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ValueError(f"--workers must be a whole number of at least 1, not {workers!r}")

    def say(message: str) -> None:
        print(f"cardtable: {message}", file=sys.stderr, flush=True)

    proxies = trusted_proxies(forwarded_allow_ips)  # a bad address fails here, before the database is opened
    hosts = list(allow_hosts) if host in WILDCARD_ADDRESSES else [*allow_hosts, host]
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(name)s: %(message)s")
    options: dict[str, Any] = {
        "allow_origins": list(allow_origins), "allow_hosts": hosts, "max_tables": max_tables,
        "max_tables_per_address": max_tables_per_address, "api_docs": api_docs, "metrics_token": metrics_token,
        "peers": list(peers)}
    store = open_store(database, wait=db_wait, say=say, busy_timeout=DB_BUSY_TIMEOUT)
    app: FastAPI | str
    if workers > 1:
        if listen_url(store) is None:
            store.close()
            raise ValueError(f"--workers {workers} needs PostgreSQL (--database postgresql://...): "
                             f"SQLite serves one process ({store.url})")
        url = store.secret_url()
        store.close()  # each worker opens its own
        metrics.prepare_workers()  # their /metrics sum every worker's counts
        os.environ[WORKER_ENV] = json.dumps({"database": url, "options": options, "computers": [list(c) for c in computers],
                                             "db_wait": db_wait})
        app = f"{__name__}:worker_app"
    else:
        app = create_app(store, freeze_heap=True, **options)
    if host in WILDCARD_ADDRESSES and not hosts:
        say(f"listening on every interface ({host or 'all'}), but answering only localhost: give this machine's "
            "network name or address with --allow-host (e.g. --allow-host 192.168.1.20) to serve others")
    if ready is not None:
        ready()
    uvicorn.run(app, host=host, port=port, ws_max_size=64 * 1024, log_level=log_level, ws_per_message_deflate=False,
                ws_ping_interval=20.0, ws_ping_timeout=20.0, proxy_headers=bool(proxies),
                forwarded_allow_ips=proxies or None, workers=workers if workers > 1 else None,
                factory=workers > 1)


WORKER_ENV = "CARDTABLE_SERVE_WORKER"
"""How :func:`serve` tells its worker processes their settings (JSON; the database URL with its password
stays in the processes' environment, not their command line)."""


def worker_app() -> FastAPI:
    """The app of one worker process of ``serve(workers=N)`` (uvicorn calls it in each), from :data:`WORKER_ENV`."""
    from ...agents import add_level

    config = json.loads(os.environ[WORKER_ENV])
    for game, name, spec in config["computers"]:
        add_level(game, name, spec)
    store = open_store(config["database"], wait=float(config["db_wait"]), busy_timeout=DB_BUSY_TIMEOUT)
    return create_app(store, freeze_heap=True, **config["options"])
