"""Browser tests: Playwright for Python driving Debian's chromium (never a downloaded browser).

CI installs it with ``apt-get install -y chromium`` (see ``.ci/run``). Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

if not os.path.exists(CHROMIUM):
    pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium "
                "(.ci/run: apt-get install -y chromium)", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install playwright)")
uvicorn = pytest.importorskip("uvicorn", reason="browser tests need uvicorn (the web extra)")

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402

from cardtable.apps.web.server import create_app  # noqa: E402
from cardtable.apps.web.tables import TableManager  # noqa: E402
from cardtable.store import Store  # noqa: E402

from .conftest import LAYOFF_MOVES, add_table, layoff_match  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("web") / "browser.db"


@pytest.fixture(scope="module")
def server(server_db: Path) -> Iterator[str]:
    db = server_db
    port = _free_port()
    config = uvicorn.Config(create_app(str(db)), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def new_page(browser: Browser, pace: int = 0) -> Page:
    ctx = browser.new_context(viewport={"width": 1300, "height": 900})
    ctx.add_init_script(f"localStorage.setItem('pace', '{pace}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def create_from_lobby(page: Page, base: str, game: str, humans: int = 1) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("select[name=game]", game)
    page.select_option("select[name=level1]", "random")
    if humans == 2:
        page.select_option("select[name=kind1]", "human")
        page.fill("input[name=name1]", "Bea")
    page.screenshot(path=str(ARTIFACTS / "lobby.png"))
    page.click("#create-btn")
    page.wait_for_selector(".head")


def my_turn(page: Page) -> bool:
    return page.locator(".turn b", has_text="Your move").count() > 0


def click_one_move(page: Page) -> None:
    """Make one legal move by clicking: a plain action button, or a card and then one of its actions."""
    buttons = page.locator(".actions button.action:not(.illegal)")
    if buttons.count() == 0:
        cards = page.locator(".hand .card.clickable")
        for i in range(cards.count()):
            cards.nth(i).click()
            if page.locator(".actions button.action:not(.illegal)").count():
                break
            if page.locator(".hand .card.selected").count():  # multi-select games: unselect it again
                page.locator(".hand .card.selected").first.click()
    knock = page.locator(".actions button.action:not(.illegal)", has_text=re.compile("^knock"))
    (knock.first if knock.count() else buttons.first).click()


def play_until(page: Page, done: Any, limit: int = 400) -> int:
    moves = 0
    for _ in range(limit * 20):
        if done():
            return moves
        if page.locator("#modal:not(.hidden)").count():
            return moves
        if my_turn(page) and page.locator(".actions").count():
            before = page.evaluate("document.getElementById('board').innerHTML")
            click_one_move(page)
            moves += 1
            # The board re-renders after every accepted move; a move can leave the same HTML behind
            # (the loop's own limit still catches a hand that never finishes).
            with contextlib.suppress(PlaywrightTimeoutError):
                page.wait_for_function("b => document.getElementById('board').innerHTML !== b",
                                       arg=before, timeout=10_000)
        else:
            page.wait_for_timeout(50)
    raise AssertionError("the hand did not finish")


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
def test_play_one_hand_by_clicking(server: str, browser: Browser, game: str) -> None:
    page = new_page(browser)
    create_from_lobby(page, server, game)
    page.wait_for_selector(".hand .card")
    page.screenshot(path=str(ARTIFACTS / f"{game}-table.png"))
    moves = play_until(page, lambda: page.locator("#modal:not(.hidden)").count() > 0)
    assert moves > 3
    page.wait_for_selector("#modal:not(.hidden) h2", timeout=10_000)
    assert "Hand 1 over" in page.inner_text("#modal h2")
    page.screenshot(path=str(ARTIFACTS / f"{game}-breakdown.png"))
    page.click("#close-modal")
    assert page.locator("#sheet tr").count() >= 2  # the score sheet has the hand
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_reload_mid_game_and_spectate(server: str, browser: Browser) -> None:
    page = new_page(browser)
    create_from_lobby(page, server, "gin")
    for _ in range(3):
        page.wait_for_function("document.querySelector('.turn') && document.querySelector('.turn').textContent.includes('Your move')")
        click_one_move(page)
        page.wait_for_timeout(200)
    page.wait_for_function("document.querySelector('.turn') && document.querySelector('.turn').textContent.includes('Your move')")
    hand_before = page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card).sort().join()")
    page.reload()
    page.wait_for_function("document.querySelector('.turn') && document.querySelector('.turn').textContent.includes('Your move')")
    hand_after = page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card).sort().join()")
    assert hand_after == hand_before
    click_one_move(page)
    table_id = page.url.split("/#/t/")[1].split("/")[0]
    watcher = new_page(browser)
    watcher.goto(f"{server}/#/watch/{table_id}")
    watcher.wait_for_selector(".tag", timeout=10_000)
    # the spectator sees seat 0's hand face down, except cards both players know (e.g. a taken upcard)
    assert watcher.locator(".hand .card.back").count() >= 8
    assert watcher.locator(".hand .card.face").count() <= 2
    watcher.screenshot(path=str(ARTIFACTS / "spectator.png"))
    watcher.context.close()
    page.context.close()


def test_two_browsers_play_each_other(server: str, browser: Browser) -> None:
    first = new_page(browser)
    create_from_lobby(first, server, "casino", humans=2)
    table_id = first.url.split("/#/t/")[1].split("/")[0]
    links = first.evaluate(f"JSON.parse(localStorage.getItem('invites:{table_id}'))")
    second = new_page(browser)
    second.goto(links[1]["url"])
    second.wait_for_selector(".head")
    pages = [first, second]
    moves = 0
    deadline = time.monotonic() + 60
    while moves < 10 and time.monotonic() < deadline:
        for p in pages:
            p.wait_for_timeout(100)
            if my_turn(p):
                click_one_move(p)
                moves += 1
    assert moves >= 10
    first.screenshot(path=str(ARTIFACTS / "two-players-a.png"))
    second.screenshot(path=str(ARTIFACTS / "two-players-b.png"))
    for p in pages:
        assert not p.errors  # type: ignore[attr-defined]
        p.context.close()


def test_finished_replay_and_stats_pages(server: str, browser: Browser) -> None:
    import httpx

    # a short match against the computer, to have something finished
    page = new_page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("select[name=game]", "casino")
    page.fill("input[name=target]", "1")
    page.select_option("select[name=level1]", "random")
    page.click("#create-btn")
    page.wait_for_selector(".hand .card")
    play_until(page, lambda: page.locator(".banner.over").count() > 0, limit=200)
    page.wait_for_selector(".banner.over", timeout=15_000)
    page.screenshot(path=str(ARTIFACTS / "match-over.png"))
    finished = httpx.get(server + "/api/finished").json()["games"]
    assert finished
    page.goto(server + "/#/finished")
    page.wait_for_selector("a[href^='#/replay/']")
    page.screenshot(path=str(ARTIFACTS / "finished.png"))
    page.click("a[href^='#/replay/']")
    page.wait_for_selector(".replay #next")
    for _ in range(5):
        page.click("#next")
    page.screenshot(path=str(ARTIFACTS / "replay.png"))
    page.goto(server + "/#/stats")
    page.wait_for_selector("svg.chart")
    page.screenshot(path=str(ARTIFACTS / "stats.png"))
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


# Records, on every change of the end-of-hand dialog: cards laid off so far, cards still to lay off,
# the newest laid-off card with the index of the knocker's meld it joined, and whether the result shows.
WATCH_LAYOFFS = """() => {
  window.layoffFrames = [];
  const modal = document.getElementById('modal');
  const look = () => {
    const melds = [...modal.querySelectorAll('.knocker-melds .meld:not(.dead)')];
    const newest = modal.querySelector('.knocker-melds .card.laid.new');
    const frame = [modal.querySelectorAll('.knocker-melds .card.laid').length,
                   modal.querySelectorAll('.to-lay-off .card').length,
                   newest ? newest.dataset.card : null,
                   newest ? melds.findIndex((m) => m.contains(newest)) : null,
                   modal.querySelector('.gin-result .result-word')?.textContent ?? null];
    const prev = window.layoffFrames[window.layoffFrames.length - 1];
    if (modal.querySelector('.knocker-melds') && JSON.stringify(prev) !== JSON.stringify(frame)) window.layoffFrames.push(frame);
  };
  new MutationObserver(look).observe(modal, { childList: true, subtree: true });
}"""


def test_gin_layoffs_shown_card_by_card(server: str, server_db: Path, browser: Browser) -> None:
    """After a knock the dialog shows the arrangements, then each layoff in turn, then the undercut."""
    store = Store.open(str(server_db))
    try:
        table, tokens = add_table(TableManager(store), layoff_match(), [("human", None), ("computer", "random")])
    finally:
        store.close()
    page = new_page(browser, pace=300)
    page.goto(f"{server}/#/t/{table.id}/{tokens[0]}")
    page.wait_for_function("document.querySelector('.turn') && document.querySelector('.turn').textContent.includes('Your move')")
    page.evaluate(WATCH_LAYOFFS)
    take, knock = LAYOFF_MOVES
    page.click(f".actions button[data-move='{take}']")
    page.wait_for_selector(".hand .card.clickable[data-card='8H']")
    page.click(".hand .card.clickable[data-card='8H']")
    page.click(f".actions button[data-move='{knock}']")
    page.wait_for_selector("#modal:not(.hidden) .gin-result", timeout=20_000)
    page.screenshot(path=str(ARTIFACTS / "gin-layoffs.png"))
    frames = page.evaluate("window.layoffFrames")
    assert frames == [
        [0, 3, None, None, None],  # the knocker's melds, the defender's three cards still to lay off
        [1, 2, "QS", 0, None],     # onto 9S-JS
        [2, 1, "6C", 2, None],     # onto 3C-5C
        [3, 0, "7C", 2, "undercut"],  # onto 3C-6C; then deadwood and result
    ], frames
    assert "Laid off" in page.inner_text("#modal") and "scores 29" in page.inner_text("#modal")
    page.click("#close-modal")
    assert page.locator("#modal.hidden").count() == 1
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
