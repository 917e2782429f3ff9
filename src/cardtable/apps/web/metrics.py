"""What a host monitors: ``/healthz`` and ``/livez`` for health checks, ``/metrics`` for Prometheus.

* ``GET /livez``: 200 ``{"status": "ok"}`` while the process answers (it touches nothing else): for a
  reverse proxy's health check, which should not take every process out of rotation when the one
  database they share is down (the pages then say the table waits for the database).
* ``GET /healthz``: the process and its database: 200 ``{"status": "ok", "database": "ok"}``, or 503
  ``{"status": "unhealthy", "database": "unavailable"}`` (with ``Retry-After``) when a ``SELECT 1``
  fails or takes over :data:`HEALTH_TIMEOUT` seconds. For monitoring and alerts. Cheap: one probe at
  a time, its answer kept :data:`HEALTH_CACHE` seconds, however many ask. No error text, no URL.
* ``GET /metrics``: the Prometheus text format, written by :mod:`prometheus_client` (see
  :data:`METRIC_NAMES`). Only for this machine by default: a client on a loopback address that came
  through no proxy (no ``X-Forwarded-For``, ``Forwarded`` or ``X-Real-IP`` header, which a proxy on the
  same machine adds). With a token (``cardtable serve --metrics-token``, or the environment's
  ``CARDTABLE_METRICS_TOKEN``), only requests carrying ``Authorization: Bearer TOKEN``, from anywhere.

Counts are this process's: several ``cardtable serve`` each serve their own ``/metrics`` on their own
port and are scraped one by one; Prometheus sums them (``sum(rate(cardtable_moves_total[1m]))``). The
workers of ``cardtable serve --workers N`` share one port, so a scrape reaches any one of them: there
:func:`prepare_workers` sets up :mod:`prometheus_client`'s multiprocess mode (every worker writes its
counts to files in one directory, :data:`MULTIPROCESS_ENV`, and a scrape sums the workers'), the table
gauges are refreshed every :data:`REFRESH` seconds in each worker, and the ``process_*`` metrics are left
out (they would be one worker's). Moves and saves are counted at the save
(:func:`timed_save` wraps :func:`.persistence.save`), so a move counts once it is stored.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import hmac
import logging
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ...store import Store, StoreConflictError, StoreError, StoreRefusedError

__all__ = ["observe_save", "timed_save", "register", "socket_opened", "socket_closed", "Health", "TableCollector",
           "metrics_allowed", "prepare_workers", "METRIC_NAMES", "TOKEN_ENV", "HEALTH_TIMEOUT", "HEALTH_CACHE", "SHARED",
           "MULTIPROCESS_ENV", "MULTIPROCESS", "REFRESH"]

log = logging.getLogger("cardtable.web")
TOKEN_ENV = "CARDTABLE_METRICS_TOKEN"
HEALTH_TIMEOUT = 2.0
"""Seconds ``/healthz`` waits for the database's answer."""
HEALTH_CACHE = 1.0
"""Seconds a health probe's answer is reused."""
SAVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Save latency buckets, seconds: a save is about a millisecond; 10 s is :data:`.persistence.SAVE_TIMEOUT`."""
FORWARDING_HEADERS = ("x-forwarded-for", "forwarded", "x-real-ip")
MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"
MULTIPROCESS = bool(os.environ.get(MULTIPROCESS_ENV))
"""This process is a worker of ``serve --workers N`` (:func:`prepare_workers`): its counts go to files a scrape sums."""
REFRESH = 2.0
"""Seconds between two counts of a worker's tables (multiprocess mode)."""

SHARED = CollectorRegistry()
"""This process's counters (whatever app counts them), and its CPU, memory and file descriptors."""
MOVES = Counter("cardtable_moves", "Moves stored (people's and computers'), and undos", ["kind"], registry=SHARED)
SAVE_SECONDS = Histogram("cardtable_save_seconds", "Time to store a move or an undo, from the event loop's view "
                         "(worker thread and database included)", buckets=SAVE_BUCKETS, registry=SHARED)
SAVE_FAILURES = Counter("cardtable_save_failures", "Saves that failed, the move refused, by reason: unavailable (the "
                        "database down or silent), refused (it refused the values), conflict (another process saved a "
                        "move at that counter first)", ["reason"], registry=SHARED)
WEBSOCKETS = Gauge("cardtable_websockets_open", "WebSocket connections open (joined or not yet)", registry=SHARED,
                   multiprocess_mode="livesum")
if not MULTIPROCESS:
    ProcessCollector(registry=SHARED)
    PlatformCollector(registry=SHARED)
for _kind in ("move", "undo"):
    MOVES.labels(_kind)  # every series exists from the start, at 0, so a rate() sees the first move
