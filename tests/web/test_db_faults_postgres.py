"""PostgreSQL stopped and restarted under a running server (a separate instance, so other tests are not
disturbed): the server waits for the database at start-up, saying so, before it serves; during the outage
moves are refused with a clear error and are absent from the database, HTTP gives 503 JSON and a join gets
an error message; when PostgreSQL is back, play resumes by itself and every acknowledged move is stored.

Runs when ``CARDTABLE_TEST_POSTGRES_URL`` is set (PostgreSQL is installed, as in CI: ``.ci/start-postgres.sh``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")

from cardtable.apps.web.persistence import DB_REFUSED  # noqa: E402
from cardtable.apps.web.table import PAUSED  # noqa: E402
from cardtable.store import Store  # noqa: E402

from .db_faults_kit import (  # noqa: E402
    choose,
    free_port,
    http,
    move,
    prepared_table,
    recv_until,
    start_server,
    stored_actions,
    up,
    wait_for,
)

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


def test_postgres_restart_under_a_running_server(own_postgres: Any, tmp_path: Path) -> None:
    url, stop, start = own_postgres
    later_id, (later_token,) = prepared_table(url)
    stop()
    port = free_port()
    base, log_path = f"http://127.0.0.1:{port}", tmp_path / "server.log"
    server = start_server(url, port, log_path)
    try:
        wait_for(lambda: "waiting for the database" in log_path.read_text(), 30, "the start-up wait message")
        time.sleep(1.0)
        assert "READY" not in log_path.read_text() and server.poll() is None  # still waiting, not serving
        start()
        wait_for(lambda: "READY serving" in log_path.read_text(), 60, "the server to start")
        wait_for(lambda: up(base), 30, "the server to answer")

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
                state = move(seats, state)
                acknowledged += 1
            stored_before = state["n"]

            stop()  # PostgreSQL goes away mid-game
            mover = seats[state["to_act"]]
            chosen = choose(state)
            t0 = time.monotonic()
            mover.send(json.dumps({"t": "act", "m": chosen, "n": state["n"]}))
            refused = recv_until(mover, lambda m: m["t"] == "error" and m["msg"] == DB_REFUSED)
            assert refused["code"] == "database" and time.monotonic() - t0 < 15
            other = seats[1 - state["to_act"]]
            assert recv_until(other, lambda m: m["t"] == "error")["msg"] == PAUSED  # every seat is told
            for _ in range(3):  # retries while it is down: refused at once, nothing changes
                mover.send(json.dumps({"t": "act", "m": chosen, "n": state["n"]}))
                assert recv_until(mover, lambda m: m["t"] == "error")["msg"] == DB_REFUSED
            status, body = http("GET", f"{base}/api/finished")
            assert status == 503 and body["code"] == "database"
            with websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/{later_id}", origin=base) as late:
                m = json.loads(late.recv(timeout=30))  # a table not loaded yet: an error message, then the close
                assert m["t"] == "error" and m["code"] == "database"

            start()  # back: the table resumes by itself
            state = recv_until(mover, lambda m: m["t"] == "state" and m["paused"] is None, limit=60)
            assert state["n"] == stored_before and choose(state) == chosen
            with Store.open(url) as store:  # the refused moves are not stored
                assert stored_actions(store, made["id"]) == stored_before
            for _ in range(3):
                state = move(seats, state)
                acknowledged += 1
        with Store.open(url) as store:  # every acknowledged move is stored
            assert stored_actions(store, made["id"]) == state["n"]
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


