"""Database faults at a running table (SQLite locked by another program, the database unreachable):
a move is acknowledged only once stored; a refused move leaves the table exactly as stored, reveals no
card and is absent from the database; every seat hears that the table waits; play (the computer's too)
resumes by itself when the database is back; HTTP answers 503 JSON and a join gets an error message."""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.apps.web.persistence import DB_REFUSED
from cardtable.apps.web.server import create_app
from cardtable.apps.web.table import PAUSED
from cardtable.record import GameRecord
from cardtable.store import Store
from cardtable.store.store import replay_record

from . import db_faults_kit as kit
from .conftest import new_table

websockets_sync = pytest.importorskip("websockets.sync.client")

VS_COMPUTER = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]


def until(ws: Any, pred: Any, limit: int = 200) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Receive messages until ``pred(message)``; return it and every message received on the way."""
    seen = []
    for _ in range(limit):
        m = ws.receive_json()
        seen.append(m)
        if pred(m):
            return m, seen
    raise AssertionError(f"no such message among {seen[-5:]}")


def legal(m: dict[str, Any]) -> list[str]:
    return [a["m"] for a in m.get("legal") or []]


def to_draw(ws: Any, m: dict[str, Any]) -> dict[str, Any]:
    """Play (pass the first upcard, discard) until this seat may draw from the stock."""
    while "draw" not in legal(m):
        moves = legal(m)
        if moves:
            move = "pass" if "pass" in moves else next(x for x in moves if x.startswith("discard"))
            ws.send_json({"t": "act", "m": move, "n": m["n"]})
        m, _ = until(ws, lambda x, n=m["n"]: x["t"] == "state" and x["n"] > n and (legal(x) or x["over"]))
    return m


def next_stock_card(table: Any) -> str:
    """The card a draw would give now (a replayed copy of the match draws it)."""
    probe = replay_record(GameRecord.from_match(table.match))
    probe.apply("draw")
    probe.resolve_chance()
    return probe.hands[-1].actions[-1].split()[-1]


def stored_hands(db: str, game_id: int) -> list[list[str]]:
    with Store.open(db) as store:
        return store.load_record(game_id).hands


def test_a_locked_database_refuses_the_move_unchanged_and_play_resumes(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    db = str(tmp_path / "faults.db")
    caplog.set_level(logging.INFO, logger="cardtable.web")
    with TestClient(create_app(Store.open(db, busy_timeout=0.2), rate=1000, burst=1000)) as client:
        made = new_table(client, "gin", VS_COMPUTER)
        manager = client.app.state.manager
        table = manager.tables[made["id"]]
        with client.websocket_connect(f"/ws/{made['id']}") as ws, \
                client.websocket_connect(f"/ws/{made['id']}") as watcher:
            ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
            watcher.send_json({"t": "spectate"})
            watcher.receive_json()
            m = to_draw(ws, ws.receive_json())
            card, n, before = next_stock_card(table), m["n"], GameRecord.from_match(table.match).hands
            assert stored_hands(db, table.game_id) == before

            locker = sqlite3.connect(db, isolation_level=None)
            locker.execute("BEGIN EXCLUSIVE")  # another program holds the database
            t0 = time.monotonic()
            ws.send_json({"t": "act", "m": "draw", "n": n})
            refused, seen = until(ws, lambda x: x["t"] == "error" and x["msg"] == DB_REFUSED)
            assert time.monotonic() - t0 < 3.0 and refused["code"] == "database"
            assert any(x["t"] == "error" and x["msg"] == PAUSED for x in seen)  # every seat is told the table waits
            paused = next(x for x in seen if x["t"] == "state")
            assert paused["paused"] == PAUSED and paused["n"] == n and not paused["legal"]
            assert all(card not in json.dumps(x) for x in seen)  # the refused draw shows no card
            assert GameRecord.from_match(table.match).hands == before and table.version == n
            w, _ = until(watcher, lambda x: x["t"] == "error")
            assert w["msg"] == PAUSED
            ws.send_json({"t": "act", "m": "draw", "n": n})  # while paused: refused at once, still unchanged
            assert until(ws, lambda x: x["t"] == "error")[0]["msg"] == DB_REFUSED
            locker.execute("ROLLBACK")
            locker.close()

            back, _ = until(ws, lambda x: x["t"] == "state" and x["paused"] is None)  # resumes by itself
            assert back["n"] == n and "draw" in legal(back)
            ws.send_json({"t": "act", "m": "draw", "n": n})
            drew, _ = until(ws, lambda x: x["t"] == "state" and x["n"] > n)
            assert card in drew["view"]["hand"]  # the same card: the stock did not change
            assert stored_hands(db, table.game_id) == GameRecord.from_match(table.match).hands

            # The computer's save fails: it waits, and moves once the database is back.
            manager.think_delay = 1.0
            discard = next(x for x in legal(drew) if x.startswith("discard"))
            ws.send_json({"t": "act", "m": discard, "n": drew["n"]})
            mine, _ = until(ws, lambda x: x["t"] == "state" and x["n"] > drew["n"])
            assert mine["to_act"] == 1
            locker = sqlite3.connect(db, isolation_level=None)
            locker.execute("BEGIN EXCLUSIVE")
            until(ws, lambda x: x["t"] == "error" and x["msg"] == PAUSED)
            assert table.version == mine["n"] and table.to_act() == 1
            locker.execute("ROLLBACK")
            locker.close()
            until(ws, lambda x: x["t"] == "state" and x["n"] > mine["n"] and x["paused"] is None
                  and (x["to_act"] == 0 or x["over"]))  # the computer drew and discarded
        assert stored_hands(db, table.game_id) == GameRecord.from_match(table.match).hands
    failures = [r for r in caplog.records if "not saved" in r.getMessage()]
    assert len(failures) == 2 and all(r.exc_info is None and "\n" not in r.getMessage() for r in failures)
    assert any("database is back" in r.getMessage() for r in caplog.records)


def test_database_down_gives_503_json_and_a_join_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "down.db")
    with TestClient(create_app(db, rate=1000, burst=1000)) as client:
        made = new_table(client, "gin", VS_COMPUTER)
        client.app.state.manager.tables.clear()  # as after a restart: the table is not loaded yet
        engine = client.app.state.store.engine

        def down(*_: Any, **__: Any) -> Any:
            raise OperationalError("connect", {}, Exception("connection refused"))

        monkeypatch.setattr(engine, "connect", down)
        listed = client.get("/api/tables")  # the lobby lists the tables in memory: no database needed
        assert listed.status_code in (200, 503) and "Traceback" not in listed.text
        for method, path, body in (("GET", "/api/finished", None), ("GET", "/api/stats", None),
                                   ("POST", "/api/tables", {"game": "gin", "seats": VS_COMPUTER})):
            r = client.request(method, path, json=body)
            assert r.status_code == 503, (path, r.text)
            assert r.json()["code"] == "database" and "Traceback" not in r.text
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            m = ws.receive_json()
            assert m["t"] == "error" and m["code"] == "database" and "unavailable" in m["msg"]
        monkeypatch.undo()
        with client.websocket_connect(f"/ws/{made['id']}") as ws:  # back: the same link works
            ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
            assert ws.receive_json()["t"] == "state"


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("runuser") is None,
                    reason="runs the server as 'nobody' (needs root), since root ignores file permissions")
def test_a_read_only_sqlite_database_warns_refuses_moves_and_recovers_without_restart(tmp_path: Path) -> None:
    folder = Path(tempfile.mkdtemp(prefix="cardtable-ro-"))  # pytest's own folders are closed to other users
    db = str(folder / "ro.db")
    table_id, tokens = kit.prepared_table(db, ("human", "human"), claimed=True)  # a join is a write: joined before
    for path in [folder, *folder.iterdir()]:
        os.chown(path, *_nobody())
    folder.chmod(0o777)
    os.chmod(db, 0o444)
    port, log_path = kit.free_port(), tmp_path / "server.log"
    base = f"http://127.0.0.1:{port}"
    server = kit.start_server(db, port, log_path, user="nobody")
    try:
        kit.wait_for(lambda: "READY" in log_path.read_text(), 60, "the server to start")
        assert "cannot be written now" in log_path.read_text()  # warned at start
        kit.wait_for(lambda: kit.up(base), 30, "the server to answer")
        ws_url = f"ws://127.0.0.1:{port}/ws/{table_id}"
        with websockets_sync.connect(ws_url, origin=base) as a, websockets_sync.connect(ws_url, origin=base) as b:
            seats = [a, b]
            for ws, token in zip(seats, tokens):
                ws.send(json.dumps({"t": "join", "token": token}))
            state = kit.recv_until(a, lambda m: m["t"] == "state" and not m["waiting"])
            if state["you"] != state["to_act"]:
                state = kit.recv_until(seats[state["to_act"]], lambda m: m["t"] == "state" and m["n"] == state["n"])
            mover = seats[state["to_act"]]
            mover.send(json.dumps({"t": "act", "m": kit.choose(state), "n": state["n"]}))
            refused = kit.recv_until(mover, lambda m: m["t"] == "error" and m["msg"] == DB_REFUSED)
            assert refused["code"] == "database"
            status, body = kit.http("POST", f"{base}/api/tables", {"game": "gin", "seats": VS_COMPUTER})
            assert status == 503 and body["code"] == "database"
            os.chmod(db, 0o644)  # permissions come back: no restart needed
            back = kit.recv_until(mover, lambda m: m["t"] == "state" and m["paused"] is None, limit=30)
            assert back["n"] == state["n"]
            after = kit.move(seats, back)
            assert after["n"] > state["n"]
        with Store.open(db) as store:
            assert kit.stored_actions(store, table_id) == after["n"]
        assert kit.http("POST", f"{base}/api/tables", {"game": "gin", "seats": VS_COMPUTER})[0] == 200
    finally:
        server.terminate()
        server.wait(20)
        shutil.rmtree(folder, ignore_errors=True)


def _nobody() -> tuple[int, int]:
    import pwd

    entry = pwd.getpwnam("nobody")
    return entry.pw_uid, entry.pw_gid


def test_an_undo_whose_save_fails_leaves_the_table_as_it_was(tmp_path: Path) -> None:
    db = str(tmp_path / "undo.db")
    with TestClient(create_app(Store.open(db, busy_timeout=0.2), rate=1000, burst=1000)) as client:
        made = new_table(client, "gin", VS_COMPUTER)
        manager = client.app.state.manager
        table = manager.tables[made["id"]]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
            m, _ = until(ws, lambda x: x["t"] == "state" and bool(x["legal"]))
            manager.think_delay = 60.0  # the computer does not reply before the undo
            move = next(x for x in legal(m) if x != "draw")  # no card from the stock
            ws.send_json({"t": "act", "m": move, "n": m["n"]})
            moved, _ = until(ws, lambda x: x["t"] == "state" and x["n"] > m["n"])
            assert moved["can_undo"]
            hands, undos = GameRecord.from_match(table.match).hands, table.undos
            locker = sqlite3.connect(db, isolation_level=None)
            locker.execute("BEGIN EXCLUSIVE")
            ws.send_json({"t": "undo", "n": moved["n"]})
            until(ws, lambda x: x["t"] == "error" and x["msg"] == DB_REFUSED)
            assert GameRecord.from_match(table.match).hands == hands and table.undos == undos
            assert table.version == moved["n"]
            locker.execute("ROLLBACK")
            locker.close()
            back, _ = until(ws, lambda x: x["t"] == "state" and x["paused"] is None)
            assert back["n"] == moved["n"] and back["can_undo"]
            ws.send_json({"t": "undo", "n": back["n"]})
            undone, _ = until(ws, lambda x: x["t"] == "state" and x["n"] != back["n"])
            assert undone["view"]["hand"] == m["view"]["hand"] and table.undos == undos + 1
        with Store.open(db) as store:  # stored whole, with the undo count, in one transaction
            assert store.load_record(table.game_id).hands == GameRecord.from_match(table.match).hands


def test_a_save_without_answer_is_refused_in_time_and_a_late_landing_is_reloaded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database server that stops answering (frozen): the move is refused after SAVE_TIMEOUT instead of
    hanging the table; if that save lands later after all, the table reloads it when the database is back."""
    import threading

    from cardtable.apps.web import persistence

    db = str(tmp_path / "frozen.db")
    monkeypatch.setattr(persistence, "SAVE_TIMEOUT", 0.5)
    with TestClient(create_app(db, rate=1000, burst=1000)) as client:
        made = new_table(client, "gin", [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}])
        store = client.app.state.store
        table = client.app.state.manager.tables[made["id"]]
        real, thaw = store.save_moves, threading.Event()

        def frozen(*args: Any) -> int:
            thaw.wait(30)
            return real(*args)

        monkeypatch.setattr(store, "save_moves", frozen)
        monkeypatch.setattr(store, "check_writable", lambda: thaw.wait(30) and None)
        sockets = [client.websocket_connect(f"/ws/{made['id']}") for _ in range(2)]
        with sockets[0] as a, sockets[1] as b:
            for ws, seat in zip((a, b), made["seats"]):
                ws.send_json({"t": "join", "token": seat["token"]})
            first, _ = until(a, lambda x: x["t"] == "state" and not x["waiting"])
            mover = (a, b)[first["to_act"]]
            m = first if first["legal"] else until(mover, lambda x: x["t"] == "state" and bool(x["legal"]))[0]
            saved, t0 = table.saved, time.monotonic()
            mover.send_json({"t": "act", "m": legal(m)[0], "n": m["n"]})
            until(mover, lambda x: x["t"] == "error" and x["msg"] == DB_REFUSED)
            assert time.monotonic() - t0 < 5 and table.saved == saved and table.version == m["n"]
            thaw.set()  # the server answers again: the late save lands, and the table shows it once resumed
            back, _ = until(mover, lambda x: x["t"] == "state" and x["paused"] is None)
            assert back["n"] == m["n"] + 1
            assert stored_hands(db, table.game_id) == GameRecord.from_match(table.match).hands
            assert table.saved == sum(len(h) for h in GameRecord.from_match(table.match).hands)


