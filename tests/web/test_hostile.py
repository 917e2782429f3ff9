"""Hostile or broken input gets a clear error, changes nothing and harms no other table; tables survive restarts."""

from __future__ import annotations

import json
import os
import warnings
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.apps.web.server import MAX_MESSAGE, create_app

from .conftest import new_table

TWO = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]


def errors_until_state(ws: Any) -> list[dict[str, Any]]:
    out = []
    while True:
        m = ws.receive_json()
        out.append(m)
        if m["t"] != "error":
            return out


def test_bad_requests_change_nothing(client: Any) -> None:
    made = new_table(client, "gin", TWO)
    other = new_table(client, "casino", TWO)
    table = client.app.state.manager.tables[made["id"]]
    table.joined.add(1)  # the second person has come: otherwise the table waits for them (lobby.py)
    before = table.version
    tok = [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "join", "token": "x" * 32})
        m = ws.receive_json()
        assert m["t"] == "error" and m["code"] == "token"
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "act", "m": "draw", "n": before})
        assert ws.receive_json()["code"] == "hello"
        ws.send_json({"t": "join", "token": tok[0]})
        state = ws.receive_json()
        seat_to_act = state["to_act"]
        n = state["n"]
        ws.send_text("{not json")
        assert ws.receive_json()["code"] == "malformed"
        ws.send_text(json.dumps({"t": "act", "m": "x" * (MAX_MESSAGE + 10), "n": n}))
        assert ws.receive_json()["code"] == "size"
        ws.send_text("[1, 2]")
        assert ws.receive_json()["code"] == "malformed"
        ws.send_json({"t": "explode"})
        assert ws.receive_json()["code"] == "unknown"
        ws.send_json({"t": "act", "m": "take", "n": n, "seat": 1})
        assert ws.receive_json()["code"] == "seat"
        ws.send_json({"t": "act", "m": "take"})
        assert ws.receive_json()["code"] == "bad-request"
        ws.send_json({"t": "act", "m": {"x": 1}, "n": n})
        assert ws.receive_json()["code"] == "bad-request"
        if seat_to_act != 0:
            ws.send_json({"t": "act", "m": "take", "n": n})
            got = errors_until_state(ws)
            assert got[0]["code"] == "turn"
        else:
            ws.send_json({"t": "act", "m": "take", "n": n - 1})  # stale / replayed counter
            got = errors_until_state(ws)
            assert got[0]["code"] == "stale" and got[-1]["n"] == n
            ws.send_json({"t": "act", "m": "knock QS", "n": n})
            err = ws.receive_json()
            assert err["code"] in ("illegal",) and err["msg"]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "spectate"})
        ws.receive_json()
        ws.send_json({"t": "act", "m": "take", "n": n})
        assert ws.receive_json()["code"] == "spectator"
    with client.websocket_connect("/ws/nosuchtable") as ws:
        assert ws.receive_json()["code"] == "no-table"
    assert table.version == before
    # the other table still plays
    with client.websocket_connect(f"/ws/{other['id']}") as ws:
        ws.send_json({"t": "join", "token": other["seats"][0]["token"]})
        assert ws.receive_json()["t"] == "state"
    assert client.post("/api/tables", content=b"x" * 20_000).status_code == 413
    assert client.post("/api/tables", json={"game": "chess"}).status_code == 400
    assert client.post("/api/tables", json={"game": "gin", "seats": [{"kind": "computer"}] * 2}).status_code == 400
    assert client.get("/api/replay/" + "0" * 32).status_code == 404


def test_table_creation_and_connections_are_limited(db: str) -> None:
    with TestClient(create_app(db, create_limit=2)) as client:
        made = new_table(client, "gin", TWO)
        new_table(client, "gin", TWO)
        r = client.post("/api/tables", json={"game": "gin", "seats": TWO})
        assert r.status_code == 429 and "new tables a minute" in r.json()["detail"]
        token = made["seats"][0]["token"]
        socks = []
        try:
            for _ in range(8):
                ws = client.websocket_connect(f"/ws/{made['id']}").__enter__()
                socks.append(ws)
                ws.send_json({"t": "join", "token": token})
                ws.receive_json()
            with client.websocket_connect(f"/ws/{made['id']}") as extra:
                extra.send_json({"t": "join", "token": token})
                assert extra.receive_json()["code"] == "full"
        finally:
            for ws in socks:
                ws.__exit__(None, None, None)


def test_flood_is_rate_limited(db: str) -> None:
    with TestClient(create_app(db, rate=5, burst=5)) as client:
        made = new_table(client, "gin", TWO)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
            ws.receive_json()
            for _ in range(40):
                ws.send_json({"t": "ping"})
            codes = [ws.receive_json().get("t") for _ in range(4)]  # the join used one of the five
            assert codes == ["pong"] * 4
            m = ws.receive_json()
            assert m["code"] == "rate" and "at most 5 a second" in m["msg"]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_restart_reconnect_and_undo(db: str, backend: str) -> None:
    if backend == "postgresql":
        url = os.environ.get("CARDTABLE_TEST_POSTGRES_URL")
        if not url:
            pytest.skip("set CARDTABLE_TEST_POSTGRES_URL (.ci/start-postgres.sh) to run against PostgreSQL")
        db = url
    with TestClient(create_app(db, rate=1000, burst=1000)) as client:
        made = new_table(client, "gin", [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}])
        token = made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"t": "join", "token": token})
            m = ws.receive_json()
            for _ in range(6):
                while not m.get("legal"):
                    assert m["t"] == "state", m
                    m = ws.receive_json()
                ws.send_json({"t": "act", "m": m["legal"][0]["m"], "n": m["n"]})
                m = ws.receive_json()
            while not m["legal"]:
                m = ws.receive_json()
            assert not m["can_undo"] and m["undo_reason"]  # the computer has replied, or a card was drawn
            saved_n, saved_hand = m["n"], m["view"]["hand"]
    with TestClient(create_app(db, rate=1000, burst=1000)) as client:  # a new server on the same database
        assert client.app.state.manager.tables == {}
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"t": "join", "token": token})
            m = ws.receive_json()
            assert m["n"] == saved_n and m["view"]["hand"] == saved_hand and m["legal"]
            before_hand = m["view"]["hand"]
            client.app.state.manager.think_delay = 60.0  # undo before the computer replies
            move = next(a["m"] for a in m["legal"] if a["m"] != "draw")  # no card from the stock
            ws.send_json({"t": "act", "m": move, "n": m["n"]})
            m = ws.receive_json()
            assert m["n"] == saved_n + 1 and m["can_undo"]
            ws.send_json({"t": "undo", "n": m["n"]})
            m = ws.receive_json()
            assert m["n"] > saved_n and m["view"]["hand"] == before_hand and m["legal"]
        assert client.get(f"/api/tables/{made['id']}").json()["id"] == made["id"]  # private: not listed, still there
