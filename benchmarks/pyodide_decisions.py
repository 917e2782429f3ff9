#!/usr/bin/env python3
"""Decision times of every level under Pyodide in Chromium beside CPython, and ``hard``'s strength at
the number of worlds (simulations) Pyodide reaches in its time budget.

    .venv/bin/python benchmarks/pyodide_decisions.py                      # 3 games x 4 levels, then the arena
    .venv/bin/python benchmarks/pyodide_decisions.py --games gin --positions 6 --no-arena
    .venv/bin/python benchmarks/pyodide_decisions.py --arena-deals 40 --json runs/pyodide.json

What it does:

1. Deals seeded hands in CPython and plays each a few moves in (``easy`` at every seat) up to a
   decision that ``hard`` searches (it samples worlds there: a Gin discard, a Casino play with
   unseen cards left, a Pinochle trick of stage 1). These positions go to both sides as game records
   (:class:`cardtable.record.GameRecord` JSON), so both time the very same decisions.
2. Unpacks Pyodide's runtime from the npm tarball (``pyodide`` at :data:`PYODIDE_VERSION`, cached in
   ``~/.cache/cardtable/``), serves it with a zip of ``src/cardtable`` and this file from a local
   static HTTP server, opens a page in headless Debian chromium (Playwright, ``/usr/bin/chromium``)
   that starts a Web Worker, and times every level there with :func:`time_decisions` -- the function
   that times the same decisions in-process under CPython.
3. Prints per game and level the decisions, the median and 95th-percentile milliseconds under Pyodide
   and under CPython and their ratio; for ``hard``: its time budget, the worlds it played per decision
   on each side, and how many Pyodide decisions ran past the budget.
4. Runs ``cardtable arena`` (CPython, duplicate single hands) with ``hard`` capped at the worlds
   Pyodide reached (``hard/time_budget=none/worlds=N``) against the normal ``hard`` and against ``easy``.

Every agent is built fresh for each decision with the same seed, so ``random``, ``easy``,
``medium`` and a world-capped ``hard`` choose the same action on both sides (the test
``tests/web/test_pyodide_decisions.py`` checks it). Before timing, each level decides the first
position once (imports and caches). Results: ``docs/guides/pyodide-performance.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_VERSION = "314.0.8"
"""The npm ``pyodide`` version used when the static site's module does not name one."""
GAMES = ("gin", "casino", "pinochle")
LEVELS = ("random", "easy", "medium", "hard")
OVER = 1.01
"""A decision counts as over the budget past ``OVER`` times it (the clock's last percent is noise)."""
QUICK_HARD = "hard/time_budget=none/worlds=2"
"""The ``hard`` spec that tells whether ``hard`` searches a position (and warms it up)."""


# --- the core: runs under CPython and inside Pyodide (standard library and cardtable only) -------------
def make_positions(game: str, count: int, seed: int = 2026, moves: tuple[int, int] = (2, 24)) -> list[str]:
    """``count`` game records (JSON), each stopped at a decision that ``hard`` searches: seeded deals
    (deal ``seed + i``) played by ``easy`` at every seat for a seeded number of decisions in ``moves``,
    then on to the next decision where ``hard`` samples worlds. A hand that ends first is skipped."""
    from cardtable.agents import make_agent
    from cardtable.match import Match

    records: list[str] = []
    deal = seed
    while len(records) < count:
        if deal - seed > 50 * count + 50:
            raise RuntimeError(f"{game}: too few positions that hard searches")
        match = Match(game, seed=deal)
        rng = random.Random(deal)
        n = match.game.num_players
        players = [make_agent(game, "easy", seed=deal * 10 + s) for s in range(n)]
        first = rng.randrange(*moves)
        decisions = 0
        deal += 1
        while len(match.hands) == 1 and not match.is_over():
            match.resolve_chance()
            if len(match.hands) > 1 or match.is_over():
                break
            state = match.state
            seat = state.current_player()
            view = state.view(seat)
            legal = state.legal_moves()
            if decisions >= first and len(legal) > 1:
                probe = make_agent(game, QUICK_HARD, seed=0)
                probe.act(view, legal)
                if getattr(probe, "last_worlds", 0) > 0:
                    records.append(match.record().dumps())
                    break
            match.apply(players[seat].act(view, legal))
            decisions += 1
    return records


