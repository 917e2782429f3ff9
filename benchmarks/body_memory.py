"""Oversized request bodies against ``cardtable serve``: how much memory does the server take? (issue 19, item 6)

Starts the server on loopback in a subprocess (fresh SQLite database) and sends ``POST /api/tables``
bodies of ``--mb`` megabytes, streamed from the client in 64 KB chunks, first one, then ``--parallel``
at once; each with a ``Content-Length`` and again chunked (no length). Prints the server's resident
memory (``VmRSS``) before, at most while sending (sampled every 20 ms) and after, its peak (``VmHWM``)
and the answers.

    .venv/bin/python benchmarks/body_memory.py
    .venv/bin/python benchmarks/body_memory.py --src /tmp/old/src   # another checkout's code

Figures (2-core machine shared with other work, load average 20-30, 300 MB bodies; RSS while sending):

* before (commit cc52277: the body read whole, then 413): one body with a length took the server from
  68 MB to 668 MB, answered 413 after 3.8 s; four at once, to 1,562 MB; one chunked, 662 MB; four
  chunked at once, 1,669 MB, and 430 MB were still held after;
* now (refused by ``Content-Length`` before a byte is read, a chunked body cut at 16 KB, the
  connection closed): 68-69 MB in every round, each answered 413 within 0.04 s, the client's sending
  stopped by the closed connection.
"""

from __future__ import annotations

import argparse
import http.client
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHUNK = b"x" * 65536


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def memory(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM: its peak so far) of process ``pid`` in MB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) // 1024, int(fields["VmHWM"].split()[0]) // 1024


def post(port: int, mb: int, chunked: bool) -> str:
    """Send ``mb`` MB to ``/api/tables``; the status and seconds to the answer (or how the connection ended)."""
    def body() -> Iterator[bytes]:
        for _ in range(mb * 16):
            yield CHUNK

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"content-type": "application/json"}
    if not chunked:
        headers["content-length"] = str(mb * 16 * len(CHUNK))
    start = time.perf_counter()
    try:
        conn.request("POST", "/api/tables", body=body(), headers=headers, encode_chunked=chunked)
        r = conn.getresponse()
        return f"{r.status} in {time.perf_counter() - start:.2f} s"
    except OSError as exc:  # the server answered and closed while the body was still being sent
        try:
            r = conn.getresponse()
            return f"{r.status} in {time.perf_counter() - start:.2f} s (sending stopped: {type(exc).__name__})"
        except (OSError, http.client.HTTPException):
            return f"{type(exc).__name__} after {time.perf_counter() - start:.2f} s"
    finally:
        conn.close()


def round_(port: int, pid: int, mb: int, parallel: int, chunked: bool) -> str:
    """Send ``parallel`` bodies at once; the server's RSS before, at most while they were sent, and after."""
    before = memory(pid)[0]
    answers: list[str] = []
    threads = [threading.Thread(target=lambda: answers.append(post(port, mb, chunked))) for _ in range(parallel)]
    for t in threads:
        t.start()
    top = before
    while any(t.is_alive() for t in threads):
        top = max(top, memory(pid)[0])
        time.sleep(0.02)
    time.sleep(0.5)
    kind = "chunked" if chunked else "with length"
    return (f"{parallel} x {mb} MB {kind}: RSS {before} MB, at most {top} MB while sending, {memory(pid)[0]} MB "
            f"after; answers {answers}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=int, default=300, help="megabytes a body (default: 300)")
    parser.add_argument("--parallel", type=int, default=4, help="bodies at once in the second round (default: 4)")
    parser.add_argument("--src", default=str(ROOT / "src"), help="the cardtable source to serve (default: this one)")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": args.src, "CARDTABLE_DATABASE_URL": os.path.join(tmp, "body.db")}
        proc = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(600):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            print(f"server started: RSS {memory(proc.pid)[0]} MB")
            for chunked in (False, True):
                print(round_(port, proc.pid, args.mb, 1, chunked))
                print(round_(port, proc.pid, args.mb, args.parallel, chunked))
            print(f"peak RSS of the server (VmHWM): {memory(proc.pid)[1]} MB")
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(30)


if __name__ == "__main__":
    main()
