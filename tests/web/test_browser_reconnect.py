"""A lost connection (issue 20, item 10): a live server is stopped under an open table and started again on
the same port and database. While it is down the moves are disabled and a banner says "reconnecting…"
with a "Try now" button; the table comes back by itself within the longest wait (5 s) after the server
does, and at once when "Try now" is pressed. At phone and desktop size."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, Page, create_table, new_page

pytestmark = pytest.mark.serial  # timing-sensitive (a server restarts under an open page): run alone, see pyproject's markers

browser = kit.browser  # the fixture
SIZES = ["phone", "desktop"]
LONGEST_WAIT = 5.0  # static/reconnect.js


class Restartable:
    """A uvicorn server over one database on one port that can be stopped and started again."""

    def __init__(self, db: Path | str, **options: Any) -> None:
        """``options``: for :func:`create_app` (e.g. ``peers``)."""
        self.db, self.port, self.options = db, kit._free_port(), options
        self.url = f"http://127.0.0.1:{self.port}"
        self.srv: kit.uvicorn.Server | None = None
        self.thread: threading.Thread | None = None
        self.app: Any = None

    def start(self) -> None:
        from cardtable.apps.web.server import create_app

        self.app = create_app(str(self.db), **self.options)
        config = kit.uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="critical")
        self.srv = kit.uvicorn.Server(config)
        self.thread = threading.Thread(target=self.srv.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.srv.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.srv.started

    def stop(self) -> None:
        assert self.srv is not None and self.thread is not None
        self.srv.should_exit = True
        self.thread.join(10)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Restartable]:
    server = Restartable(tmp_path / "restart.db")
    server.start()
    yield server
    if server.srv is not None and not server.srv.should_exit:
        server.stop()


def enabled_moves(page: Page) -> int:
    return int(page.locator("[data-move]").evaluate_all("els => els.filter(e => !e.disabled).length"))


def back(page: Page) -> float:
    """Seconds until the table is connected again (the banner gone, the moves enabled)."""
    start = time.monotonic()
    page.wait_for_selector(".banner.offline", state="detached", timeout=15_000)
    page.wait_for_function("() => [...document.querySelectorAll('[data-move]')].some(e => !e.disabled)", timeout=5_000)
    return time.monotonic() - start


@pytest.mark.parametrize("size", SIZES)
def test_a_restart_disables_the_moves_and_the_table_comes_back(live: Restartable, browser: Browser, size: str) -> None:
    page = new_page(browser, size)
    create_table(page, live.url, "gin")
    page.wait_for_selector(".prompt.mine", timeout=20_000)
    assert enabled_moves(page) >= 2  # take the upcard or pass

    live.stop()
    page.wait_for_selector(".banner.offline", timeout=5_000)
    lost = time.monotonic()
    assert "reconnecting" in page.inner_text(".banner.offline")
    assert page.locator("#retry-now").is_visible() and page.locator("#retry-now").inner_text() == "Try now"
    assert enabled_moves(page) == 0  # nothing to press that would do nothing
    page.locator("#hand .hand-card").first.click(force=True)
    assert "Not connected" in page.inner_text("#notice")
    page.screenshot(path=str(ARTIFACTS / f"reconnect-lost-{size}.png"))

    time.sleep(max(0.0, 9.0 - (time.monotonic() - lost)))  # down for a while: the waits have grown
    live.start()
    took = back(page)
    print(f"{size}: back by itself {took:.1f} s after the server")
    assert took <= LONGEST_WAIT + 0.5, took

    live.stop()  # again, and this time the player asks
    page.wait_for_selector(".banner.offline", timeout=5_000)
    time.sleep(3.0)
    live.start()
    kit.press(page, page.locator("#retry-now"))
    took = back(page)
    print(f"{size}: back {took:.2f} s after 'Try now'")
    assert took < 1.5, took
    assert page.locator(".prompt.mine").count() == 1 and enabled_moves(page) >= 2
    page.screenshot(path=str(ARTIFACTS / f"reconnect-back-{size}.png"))
    page.context.close()
