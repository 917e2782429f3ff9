"""Take the browser screenshots of the documentation again: ``python tests/docs/screenshots.py``.

Starts ``cardtable serve`` on a free port with a throwaway database, opens a seeded Gin table
(you against ``medium``) in Debian's Chromium through Playwright, and saves
``docs/images/browser-gin-wide.jpg`` (1280 x 800) and ``browser-gin-phone.jpg`` (360 x 740).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

__all__ = ["main"]

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    """Serve, open the table, save the two screenshots."""
    from playwright.sync_api import sync_playwright

    port = _free_port()
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(Path(tempfile.mkdtemp()) / "web.db")}
    server = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port)], env=env,
                              stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/api/meta")
                break
            except OSError:
                time.sleep(0.2)
        spec = {"game": "gin", "seed": 5,
                "seats": [{"kind": "human", "name": "You"}, {"kind": "computer", "level": "medium"}]}
        request = urllib.request.Request(f"{base}/api/tables", data=json.dumps(spec).encode(), method="POST",
                                         headers={"content-type": "application/json"})
        table = json.load(urllib.request.urlopen(request))
        link = f"{base}/#/t/{table['id']}/{table['seats'][0]['token']}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for width, height, name in ((1280, 800, "wide"), (360, 740, "phone")):
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(link)
                page.wait_for_timeout(2500)
                page.screenshot(path=str(ROOT / "docs" / "images" / f"browser-gin-{name}.jpg"), type="jpeg", quality=78)
                page.close()
            browser.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
