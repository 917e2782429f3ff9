"""Leaving: a seat whose player is gone longer than the creator's time is handed to a computer or offered
again, as the creator chose; the others are told in words; a player back in time keeps the seat; no
hidden card reaches anyone who should not see it."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from cardtable.apps.web import room

from .conftest import new_table
from .test_lobby import join

ANN_AND_OPEN = [{"kind": "human", "name": "Ann"}, {"kind": "open"}]


def until(check: Callable[[], bool], seconds: float = 8.0) -> float:
    """Wait until ``check()``; return how long it took (fails after ``seconds``)."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < seconds, "timed out"
        time.sleep(0.05)
    return time.monotonic() - start


def notice(ws: Any) -> str:
    """The next notice on ``ws`` (states before it are skipped)."""
    while True:
        msg = ws.receive_json()
        if msg["t"] == "notice":
            return str(msg["msg"])


def seated(client: Any, away: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], Any]:
    made = new_table(client, "gin", ANN_AND_OPEN, away=away)
    got = client.post(f"/api/tables/{made['id']}/take", json={"name": "Bea"}).json()
    return made, got, client.app.state.manager.tables[made["id"]]


def hand(msg: dict[str, Any]) -> set[str]:
    return {c for c in msg["view"]["hand"] if c != "??"}


def test_a_computer_plays_the_seat_of_a_player_gone_too_long(client: Any) -> None:
    made, got, table = seated(client, {"then": "computer", "after": 1, "level": "random"})
    with client.websocket_connect(f"/ws/{made['id']}") as ann:
        ann_msg = join(ann, made["seats"][0]["token"])
        with client.websocket_connect(f"/ws/{made['id']}") as bea:
            bea_hand = hand(join(bea, got["token"]))
        took = until(lambda: table.seats[1].kind == "computer")
        assert 0.9 < took < 4, took
        assert notice(ann) == "Bea left; a computer (random) plays Bea's seat."
        assert table.seats[1].name == "Computer for Bea" and table.seats[1].token_hash is None
        msg = ann.receive_json()
        while msg["to_act"] != 0 or not msg["legal"]:  # the computer plays Bea's turns
            msg = ann.receive_json()
        assert msg["seats"][1]["kind"] == "computer" and msg["waiting"] == []
        # the seat's cards now, but those the table saw it take: Ann still sees none of them
        held = hand(table.message_for(1)) - set(msg["view"]["opponent_known"])
        assert hand(ann_msg) and bea_hand and held and not held & set(json.dumps(msg).replace('"', " ").split())
    with client.websocket_connect(f"/ws/{made['id']}") as bea:  # her token opens nothing now
        bea.send_json({"t": "join", "token": got["token"]})
        assert bea.receive_json()["code"] == "token"


def test_an_offered_seat_is_open_to_anyone_and_shows_only_its_view(client: Any) -> None:
    made, got, table = seated(client, {"then": "offer", "after": 1})
    with client.websocket_connect(f"/ws/{made['id']}") as ann:
        ann_hand = hand(join(ann, made["seats"][0]["token"]))
        with client.websocket_connect(f"/ws/{made['id']}") as bea:
            bea_hand = hand(join(bea, got["token"]))
        until(lambda: table.seats[1].open)
        assert notice(ann) == "Bea left; Bea's seat is open to anyone."
        assert ann.receive_json()["waiting"] == [1]  # play waits for the next person
        listed = client.get("/api/tables").json()["tables"]
        assert listed[0]["free"] == [1] and "Bea" not in json.dumps(listed)
        cid = client.post(f"/api/tables/{made['id']}/take", json={"name": "Cid"}).json()
        assert cid["seat"] == 1 and cid["token"] != got["token"]
        with client.websocket_connect(f"/ws/{made['id']}") as c:
            cid_msg = join(c, cid["token"])
            assert hand(cid_msg) == bea_hand  # the seat's cards: that seat's view, nothing more
            assert not ann_hand & set(json.dumps(cid_msg).replace('"', " ").split())
            assert cid_msg["waiting"] == []
        with client.websocket_connect(f"/ws/{made['id']}") as bea:
            bea.send_json({"t": "join", "token": got["token"]})
            assert bea.receive_json()["code"] == "token"


def test_a_player_back_in_time_keeps_the_seat(client: Any) -> None:
    made, got, table = seated(client, {"then": "computer", "after": 2, "level": "random"})
    with client.websocket_connect(f"/ws/{made['id']}") as ann:
        join(ann, made["seats"][0]["token"])
        for _ in range(3):  # away for a second at a time, three times: never two seconds in a row
            with client.websocket_connect(f"/ws/{made['id']}") as bea:
                join(bea, got["token"])
                time.sleep(0.6)
            time.sleep(1.0)
        with client.websocket_connect(f"/ws/{made['id']}") as bea:
            assert join(bea, got["token"])["you"] == 1
        assert table.seats[1].kind == "human" and table.seats[1].name == "Bea"


def test_nothing_happens_while_nobody_else_is_there(client: Any) -> None:
    made, got, table = seated(client, {"then": "computer", "after": 1, "level": "random"})
    with client.websocket_connect(f"/ws/{made['id']}") as ann:
        join(ann, made["seats"][0]["token"])
        with client.websocket_connect(f"/ws/{made['id']}") as bea:
            join(bea, got["token"])
    time.sleep(3.5)  # both gone past the time (and a look each second): nobody to play for, nobody to tell
    assert [sp.kind for sp in table.seats] == ["human", "human"]


def test_a_taker_who_never_comes_frees_the_seat(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(room, "GRACE", 1.0)
    made, _, table = seated(client, {"then": "computer", "after": 60})
    with client.websocket_connect(f"/ws/{made['id']}") as ann:
        join(ann, made["seats"][0]["token"])
        until(lambda: table.seats[1].open)
        assert notice(ann) == "Bea did not come to the table; the seat is open to anyone again."


def test_friends_tables_keep_seats_by_default(client: Any) -> None:
    made = new_table(client, "gin", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}])
    table = client.app.state.manager.tables[made["id"]]
    assert [sp.away for sp in table.seats] == [None, None]
    quickly = new_table(client, "gin", ANN_AND_OPEN)
    spec = client.app.state.manager.tables[quickly["id"]].seats[0]
    assert (spec.away, spec.away_after, spec.bot_level) == ("computer", room.DEFAULT_AWAY_AFTER, "medium")


def test_an_absence_counts_from_the_last_time_the_seat_was_open(client: Any) -> None:
    """Bea takes the seat, comes a while later and leaves at once: her time runs from her leaving, not her taking."""
    made, got, table = seated(client, {"then": "computer", "after": 1, "level": "random"})
    with client.websocket_connect(f"/ws/{made['id']}") as ann:
        join(ann, made["seats"][0]["token"])
        time.sleep(1.5)  # longer than the time chosen, before she comes: that is no absence
        with client.websocket_connect(f"/ws/{made['id']}") as bea:
            join(bea, got["token"])
        took = until(lambda: table.seats[1].kind == "computer")
        assert took >= 0.95, took