for _reason in ("unavailable", "refused", "conflict"):
    SAVE_FAILURES.labels(_reason)

METRIC_NAMES = {
    "cardtable_tables": "gauge, by state: playing, over, paused (waiting for the database), in this process",
    "cardtable_table_connections": "gauge, by role: player, spectator: sockets seated at a table",
    "cardtable_websockets_open": "gauge: WebSocket connections open",
    "cardtable_moves_total": "counter, by kind: move, undo: stored (rate() gives moves a second)",
    "cardtable_save_seconds": "histogram: time to store a move (_bucket, _sum, _count)",
    "cardtable_save_failures_total": "counter, by reason: unavailable, refused, conflict: saves that failed",
    "process_cpu_seconds_total": "counter: the process's CPU (with process_resident_memory_bytes, process_open_fds)",
}
"""The metrics ``/metrics`` serves, for the hosting guide and the tests."""

P = ParamSpec("P")
S = TypeVar("S")


class _Saved(Protocol):
    saved: int


T = TypeVar("T", bound=_Saved)


def observe_save(seconds: float, kind: str = "move") -> None:
    """Count a stored move (``kind`` ``"move"``) or undo (``"undo"``) that took ``seconds`` to save."""
    SAVE_SECONDS.observe(seconds)
    MOVES.labels(kind).inc()


def timed_save(save: Callable[Concatenate[S, T, P], Awaitable[None]]
               ) -> Callable[Concatenate[S, T, P], Awaitable[None]]:
    """Decorate ``save(store, table, *, whole=False)``: each save that lands is timed and counted
    (:func:`observe_save`; ``whole``: an undo), each that raises is counted as a failure."""

    @functools.wraps(save)
    async def timed(store: S, table: T, /, *args: P.args, **kwargs: P.kwargs) -> None:
        began = time.perf_counter()
        try:
            await save(store, table, *args, **kwargs)
        except Exception as exc:
            SAVE_FAILURES.labels(failure_reason(exc)).inc()
            raise
        observe_save(time.perf_counter() - began, "undo" if kwargs.get("whole") else "move")

    return timed


def failure_reason(exc: Exception) -> str:
    """The ``reason`` label of a failed save: ``conflict``, ``refused`` or ``unavailable``."""
    if isinstance(exc, StoreConflictError):
        return "conflict"
    return "refused" if isinstance(exc, StoreRefusedError) else "unavailable"


def socket_opened() -> None:
    WEBSOCKETS.inc()


def socket_closed() -> None:
    WEBSOCKETS.dec()


class _Manager(Protocol):
    @property
    def tables(self) -> Mapping[str, Any]: ...


class TableCollector:
    """The tables in a manager's memory and the sockets seated at them, counted at each scrape."""

    def __init__(self, manager: _Manager) -> None:
        self.manager = manager

    def counts(self) -> tuple[dict[str, int], dict[str, int]]:
        """The tables by state and the seated sockets by role."""
        states = {"playing": 0, "over": 0, "paused": 0}
        roles = {"player": 0, "spectator": 0}
        for table in list(self.manager.tables.values()):
            states["paused" if table.paused else "over" if table.match.is_over() else "playing"] += 1
            roles["player"] += sum(len(clients) for clients in list(table.clients.values()))
            roles["spectator"] += len(table.spectators)
        return states, roles

    def collect(self) -> Iterable[Metric]:
        states, roles = self.counts()
        tables = GaugeMetricFamily("cardtable_tables", "Tables in this process's memory, by state", labels=["state"])
        for state, n in states.items():
            tables.add_metric([state], n)
        sockets = GaugeMetricFamily("cardtable_table_connections", "Sockets seated at a table, by role",
                                    labels=["role"])
        for role, n in roles.items():
            sockets.add_metric([role], n)
        yield tables
        yield sockets


