"""The front end works under its Content-Security-Policy in a real browser (Debian's chromium):
no violation on the lobby or at a table, and the table says why undo is not available."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

from .browser_kit import ARGS, CHROMIUM, server, server_db  # the live server (skips without chromium)

__all__ = ["server", "server_db"]  # fixtures used by the test below

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


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
