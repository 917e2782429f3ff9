"""The front end works under its Content-Security-Policy in a real browser (Debian's chromium):
no violation on the lobby or at a table, and the table says why undo is not available."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

if not os.path.exists(CHROMIUM):
    pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="browser tests need playwright")
uvicorn = pytest.importorskip("uvicorn", reason="browser tests need uvicorn (the web extra)")

from playwright.sync_api import sync_playwright  # noqa: E402

from cardtable.apps.web.server import create_app  # noqa: E402

WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    srv = uvicorn.Server(uvicorn.Config(create_app(str(tmp_path / "b.db")), host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


def test_no_policy_violation_and_undo_says_why(server: str) -> None:
    body = json.dumps({"game": "gin", "seats": [{"kind": "human", "name": "Ann"},
                                                 {"kind": "computer", "level": "random"}]}).encode()
    req = urllib.request.Request(server + "/api/tables", data=body, method="POST",
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        made = json.load(r)
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
            page.add_init_script(WATCH)
            page.goto(server + "/")
            page.wait_for_selector("main#main section, main#main form", timeout=10_000)
            assert page.evaluate("window.__csp") == [] and not errors, errors
            page.goto(f"{server}/#/t/{made['id']}/{made['seats'][0]['token']}")
            page.wait_for_selector(".hand svg, .hand .card", timeout=15_000)
            page.click("#menu-btn")
            why = page.wait_for_selector(".undo-why", timeout=10_000)
            assert why is not None and "No undo" in why.inner_text()
            assert page.locator("#undo-btn").is_disabled()
            page.screenshot(path=str(ARTIFACTS / "security_table_phone.png"))
            assert page.evaluate("window.__csp") == [] and not errors, errors
        finally:
            browser.close()