class WorkerCounts:
    """Multiprocess mode: the tables of this worker as gauges a scrape sums over the live workers
    (``livesum``), refreshed by a thread every :data:`REFRESH` seconds and at each scrape this worker answers."""

    def __init__(self, collector: TableCollector) -> None:
        self.collector = collector
        self.tables = Gauge("cardtable_tables", "Tables in the workers' memory, by state", ["state"], registry=None,
                            multiprocess_mode="livesum")
        self.sockets = Gauge("cardtable_table_connections", "Sockets seated at a table, by role", ["role"],
                             registry=None, multiprocess_mode="livesum")
        self.update()
        threading.Thread(target=self._keep_counting, name="cardtable-metrics", daemon=True).start()

    def update(self) -> None:
        states, roles = self.collector.counts()
        for state, n in states.items():
            self.tables.labels(state).set(n)
        for role, n in roles.items():
            self.sockets.labels(role).set(n)

    def _keep_counting(self) -> None:
        while True:
            time.sleep(REFRESH)
            try:  # read from this thread while the event loop plays on: a table changing now is counted next time
                self.update()
            except Exception:
                continue


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def workers_text() -> bytes:
    """Multiprocess mode: every worker's counts summed (the live workers' gauges; a dead worker's are dropped,
    its counters kept, as counters never go back)."""
    path = os.environ[MULTIPROCESS_ENV]
    for name in os.listdir(path):
        found = re.fullmatch(r"gauge_live\w*?_(\d+)\.db", name)
        if found and not _alive(int(found.group(1))):
            multiprocess.mark_process_dead(int(found.group(1)), path)  # type: ignore[no-untyped-call]
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


def prepare_workers() -> str:
    """Before ``serve --workers N`` starts its workers: a fresh directory for their counts (removed at exit),
    named in the environment they inherit (:data:`MULTIPROCESS_ENV`); return it. A directory the host set
    already is used as it is (it must be emptied between runs)."""
    path = os.environ.get(MULTIPROCESS_ENV)
    if not path:
        path = tempfile.mkdtemp(prefix="cardtable-metrics-")
        atexit.register(shutil.rmtree, path, ignore_errors=True)
        os.environ[MULTIPROCESS_ENV] = path
    return path


class Health:
    """The database's health as ``/healthz`` tells it: one probe at a time, its answer kept a moment."""

    def __init__(self, store: Store, *, timeout: float = HEALTH_TIMEOUT, cache: float = HEALTH_CACHE) -> None:
        self.store = store
        self.timeout = timeout
        self.cache = cache
        self._lock = asyncio.Lock()
        self._at = float("-inf")
        self._up = True

    def _probe(self) -> None:
        with self.store.reading() as conn:
            conn.execute(text("SELECT 1"))

    async def database_up(self) -> bool:
        async with self._lock:
            if time.monotonic() - self._at < self.cache:
                return self._up
            try:
                await asyncio.wait_for(asyncio.to_thread(self._probe), self.timeout)
                up = True
            except (StoreError, SQLAlchemyError, TimeoutError, OSError) as exc:
                if self._up:  # said once when it goes down, not at every probe (no URL, no password)
                    log.error("health check: the database is unavailable (%s)", type(exc).__name__)
                up = False
            if up and not self._up:
                log.warning("health check: the database answers again")
            self._up, self._at = up, time.monotonic()
            return up


def metrics_allowed(request: Request, token: str | None) -> tuple[int, str] | None:
    """``None`` if ``request`` may read the metrics, else the status and why not."""
    if token:
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode()):
            return None
        return 401, "the metrics need the token: send Authorization: Bearer TOKEN"
    host = request.client.host if request.client else ""
    proxied = any(name in request.headers for name in FORWARDING_HEADERS)
    if host in ("127.0.0.1", "::1") and not proxied:
        return None
    return 403, ("the metrics are served to this machine only (not through a proxy); give the server "
                 f"--metrics-token (or ${TOKEN_ENV}) to let a Prometheus elsewhere read them with that token")


def register(app: FastAPI, manager: _Manager, store: Store, *, token: str | None = None) -> None:
    """Add ``/livez``, ``/healthz`` and ``/metrics`` to ``app`` (``token``: see the module docstring; ``None``
    takes the environment's :data:`TOKEN_ENV`, ``""`` none)."""
    if token is None:
        token = os.environ.get(TOKEN_ENV) or None
    health = Health(store, timeout=HEALTH_TIMEOUT, cache=HEALTH_CACHE)
    tables = CollectorRegistry()
    counted = TableCollector(manager)
    workers = WorkerCounts(counted) if MULTIPROCESS else None
    if workers is None:
        tables.register(counted)

    @app.get("/livez")
    async def livez() -> JSONResponse:
        return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        if await health.database_up():
            return JSONResponse({"status": "ok", "database": "ok"}, headers={"Cache-Control": "no-store"})
        return JSONResponse({"status": "unhealthy", "database": "unavailable"}, status_code=503,
                            headers={"Cache-Control": "no-store", "Retry-After": "5"})

    @app.get("/metrics")
    async def metrics(request: Request) -> Response:
        refused = metrics_allowed(request, token)
        if refused is not None:
            status, why = refused
            headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
            return JSONResponse({"detail": why}, status_code=status, headers=headers)
        if workers is not None:
            workers.update()
            body = workers_text()
        else:
            body = generate_latest(SHARED) + generate_latest(tables)
        return Response(body, media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})
