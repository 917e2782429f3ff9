"""Hints cannot starve the server (issue 16, item 5): the same position is worked out once, each
connection and table has a budget of thinking time, and the server works out a bounded number at once."""

from __future__ import annotations

import asyncio
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.apps.web.hints import HintDesk, HintLimits, HintRefused
from cardtable.apps.web.server import create_app

from .conftest import new_table

pytestmark = pytest.mark.serial  # timing-sensitive (hint budgets in seconds of thinking): run alone, see pyproject's markers

VS_COMPUTER = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]


class SlowExplainer:
    """Stands in for the hint player: burns ``cost`` seconds of CPU per hint and counts them."""

    def __init__(self, cost: float) -> None:
        self.cost = cost
        self.calls = 0

    def explain(self, view: Any, legal: list[Any], k: int) -> list[tuple[Any, float]]:
        self.calls += 1
        end = time.perf_counter() + self.cost
        while time.perf_counter() < end:
            pass
        return [(a, 0.0) for a in legal[:k]]


def my_turn(ws: Any) -> dict[str, Any]:
    for _ in range(500):
        m = ws.receive_json()
        if m["t"] == "state" and m["legal"]:
            return m
    raise AssertionError("never my turn")


def seat_at(client: Any, game: str, cost: float | None = None) -> tuple[Any, Any, dict[str, Any]]:
    made = new_table(client, game, VS_COMPUTER)
    table = client.app.state.manager.tables[made["id"]]
    if cost is not None:
        table._hint_agent, table._hint_checked = SlowExplainer(cost), True
    return made, table, made["seats"][0]["token"]


def test_thirty_hints_at_one_position_cost_one(tmp_path: Path) -> None:
    """30 hints from one socket used to take 30 computations (23 s of CPU with the real hint player)."""
    with TestClient(create_app(str(tmp_path / "h.db"), rate=1000, burst=1000)) as client:
        made, table, token = seat_at(client, "casino")
        desk = client.app.state.manager.hint_desk
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"t": "join", "token": token})
            state = my_turn(ws)
            for _ in range(30):
                ws.send_json({"t": "hint"})
            answers = [ws.receive_json() for _ in range(30)]
        assert all(a["t"] == "hints" and a["hints"] for a in answers)
        assert all(a["hints"] == answers[0]["hints"] for a in answers)
        legal = {x["m"] for x in state["legal"]}
        assert {h["m"] for h in answers[0]["hints"]} <= legal
        assert desk.thinking < 8.0  # one real computation (about 0.8 s, plus starting the hint process), not thirty
        assert table._hint_in_process  # worked out in the hint process, away from the event loop
        assert table.version == state["n"]


def test_a_connection_runs_out_of_hints_and_the_table_plays_on(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "b.db"), rate=1000, burst=1000)) as client:
        manager = client.app.state.manager
        manager.hint_desk = HintDesk(HintLimits(connection=(0.5, 0.6), table=(50.0, 60.0)))
        made, table, token = seat_at(client, "gin", cost=0.15)
        agent = table._hint_agent
        refused = None
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"t": "join", "token": token})
            m = my_turn(ws)
            for _ in range(12):
                ws.send_json({"t": "hint"})
                got = ws.receive_json()
                if got["t"] == "error":
                    refused = got
                    break
                assert got["t"] == "hints"
                ws.send_json({"t": "act", "m": next(a["m"] for a in m["legal"] if a["m"] != "draw"), "n": m["n"]})
                m = my_turn(ws)
            assert refused is not None and refused["code"] == "hint-budget", refused
            assert "for this window in" in refused["msg"] and refused["msg"].endswith(" s")
            assert 2 <= agent.calls <= 5  # about 0.5 s of thinking (more wall time on a busy machine), then no more
            assert table.version == m["n"]  # the refusal changed nothing, and play goes on
            ws.send_json({"t": "act", "m": next(a["m"] for a in m["legal"] if a["m"] != "draw"), "n": m["n"]})
            assert ws.receive_json()["n"] == m["n"] + 1
            ws.send_json({"t": "ping"})
            while (got := ws.receive_json())["t"] != "pong":
                assert got["t"] == "state"


def test_the_server_works_out_few_hints_at_once(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "q.db"), rate=1000, burst=1000)) as client:
        manager = client.app.state.manager
        manager.hint_desk = HintDesk(HintLimits(workers=1, max_waiting=2))
        seats = [seat_at(client, "gin", cost=0.6) for _ in range(5)]
        socks = [client.websocket_connect(f"/ws/{made['id']}") for made, _, _ in seats]
        try:
            conns = [s.__enter__() for s in socks]
            for ws, (_, _, token) in zip(conns, seats):
                ws.send_json({"t": "join", "token": token})
                my_turn(ws)
            for ws in conns:
                ws.send_json({"t": "hint"})
            got = [ws.receive_json() for ws in conns]
        finally:
            for s in socks:
                s.__exit__(None, None, None)
        kinds = [g["t"] if g["t"] == "hints" else g["code"] for g in got]
        assert kinds.count("hints") == 3 and kinds.count("busy") == 2, kinds  # one working, two waiting
        assert all("busy" in g["msg"] for g in got if g["t"] == "error")
        assert sum(t._hint_agent.calls for _, t, _ in seats) == 3


class Window:
    """A connection (the desk keeps a budget per connection object)."""


def test_the_table_budget_is_shared_by_every_window() -> None:
    async def go() -> None:
        desk = HintDesk(HintLimits(connection=(100.0, 100.0), table=(0.2, 0.6)))
        windows = [Window(), Window()]

        async def think() -> list[dict[str, Any]]:
            await asyncio.sleep(0.12)
            return []

        done = 0
        with pytest.raises(HintRefused, match="at this table in") as info:
            for n in range(10):
                await desk.work_out("t1", (n, 0), windows[n % 2], think)
                done += 1
        assert info.value.code == "hint-budget" and done == 2
        assert await desk.work_out("t1", (1, 0), windows[0], think) == []  # the same position: cached
        assert await desk.work_out("t2", (0, 0), windows[0], think) == []  # another table has its own

    asyncio.run(go())


def test_a_failing_hint_is_a_clear_refusal() -> None:
    async def go() -> None:
        desk = HintDesk()
        try:
            with pytest.raises(HintRefused, match="no hint could be worked out") as info:
                await desk.in_process("gin", 1, lambda: None, [], 3)  # a view that cannot reach the hint process
            assert info.value.code == "hint-failed"
        finally:
            desk.close()

    asyncio.run(go())
