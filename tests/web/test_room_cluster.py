"""One card room served by several processes on one PostgreSQL (issue 23), in one test process: two apps with
stores of their own stand for two servers. The lobby and quick match are the database's: a table opened at
process A is listed, and its open seat taken, at process B (A's player sees it at once); quick matchers arriving
at both meet at one table; a quick match's computer comes once though the waiting player has the table open at
both processes.

Runs when ``CARDTABLE_TEST_POSTGRES_URL`` is set (``.ci/start-postgres.sh``); each test gets a schema of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from sqlalchemy import make_url, select

from cardtable.apps.web import roomdb
from cardtable.apps.web.server import create_app
from cardtable.store import schema as s

from .test_cluster_postgres import Seen, pg_url, wait_until

pytestmark = pytest.mark.serial  # timing-sensitive (quick matches across processes, timed): run alone, see pyproject's markers

__all__ = ["pg_url"]  # the fixture, used by name


@contextlib.asynccontextmanager
async def two_servers(url: str) -> AsyncIterator[tuple[httpx.AsyncClient, httpx.AsyncClient, Any, Any]]:
    """Clients of two apps on one database, each a process of a cluster (started as the server's lifespan does)."""
    apps = [create_app(url), create_app(url)]
    managers = [app.state.manager for app in apps]
    async with contextlib.AsyncExitStack() as stack:
        clients = []
        for app, manager in zip(apps, managers, strict=True):
            assert await manager.start_cluster()
            transport = httpx.ASGITransport(app=app)
            clients.append(await stack.enter_async_context(httpx.AsyncClient(transport=transport,
                                                                             base_url="http://127.0.0.1")))
        try:
            yield clients[0], clients[1], managers[0], managers[1]
        finally:
            for manager in managers:
                await manager.close()
                manager.store.close()


async def listed(http: httpx.AsyncClient, table_id: str) -> dict[str, Any] | None:
    r = await http.get("/api/tables")
    assert r.status_code == 200, r.text
    return next((t for t in r.json()["tables"] if t["id"] == table_id), None)


async def eventually_listed(http: httpx.AsyncClient, table_id: str, free: list[int], limit: float = 5) -> None:
    found: list[Any] = [None]

    async def poll() -> None:
        while True:
            found[0] = await listed(http, table_id)
            if found[0] is not None and found[0]["free"] == free:
                return
            await asyncio.sleep(0.1)

    try:
        await asyncio.wait_for(poll(), limit)
    except TimeoutError:
        raise AssertionError(f"table {table_id} not listed with free seats {free}: {found[0]}") from None


def test_a_table_opened_at_one_process_is_taken_at_the_other(pg_url: str) -> None:
    async def scenario() -> None:
        async with two_servers(pg_url) as (http_a, http_b, a, b):
            assert (await http_b.get("/api/tables")).json() == {"tables": []}  # B's lobby was open before
            r = await http_a.post("/api/tables", json={"game": "gin", "seats": [{"kind": "human", "name": "Ann"},
                                                                                {"kind": "open"}]})
            assert r.status_code == 200, r.text
            made = r.json()
            ann = Seen()
            on_a = a.tables[made["id"]]
            await a.join(on_a, made["seats"][0]["token"], ann, max_connections=8)
            assert made["id"] not in b.tables
            await eventually_listed(http_b, made["id"], [1])  # B's lobby lists A's table, its seat free

            async def ann_online_at_b() -> bool:
                entry = await listed(http_b, made["id"])
                return entry is not None and entry["seats"][0]["online"] is True

            deadline = asyncio.get_running_loop().time() + 5
            while not await ann_online_at_b():  # and says Ann is there, though she is at A
                assert asyncio.get_running_loop().time() < deadline, await listed(http_b, made["id"])
                await asyncio.sleep(0.1)
            r = await http_b.post(f"/api/tables/{made['id']}/take", json={"name": "Stranger"})
            assert r.status_code == 200, r.text
            taken = r.json()
            assert taken["seat"] == 1 and taken["names"] == ["Ann", "Stranger"]
            # Ann, at A, is shown the seat taken, unasked
            await wait_until(lambda: ann.last_state()["seats"][1]["name"] == "Stranger", 5, "A to show the seat taken")
            assert ann.last_state()["seats"][1]["open"] is False
            # and told in words, as a player at B's own process would be
            await wait_until(lambda: {"t": "notice", "msg": "Stranger took the open seat."} in ann.messages, 5,
                             "A to tell Ann who took the seat")
            # the seat is nobody else's: taking it at A is refused, and no lobby offers it
            r = await http_a.post(f"/api/tables/{made['id']}/take", json={"name": "Late"})
            assert r.status_code == 409, r.text
            for http in (http_a, http_b):
                entry = await listed(http, made["id"])
                assert entry is not None and entry["free"] == [], entry
            # the stranger's token opens the seat, at either process (here: A)
            bea = Seen()
            assert await a.join(on_a, taken["token"], bea, max_connections=8) == 1
            with a.store.reading() as conn:
                stored = json.loads(conn.execute(select(s.web_tables.c.seats)
                                                 .where(s.web_tables.c.id == made["id"])).scalar_one())
            assert stored[1]["name"] == "Stranger" and not stored[1].get("open")

    asyncio.run(scenario())


def test_a_table_nobody_is_at_is_not_offered_elsewhere(pg_url: str) -> None:
    """Attendance is shared: once nobody is at the table anywhere (no fresh presence row), B offers no seat."""

    async def scenario() -> None:
        async with two_servers(pg_url) as (http_a, http_b, a, _b):
            r = await http_a.post("/api/tables", json={"game": "gin", "seats": [{"kind": "human", "name": "Ann"},
                                                                                {"kind": "open"}]})
            made = r.json()
            await eventually_listed(http_b, made["id"], [1])
            with a.store.writing() as conn:  # the set-up's grace ends (as GRACE seconds later)
                conn.exec_driver_sql(f"UPDATE {roomdb.PRESENCE} SET until = now() - interval '1 second'")
            await eventually_listed(http_b, made["id"], [])

    asyncio.run(scenario())


def test_quick_matchers_at_two_processes_meet(pg_url: str) -> None:
    """Six quick matches at once, three at each process: three tables of two, nobody left waiting alone."""

    async def scenario() -> None:
        async with two_servers(pg_url) as (http_a, http_b, _a, _b):
            start = time.perf_counter()
            answers = await asyncio.gather(*(http.post("/api/quick", json={"game": "gin", "name": f"P{k}"})
                                             for k, http in enumerate([http_a, http_b] * 3)))
            print(f"\n6 simultaneous quick matches over 2 processes: {(time.perf_counter() - start) * 1000:.0f} ms")
            assert all(x.status_code == 200 for x in answers), [x.text for x in answers]
            by_table: dict[str, list[dict[str, Any]]] = {}
            for x in answers:
                by_table.setdefault(x.json()["id"], []).append(x.json())
            assert sorted(len(v) for v in by_table.values()) == [2, 2, 2], by_table
            for seated in by_table.values():
                assert sorted(x["seat"] for x in seated) == [0, 1]
                assert [x["waiting"] for x in seated].count(True) == 1
            # and a seventh, at B, waits at a table of its own: every table is full
            seventh = (await http_b.post("/api/quick", json={"game": "gin", "name": "P6"})).json()
            assert seventh["waiting"] is True and seventh["id"] not in by_table

    asyncio.run(scenario())


def test_the_computer_comes_once(pg_url: str) -> None:
    """Ann waits at a quick match with the table open at both processes: both keepers find the wait over, one
    stores the computer (the seat write is conditional); she is told once and both processes show it."""

    async def scenario() -> None:
        async with two_servers(pg_url) as (http_a, _http_b, a, b):
            r = await http_a.post("/api/quick", json={"game": "gin", "name": "Ann", "computer_after": 1,
                                                      "level": "random"})
            made = r.json()
            on_a = a.tables[made["id"]]
            here, there = Seen(), Seen()
            await a.join(on_a, made["token"], here, max_connections=8)
            own = next(m["token"] for m in here.messages if m.get("token"))
            on_b = await b.get(made["id"])
            await b.join(on_b, own, there, max_connections=8)
            both = (on_a, on_b)
            await wait_until(lambda: all(t.seats[1].kind == "computer" for t in both), 8, "the computer at both")
            await asyncio.sleep(2.5)  # more than two more looks of both keepers
            for c in (here, there):  # each of her connections is told once: by the process that stored the
                # computer, or by the other one when it reloads the seats (never by both)
                notices = [m["msg"] for m in c.messages if m.get("t") == "notice" and m["msg"].startswith("Nobody came")]
                assert notices == ["Nobody came in 1 s: a computer (random) plays the open seat."], notices
            assert [t.seats[1].name for t in both] == ["Computer", "Computer"]
            assert here.last_state()["seats"][1]["kind"] == there.last_state()["seats"][1]["kind"] == "computer"

    asyncio.run(scenario())


def test_a_player_at_another_process_is_not_gone(pg_url: str) -> None:
    """Ann's seat is open at A, Bob's at B; a seat gone 3 s goes to a computer. A does not hand Bob's seat on (his
    presence row says he is at B) until he leaves: then it does, and Ann is told."""

    async def scenario() -> None:
        async with two_servers(pg_url) as (http_a, _http_b, a, b):
            r = await http_a.post("/api/tables", json={
                "game": "gin", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                "away": {"then": "computer", "after": 3, "level": "random"}})
            made = r.json()
            ann, bob = Seen(), Seen()
            on_a = a.tables[made["id"]]
            on_b = await b.get(made["id"])
            await a.join(on_a, made["seats"][0]["token"], ann, max_connections=8)
            await b.join(on_b, made["seats"][1]["token"], bob, max_connections=8)
            await asyncio.sleep(6)  # twice the time allowed
            assert on_a.seats[1].kind == on_b.seats[1].kind == "human"
            assert not any(m.get("t") == "notice" for m in ann.messages), ann.messages
            b.tables[made["id"]].clients.pop(1)  # Bob closes his page: his row is no longer refreshed
            await wait_until(lambda: on_a.seats[1].kind == "computer", roomdb.FRESH + 5, "Bob's seat handed on")
            assert any(m.get("msg") == "Bob left; a computer (random) plays Bob's seat." for m in ann.messages)

    asyncio.run(scenario())


def test_a_seat_taken_elsewhere_before_this_process_heard(pg_url: str) -> None:
    """B still shows a seat that a stranger took at A a moment ago (B has not heard yet): "Take the seat" at B
    meets the stored seats, looks at the table as stored and seats the next person in the seat still free."""

    async def scenario() -> None:
        async with two_servers(pg_url) as (http_a, http_b, a, b):
            r = await http_a.post("/api/tables", json={"game": "casino", "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "open"}, {"kind": "open"}], "options": {"num_players": 3}})
            assert r.status_code == 200, r.text
            made = r.json()
            await a.join(a.tables[made["id"]], made["seats"][0]["token"], Seen(), max_connections=8)
            await eventually_listed(http_b, made["id"], [1, 2])
            b.cluster.changed = lambda *_: None  # B hears nothing from now on
            first = await http_a.post(f"/api/tables/{made['id']}/take", json={"name": "Cy"})
            assert first.status_code == 200 and first.json()["seat"] == 1, first.text
            assert b.tables[made["id"]].seats[1].open  # B's copy is behind
            second = await http_b.post(f"/api/tables/{made['id']}/take", json={"name": "Di"})
            assert second.status_code == 200, second.text
            assert second.json()["seat"] == 2 and second.json()["names"] == ["Ann", "Cy", "Di"]
            third = await http_b.post(f"/api/tables/{made['id']}/take", json={"name": "Ed"})
            assert third.status_code == 409, third.text

    asyncio.run(scenario())


def test_processes_starting_together_all_create_the_presence_table(pg_url: str) -> None:
    """Sixteen processes' first presence writes at once, in a schema without the table: all land (the creation
    runs under an advisory lock; two CREATE ... IF NOT EXISTS at once once failed a quick match in CI with
    'type "cardtable_presence" already exists')."""

    async def scenario() -> None:
        libpq = make_url(pg_url).set(drivername="postgresql").render_as_string(hide_password=False)
        crowds = [roomdb.Crowd(libpq) for _ in range(16)]
        for k, crowd in enumerate(crowds):
            crowd.mark(f"t{k}", 0, 30)
        try:
            await asyncio.gather(*(crowd.flush() for crowd in crowds))
            await crowds[0].tick([f"t{k}" for k in range(16)])
            assert crowds[0].remote == {f"t{k}": {0} for k in range(16)}
        finally:
            for crowd in crowds:
                await crowd.close()

    asyncio.run(scenario())
