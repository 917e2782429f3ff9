"""Load test of ``cardtable serve``: N concurrent tables played by scripted WebSocket clients.

Starts the server on loopback in a subprocess (a fresh SQLite database in a
temporary directory unless ``--database`` is given), creates N tables with two
human seats each (so no computer think time is measured), connects two
clients per table and lets them play for a bounded time. Each client "thinks"
a random 0..2x``--think`` seconds before moving, like a quick person. A move's
round trip is from sending ``act`` until the mover receives the state with the
new move counter.

    .venv/bin/python benchmarks/server_load.py --tables 200 --duration 30

Prints moves per second and p50/p90/p99/max round-trip latency.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def pick(rng: random.Random, legal: list[dict[str, Any]]) -> str:
    for a in legal:
        if a["m"].startswith(("knock", "big gin")):
            return str(a["m"])
    return str(rng.choice(legal)["m"])


async def player(url: str, table: str, token: str, seed: int, think: float, stop: float,
                 latencies: list[float], errors: list[str]) -> None:
    rng = random.Random(seed)
    async with websockets.connect(f"{url}/ws/{table}", max_size=2**22, compression=None) as ws:
        await ws.send(json.dumps({"t": "join", "token": token}))
        state: dict[str, Any] | None = None
        pending: tuple[int, float] | None = None
        while time.monotonic() < stop:
            if state is not None and state["legal"] and pending is None and not state["over"]:
                await asyncio.sleep(rng.uniform(0, 2 * think))
                if time.monotonic() >= stop:
                    break
                pending = (state["n"], time.perf_counter())
                await ws.send(json.dumps({"t": "act", "m": pick(rng, state["legal"]), "n": state["n"]}))
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["t"] == "error":
                errors.append(msg["code"])
                pending = None
                continue
            if msg["t"] != "state":
                continue
            if pending is not None and msg["n"] > pending[0]:
                latencies.append(time.perf_counter() - pending[1])
                pending = None
            if state is None or msg["n"] >= state["n"]:
                state = msg


async def run(url: str, tables: int, duration: float, think: float, game: str) -> None:
    made = []
    t0 = time.perf_counter()
    for _ in range(tables):
        made.append(await asyncio.to_thread(post, url.replace("ws", "http", 1) + "/api/tables", {
            "game": game, "target": 100_000,
            "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}))
    print(f"created {tables} {game} tables in {time.perf_counter() - t0:.1f} s", flush=True)
    latencies: list[float] = []
    errors: list[str] = []
    start = time.monotonic()
    stop = start + duration
    tasks = [player(url, t["id"], s["token"], i * 2 + k, think, stop, latencies, errors)
             for i, t in enumerate(made) for k, s in enumerate(t["seats"])]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failed = [r for r in results if isinstance(r, BaseException)]
    elapsed = time.monotonic() - start
    lat = sorted(latencies)
    if not lat:
        print("no moves measured", failed[:3])
        return

    def q(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000

    print(f"tables {tables}  connections {len(tasks)}  duration {elapsed:.1f} s  think {think:.2f} s (mean)")
    print(f"moves {len(lat)}  moves/s {len(lat) / elapsed:.1f}")
    print(f"round trip ms: p50 {q(0.50):.1f}  p90 {q(0.90):.1f}  p99 {q(0.99):.1f}  max {lat[-1] * 1000:.1f}  "
          f"mean {statistics.fmean(lat) * 1000:.1f}")
    print(f"errors {len(errors)} {sorted(set(errors))}  failed connections {len(failed)}")
    print(f"target (200 tables, p99 < 100 ms): {'met' if tables >= 200 and q(0.99) < 100 else 'not met'}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--duration", type=float, default=30.0)
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before moving")
    ap.add_argument("--game", default="gin", choices=("gin", "casino", "pinochle"))
    ap.add_argument("--database", default=None, help="database URL or path (default: a temporary SQLite file)")
    ap.add_argument("--url", default=None, help="use a running server (ws://host:port) instead of starting one")
    args = ap.parse_args()
    proc = None
    tmp = tempfile.TemporaryDirectory()
    url = args.url
    if url is None:
        port = free_port()
        db = args.database or os.path.join(tmp.name, "load.db")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "CARDTABLE_WEB_CREATE_LIMIT": str(args.tables + 10)}
        proc = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "--database", db, "serve", "--port", str(port)],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"ws://127.0.0.1:{port}"
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
    try:
        asyncio.run(run(url, args.tables, args.duration, args.think, args.game))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