def test_roll_back_returns_to_the_stored_moves_across_a_hand_end() -> None:
    from cardtable.agents import RandomAgent
    from cardtable.apps.web.persistence import roll_back
    from cardtable.apps.web.tables import SeatSpec, Table
    from cardtable.match import Match

    def table_after(moves: int) -> Table:
        match = Match("gin", seed=8, seat_names=["A", "B"])
        table = Table(id="t1", match=match, seats=[SeatSpec("human", "A"), SeatSpec("human", "B")], game_id=1)
        table.resolve_chance()
        agents = [RandomAgent(1), RandomAgent(2)]
        while sum(len(h.actions) for h in table.match.hands) < moves:
            seat = table.match.state.current_player()
            table.apply(agents[seat].act(table.match.state.view(seat), table.match.state.legal_actions()))
        return table

    table = table_after(0)
    while len(table.match.hands) == 1:  # play through the first hand's end (and the next deal)
        table = table_after(sum(len(h.actions) for h in table.match.hands) + 1)
    end_of_first = len(table.match.hands[0].actions)
    for saved in (end_of_first - 1, end_of_first, sum(len(h.actions) for h in table.match.hands) - 1):
        expected = table_after(saved)
        got = table_after(sum(len(h.actions) for h in table.match.hands))
        got.saved = sum(len(h.actions) for h in expected.match.hands)
        roll_back(got)
        assert GameRecord.from_match(got.match).hands == GameRecord.from_match(expected.match).hands
        assert got.match.state == expected.match.state and got.actors == expected.actors
        assert got.version == expected.version and (got.last_hand is None) == (expected.last_hand is None)
