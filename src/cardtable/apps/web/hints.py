"""Hints on a budget: asking the computer for a move costs real thinking time, so it is rationed.

A hint takes the strongest computer player up to about a second of thinking
(in worker threads or processes). :class:`HintDesk` keeps one client from
starving the server:

* the same position (table move counter and seat) is answered from a cache:
  asking again costs nothing;
* each connection and each table has a budget of thinking seconds
  (:class:`Budget`, a token bucket refilled by the minute); a hint is refused
  with the wait until the next one while a budget is spent;
* hints are worked out :attr:`HintLimits.workers` at a time for the whole
  server, in a separate process (:meth:`HintDesk.in_process`), so their
  thinking never holds the server's interpreter lock; others queue, and a queue
  that is too long or too slow is refused with a clear message instead of
  piling up. The hint process ends with the server, even one stopped by SIGTERM or killed while a
  hint was being worked out.

Needs asyncio only.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import math
import multiprocessing
import os
import signal
import threading
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Budget", "HintDesk", "HintLimits", "HintRefused", "explain_ranked"]


log = logging.getLogger(__name__)
MAX_TABLES = 5000
"""Tables whose budgets and cached hint are kept (a full budget is forgotten beyond this)."""
PARENT_CHECK = 0.5
"""Seconds between two looks of the hint process at whether the server is still there."""


class HintRefused(Exception):
    """A hint the desk will not work out now; ``code`` is ``hint-budget`` or ``busy``."""

    def __init__(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})


class Budget:
    """A bucket of thinking seconds: ``capacity`` at most, refilled at ``per_minute`` a minute.
    Spending may run it below zero; the next hint then waits until it is positive again.

    >>> b = Budget(2.0, 60.0, clock=lambda: 0.0)
    >>> b.ready(), b.charge(3.0), b.ready(), round(b.wait(), 6)
    (True, None, False, 1.0)
    """

    def __init__(self, capacity: float, per_minute: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.rate = per_minute / 60.0
        self.clock = clock
        self.level = capacity
        self.stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.level = min(self.capacity, self.level + (now - self.stamp) * self.rate)
        self.stamp = now

    def ready(self) -> bool:
        self._refill()
        return self.level > 0.0

    def wait(self) -> float:
        """Seconds until :meth:`ready` (0 when it is)."""
        self._refill()
        return 0.0 if self.level > 0.0 else (-self.level + 1e-9) / self.rate if self.rate > 0 else math.inf

    def charge(self, seconds: float) -> None:
        self._refill()
        self.level -= seconds


@dataclass(frozen=True)
class HintLimits:
    """Thinking seconds per connection and per table (capacity, refill a minute), and the shared queue."""

    connection: tuple[float, float] = (10.0, 10.0)
    table: tuple[float, float] = (15.0, 15.0)
    workers: int = 1
    """Hints worked out at once on the whole server (the rest queue)."""
    max_waiting: int = 8
    """Hints that may wait for a worker; more are refused at once."""
    max_wait: float = 20.0
    """Seconds a hint may wait for a worker before it is refused."""


class HintDesk:
    """Works out hints for a server's tables within :class:`HintLimits` (see the module docstring)."""

    def __init__(self, limits: HintLimits | None = None) -> None:
        self.limits = limits or HintLimits()
        self._slots = asyncio.Semaphore(self.limits.workers)
        self._waiting = 0
        self._clients: weakref.WeakKeyDictionary[Any, Budget] = weakref.WeakKeyDictionary()
        self._tables: dict[str, Budget] = {}
        self._cache: dict[str, tuple[tuple[Any, ...], list[dict[str, Any]]]] = {}
        self.thinking = 0.0
        """Seconds spent working out hints so far (for tests and logs)."""
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _budgets(self, table_id: str, client: Any) -> list[tuple[str, Budget]]:
        out = []
        if client is not None:
            b = self._clients.get(client)
            if b is None:
                b = self._clients[client] = Budget(*self.limits.connection)
            out.append(("for this window", b))
        t = self._tables.get(table_id)
        if t is None:
            if len(self._tables) > MAX_TABLES:
                self._tables = {k: b for k, b in self._tables.items() if not b.ready() or b.level < b.capacity}
            t = self._tables[table_id] = Budget(*self.limits.table)
        out.append(("at this table", t))
        return out

    def cached(self, table_id: str, key: tuple[Any, ...]) -> list[dict[str, Any]] | None:
        hit = self._cache.get(table_id)
        return hit[1] if hit is not None and hit[0] == key else None

    async def work_out(self, table_id: str, key: tuple[Any, ...], client: Any,
                       think: Callable[[], Awaitable[list[dict[str, Any]]]]) -> list[dict[str, Any]]:
        """Await ``think()`` for position ``key`` of table ``table_id`` if the budgets of ``client`` and the
        table allow it and a worker frees up in time; raises :class:`HintRefused`."""
        hit = self.cached(table_id, key)
        if hit is not None:
            return hit
        budgets = self._budgets(table_id, client)
        for where, budget in budgets:
            if not budget.ready():
                raise HintRefused("hint-budget", f"hints are rationed so that every table gets its turn: "
                                  f"the next one {where} in {math.ceil(budget.wait())} s",
                                  {"seconds": math.ceil(budget.wait())})
        if self._waiting >= self.limits.max_waiting:
            raise HintRefused("busy", "the server is busy working out other hints; try again in a moment")
        self._waiting += 1
        try:
            await asyncio.wait_for(self._slots.acquire(), self.limits.max_wait)
        except TimeoutError:
            raise HintRefused("busy", "the server is busy working out other hints; try again in a moment") from None
        finally:
            self._waiting -= 1
        start = time.perf_counter()
        try:
            out = await think()
        finally:
            self._slots.release()
            cost = time.perf_counter() - start
            self.thinking += cost
            for _, budget in budgets:
                budget.charge(cost)
        if len(self._cache) > MAX_TABLES:  # tables come and go: forget them all now and then
            self._cache.clear()
        self._cache[table_id] = (key, out)
        return out

    async def in_process(self, game: str, seed: int | None, view: Any, legal: Sequence[Any],
                         k: int) -> list[tuple[Any, float | None]]:
        """The standard hint player's ranking (:func:`explain_ranked`) worked out in the hint process;
        actions come back as the items of ``legal``. A broken process is replaced for the next hint."""
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=max(1, self.limits.workers), mp_context=multiprocessing.get_context("spawn"),
                initializer=_quiet_worker, initargs=(os.getpid(),))
        loop = asyncio.get_running_loop()
        try:
            ranked = await loop.run_in_executor(self._pool, explain_ranked, game, seed, view, legal, k)
        except concurrent.futures.process.BrokenProcessPool:
            self.close()
            raise HintRefused("busy", "the hint helper stopped; ask again") from None
        except Exception:  # a player that fails on this position must not close the connection
            log.exception("hint for %s failed", game)
            raise HintRefused("hint-failed", "no hint could be worked out for this position") from None
        named = getattr(legal, "named", None)  # a lazy sequence of millions (crowded Casino): look each one up
        if named is not None:
            return [(a, value) for text, value in ranked if (a := named(text)) is not None]
        by_text = {str(a): a for a in legal}
        return [(by_text[text], value) for text, value in ranked if text in by_text]

    def close(self) -> None:
        """Stop the hint process (a new one starts with the next hint)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


_AGENTS: dict[tuple[str, int | None], Any] = {}


def _quiet_worker(server: int) -> None:
    """Ctrl-C at the terminal stops the server, which stops the hint process (no traceback from it);
    and the hint process stops by itself once the server (process ``server``) is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_outlive_no_server, args=(server,), daemon=True, name="server-watch").start()


