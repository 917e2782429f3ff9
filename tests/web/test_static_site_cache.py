"""The static site's first visit (issue 24): every file of the build comes over the network once.

The service worker is registered before the card engine starts, keeps the engine's downloads (Pyodide) as they
come, and then fetches only what it still lacks; a second visit downloads nothing. Counted at a plain static
file server, in Debian's chromium.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardtable.apps.web.static_site import MARKER

from .test_static_site import site

__all__ = ["site"]  # the fixture: the site built once

CACHED = """async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('cardtable-'));
    return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
}"""


class _Counting(http.server.SimpleHTTPRequestHandler):
    sent: Counter[str] = Counter()

    def log_message(self, *args: Any) -> None:
        pass

    def send_response(self, code: int, message: str | None = None) -> None:
        if code == 200:
            self.sent[self.path.split("?")[0]] += 1
        super().send_response(code, message)


@contextlib.contextmanager
def counting_server(root: Path) -> Iterator[tuple[str, Counter[str]]]:
    sent: Counter[str] = Counter()
    handler = functools.partial(type("Handler", (_Counting,), {"sent": sent}), directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", sent
    finally:
        httpd.shutdown()
        httpd.server_close()


def _stored(page: Any, want: set[str]) -> set[str]:
    """Wait (60 s at most) until the service worker's cache holds ``want``; what it holds."""
    deadline = time.monotonic() + 60
    held = set(page.evaluate(CACHED))
    while not want <= held and time.monotonic() < deadline:
        page.wait_for_timeout(250)
        held = set(page.evaluate(CACHED))
    return held


def test_the_first_visit_downloads_each_file_once(site: Path) -> None:
    from . import browser_kit as kit  # skips where there is no chromium or playwright
    files = json.loads((site / MARKER).read_text())["files"]
    want = {"/"} | {f"/{rel}" for rel in files if rel != "sw.js"}
    with counting_server(site) as (base, sent), kit.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=kit.CHROMIUM, args=kit.ARGS)
        try:
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(base + "/")
            page.wait_for_selector("#create-btn")
            page.evaluate("async () => (await import('./static/transport.js')).engine()")
            assert page.evaluate("!!navigator.serviceWorker.controller")  # it kept the engine's downloads
            assert _stored(page, want) == want
            twice = {path: n for path, n in sent.items() if n > 1}
            assert not twice, twice
            assert sent["/pyodide/pyodide.asm.wasm"] == 1 and sent["/cardtable.zip"] == 1
            page.close()

            sent.clear()
            again = ctx.new_page()
            again.goto(base + "/")
            again.wait_for_selector("#create-btn")
            again.evaluate("async () => (await import('./static/transport.js')).engine()")
            again.wait_for_timeout(500)
            assert set(sent) <= {"/sw.js"}, sent  # the browser may look for a new service worker, nothing else
        finally:
            browser.close()
