"""Helpers of the database fault tests that run a real server in a subprocess and talk to it over HTTP and WebSockets."""

from __future__ import annotations

import json
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import select

from cardtable.apps.web.persistence import insert_table
from cardtable.apps.web.tables import SeatSpec, Table, hash_token
from cardtable.match import Match
from cardtable.store import Store
from cardtable.store import schema as s

__all__ = ["free_port", "wait_for", "http", "recv_until", "prepared_table", "start_server", "up", "choose",
           "move", "stored_actions"]


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


def prepared_table(url: str, kinds: Sequence[str] = ("human", "computer"), *,
                   claimed: bool = False) -> tuple[str, list[str]]:
    """A gin table stored before the server starts (so it is not loaded when first joined): (id, human tokens).

    ``claimed``: the people have joined already and the tokens are their own (a join then writes nothing).
    """
    tokens = [secrets.token_urlsafe(24) for _ in kinds]
    match = Match("gin", seed=5, seat_names=["Ann", "Bob"])
    seats = [SeatSpec("human", name, None, hash_token(tok), claimed) if kind == "human"
             else SeatSpec("computer", name, "random") for kind, name, tok in zip(kinds, match.seat_names, tokens)]
    joined = {i for i, kind in enumerate(kinds) if kind == "human" and claimed}
    table = Table(id=secrets.token_hex(8), match=match, seats=seats, game_id=0, joined=joined)
    table.resolve_chance()
    with Store.open(url) as store:
        insert_table(store, table)
    return table.id, [tok for kind, tok in zip(kinds, tokens) if kind == "human"]


def start_server(database: str, port: int, log_path: Path, user: str | None = None) -> subprocess.Popen[bytes]:
    """``serve`` in a subprocess (as ``user`` if given), its output in ``log_path``; it prints READY when it serves."""
    code = ("import sys\nfrom cardtable.apps.web.server import serve\n"
            f"serve(port={port}, database={database!r}, log_level='warning', "
            "ready=lambda: print('READY serving', file=sys.stderr, flush=True))\n")
    prefix = ["runuser", "-u", user, "--"] if user else []
    with open(log_path, "w") as log_file:
        return subprocess.Popen([*prefix, sys.executable, "-c", code], stdout=log_file, stderr=subprocess.STDOUT)


def up(base: str) -> bool:
    try:
        return http("GET", f"{base}/api/meta")[0] == 200
    except OSError:
        return False


def choose(state: dict[str, Any]) -> str:
    """The move to make from ``state`` (the mover's own state message: it lists the legal moves)."""
    moves = [a["m"] for a in state["legal"]]
    return next((m for m in moves if m in ("pass", "draw")), moves[0])


def move(seats: list[Any], state: dict[str, Any]) -> dict[str, Any]:
    """The seat to act makes a move; return its next state once acknowledged (the counter moved on)."""
    mover = seats[state["to_act"]]
    mine = recv_until(mover, lambda m: m["t"] == "state" and m["n"] == state["n"] and m["you"] == state["to_act"]) \
        if state["you"] != state["to_act"] else state
    mover.send(json.dumps({"t": "act", "m": choose(mine), "n": mine["n"]}))
    new = recv_until(mover, lambda m: m["t"] == "state" and m["n"] > mine["n"])
    assert new["paused"] is None
    if new["to_act"] != new["you"]:
        new = recv_until(seats[new["to_act"]], lambda m: m["t"] == "state" and m["n"] == new["n"])
    return new


def stored_actions(store: Store, table_id: str) -> int:
    """The actions stored for web table ``table_id`` (chance steps included)."""
    with store.engine.connect() as conn:
        game_id = conn.execute(select(s.web_tables.c.game_id).where(s.web_tables.c.id == table_id)).scalar_one()
    return sum(len(h) for h in store.load_record(int(game_id)).hands)
