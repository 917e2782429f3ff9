"""Several server processes on one PostgreSQL (issue 23), in one test process: two :class:`TableManager`
with stores of their own stand for two servers. Moves are conditional writes on the move counter (two
processes never both store a move at one counter; the loser is refused and shown the table as stored),
a process hears the other's moves at once through ``LISTEN/NOTIFY`` (payloads carry no card), and one
process at a time drives a table's computers (an advisory lock that another takes when it is let go).

Runs when ``CARDTABLE_TEST_POSTGRES_URL`` is set (PostgreSQL is installed, as in CI: ``.ci/start-postgres.sh``);
each test gets a schema of its own.
"""

from __future__ import annotations

import asyncio
import os
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.apps.web import cluster
from cardtable.apps.web.tables import TableManager, WebError
from cardtable.match import Match
from cardtable.store import Store, StoreConflictError
from pg_schema import fresh_schema

pytestmark = pytest.mark.serial  # timing-sensitive (server processes on one PostgreSQL): run alone, see pyproject's markers

PG_URL = os.environ.get("CARDTABLE_TEST_POSTGRES_URL", "").strip()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A new PostgreSQL schema of this test's own, as a database URL."""
    if not PG_URL:
        pytest.skip("set CARDTABLE_TEST_POSTGRES_URL (.ci/start-postgres.sh) to run the PostgreSQL cluster tests")
    with fresh_schema(PG_URL, "c_") as url:
        yield url


