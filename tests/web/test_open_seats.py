"""Open seats: a table set up with a seat for anyone is public, the lobby lists its free seat, one request
seats a stranger with a token made for them alone, and a second taker of the same seat is refused."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from cardtable.apps.web.server import create_app
from cardtable.store import schema as s

from .conftest import new_table
from .test_lobby import join

OPEN = [{"kind": "human", "name": "Ann"}, {"kind": "open"}]


def take(client: Any, table_id: str, name: str, **extra: Any) -> Any:
    return client.post(f"/api/tables/{table_id}/take", json={"name": name, **extra})


def cards_of(msg: dict[str, Any]) -> list[str]:
    return [c for c in msg["view"]["hand"] if c != "??"]


def test_an_open_seat_makes_a_public_table_with_a_free_seat(client: Any) -> None:
    made = new_table(client, "gin", OPEN)
    assert [s["open"] for s in made["seats"]] == [False, True] and made["seats"][1]["token"] is None
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [made["id"]]
    entry = listed[0]
    assert entry["public"] is True and entry["free"] == [1] and entry["preset"] == "standard"
    assert entry["waiting"] == ["Ann", "Open seat"] and 0 <= entry["open_for"] < 5
    assert "token" not in json.dumps(entry)


def test_taking_the_seat_seats_the_stranger_alone(client: Any) -> None:
    made = new_table(client, "gin", OPEN)
    with client.websocket_connect(f"/ws/{made['id']}") as ann:
        ann_msg = join(ann, made["seats"][0]["token"])
        assert ann_msg["waiting"] == [1]
        r = take(client, made["id"], "Bea")
        assert r.status_code == 200, r.text
        got = r.json()
        assert got["seat"] == 1 and got["names"] == ["Ann", "Bea"] and len(got["token"]) >= 24
        told = ann.receive_json()
        assert told == {"t": "notice", "msg": "Bea took the open seat."}
        ann_msg = ann.receive_json()
        assert ann_msg["seats"][1]["name"] == "Bea" and ann_msg["seats"][1]["open"] is False
        assert got["token"] not in json.dumps(ann_msg)  # the token went to the taker only
        again = take(client, made["id"], "Cid")  # the seat is gone: refused, not a second seat
        assert again.status_code == 409 and "took this seat" in again.json()["detail"]
        assert client.get("/api/tables").json()["tables"][0]["free"] == []
        with client.websocket_connect(f"/ws/{made['id']}") as bea:
            bea_msg = join(bea, got["token"])
            assert bea_msg["you"] == 1 and bea_msg["waiting"] == [] and "token" not in bea_msg  # already her own
            assert not set(cards_of(ann_msg)) & set(json.dumps(bea_msg["view"]).replace('"', " ").split())
            ann_msg = ann.receive_json()
            assert ann_msg["waiting"] == []
            # both play: whoever is to act makes a legal move, the other sees it
            for _ in range(2):
                mover, other, msg = (ann, bea, ann_msg) if ann_msg["to_act"] == 0 else (bea, ann, bea_msg)
                while not msg["legal"]:
                    msg = mover.receive_json()
                mover.send_json({"t": "act", "m": msg["legal"][0]["m"], "n": msg["n"]})
                mine, theirs = mover.receive_json(), other.receive_json()
                assert mine["t"] == theirs["t"] == "state" and mine["to_act"] == theirs["to_act"]
                ann_msg, bea_msg = (mine, theirs) if mover is ann else (theirs, mine)


def test_private_tables_and_taken_seats_cannot_be_taken(client: Any) -> None:
    private = new_table(client, "gin", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}])
    assert take(client, private["id"], "Eve").status_code == 404
    made = new_table(client, "casino", [{"kind": "human", "name": "Ann"}, {"kind": "open"}, {"kind": "computer"}],
                     options={"num_players": 3})
    assert take(client, made["id"], "Eve", seat=0).status_code == 409  # Ann's seat is no open seat
    assert take(client, made["id"], "Eve", seat=2).status_code == 409  # nor the computer's
    assert take(client, made["id"], "Eve", seat="1").status_code == 400
    assert take(client, "nosuchtable", "Eve").status_code == 404
    r = client.post(f"/api/tables/{made['id']}/take", content=b"[1]", headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert take(client, made["id"], "Ann").json()["names"] == ["Ann", "Ann (2)", "Right"]  # names stay apart


def test_bad_open_seats_are_refused(client: Any) -> None:
    for seat in ({"kind": "open", "computer_after": 0}, {"kind": "open", "computer_after": 30, "level": "godlike"},
                 {"kind": "open", "computer_after": "soon"}):
        r = client.post("/api/tables", json={"game": "gin", "seats": [{"kind": "human"}, seat]})
        assert r.status_code == 400, seat
    r = client.post("/api/tables", json={"game": "gin", "seats": [{"kind": "open"}, {"kind": "open"}]})
    assert r.status_code == 400 and "at least one person" in r.json()["detail"]
    for away in ({"then": "vanish"}, {"then": "computer", "after": 0.1}, [1]):
        r = client.post("/api/tables", json={"game": "gin", "seats": OPEN, "away": away})
        assert r.status_code == 400, away


def test_two_strangers_racing_for_one_seat(tmp_path: Path) -> None:
    """Two takers at the same moment: one seat, one refusal (409) that says so."""
    app = create_app(str(tmp_path / "race.db"))

    async def race() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            r = await http.post("/api/tables", json={"game": "gin", "seats": OPEN})
            table_id = r.json()["id"]
            answers = await asyncio.gather(*(http.post(f"/api/tables/{table_id}/take", json={"name": n})
                                              for n in ("Bea", "Cid", "Dan")))
        await app.state.manager.close()
        return list(answers)

    answers = asyncio.run(race())
    assert sorted(a.status_code for a in answers) == [200, 409, 409]
    winner = next(a.json() for a in answers if a.status_code == 200)
    table = app.state.manager.tables[winner["id"]]
    assert table.seats[1].name == winner["names"][1] and table.seat_for_token(winner["token"]) == 1
    app.state.store.close()


def test_an_open_seat_is_stored(db: str) -> None:
    """A restart keeps the seat open (and the taken seat's token working)."""
    from fastapi.testclient import TestClient

    with TestClient(create_app(db)) as first:
        made = new_table(first, "gin", OPEN)
        open_too = new_table(first, "gin", OPEN)
        got = take(first, made["id"], "Bea").json()
    with TestClient(create_app(db)) as second:
        assert second.get(f"/api/tables/{open_too['id']}").json()["seats"][1]["open"] is True
        with second.websocket_connect(f"/ws/{made['id']}") as bea:
            assert join(bea, got["token"])["you"] == 1
        assert second.get(f"/api/tables/{made['id']}").json()["side_names"] == ["Ann", "Bea"]  # the score's names


@pytest.mark.parametrize("game", ["casino", "pinochle"])
def test_other_games_have_open_seats(client: Any, game: str) -> None:
    made = new_table(client, game, OPEN)
    assert take(client, made["id"], "Bea").status_code == 200


def test_two_processes_cannot_give_one_seat_twice(db: str) -> None:
    """Two servers on one database, each with the table open in memory: the second taker is refused, because
    a seat is taken only if the stored seats are still those the server knows (compare and set)."""
    from fastapi.testclient import TestClient

    with TestClient(create_app(db)) as one, TestClient(create_app(db)) as two:
        made = new_table(one, "gin", OPEN)
        assert two.get(f"/api/tables/{made['id']}").json()["seats"][1]["open"] is True  # loaded there too
        assert take(one, made["id"], "Bea").status_code == 200
        late = take(two, made["id"], "Cid")
        assert late.status_code == 409 and "took this seat" in late.json()["detail"]
        stale = two.app.state.manager.tables[made["id"]]
        assert stale.seats[1].open  # nothing changed there: it hears of Bea when it reloads the table


def test_a_foreign_page_cannot_take_a_seat_or_quick_match(client: Any) -> None:
    """A page of another site cannot seat its visitor here (the origin policy of :mod:`.security`)."""
    made = new_table(client, "gin", OPEN)
    evil = {"origin": "https://evil.example"}
    assert client.post(f"/api/tables/{made['id']}/take", json={"name": "Eve"}, headers=evil).status_code == 403
    assert client.post("/api/quick", json={"game": "gin"}, headers=evil).status_code == 403
    assert client.app.state.manager.tables[made["id"]].seats[1].open


def test_the_stored_game_names_who_took_the_seat(client: Any) -> None:
    """The game's listing and statistics name the person who took the open seat, not "Open seat"."""
    made = new_table(client, "gin", OPEN)
    store = client.app.state.manager.store
    assert [info.seat_names for info in store.list_games()] == [("Ann", "Open seat")]
    assert take(client, made["id"], "Bea").status_code == 200
    (info,) = store.list_games()
    assert info.seat_names == ("Ann", "Bea") and [str(k) for k in info.seat_kinds] == ["human", "human"]
    with store.reading() as conn:  # the seats' players too (statistics by player)
        players = conn.execute(select(s.players.c.name).join(s.game_seats, s.game_seats.c.player_id == s.players.c.id)
                               .where(s.game_seats.c.game_id == info.id).order_by(s.game_seats.c.seat)).scalars()
        assert list(players) == ["Ann", "Bea"]
