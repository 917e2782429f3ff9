"""PostgreSQL stopped and restarted under a running server (a separate instance, so other tests are not
disturbed): the server waits for the database at start-up, saying so, before it serves; during the outage
moves are refused with a clear error and are absent from the database, HTTP gives 503 JSON and a join gets
an error message; when PostgreSQL is back, play resumes by itself and every acknowledged move is stored.

Runs when ``CARDTABLE_TEST_POSTGRES_URL`` is set (PostgreSQL is installed, as in CI: ``.ci/start-postgres.sh``).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")

from cardtable.apps.web.persistence import DB_REFUSED, PAUSED, insert_table  # noqa: E402
from cardtable.apps.web.tables import SeatSpec, Table, hash_token  # noqa: E402
from cardtable.match import Match  # noqa: E402
from cardtable.store import Store  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".ci" / "start-postgres.sh"
PORT = 55433  # not the shared test server's 55432


@pytest.fixture
def own_postgres(tmp_path: Path) -> Iterator[tuple[str, Callable[[], None], Callable[[], None]]]:
    """A PostgreSQL of this test's own: (url, stop, start)."""
    if not os.environ.get("CARDTABLE_TEST_POSTGRES_URL"):
        pytest.skip("set CARDTABLE_TEST_POSTGRES_URL (.ci/start-postgres.sh) to run the PostgreSQL outage test")
    if os.geteuid() != 0:
        pytest.skip("starting a PostgreSQL of its own needs root (as in CI)")
    env = {**os.environ, "CARDTABLE_PG_PORT": str(PORT), "CARDTABLE_PG_DIR": f"/tmp/cardtable-pg-faults-{os.getpid()}"}

    urls: list[str] = []

    def start() -> None:
        done = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        urls.append(done.stdout.strip())

    def stop() -> None:
        subprocess.run(["bash", str(SCRIPT), "stop"], env=env, capture_output=True, timeout=60, check=True)

    start()
    try:
        yield urls[0], stop, start
    finally:
        stop()
        shutil.rmtree(env["CARDTABLE_PG_DIR"], ignore_errors=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(pred: Callable[[], bool], limit: float, what: str) -> None:
    deadline = time.monotonic() + limit
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def http(method: str, url: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    origin = "/".join(url.split("/")[:3])
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"content-type": "application/json", "origin": origin})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def recv_until(ws: Any, pred: Callable[[dict[str, Any]], bool], limit: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while True:
        m = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if pred(m):
            return m


def prepared_table(url: str) -> tuple[str, str]:
    """A table stored before the server starts (so it is not loaded when first joined): (id, seat 0's token)."""
    token = secrets.token_urlsafe(24)
    match = Match("gin", seed=5, seat_names=["Ann", "Bob"])
    seats = [SeatSpec("human", "Ann", None, hash_token(token)), SeatSpec("computer", "Bob", "random")]
    table = Table(id=secrets.token_hex(8), match=match, seats=seats, game_id=0)
    table.resolve_chance()
    with Store.open(url) as store:
        insert_table(store, table)
    return table.id, token


def test_postgres_restart_under_a_running_server(own_postgres: Any, tmp_path: Path) -> None:
    url, stop, start = own_postgres
    later_id, later_token = prepared_table(url)
    stop()
    port = free_port()
    base, log_path = f"http://127.0.0.1:{port}", tmp_path / "server.log"
    code = ("import sys\nfrom cardtable.apps.web.server import serve\n"
            f"serve(port={port}, database={url!r}, log_level='warning', "
            "ready=lambda: print('READY serving', file=sys.stderr, flush=True))\n")
    with open(log_path, "w") as log_file:
        server = subprocess.Popen([sys.executable, "-c", code], stdout=log_file, stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: "waiting for the database" in log_path.read_text(), 30, "the start-up wait message")
        time.sleep(1.0)
        assert "READY" not in log_path.read_text() and server.poll() is None  # still waiting, not serving
        start()
        wait_for(lambda: "READY serving" in log_path.read_text(), 60, "the server to start")
        wait_for(lambda: _up(base), 30, "the server to answer")

        status, made = http("POST", f"{base}/api/tables", {"game": "gin", "seats": [
            {"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
        assert status == 200, made
        ws_url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
        with websockets_sync.connect(ws_url, origin=base) as a, websockets_sync.connect(ws_url, origin=base) as b:
            seats = [a, b]
            for ws, seat in zip(seats, made["seats"]):
                ws.send(json.dumps({"t": "join", "token": seat["token"]}))
            state = recv_until(a, lambda m: m["t"] == "state" and not m["waiting"])
            acknowledged = 0
            for _ in range(4):
                state = _move(seats, state)
                acknowledged += 1
            stored_before = state["n"]

            stop()  # PostgreSQL goes away mid-game
            mover = seats[state["to_act"]]
            move = state_legal(mover, state)
            t0 = time.monotonic()
            mover.send(json.dumps({"t": "act", "m": move, "n": state["n"]}))
            refused = recv_until(mover, lambda m: m["t"] == "error" and m["msg"] == DB_REFUSED)
            assert refused["code"] == "database" and time.monotonic() - t0 < 15
            other = seats[1 - state["to_act"]]
            assert recv_until(other, lambda m: m["t"] == "error")["msg"] == PAUSED  # every seat is told
            for _ in range(3):  # retries while it is down: refused at once, nothing changes
                mover.send(json.dumps({"t": "act", "m": move, "n": state["n"]}))
                assert recv_until(mover, lambda m: m["t"] == "error")["msg"] == DB_REFUSED
            status, body = http("GET", f"{base}/api/finished")
            assert status == 503 and body["code"] == "database"
            with websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/{later_id}", origin=base) as late:
                m = json.loads(late.recv(timeout=30))  # a table not loaded yet: an error message, then the close
                assert m["t"] == "error" and m["code"] == "database"

            start()  # back: the table resumes by itself
            state = recv_until(mover, lambda m: m["t"] == "state" and m["paused"] is None, limit=60)
            assert state["n"] == stored_before and state_legal(mover, state) == move
            with Store.open(url) as store:  # the refused moves are not stored
                assert _actions(store, made["id"]) == stored_before
            for _ in range(3):
                state = _move(seats, state)
                acknowledged += 1
        with Store.open(url) as store:  # every acknowledged move is stored
            assert _actions(store, made["id"]) == state["n"]
        with websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/{later_id}", origin=base) as late:
            late.send(json.dumps({"t": "join", "token": later_token}))
            assert recv_until(late, lambda m: m["t"] == "state")["table"] == later_id
    finally:
        server.terminate()
        server.wait(20)
    log = log_path.read_text()
    assert "not saved, table paused until the database is back" in log and "database is back" in log
    assert "cardtable:cardtable@" not in log and "Traceback" not in log  # no password, no traceback
    assert all(line.startswith(("cardtable: ", "READY", "INFO:", "WARNING:", "ERROR:")) for line in log.splitlines())


def _up(base: str) -> bool:
    try:
        return http("GET", f"{base}/api/meta")[0] == 200
    except OSError:
        return False


def state_legal(ws: Any, state: dict[str, Any]) -> str:
    """The move to make from ``state`` (the mover's own state message is needed for its legal moves)."""
    moves = [a["m"] for a in state["legal"]]
    return next((m for m in moves if m in ("pass", "draw")), moves[0])


def _move(seats: list[Any], state: dict[str, Any]) -> dict[str, Any]:
    """The seat to act makes a move; return its next state once acknowledged (the counter moved on)."""
    mover = seats[state["to_act"]]
    mine = recv_until(mover, lambda m: m["t"] == "state" and m["n"] == state["n"] and m["you"] == state["to_act"]) \
        if state["you"] != state["to_act"] else state
    mover.send(json.dumps({"t": "act", "m": state_legal(mover, mine), "n": mine["n"]}))
    new = recv_until(mover, lambda m: m["t"] == "state" and m["n"] > mine["n"])
    assert new["paused"] is None
    if new["to_act"] != new["you"]:
        new = recv_until(seats[new["to_act"]], lambda m: m["t"] == "state" and m["n"] == new["n"])
    return new


def _actions(store: Store, table_id: str) -> int:
    from sqlalchemy import select

    from cardtable.store import schema as s

    with store.engine.connect() as conn:
        game_id = conn.execute(select(s.web_tables.c.game_id).where(s.web_tables.c.id == table_id)).scalar_one()
    return sum(len(h) for h in store.load_record(int(game_id)).hands)
