"""Quick match: "Play someone now" seats you at the oldest open table of the game and preset where someone
waits, or opens one; two people arriving at once meet at one table; a computer comes after the wait chosen."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.apps.web import room
from cardtable.apps.web.server import create_app

from .test_lobby import join

pytestmark = pytest.mark.serial  # timing-sensitive (a computer comes after a timed wait): run alone, see pyproject's markers


def quick(client: Any, name: str, game: str = "gin", **extra: Any) -> dict[str, Any]:
    r = client.post("/api/quick", json={"game": game, "name": name, **extra})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_the_second_player_sits_at_the_first_ones_table(client: Any) -> None:
    ann = quick(client, "Ann")
    assert ann["waiting"] is True and ann["seat"] == 0 and ann["names"] == ["Ann", "Open seat"]
    listed = client.get("/api/tables").json()["tables"]
    assert [(t["id"], t["free"]) for t in listed] == [(ann["id"], [1])]
    bea = quick(client, "Bea")
    assert bea["id"] == ann["id"] and bea["seat"] == 1 and bea["waiting"] is False and bea["names"] == ["Ann", "Bea"]
    assert bea["token"] != ann["token"]
    cid = quick(client, "Cid")  # that table is full: a new one
    assert cid["id"] != ann["id"] and cid["waiting"] is True
    with client.websocket_connect(f"/ws/{ann['id']}") as a, client.websocket_connect(f"/ws/{ann['id']}") as b:
        join(a, ann["token"])
        assert join(b, bea["token"])["waiting"] == []


def test_game_and_preset_must_match(client: Any) -> None:
    gin = quick(client, "Ann")
    modern = quick(client, "Bea", preset="modern")
    casino = quick(client, "Cid", game="casino")
    assert len({gin["id"], modern["id"], casino["id"]}) == 3
    assert quick(client, "Dan", preset="modern")["id"] == modern["id"]
    assert quick(client, "Eve", game="casino")["id"] == casino["id"]
    # an open table set up by hand with the preset's rules is found too, the oldest first
    made = client.post("/api/tables", json={"game": "pinochle", "seats": [{"kind": "human", "name": "Fay"},
                                                                          {"kind": "open"}]}).json()
    quick(client, "Gus", game="pinochle", preset="hoyle")  # another preset: its own table
    assert quick(client, "Hal", game="pinochle")["id"] == made["id"]


def test_quick_match_refuses_bad_requests(client: Any) -> None:
    for body in ({"game": "poker"}, {"game": "gin", "preset": "nosuch"}, {"game": "gin", "computer_after": 0},
                 {"game": "gin", "computer_after": 30, "level": "godlike"}, [1]):
        r = client.post("/api/quick", json=body)
        assert r.status_code == 400, body


def test_nobody_joins_a_table_nobody_is_at(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(room, "GRACE", 0.2)
    gone = quick(client, "Ann")
    time.sleep(0.3)  # Ann never opened her table: it no longer counts as waiting
    assert client.get("/api/tables").json()["tables"][0]["free"] == []
    assert quick(client, "Bea")["id"] != gone["id"]


def test_a_computer_comes_after_the_wait(client: Any) -> None:
    ann = quick(client, "Ann", computer_after=1, level="random")
    with client.websocket_connect(f"/ws/{ann['id']}") as ws:
        msg = join(ws, ann["token"])
        assert msg["waiting"] == [1]
        start = time.monotonic()
        msg = ws.receive_json()
        waited = time.monotonic() - start
        assert msg == {"t": "notice", "msg": "Nobody came in 1 s: a computer (random) plays the open seat."}
        assert 0.3 < waited < 5, waited
        msg = ws.receive_json()
        assert msg["waiting"] == [] and msg["seats"][1] == {"kind": "computer", "level": "random", "name": "Computer",
                                                             "open": False, "online": True}
        while msg["to_act"] != 0:  # play has started: the computer moves when it is its turn
            msg = ws.receive_json()
        assert msg["legal"]
    assert client.get("/api/tables").json()["tables"][0]["free"] == []


def test_without_a_computer_the_table_keeps_waiting(client: Any) -> None:
    ann = quick(client, "Ann", computer_after=None)
    table = client.app.state.manager.tables[ann["id"]]
    with client.websocket_connect(f"/ws/{ann['id']}") as ws:
        join(ws, ann["token"])
        time.sleep(2.5)  # more than two looks of the keeper
        assert table.seats[1].open and table.waiting_for() == [1]


def test_quick_matchers_arriving_together_meet(tmp_path: Path) -> None:
    """Eight requests at the same moment: four tables of two, nobody left alone."""
    app = create_app(str(tmp_path / "quick.db"))

    async def rush() -> tuple[list[httpx.Response], float]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            start = time.perf_counter()
            answers = await asyncio.gather(*(http.post("/api/quick", json={"game": "gin", "name": f"P{k}"})
                                             for k in range(8)))
            took = time.perf_counter() - start
        await app.state.manager.close()
        return list(answers), took

    answers, took = asyncio.run(rush())
    assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
    by_table: dict[str, list[dict[str, Any]]] = {}
    for a in answers:
        by_table.setdefault(a.json()["id"], []).append(a.json())
    assert sorted(len(v) for v in by_table.values()) == [2, 2, 2, 2], by_table
    for seated in by_table.values():
        assert sorted(x["seat"] for x in seated) == [0, 1] and [x["waiting"] for x in seated].count(True) == 1
    print(f"8 simultaneous quick matches: {took * 1000:.0f} ms")
    app.state.store.close()


def test_quick_match_counts_against_the_address_limits(db: str) -> None:
    """Quick matches and taken seats are tables in play for the per-address limits, as new tables are."""
    from fastapi.testclient import TestClient

    with TestClient(create_app(db, create_limit=3)) as client:
        quick(client, "Ann")
        quick(client, "Bea")
        quick(client, "Cid")
        r = client.post("/api/quick", json={"game": "gin", "name": "Dan"})
        assert r.status_code == 429 and "a minute" in r.json()["detail"]