def time_decisions(game: str, spec: str, records: Sequence[str], seed: int = 7) -> list[dict[str, Any]]:
    """Time ``spec``'s decision at each record's position: per position the milliseconds of ``act``,
    the action chosen (notation) and the worlds it played (``hard``; ``None`` for the others). A fresh
    agent with ``seed`` decides each position; the first position is decided once, untimed, before."""
    from cardtable.agents import make_agent
    from cardtable.record import GameRecord

    positions = []
    for text in records:
        state = GameRecord.loads(text).replay().state
        seat = state.current_player()
        positions.append((state.view(seat), state.legal_moves()))
    if positions:
        make_agent(game, spec, seed=seed).act(*positions[0])  # imports, tables, caches
    out: list[dict[str, Any]] = []
    for view, legal in positions:
        agent = make_agent(game, spec, seed=seed)
        started = time.perf_counter()
        action = agent.act(view, legal)
        ms = (time.perf_counter() - started) * 1000
        out.append({"ms": ms, "action": str(action), "worlds": getattr(agent, "last_worlds", None)})
    return out


def run_jobs(payload: str) -> str:
    """``[{"game", "spec", "records", "seed"}, ...]`` as JSON in, ``[{"game", "spec", "decisions"}, ...]``
    out: what the Web Worker runs (and the in-process side too)."""
    import platform

    results = []
    for job in json.loads(payload):
        decisions = time_decisions(job["game"], job["spec"], job["records"], job.get("seed", 7))
        results.append({"game": job["game"], "spec": job["spec"], "decisions": decisions})
    return json.dumps({"python": platform.python_version(), "platform": sys.platform, "results": results})


# --- the runtime and the page (CPython only) --------------------------------------------------------
def pyodide_runtime() -> tuple[str, dict[str, bytes], bytes]:
    """The Pyodide version, its runtime files by name and ``cardtable.zip``: the static site's own
    (:mod:`cardtable.apps.web.static_site`: ``PYODIDE_VERSION``, ``pyodide_tarball``, ``PYODIDE_FILES``,
    ``package_zip``) when that module is there, else ``pyodide-VERSION.tgz`` from registry.npmjs.org
    kept in ``~/.cache/cardtable/`` and a zip of every ``.py`` file of ``src/cardtable``."""
    import io
    import tarfile
    import zipfile

    try:
        from cardtable.apps.web import static_site
    except ImportError:
        static_site = None
    if static_site is not None:
        version = static_site.PYODIDE_VERSION
        data = static_site.pyodide_tarball(lambda text: print(text, file=sys.stderr))
        names = tuple(static_site.PYODIDE_FILES)
        package = static_site.package_zip()
    else:
        version, names = PYODIDE_VERSION, RUNTIME_FILES
        data = _fetch_tarball()
        buf = io.BytesIO()
        source = ROOT / "src" / "cardtable"
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            for path in sorted(source.rglob("*.py")):
                if "__pycache__" not in path.parts:
                    zf.write(path, path.relative_to(source.parent).as_posix())
        package = buf.getvalue()
    files: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for member in tar.getmembers():
            name = member.name.split("/", 1)[-1]
            handle = tar.extractfile(member) if name in names and member.isfile() else None
            if handle is not None:
                files[name] = handle.read()
    return version, files, package


def _fetch_tarball() -> bytes:
    import urllib.request

    cache = Path.home() / ".cache" / "cardtable" / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not cache.exists():
        cache.parent.mkdir(parents=True, exist_ok=True)
        url = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
        with urllib.request.urlopen(url, timeout=120) as response:
            data = response.read()
        part = cache.with_suffix(".part")
        part.write_bytes(data)
        part.replace(cache)
    return cache.read_bytes()


RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")

