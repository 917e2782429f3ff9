"""Hint flood against ``cardtable serve``: does asking for hints starve the server? (issue 16, item 5)

Starts the server on loopback in a subprocess (fresh SQLite database) and measures, from the
server process's own CPU time (``/proc/PID/stat``, children included):

1. *one socket, 30 hints at one position* (a Casino table, the strongest hint player): CPU
   seconds the server spent and how long the 30 answers took;
2. *a flood*: ``--flooders`` sockets, each at its own Casino table against the computer, ask for
   a hint, play its top move, and again, for ``--duration`` seconds, while a bystander pair plays
   a Gin table between two people; prints hints answered / refused (by code), the server's CPU
   per wall second, and the bystander's move round trip (p50, p99, max).

    .venv/bin/python benchmarks/hint_flood.py
    .venv/bin/python benchmarks/hint_flood.py --flooders 8 --duration 20

Figures (2-core machine shared with other work, load average 4-10; worse of two runs each):

* before (commit 7d98137^, hints in a thread, no cache or budget): 30 hints at one position
  16.7 s of server CPU, answered in 24.1 s; flood of 6 sockets: 138 hints in 20.6 s, server CPU
  0.83 s a second, bystander round trip p50 160 ms, p99 758 ms (38 moves);
* cache and budgets, hints still in a thread: 30 hints 0.25 s CPU; flood: bystander p50 24 ms,
  p99 346 ms;
* now (cache, budgets, the hint process): 30 hints 0.80 s CPU (starting the hint process
  included), answered in 1.08 s; flood: 37 hints in 24.2 s, server and hint process 0.73 CPU s a
  second, bystander p50 3 ms, p99 118 ms (64 moves). The bystander alone, same load: p50 3 ms,
  p99 13-27 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import websockets
from websockets.typing import Origin

ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU of the process and every live descendant (the hint process included)."""
    stats: dict[int, list[str]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stats[int(d.name)] = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
    tree, total, grew = {pid}, 0.0, True
    while grew:
        more = {p for p, f in stats.items() if int(f[1]) in tree} - tree
        grew = bool(more)
        tree |= more
    for p in tree:
        if p in stats:
            total += sum(int(x) for x in stats[p][11:15]) / TICK
    return total


def create(http: str, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    req = urllib.request.Request(f"{http}/api/tables", data=json.dumps({"game": game, "seats": seats}).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


async def joined(url: str, made: dict[str, Any], seat: int) -> Any:
    ws = await websockets.connect(f"{url}/ws/{made['id']}", origin=Origin(url.replace("ws", "http", 1)),
                                  max_size=2**22, compression=None)
    await ws.send(json.dumps({"t": "join", "token": made["seats"][seat]["token"]}))
    return ws


async def until_turn(ws: Any) -> dict[str, Any]:
    while True:
        m = json.loads(await ws.recv())
        if m["t"] == "state" and (m["legal"] or m["over"]):
            return m


async def thirty_hints(url: str, http: str, pid: int) -> str:
    made = create(http, "casino", [{"kind": "human", "name": "A"}, {"kind": "computer", "level": "random"}])
    ws = await joined(url, made, 0)
    await until_turn(ws)
    cpu0, t0 = cpu_seconds(pid), time.perf_counter()
    for _ in range(30):
        await ws.send(json.dumps({"t": "hint"}))
    kinds = Counter()
    for _ in range(30):
        m = json.loads(await ws.recv())
        kinds[m["t"] if m["t"] == "hints" else m.get("code", "?")] += 1
    await ws.close()
    return (f"30 hints at one position: {dict(kinds)}, server CPU {cpu_seconds(pid) - cpu0:.2f} s, "
            f"answered in {time.perf_counter() - t0:.2f} s")


async def flooder(url: str, http: str, stop: float, tally: Counter[str]) -> None:
    made = create(http, "casino", [{"kind": "human", "name": "F"}, {"kind": "computer", "level": "random"}])
    ws = await joined(url, made, 0)
    try:
        m = await until_turn(ws)
        while time.perf_counter() < stop and not m["over"]:
            await ws.send(json.dumps({"t": "hint"}))
            while True:
                got = json.loads(await ws.recv())
                if got["t"] in ("hints", "error"):
                    break
            tally[got["t"] if got["t"] == "hints" else got["code"]] += 1
            move = got["hints"][0]["m"] if got["t"] == "hints" and got["hints"] else m["legal"][0]["m"]
            await ws.send(json.dumps({"t": "act", "m": move, "n": m["n"]}))
            m = await until_turn(ws)
    finally:
        await ws.close()


async def bystanders(url: str, http: str, stop: float, rtts: list[float]) -> None:
    made = create(http, "gin", [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}])
    socks = [await joined(url, made, 0), await joined(url, made, 1)]
    last: list[dict[str, Any]] = [{}, {}]

    async def reader(i: int) -> None:
        async for raw in socks[i]:
            m = json.loads(raw)
            if m["t"] == "state":
                last[i] = m

    readers = [asyncio.create_task(reader(i)) for i in (0, 1)]
    try:
        while time.perf_counter() < stop:
            await asyncio.sleep(0.3)
            for i in (0, 1):
                m = last[i]
                if m.get("legal") and not m.get("over"):
                    n = m["n"]
                    t0 = time.perf_counter()
                    await socks[i].send(json.dumps({"t": "act", "m": m["legal"][0]["m"], "n": n}))
                    while last[i].get("n", n) <= n:
                        await asyncio.sleep(0.001)
                    rtts.append(time.perf_counter() - t0)
                    break
    finally:
        for t in readers:
            t.cancel()
        for ws in socks:
            await ws.close()


async def run(url: str, http: str, pid: int, flooders: int, duration: float) -> None:
    print(await thirty_hints(url, http, pid), flush=True)
    tally: Counter[str] = Counter()
    rtts: list[float] = []
    cpu0, t0 = cpu_seconds(pid), time.perf_counter()
    stop = t0 + duration
    await asyncio.gather(bystanders(url, http, stop, rtts), *(flooder(url, http, stop, tally) for _ in range(flooders)))
    wall = time.perf_counter() - t0
    rtts.sort()

    def q(p: float) -> float:
        return 1000 * rtts[min(len(rtts) - 1, int(p * len(rtts)))] if rtts else float("nan")

    print(f"flood of {flooders} sockets for {wall:.1f} s: hints {dict(tally)}; server CPU "
          f"{(cpu_seconds(pid) - cpu0) / wall:.2f} s per second", flush=True)
    print(f"bystander moves: {len(rtts)}, round trip p50 {q(0.5):.0f} ms, p99 {q(0.99):.0f} ms, max {q(1.0):.0f} ms"
          + (f", mean {1000 * statistics.mean(rtts):.0f} ms" if rtts else ""), flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--flooders", type=int, default=6)
    ap.add_argument("--duration", type=float, default=20.0)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "CARDTABLE_WEB_CREATE_LIMIT": "1000",
               "CARDTABLE_DATABASE_URL": os.path.join(tmp, "hints.db")}
        proc = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        http = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                try:
                    urllib.request.urlopen(f"{http}/api/meta", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            asyncio.run(run(f"ws://127.0.0.1:{port}", http, proc.pid, args.flooders, args.duration))
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
    print(f"load average after: {os.getloadavg()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