def _outlive_no_server(server: int, every: float = PARENT_CHECK) -> None:
    """In the hint process: exit as soon as process ``server`` is no longer its parent (at once if it was
    gone before this process had started).

    A server stopped by SIGTERM (or killed) while a hint was being worked out never tells the hint
    process to stop: the pool's stop message waits for that hint, and the process holds its own end
    of the pool's queue, so it would wait for work forever.
    """
    while os.getppid() == server:
        time.sleep(every)
    os._exit(0)


def explain_ranked(game: str, seed: int | None, view: Any, legal: Sequence[Any], k: int) -> list[tuple[str, float | None]]:
    """In the hint process: the standard hint player of ``game`` (one per seed, kept) ranks ``legal``;
    the best ``k`` as (notation, value)."""
    from ...agents import explaining_agent

    agent = _AGENTS.get((game, seed))
    if agent is None:
        if len(_AGENTS) > 64:
            _AGENTS.clear()
        agent = explaining_agent(game, seed=seed)
        if agent is None:
            return []
        _AGENTS[(game, seed)] = agent
    out: list[tuple[str, float | None]] = []
    for item in list(agent.explain(view, legal, k))[:k]:
        action, value = (item[0], item[1]) if isinstance(item, tuple | list) else (item, None)
        out.append((str(action), None if value is None else float(value)))
    return out
