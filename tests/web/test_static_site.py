"""The static site of issue 24 (``cardtable build-static``): one person against the computer, no server.

The site is built once for the session (Pyodide from ~/.cache/cardtable, else registry.npmjs.org) and served
by a plain static file server (``http.server`` in a thread), never ``cardtable serve``. In Debian's chromium, at
360 px and at 1280 px: a whole hand of each game against easy, moves chosen by clicking the move buttons; mid-hand
the context goes offline and the page is reloaded: it opens from the service worker's cache and the table resumes
at the same position, and the hand is played on offline. axe-core finds no serious or critical violation on the
lobby and the table. No request ever leaves the site's own address.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.apps.web.static_site import MARKER, PYODIDE_VERSION, build_static, manifest_name
from cardtable.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("static") / "site"
    build_static(out, say=lambda _: None)
    return out


# ------------------------------------------------------------------------------------- the build
def test_the_build_writes_the_site(site: Path) -> None:
    info = json.loads((site / MARKER).read_text())
    assert info["pyodide"] == PYODIDE_VERSION
    for rel in ("index.html", "rules.html", "rules-gin.html", "rules-casino.html", "rules-pinochle.html", "sw.js",
                "manifest.webmanifest", "cardtable.zip", "static/table.js", "static/solo-worker.js",
                "static/transport.js", "static/cards/faces/spade_1.svg", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm",
                "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "icons/icon-192.png", "icons/icon-512.png"):
        assert (site / rel).is_file(), rel
        assert info["files"][rel] == (site / rel).stat().st_size, rel
    assert 8_000_000 < (site / "pyodide/pyodide.asm.wasm").stat().st_size < 20_000_000
    assert 200_000 < (site / "cardtable.zip").stat().st_size < 3_000_000  # no models, no server modules
    assert 5_000_000 < info["bytes"] < 40_000_000
    index = (site / "index.html").read_text()
    assert '<meta name="cardtable-site" content="solo">' in index and 'rel="manifest"' in index
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    assert all((site / i["src"]).is_file() for i in manifest["icons"])
    for lang in LANGUAGES:  # a manifest per language: what the browser shows when it installs the site
        translated = json.loads((site / manifest_name(lang)).read_text(encoding="utf-8"))
        assert translated["lang"].startswith(lang) and translated["icons"] == manifest["icons"]
        assert (translated["description"] == manifest["description"]) == (lang == "en"), (lang, translated)
        assert manifest_name(lang) in info["files"]
    sw = (site / "sw.js").read_text()
    assert info["cache"] in sw and '"pyodide/pyodide.asm.wasm"' in sw and "__FILES__" not in sw
    # the front end is the server's own files, with the addresses made relative
    served = (ROOT / "src/cardtable/apps/web/static/table.js").read_text()
    assert (site / "static/table.js").read_text() == served.replace('from "/static/', 'from "./')


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"(^|\s)//\s.*$", "", text, flags=re.M)


def test_no_address_of_another_host(site: Path) -> None:
    """Nothing the site wrote names another host; Pyodide's own default CDN (replaced by the worker's
    packageBaseUrl) is the one address left in its vendored files."""
    url = re.compile(r"https?://[^\s\"'`)<>]+")
    for path in site.rglob("*"):
        if path.suffix not in (".js", ".mjs", ".html"):
            continue
        rel = path.relative_to(site).as_posix()
        found = url.findall(_strip_comments(path.read_text(encoding="utf-8")))
        if rel.startswith("pyodide/"):
            found = [u for u in found if not u.startswith("https://cdn.jsdelivr.net/pyodide/v") and u != "https://${t}"]
        assert not found, (rel, found[:5])


def test_the_package_zip_plays_with_the_standard_library_only(site: Path, tmp_path: Path) -> None:
    """cardtable.zip: no server modules, no models, and the solo desk imports and plays with nothing but
    the standard library (no FastAPI, no site-packages)."""
    import zipfile

    names = zipfile.ZipFile(site / "cardtable.zip").namelist()
    assert ("cardtable/apps/web/solo.py" in names and "cardtable/apps/player_rules/gin.json" in names) or any(
        n.startswith("cardtable/apps/player_rules/") for n in names)
    assert not any(n.endswith(("server.py", "persistence.py", "roomdb.py")) or "/models/" in n or "/static/" in n
                   for n in names)
    code = ("import sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p]; "
            f"sys.path.insert(0, {str(site / 'cardtable.zip')!r}); "
            "from cardtable.apps.web.solo import SoloDesk; d = SoloDesk(); "
            "t = d.create({'game': 'pinochle', 'preset': 'standard', 'seats': [{'kind': 'human', 'name': 'Me'}, "
            "{'kind': 'computer', 'level': 'easy'}]}); "
            "print(d.receive(t['id'], {'t': 'join', 'token': t['token']})[0]['t'], 'fastapi' in sys.modules)")
    out = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["state", "False"]


def test_the_command_refuses_a_folder_that_is_not_a_site(tmp_path: Path, site: Path) -> None:
    from cardtable.cli import main

    (tmp_path / "notes.txt").write_text("mine")
    assert main(["build-static", str(tmp_path), "--pyodide", str(site / "pyodide")]) == 2
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert main(["build-static", str(tmp_path / "new"), "--pyodide", str(site / "pyodide")]) == 0
    assert (tmp_path / "new" / "pyodide" / "pyodide.asm.wasm").stat().st_size == \
        (site / "pyodide" / "pyodide.asm.wasm").stat().st_size
    assert main(["build-static", str(tmp_path / "new"), "--pyodide", str(site / "pyodide")]) == 0  # a site: rebuilt


# ------------------------------------------------------------------------------------- in the browser
class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@contextlib.contextmanager
def static_server(root: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def base(site: Path) -> Iterator[str]:
    with static_server(site) as url:
        yield url


GAMES = ["gin", "casino", "pinochle"]


def _position(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => ({
        hand: [...document.querySelectorAll('#hand .hand-card')].map(e => e.dataset.card),
        bar: document.querySelector('.tbar').innerText, prompt: document.getElementById('prompt').innerText,
        moves: [...document.querySelectorAll('.actions .action')].map(e => e.innerText) })""")


