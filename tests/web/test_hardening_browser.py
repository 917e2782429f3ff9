"""The lobby says why a table cannot be set up when the server is full (issue 19, item 8), in a real
browser (Debian's chromium)."""

from __future__ import annotations

from pathlib import Path

from cardtable.apps.web.server import create_app

from .browser_kit import Browser, browser, live_server, new_page, press  # browser: a fixture (skips without chromium)

__all__ = ["browser"]

VS_COMPUTER = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]


def test_the_lobby_says_the_server_is_full(browser: Browser, tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "full.db"), max_tables=1)
    with live_server(app) as base:
        page = new_page(browser, "phone")
        for attempt in range(2):  # the first table takes the server's one place
            page.goto(base + "/")
            page.wait_for_selector("#create-btn")
            press(page, page.locator("#create-btn"))
            if attempt == 0:
                page.wait_for_selector(".tbar")
        error = page.locator("#create-msg .error")
        error.wait_for(timeout=10_000)
        assert error.inner_text().startswith("The server is full. Try again later.")  # the lobby's words for server-full
        assert len(app.state.manager.tables) == 1
        page.context.close()