WORKER_JS = """\
import { loadPyodide } from "./pyodide/pyodide.mjs";
const ready = (async () => {
  const started = performance.now();
  const py = await loadPyodide({indexURL: new URL("pyodide/", self.location.href).href});
  const zip = await (await fetch("cardtable.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", {extractDir: "/home/pyodide/lib"});
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lib')");
  return {py, loadMs: performance.now() - started};
})();
onmessage = async (event) => {
  try {
    const {py, loadMs} = await ready;
    if (event.data === "load") { postMessage({ok: JSON.stringify({loadMs})}); return; }
    py.globals.set("BENCH_PAYLOAD", event.data);
    postMessage({ok: py.runPython("import pyodide_bench; pyodide_bench.run_jobs(BENCH_PAYLOAD)")});
  } catch (err) {
    postMessage({error: String(err && err.stack || err)});
  }
};
"""

INDEX_HTML = """\
<!doctype html><meta charset="utf-8"><title>cardtable decision times</title>
<script>
const worker = new Worker("worker.js", {type: "module"});
let waiting = null;
const reply = (data) => { const w = waiting; waiting = null; if (w) w(data); };
worker.onmessage = (event) => reply(event.data);
worker.onerror = (event) => reply({error: `worker: ${event.message} (${event.filename}:${event.lineno})`});
window.bench = (payload) => new Promise((resolve) => { waiting = resolve; worker.postMessage(payload); });
</script>
"""


def build_site(dest: Path) -> str:
    """Write the benchmark's static folder into ``dest``; returns the Pyodide version."""
    import io
    import zipfile

    version, files, package = pyodide_runtime()
    runtime = dest / "pyodide"
    runtime.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (runtime / name).write_bytes(data)
    buf = io.BytesIO(package)
    with zipfile.ZipFile(buf, "a", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("pyodide_bench.py", Path(__file__).read_text(encoding="utf-8"))
    (dest / "cardtable.zip").write_bytes(buf.getvalue())
    (dest / "worker.js").write_text(WORKER_JS, encoding="utf-8")
    (dest / "index.html").write_text(INDEX_HTML, encoding="utf-8")
    return version


class PyodideRunner:
    """A static HTTP server over the benchmark's folder and a headless chromium page whose Web Worker
    runs :func:`run_jobs` under Pyodide. Use as a context manager; :attr:`load_ms` is the worker's
    start (Pyodide loaded, cardtable unpacked)."""

    def __init__(self, chromium: str = "/usr/bin/chromium") -> None:
        self.chromium = chromium
        self.version = ""
        self.load_ms = 0.0
        self._stack: Any = None

    def __enter__(self) -> PyodideRunner:
        import contextlib
        import functools
        import http.server
        import tempfile
        import threading

        from playwright.sync_api import sync_playwright

        stack = contextlib.ExitStack()
        self._stack = stack
        try:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="pyodide-bench-")))
            self.version = build_site(folder)

            class Quiet(http.server.SimpleHTTPRequestHandler):
                extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                                  ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}

                def log_message(self, format: str, *args: Any) -> None:
                    pass

            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            stack.callback(server.server_close)
            stack.callback(server.shutdown)
            playwright = stack.enter_context(sync_playwright())
            browser = playwright.chromium.launch(
                executable_path=self.chromium,
                args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                      "--disable-component-update", "--disable-sync", "--no-first-run"])
            stack.callback(browser.close)
            self.page = browser.new_page()
            self.page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
            self.load_ms = float(json.loads(self._call("load"))["loadMs"])
        except BaseException:
            stack.close()
            raise
        return self

    def _call(self, payload: str) -> str:
        reply = self.page.evaluate("payload => window.bench(payload)", payload)
        if "error" in reply:
            raise RuntimeError(f"in the Pyodide worker: {reply['error']}")
        return str(reply["ok"])

    def run(self, jobs: list[dict[str, Any]]) -> dict[str, Any]:
        """:func:`run_jobs` in the worker."""
        return json.loads(self._call(json.dumps(jobs)))  # type: ignore[no-any-return]

    def __exit__(self, *exc: object) -> None:
        self._stack.close()


def run_cpython(jobs: list[dict[str, Any]]) -> dict[str, Any]:
    """:func:`run_jobs` in this process."""
    return json.loads(run_jobs(json.dumps(jobs)))  # type: ignore[no-any-return]


