"""Shared pieces of the browser tests: a live server, Debian's chromium (never a downloaded browser),
phone and desktop pages, and a player that finishes a hand by tapping or clicking as a person would.

CI installs chromium with ``apt-get install -y chromium`` (see ``.ci/run``). Screenshots go to
``artifacts/web/`` (gitignored).
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"
AXE = Path(__file__).with_name("vendor") / "axe.min.js"
SIZES = {"phone": {"width": 360, "height": 640}, "phone390": {"width": 390, "height": 844},
         "desktop": {"width": 1280, "height": 860}}

if not os.path.exists(CHROMIUM):
    pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium "
                "(.ci/run: apt-get install -y chromium)", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install playwright)")
uvicorn = pytest.importorskip("uvicorn", reason="browser tests need uvicorn (the web extra)")

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402

from cardtable.apps.web.server import create_app  # noqa: E402

__all__ = ["ARTIFACTS", "SIZES", "Page", "Browser", "server_db", "server", "live_server", "browser", "new_page",
           "create_table", "play_hand", "my_turn", "one_move", "audit", "no_sideways_scroll", "copy_letters", "settle"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("web") / "browser.db"


@pytest.fixture(scope="module")
def server(server_db: Path) -> Iterator[str]:
    with live_server(create_app(str(server_db))) as base:
        yield base


@contextlib.contextmanager
def live_server(app: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread on a free loopback port; yields its base URL."""
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def new_page(browser: Browser, size: str = "desktop", pace: int = 0, *, audit: bool = False,
             motion: bool = False, locale: str | None = None) -> Page:
    """A fresh browser profile at ``size``: phones get touch; ``audit`` lets axe be injected (bypasses CSP);
    ``motion``: cards slide (otherwise the page is asked for reduced motion, which plays faster); ``locale``
    (``ja-JP``): the browser's language, its Accept-Language and ``navigator.languages`` (default: chromium's)."""
    phone = size.startswith("phone")
    ctx = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone, bypass_csp=audit,
                              reduced_motion="no-preference" if motion else "reduce", locale=locale)
    ctx.add_init_script(f"localStorage.setItem('pace', '{pace}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors  # type: ignore[attr-defined]
    page.phone = phone  # type: ignore[attr-defined]
    return page


def press(page: Page, locator: Any, **kw: Any) -> None:
    """Tap on a phone, click on a desktop."""
    kw.setdefault("timeout", 5_000)
    if page.phone:  # type: ignore[attr-defined]
        locator.tap(**kw)
    else:
        locator.click(**kw)


def create_table(page: Page, base: str, game: str, *, friend: str | None = None, public: bool = False,
                 target: int | None = None, level: str = "random", players: int = 2) -> str:
    """Set a table up in the lobby as a person would; returns the table id once the table shows."""
    page.goto(base + "/")
    page.wait_for_selector("#create-btn")
    press(page, page.locator(f"label.game-tile:has(input[value={game}])"))
    if players != 2:
        page.select_option("select[name=players]", str(players))
    if friend is not None:
        press(page, page.locator("label:has(input[name=kind1][value=human])"))
        page.fill("input[name=name1]", friend)
    else:
        for i in range(1, players):
            page.select_option(f"select[name=level{i}]", level)
    if target is not None:
        page.fill("input[name=target]", str(target))
    if public:
        page.check("input[name=public]")
    press(page, page.locator("#create-btn"))
    page.wait_for_selector(".tbar")
    return page.url.split("/#/t/")[1].split("/")[0]


def my_turn(page: Page) -> bool:
    return page.locator(".prompt.mine").count() > 0


def one_move(page: Page, prefer: str = "^(Knock|Go gin|Declare)") -> None:
    """Make one legal move: a move button, or a card (tapped on its visible corner) and then one of its moves."""
    enabled = ".actions .action:not([disabled])"
    if page.locator(enabled).count() == 0:
        cards = page.locator("#hand .hand-card:not(.dim)")
        for i in range(cards.count()):
            press(page, cards.nth(i), position={"x": 6, "y": 30})
            if page.locator(enabled).count():
                break
    best = page.locator(enabled, has_text=re.compile(prefer))
    press(page, best.first if best.count() else page.locator(enabled).first)


def play_hand(page: Page, limit: int = 400, check: Callable[[Page], None] | None = None) -> int:
    """Play until the end-of-hand sheet shows; returns the number of moves made."""
    moves = 0
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and moves < limit:
        if page.locator("#modal:not(.hidden)").count():
            return moves
        if my_turn(page) and page.locator("#hand").count():
            before = page.evaluate("document.getElementById('felt').innerHTML")
            if check is not None and moves % 7 == 0:
                check(page)
            try:
                one_move(page)
            except PlaywrightTimeoutError:  # the table changed under the finger (e.g. the hand ended): look again
                continue
            moves += 1
            with contextlib.suppress(PlaywrightTimeoutError):
                page.wait_for_function("b => document.getElementById('felt').innerHTML !== b", arg=before, timeout=10_000)
        else:
            page.wait_for_timeout(40)
    raise AssertionError(f"the hand did not finish after {moves} moves")


def settle(page: Page) -> None:
    """Wait until no card is sliding (finite animations only: the turn marker pulses forever)."""
    page.evaluate("Promise.all(document.getAnimations().filter(a => a.effect.getTiming().iterations !== Infinity)"
                  ".map(a => a.finished.catch(() => null)))")


def no_sideways_scroll(page: Page) -> None:
    """Nothing wider than the screen, and every card of one's hand inside it (once cards stop sliding)."""
    settle(page)
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    lefts_rights = page.locator("#hand .hand-card").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })")
    assert all(left >= -0.5 and right <= width + 0.5 for left, right in lefts_rights), lefts_rights


COPY_LETTER = re.compile(r"(?:\b[A2-9TJQK][SHDC][ab]\b)|(?:(?:10|[2-9AJQK])[♠♥♦♣][ab]\b)")


def copy_letters(page: Page) -> list[str]:
    """Pinochle copy letters or card notation with one, anywhere a player can read or hear it."""
    text = page.evaluate("document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')).join(' ')")
    return COPY_LETTER.findall(text)


def audit(page: Page) -> list[dict[str, Any]]:
    """axe-core (vendored, MPL-2.0) on the page: the serious and critical violations."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }));
    }""")
    return list(found)