def _cached_everything(page: Any) -> None:
    """Wait (60 s at most) until the service worker has stored every file of the build. (A Python loop: Playwright's
    ``wait_for_function`` takes an async predicate's promise as true at once.)"""
    count = """async () => {
        const reg = await navigator.serviceWorker.ready;
        if (!reg.active) return false;
        const names = await caches.keys();
        const mine = names.find(n => n.startsWith('cardtable-'));
        if (!mine) return false;
        const text = await (await caches.match('sw.js', { ignoreSearch: true }) || await fetch('sw.js')).text();
        const files = JSON.parse(text.match(/const FILES = (\\[.*\\]);/)[1]);
        return (await (await caches.open(mine)).keys()).length >= files.length;
    }"""
    deadline = time.monotonic() + 60
    while not page.evaluate(count):
        assert time.monotonic() < deadline, "the service worker did not store the whole site in 60 s"
        page.wait_for_timeout(250)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_play_resume_offline_and_audit(base: str, size: str) -> None:
    from . import browser_kit as kit  # skips where there is no chromium or playwright
    with kit.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=kit.CHROMIUM, args=kit.ARGS)
        try:
            page = kit.new_page(browser, size, audit=True)
            ctx = page.context
            hosts: set[str] = set()
            ctx.on("request", lambda r: hosts.add(re.sub(r"^(\w+://[^/]+).*$", r"\1", r.url)))
            started = time.monotonic()
            page.goto(base + "/")
            page.wait_for_selector("#create-btn")
            assert kit.audit(page) == [], "lobby"
            for k, game in enumerate(GAMES):
                page.goto(base + "/#/")
                page.wait_for_selector("#create-btn")
                kit.create_table(page, base, game, level="easy")
                page.wait_for_selector(".prompt.mine", timeout=90_000)
                if k == 0:
                    assert kit.audit(page) == [], "table"
                    _cached_everything(page)
                for _ in range(3):  # a few moves, then the page is closed and opened again, offline
                    before = page.evaluate("document.getElementById('felt').dataset.n")
                    kit.one_move(page)
                    # the engine took the move (a tapped card alone changes the felt: not enough to reload on)
                    page.wait_for_function("b => document.getElementById('felt').dataset.n !== b", arg=before)
                    page.wait_for_selector(".prompt.mine", timeout=30_000)
                    if page.locator("#modal:not(.hidden)").count():
                        break
                if page.locator("#modal:not(.hidden)").count() == 0:
                    kit.settle(page)
                    here = _position(page)
                    ctx.set_offline(True)
                    page.reload()
                    page.wait_for_selector(".prompt.mine", timeout=90_000)
                    kit.settle(page)
                    assert _position(page) == here
                    kit.play_hand(page)  # on to the end of the hand, offline
                    ctx.set_offline(False)
                sheet = page.locator("#modal:not(.hidden)")
                assert sheet.count() == 1 and "is over" in sheet.inner_text()
                page.screenshot(path=str(kit.ARTIFACTS / f"static-{game}-{size}.png"))
            assert page.errors == [], page.errors  # type: ignore[attr-defined]
            page.goto(base + "/#/")
            page.wait_for_selector("#mine-list .table-row")
            assert page.locator("#mine-list .table-row").count() == 3  # the three games, kept in this browser
            assert hosts == {base}, hosts
            print(f"{size}: three hands in {time.monotonic() - started:.0f} s")
        finally:
            browser.close()
