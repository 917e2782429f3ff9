"""Two servers on one PostgreSQL, each told of the other (``--peer``): a person plays at a table opened on the
first; the first server stops for good; the page reconnects to the other server by itself (static/reconnect.js,
the peers of /api/meta) and the game goes on from the last move (issue 23).

Runs when ``CARDTABLE_TEST_POSTGRES_URL`` is set (PostgreSQL is installed, as in CI: ``.ci/start-postgres.sh``).
"""

from __future__ import annotations

import time

import pytest

from . import browser_kit as kit
from .browser_kit import Browser, create_table, new_page, one_move
from .test_browser_reconnect import Restartable
from .test_cluster_postgres import pg_url as schema_of_its_own

pytestmark = pytest.mark.serial  # timing-sensitive (a page moves to another server when its own stops): run alone, see pyproject's markers

browser = kit.browser  # the fixtures
pg_url = schema_of_its_own


def test_the_page_moves_to_a_peer_when_its_server_stops(pg_url: str, browser: Browser) -> None:
    first, second = Restartable(pg_url), Restartable(pg_url)
    first.options["peers"], second.options["peers"] = [second.url], [first.url]  # each knows the other
    first.start()
    second.start()
    try:
        page = new_page(browser, "desktop")
        table_id = create_table(page, first.url, "gin")
        page.wait_for_selector(".prompt.mine", timeout=20_000)
        one_move(page)
        page.wait_for_selector(".prompt.mine", timeout=20_000)
        before = first.app.state.manager.tables[table_id].version
        assert not second.app.state.manager.tables.get(table_id) or not any(
            second.app.state.manager.tables[table_id].clients.values())

        first.stop()  # for good
        lost = time.monotonic()
        page.wait_for_selector(".banner.offline", timeout=5_000)  # lost: reconnecting
        page.wait_for_function("() => document.querySelector('.prompt.mine') && !document.querySelector('.banner.offline')",
                               timeout=15_000)  # back, at the other server, and the move is the player's again
        took = time.monotonic() - lost
        table = second.app.state.manager.tables[table_id]
        assert any(table.clients.values()), "the page is not connected to the other server"
        assert table.version == before  # the table as it was: from the last move
        print(f"\nthe page went on at the other server {took:.1f} s after its own stopped")
        assert took < 5.0, took
        one_move(page)
        deadline = time.monotonic() + 10
        while table.version == before:
            assert time.monotonic() < deadline, "the move made at the other server was not taken"
            time.sleep(0.05)
        # the card pictures shown since come from the server that answers (the stopped one serves none)
        page.wait_for_function("() => [...document.querySelectorAll('img.card-img')].every((i) => i.complete)",
                               timeout=10_000)
        pictures = page.eval_on_selector_all("img.card-img", "(all) => all.map((i) => [i.src, i.naturalWidth])")
        assert pictures and all(width > 0 for _, width in pictures), [src for src, width in pictures if not width]
        assert any(src.startswith(second.url + "/static/cards/") for src, _ in pictures), pictures[:3]
        assert not page.errors, page.errors  # type: ignore[attr-defined]
        page.context.close()
    finally:
        for server in (first, second):
            if server.srv is not None and not server.srv.should_exit:
                server.stop()


@pytest.mark.parametrize("peers", [[], ["http://127.0.0.1:1"]])
def test_meta_lists_the_peers(peers: list[str], tmp_path: object) -> None:
    """``/api/meta`` tells the page the site's other servers (none by default)."""
    from fastapi.testclient import TestClient

    from cardtable.apps.web.server import create_app

    with TestClient(create_app(f"{tmp_path}/meta.db", peers=peers)) as client:
        assert client.get("/api/meta").json()["peers"] == peers