class Seen:
    """A connection as the tables see it: it keeps what it is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def last_state(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m.get("t") == "state")


async def wait_until(pred: Any, limit: float, what: str) -> None:
    deadline = time.monotonic() + limit
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


TWO_PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def test_two_saves_at_one_counter_store_one(pg_url: str) -> None:
    """The store's append is conditional on the move counter: of two writers at one counter, racing in
    threads on two connection pools, exactly one stores its move; the other changes nothing."""
    one, two = Store.open(pg_url), Store.open(pg_url)
    try:
        match = Match("gin", seed=3, seat_names=["A", "B"])
        match.resolve_chance()
        game_id = one.save_match(match)
        saved = sum(len(h.actions) for h in match.hands)
        copies = [Match("gin", seed=3, seat_names=["A", "B"]) for _ in range(2)]
        for copy, move in zip(copies, ("take", "pass"), strict=True):
            copy.resolve_chance()
            copy.apply(move)
        outcomes: list[str] = []
        start = threading.Barrier(2)

        def write(store: Store, copy: Match) -> None:
            start.wait()
            try:
                store.save_moves(copy, game_id, saved)
                outcomes.append("stored")
            except StoreConflictError:
                outcomes.append("conflict")

        threads = [threading.Thread(target=write, args=(s, c)) for s, c in zip((one, two), copies, strict=True)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert sorted(outcomes) == ["conflict", "stored"]
        stored = one.load_match(game_id)
        assert sum(len(h.actions) for h in stored.hands) == saved + 1
        with pytest.raises(StoreConflictError, match="saved elsewhere"):  # and a later writer at the old counter
            two.save_moves(copies[0], game_id, saved)
    finally:
        one.close()
        two.close()


def test_two_processes_one_table(pg_url: str) -> None:
    """Ann's seat is open at process A, Bob's at process B (both joined at once: the seat writes merge). A move
    on A reaches Bob on B at once, unasked; the same seat acting at one counter on both processes stores one
    move, and the loser is told ``stale`` and shown the table as stored. Notifications carry no card."""
    payloads: list[str] = []

    async def scenario() -> None:
        import psycopg

        a, b = TableManager(Store.open(pg_url)), TableManager(Store.open(pg_url))
        spy = await psycopg.AsyncConnection.connect(cluster.listen_url(a.store) or "", autocommit=True)
        await spy.execute(f"LISTEN {cluster.CHANNEL}")

        async def spy_on() -> None:
            async for note in spy.notifies():
                payloads.append(note.payload)

        spying = asyncio.create_task(spy_on())
        try:
            assert await a.start_cluster() and await b.start_cluster()
            made, tokens = await a.create({"game": "gin", "seats": TWO_PEOPLE, "target": 10})
            on_a, on_b = await a.get(made.id), await b.get(made.id)
            ann, bob, watcher = Seen(), Seen(), Seen()
            await asyncio.gather(a.join(on_a, tokens[0], ann, max_connections=8),
                                 b.join(on_b, tokens[1], bob, max_connections=8))
            async with on_b.lock:
                on_b.spectators.add(watcher)
            await wait_until(lambda: on_a.joined == on_b.joined == {0, 1}, 5, "both joins known to both processes")
            mover = on_a.to_act()
            n = on_a.version_for(mover)
            legal = [str(x) for x in on_a.match.state.legal_moves()]
            started = time.monotonic()
            await a.act(on_a, mover, legal[0], n)
            await wait_until(lambda: on_b.version == on_a.version, 5, "process B to hear of the move")
            heard = time.monotonic() - started
            assert bob.last_state()["n"] == on_b.version_for(1) and watcher.last_state()["n"] == on_b.version_for(None)
            assert heard < 2.0, heard
            print(f"\nprocess B showed process A's move {heard * 1000:.0f} ms after A was asked to make it")
            # the same seat, one counter, on both processes at once: one move is stored
            mover = on_a.to_act()
            n = on_a.version_for(mover)
            moves = [str(x) for x in on_a.match.state.legal_moves()]
            results = await asyncio.gather(a.act(on_a, mover, moves[0], n), b.act(on_b, mover, moves[-1], n),
                                           return_exceptions=True)
            refused = [r for r in results if isinstance(r, WebError)]
            assert len(refused) == 1 and refused[0].code == "stale", results
            await wait_until(lambda: on_a.version == on_b.version, 5, "both processes to agree")
            stored = a.store.load_match(on_a.game_id)
            assert [list(h.actions) for h in stored.hands] == [list(h.actions) for h in on_a.match.hands] \
                == [list(h.actions) for h in on_b.match.hands]
        finally:
            spying.cancel()
            await spy.close()
            for m in (a, b):
                await m.close()
                m.store.close()

    asyncio.run(scenario())
    assert payloads, "no notification was sent"
    for payload in payloads:  # the table's id and its counter: never a card
        assert re.fullmatch(r"[0-9a-f]+ -?\d+", payload), payload


def test_one_driver_for_the_computers(pg_url: str) -> None:
    """A table's computers are driven by one process at a time: the other cannot take the lock until it is let go
    (the driver closing: its session ends); then it can, and drives."""

    async def scenario() -> None:
        a, b = TableManager(Store.open(pg_url)), TableManager(Store.open(pg_url))
        try:
            assert await a.start_cluster() and await b.start_cluster()
            assert a.cluster is not None and b.cluster is not None
            assert await a.cluster.lead("t1") and await a.cluster.lead("t1")
            assert not await b.cluster.lead("t1")
            assert await b.cluster.lead("t2")
            await a.cluster.close()  # a dead process's session ends with it, and its locks soon after
            deadline = time.monotonic() + 5
            while not await b.cluster.lead("t1"):
                assert time.monotonic() < deadline, "the lock was not let go with the session"
                await asyncio.sleep(0.05)
        finally:
            for m in (a, b):
                await m.close()
                m.store.close()

    asyncio.run(scenario())


def test_sqlite_has_no_cluster(tmp_path: Any) -> None:
    """SQLite serves one process: the cluster layer does not start."""

    async def scenario() -> None:
        manager = TableManager(Store.open(str(tmp_path / "one.db")))
        try:
            assert not await manager.start_cluster() and manager.cluster is None
        finally:
            await manager.close()
            manager.store.close()

    asyncio.run(scenario())