# --- figures -----------------------------------------------------------------------------------------
def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def hard_budget(game: str, spec: str = "hard") -> float | None:
    """The time budget in seconds of the ``hard`` agent ``spec`` for ``game`` (``None``: capped by worlds only)."""
    from cardtable.agents import make_agent

    budget = make_agent(game, spec, seed=0).time_budget
    return None if budget is None else float(budget)


def summarize(game: str, spec: str, pyo: list[dict[str, Any]], cpy: list[dict[str, Any]]) -> dict[str, Any]:
    """One row of the table from both sides' decisions."""
    p_ms = [d["ms"] for d in pyo]
    c_ms = [d["ms"] for d in cpy]
    row: dict[str, Any] = {
        "game": game, "level": spec, "decisions": len(p_ms),
        "pyodide_median": statistics.median(p_ms), "pyodide_p95": percentile(p_ms, 0.95), "pyodide_max": max(p_ms),
        "cpython_median": statistics.median(c_ms), "cpython_p95": percentile(c_ms, 0.95), "cpython_max": max(c_ms),
        "same_actions": sum(a["action"] == b["action"] for a, b in zip(pyo, cpy, strict=True)),
    }
    row["ratio"] = row["pyodide_median"] / row["cpython_median"] if row["cpython_median"] > 0 else float("nan")
    if spec.split("/")[0] == "hard":
        seconds = hard_budget(game, spec)
        budget = float("inf") if seconds is None else seconds * 1000
        p_worlds = [d["worlds"] for d in pyo]
        c_worlds = [d["worlds"] for d in cpy]
        row.update(budget_ms=budget,
                   pyodide_worlds=statistics.median(p_worlds), pyodide_worlds_min=min(p_worlds),
                   cpython_worlds=statistics.median(c_worlds), cpython_worlds_min=min(c_worlds),
                   over_budget=sum(ms > budget * OVER for ms in p_ms))
    return row


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    """The decision-time table and, for ``hard``, the worlds and the budget."""
    width = max([8, *(len(r["level"]) + 2 for r in rows)])
    lines = [f"{'game':<9}{'level':<{width}}{'n':>4}  {'Pyodide ms':>17}  {'CPython ms':>17}  {'ratio':>6}  {'same':>5}",
             f"{'':<9}{'':<{width}}{'':>4}  {'median':>8} {'p95':>8}  {'median':>8} {'p95':>8}  {'':>6}  {'act':>5}"]
    for r in rows:
        lines.append(f"{r['game']:<9}{r['level']:<{width}}{r['decisions']:>4}  {r['pyodide_median']:>8.2f} {r['pyodide_p95']:>8.2f}"
                     f"  {r['cpython_median']:>8.2f} {r['cpython_p95']:>8.2f}  {r['ratio']:>5.1f}x  "
                     f"{r['same_actions']:>2}/{r['decisions']:<2}")
    hard = [r for r in rows if "budget_ms" in r]
    if hard:
        lines += ["", f"{'hard':<9}{'level':<{width}}{'budget':>7}  {'worlds/decision (median, min)':>30}  "
                      f"{'ratio':>6}  {'Pyodide max ms':>14}  {'over budget':>11}",
                  f"{'':<9}{'':<{width}}{'ms':>7}  {'Pyodide':>14} {'CPython':>15}"]
        for r in hard:
            lines.append(f"{r['game']:<9}{r['level']:<{width}}{r['budget_ms']:>7.0f}  {r['pyodide_worlds']:>8.0f} ({r['pyodide_worlds_min']:>3})"
                         f" {r['cpython_worlds']:>9.0f} ({r['cpython_worlds_min']:>3})  "
                         f"{r['cpython_worlds'] / max(r['pyodide_worlds'], 1):>5.1f}x  {r['pyodide_max']:>14.0f}  "
                         f"{r['over_budget']:>5}/{r['decisions']:<5}")
    return "\n".join(lines)


