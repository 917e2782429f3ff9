"""Three server processes on one PostgreSQL (issue 23): one is killed (SIGKILL) in the middle of a few dozen
games against the computer; its players reconnect to the others and every table plays on to its end, with a
stored record that replays move by move (no move lost, none played twice), and what each player was last
shown is what is stored. A computer whose driver stops (its lock let go) is driven by another process
within seconds.

Runs when ``CARDTABLE_TEST_POSTGRES_URL`` is set (PostgreSQL is installed, as in CI: ``.ci/start-postgres.sh``).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")

from cardtable.apps.web import cluster  # noqa: E402
from cardtable.apps.web.persistence import insert_table  # noqa: E402
from cardtable.apps.web.tables import SeatSpec, Table, hash_token  # noqa: E402
from cardtable.match import Match  # noqa: E402
from cardtable.store import FINISHED, Store  # noqa: E402
from cardtable.store import schema as s  # noqa: E402

from .db_faults_kit import free_port, up, wait_for  # noqa: E402
from .test_cluster_postgres import pg_url as schema_of_its_own  # noqa: E402

pytestmark = pytest.mark.serial  # timing-sensitive (one of three server processes is killed mid-game): run alone, see pyproject's markers

pg_url = schema_of_its_own  # the fixture: a PostgreSQL schema of the test's own

PG_URL = os.environ.get("CARDTABLE_TEST_POSTGRES_URL", "").strip()
TABLES = 30
SERVERS = 3
THINK = 0.02  # seconds a computer thinks: the kill lands while some are driving


def start(url: str, port: int, log_path: Path) -> subprocess.Popen[bytes]:
    """One server process (as ``cardtable serve`` builds it, with computers that think for :data:`THINK` s)."""
    code = ("import uvicorn\nfrom cardtable.apps.web.server import create_app\n"
            "from cardtable.apps.web.persistence import open_store\n"
            f"app = create_app(open_store({url!r}), think_delay={THINK}, rate=1000, burst=1000)\n"
            f"uvicorn.run(app, host='127.0.0.1', port={port}, log_level='warning', ws_ping_interval=None)\n")
    with open(log_path, "w") as log_file:
        return subprocess.Popen([sys.executable, "-c", code], stdout=log_file, stderr=subprocess.STDOUT)


def end(server: subprocess.Popen[bytes]) -> None:
    """Stop a server process that is still running (SIGTERM; SIGKILL if it does not end within 10 s)."""
    server.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.wait(10)
    if server.poll() is None:
        server.kill()
        server.wait(10)


def tables(url: str, n: int) -> list[tuple[str, str]]:
    """``n`` stored gin tables, a person (seat 0) against a computer, short matches: (id, the person's invite)."""
    made = []
    with Store.open(url) as store:
        for i in range(n):
            token = secrets.token_urlsafe(24)
            match = Match("gin", seed=1000 + i, seat_names=["Ann", "Computer"], target_score=40)
            table = Table(id=secrets.token_hex(8), match=match, game_id=0,
                          seats=[SeatSpec("human", "Ann", None, hash_token(token)), SeatSpec("computer", "Computer", "simple")])
            table.resolve_chance()
            insert_table(store, table)
            made.append((table.id, token))
    return made


class Player(threading.Thread):
    """A person at one table: plays when it is their turn; when the socket drops, tries the next server."""

    def __init__(self, table_id: str, token: str, servers: list[str], first: int) -> None:
        super().__init__(daemon=True)
        self.table_id, self.token, self.servers, self.at = table_id, token, servers, first
        self.rng = random.Random(table_id)
        self.moves = 0
        self.reconnects = 0
        self.last: dict[str, Any] | None = None
        self.went_back: list[tuple[int, int]] = []
        self.error: str | None = None
        self.done = threading.Event()

    def run(self) -> None:
        deadline = time.monotonic() + 240
        try:
            while time.monotonic() < deadline and not self.done.is_set():
                try:
                    self.play(f"{self.servers[self.at % len(self.servers)]}/ws/{self.table_id}")
                except (OSError, TimeoutError, ConnectionError) as exc:
                    if "1000" in str(exc) and self.last and self.last["over"]:
                        break
                except Exception as exc:  # websockets' ConnectionClosed and the like
                    if type(exc).__name__ not in ("ConnectionClosedError", "ConnectionClosedOK", "InvalidStatus",
                                                  "InvalidMessage", "ConnectionClosed"):
                        raise
                if self.done.is_set():
                    break
                self.at += 1  # the next server
                self.reconnects += 1
                time.sleep(0.2)
            if not self.done.is_set():
                self.error = "did not finish in time"
        except Exception as exc:  # reported by the test
            self.error = f"{type(exc).__name__}: {exc}"

    def choose(self, msg: dict[str, Any]) -> str:
        """Knock or go gin when the rules allow (short games), else any move."""
        moves = [a["m"] for a in msg["legal"]]
        ending = [m for m in moves if m.startswith(("gin", "knock"))]
        return self.rng.choice(ending or moves)

    def play(self, address: str) -> None:
        with websockets_sync.connect(address, open_timeout=5, close_timeout=1) as ws:
            ws.send(json.dumps({"t": "join", "token": self.token}))
            while True:
                msg = json.loads(ws.recv(timeout=30))
                if msg["t"] == "error":
                    if msg["code"] in ("token", "no-table", "expired"):
                        raise AssertionError(f"refused: {msg}")
                    continue
                if msg["t"] != "state":
                    continue
                if msg.get("token"):
                    self.token = msg["token"]
                if self.last is not None and msg["n"] < self.last["n"]:
                    self.went_back.append((self.last["n"], msg["n"]))
                self.last = msg
                if msg["over"]:
                    self.done.set()
                    return
                if msg["to_act"] == msg["you"] and msg["legal"] and not msg.get("waiting"):
                    time.sleep(self.rng.uniform(0.0, 0.03))
                    ws.send(json.dumps({"t": "act", "m": self.choose(msg), "n": msg["n"]}))
                    self.moves += 1


def stored(store: Store, table_id: str) -> tuple[Any, Match]:
    with store.engine.connect() as conn:
        row = conn.execute(s.web_tables.select().where(s.web_tables.c.id == table_id)).one()
        game = conn.execute(s.games.select().where(s.games.c.id == row.game_id)).one()
    return game, store.load_match(int(row.game_id))


def test_killing_one_of_three_processes_mid_game(pg_url: str, tmp_path: Path) -> None:
    made = tables(pg_url, TABLES)
    ports = [free_port() for _ in range(SERVERS)]
    servers = [start(pg_url, port, tmp_path / f"server{i}.log") for i, port in enumerate(ports)]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    players: list[Player] = []
    try:
        for base in bases:
            wait_for(lambda b=base: up(b), 60, f"{base} to serve")  # type: ignore[misc]
        players = [Player(tid, tok, [b.replace("http", "ws") for b in bases], i % SERVERS)
                   for i, (tid, tok) in enumerate(made)]
        for p in players:
            p.start()
        wait_for(lambda: sum(p.moves for p in players) >= TABLES * 6, 120, "the games to be well under way")
        moves_at_kill = sum(p.moves for p in players)
        unfinished = sum(not p.done.is_set() for p in players)
        servers[0].send_signal(signal.SIGKILL)  # by its pid, in the middle of the games
        servers[0].wait(10)
        killed_at = time.monotonic()
        for p in players:
            p.join(240)
        took = time.monotonic() - killed_at
        problems = [f"{p.table_id}: {p.error}" for p in players if p.error]
        assert not problems, problems
        assert unfinished >= TABLES // 2, f"only {unfinished} games were in play at the kill"
        assert sum(p.reconnects for p in players[0::SERVERS]) >= 1  # the killed process's players moved on
        with Store.open(pg_url) as store:
            for p in players:
                game, match = stored(store, p.table_id)
                assert game.status == FINISHED and match.is_over(), p.table_id
                actions = sum(len(h.actions) for h in match.hands)
                assert int(game.moves) == actions  # the record holds every stored move, once (it replayed, legal)
                assert p.last is not None and p.last["over"] and p.last["n"] == actions, p.table_id
                assert not p.went_back, (p.table_id, p.went_back)
        print(f"\n{TABLES} tables, {SERVERS} processes; {moves_at_kill} moves by people before the kill, "
              f"{sum(p.moves for p in players)} in all; {sum(p.reconnects for p in players)} reconnections; "
              f"every table finished {took:.1f} s after the kill")
    finally:
        for server in servers:
            end(server)


def test_a_computer_nobody_drives_is_taken_over(pg_url: str, tmp_path: Path) -> None:
    """A table's computer is to act but its lock is held elsewhere (a driver that stopped answering): the
    process of the table's player waits; once the lock is let go it drives the computer within seconds."""
    import psycopg

    (table_id, token), = tables(pg_url, 1)
    port = free_port()
    server = start(pg_url, port, tmp_path / "server.log")
    try:
        wait_for(lambda: up(f"http://127.0.0.1:{port}"), 60, "the server")
        url = pg_url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(url, autocommit=True) as holder:
            assert holder.execute("SELECT pg_try_advisory_lock(%s)", (cluster.lock_key(table_id),)).fetchone() == (True,)
            with websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/{table_id}", open_timeout=5) as ws:
                ws.send(json.dumps({"t": "join", "token": token}))
                mine = json.loads(ws.recv(timeout=10))
                while mine["to_act"] == mine["you"]:  # the person plays until the computer is to act
                    ws.send(json.dumps({"t": "act", "m": mine["legal"][0]["m"], "n": mine["n"]}))
                    before = mine["n"]
                    while mine["t"] != "state" or mine["n"] <= before:
                        mine = json.loads(ws.recv(timeout=10))
                with pytest.raises(TimeoutError):
                    ws.recv(timeout=2.5)  # the lock is held: the computer does not play
                let_go = time.monotonic()
                holder.close()  # the driver's session ends
                after = json.loads(ws.recv(timeout=10))
                took = time.monotonic() - let_go
                assert after["t"] == "state" and after["n"] > mine["n"]
                assert took < 5.0, took
                print(f"\ncomputer driven again {took:.2f} s after its lock was let go")
    finally:
        end(server)


def serve_command(port: int, *options: str) -> list[str]:
    return [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port), *options]


