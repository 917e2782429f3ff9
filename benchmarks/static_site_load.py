"""The static site's size and first-load time (issue 24): `cardtable build-static`, served by a plain static
file server, opened in Debian's chromium on a throttled connection.

The server does the throttling: every response shares one link of ``--mbit`` and waits ``--latency`` ms before
it starts, so the page's, its workers' and the service worker's requests are all slowed alike (Chromium's own
throttling, CDP Network.emulateNetworkConditions, is a page's: it leaves out the service worker's fetches).

    .venv/bin/python benchmarks/static_site_load.py                # builds into a temporary folder
    .venv/bin/python benchmarks/static_site_load.py --site DIR --mbit 10 --latency 40

Prints: the build's size (and its parts), then for a first visit (empty browser profile) and a second visit
(the service worker's cache) the time until the lobby is shown and until the card engine (Pyodide, the
cardtable package, the solo desk) is ready in its worker, and the bytes that came over the network.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from cardtable.apps.web.static_site import MARKER, build_static  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CACHED_ALL = """async (n) => {
    const name = (await caches.keys()).find((k) => k.startsWith('cardtable-'));
    return !!name && (await (await caches.open(name)).keys()).length >= n;
}"""
"""True once the service worker's cache holds ``n`` files (the build's files but sw.js, and ``./``)."""


class Link:
    """One link shared by every response: ``rate`` bytes a second (0: no limit), ``latency`` seconds before each."""

    def __init__(self) -> None:
        self.rate = 0.0
        self.latency = 0.0
        self._lock = threading.Lock()
        self._free = 0.0

    def send(self, n: int) -> None:
        """Wait until ``n`` more bytes have gone over the link (after what is queued before them)."""
        if not self.rate:
            return
        with self._lock:
            done = max(time.monotonic(), self._free) + n / self.rate
            self._free = done
        time.sleep(max(0.0, done - time.monotonic()))


LINK = Link()
SERVED = {"bytes": 0, "files": 0}  # what the static server sent (the page's, its workers' and the cache's requests)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        time.sleep(LINK.latency)
        super().do_GET()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(16384):
            LINK.send(len(chunk))
            outputfile.write(chunk)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            SERVED["bytes"] += int(value)
            SERVED["files"] += 1
        super().send_header(keyword, value)


@contextlib.contextmanager
def serve(root: Path) -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def visit(ctx: Any, base: str, mbit: float, latency: float, files: int) -> dict[str, float]:
    page = ctx.new_page()
    LINK.rate, LINK.latency = mbit * 1e6 / 8, latency / 1000
    SERVED.update(bytes=0, files=0)
    started = time.monotonic()
    page.goto(base + "/")
    page.wait_for_selector("#create-btn", timeout=300_000)
    lobby = time.monotonic() - started
    page.evaluate("async () => (await import('./static/transport.js')).engine()")
    engine = time.monotonic() - started
    # the service worker holds every file of the build before the next visit (what it fetched counts here)
    deadline = time.monotonic() + 300  # (page.wait_for_function takes a promise for true: polled here)
    while not page.evaluate(CACHED_ALL, files):
        if time.monotonic() > deadline:
            raise TimeoutError("the service worker did not store the whole site in 300 s")
        page.wait_for_timeout(250)
    page.close()
    return {"lobby_s": lobby, "engine_s": engine, "bytes": float(SERVED["bytes"]), "files": float(SERVED["files"])}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", type=Path, default=None, help="a built site (default: build one in a temporary folder)")
    ap.add_argument("--mbit", type=float, default=10.0, help="throttled download and upload, Mbit/s (default: 10)")
    ap.add_argument("--latency", type=float, default=40.0, help="added round-trip latency, ms (default: 40)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "site"
        if args.site is None:
            build_static(site, say=lambda _: None)
        info = json.loads((site / MARKER).read_text())
        parts: dict[str, int] = {}
        for rel, size in info["files"].items():
            top = rel.split("/")[0] if "/" in rel else "pages and the rest"
            parts[top] = parts.get(top, 0) + size
        print(f"site: {info['bytes'] / 1e6:.1f} MB in {len(info['files'])} files (Pyodide {info['pyodide']})")
        for top, size in sorted(parts.items(), key=lambda kv: -kv[1]):
            print(f"  {top:20} {size / 1e6:6.2f} MB")
        with serve(site) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
            ctx = browser.new_context()
            for label in ("first visit", "second visit (service worker cache)"):
                r = visit(ctx, base, args.mbit, args.latency, len(info["files"]))  # less sw.js, with ./
                print(f"{label} at {args.mbit:g} Mbit/s, {args.latency:g} ms: lobby {r['lobby_s']:.1f} s, "
                      f"engine ready {r['engine_s']:.1f} s; the server sent {r['bytes'] / 1e6:.2f} MB "
                      f"({r['files']:.0f} responses)")
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