def measure(games: Sequence[str], levels: Sequence[str], count: int, seed: int = 2026,
            agent_seed: int = 7, runner: PyodideRunner | None = None,
            log: Any = None) -> dict[str, Any]:
    """Time ``levels`` of ``games`` at ``count`` positions each under Pyodide (in ``runner``'s page, or a
    new one) and under CPython; the rows of :func:`format_table` and the set-up figures."""
    import contextlib
    import os

    say = log or (lambda text: None)
    with contextlib.ExitStack() as stack:
        if runner is None:
            runner = stack.enter_context(PyodideRunner())
        say(f"Pyodide {runner.version} started in the worker in {runner.load_ms / 1000:.1f} s")
        rows = []
        for game in games:
            records = make_positions(game, count, seed)
            for level in levels:
                job = [{"game": game, "spec": level, "records": records, "seed": agent_seed}]
                started = time.perf_counter()
                pyo = runner.run(job)
                cpy = run_cpython(job)
                rows.append(summarize(game, level, pyo["results"][0]["decisions"], cpy["results"][0]["decisions"]))
                say(f"  {game} {level}: {time.perf_counter() - started:.0f} s")
        return {"pyodide": runner.version, "pyodide_python": pyo["python"], "cpython": cpy["python"],
                "load_ms": runner.load_ms, "loadavg": os.getloadavg(), "rows": rows}


def arena_commands(game: str, worlds: int, deals: int, seed: int, workers: int = 2) -> list[list[str]]:
    """``cardtable arena`` command lines: ``hard`` capped at ``worlds`` against ``hard`` and against ``easy``."""
    capped = f"hard/time_budget=none/worlds={worlds}"
    base = [sys.executable, "-m", "cardtable", "arena", game, "--hands", "--deals", str(deals), "--seed", str(seed),
            "--workers", str(workers), "--no-progress"]
    return [base[:5] + ["--agents", f"{capped},{rival}"] + base[5:] for rival in ("hard", "easy")]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated games (default: all three)")
    ap.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels or agent specs (default: %(default)s)")
    ap.add_argument("--positions", type=int, default=20, help="positions per game (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=2026, help="first deal of the positions (default: %(default)s)")
    ap.add_argument("--arena-deals", type=int, default=16, help="duplicate deals per arena pairing (default: %(default)s)")
    ap.add_argument("--arena-seed", type=int, default=11, help="seed of the arena's deals (default: %(default)s)")
    ap.add_argument("--arena-workers", type=int, default=2, help="the arena's worker processes (default: %(default)s)")
    ap.add_argument("--no-arena", action="store_true", help="only the decision times")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    import os
    import subprocess

    games = [g.strip() for g in args.games.split(",") if g.strip()]
    levels = [v.strip() for v in args.levels.split(",") if v.strip()]
    log = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731
    started = time.perf_counter()
    figures = measure(games, levels, args.positions, args.seed, log=log)
    print(f"Pyodide {figures['pyodide']} (Python {figures['pyodide_python']}) in Chromium, a Web Worker; "
          f"CPython {figures['cpython']}; worker start {figures['load_ms'] / 1000:.1f} s; "
          f"load average {figures['loadavg'][0]:.2f} {figures['loadavg'][1]:.2f}; "
          f"{time.perf_counter() - started:.0f} s")
    print(format_table(figures["rows"]))
    figures["arena"] = []
    if not args.no_arena:
        for row in figures["rows"]:
            if "budget_ms" not in row or row["budget_ms"] == float("inf"):
                continue
            worlds = max(2, int(row["pyodide_worlds"]))
            for cmd in arena_commands(row["game"], worlds, args.arena_deals, args.arena_seed, args.arena_workers):
                shown = " ".join(["cardtable", *cmd[3:]])
                print(f"\n$ {shown}", flush=True)
                t0 = time.perf_counter()
                out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT,
                                     env={**os.environ, "PYTHONPATH": str(ROOT / "src")}).stdout
                print(out.rstrip())
                print(f"({time.perf_counter() - t0:.0f} s, load average {os.getloadavg()[0]:.2f})", flush=True)
                figures["arena"].append({"command": shown, "report": out})
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