def test_workers_need_postgresql(tmp_path: Path) -> None:
    """``serve --workers 2`` on SQLite is refused with a clear message (SQLite serves one process)."""
    done = subprocess.run(serve_command(free_port(), "--workers", "2", "--database", str(tmp_path / "one.db")),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--workers 2 needs PostgreSQL" in done.stderr and "SQLite serves one process" in done.stderr


def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(x) for x in (task / "children").read_text().split()}
    return found


def test_workers_serve_one_port_and_survive_a_killed_worker(pg_url: str, tmp_path: Path) -> None:
    """``serve --workers 2`` on PostgreSQL: two processes answer on one port; SIGKILL one of them and a player
    at a table reconnects to the same address and plays on (uvicorn starts a new worker)."""
    (table_id, token), = tables(pg_url, 1)
    port = free_port()
    log_path = tmp_path / "workers.log"
    with log_path.open("wb") as log_file:
        server = subprocess.Popen(serve_command(port, "--workers", "2", "--database", pg_url), stdout=log_file,
                                  stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(lambda: up(base), 60, "the workers to serve")
        wait_for(lambda: log_path.read_text().count("Application startup complete") >= 2, 60, "two workers")
        workers = {p for p in children(server.pid) if "cardtable" in Path(f"/proc/{p}/cmdline").read_text()
                   or "multiprocessing" in Path(f"/proc/{p}/cmdline").read_text()}
        assert len(workers) >= 2, workers
        player = Player(table_id, token, [f"ws://127.0.0.1:{port}"], 0)
        player.start()
        wait_for(lambda: player.moves >= 3, 60, "the game to be under way")
        for pid in workers:  # both workers: whichever held the player's socket, it is gone
            os.kill(pid, signal.SIGKILL)
        player.join(120)
        assert player.error is None and player.done.is_set() and player.reconnects >= 1
        with Store.open(pg_url) as store:
            game, match = stored(store, table_id)
        assert game.status == FINISHED and player.last is not None
        assert player.last["n"] == sum(len(h.actions) for h in match.hands)
    finally:
        end(server)
