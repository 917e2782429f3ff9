"""The sdist and the wheel install and run with each extra (issue 21, item 6; issue 16, item 10).

From a clean checkout's files (git's tracked and not-ignored ones) the sdist is built with the
project's build backend (``[build-system] requires``, fetched once with pip), and the wheel is built
from the unpacked sdist, so the sdist is proven complete. Each is installed with ``--no-deps`` into
fresh virtualenvs (no editable install, nothing from the source tree). The dependencies come from the
project's environment, but only those of the extra being checked: a ``.pth`` line points at a folder
of links to the distributions of that extra's dependency closure, so a dependency the extra forgot
fails here. Per extra:

* core (no ``.pth`` at all: no third-party package importable): ``cardtable --version``,
  ``python -m cardtable --version``, ``cardtable simulate``, a ``hard`` agent and the arena's process pool,
  ``cardtable --help`` in Czech and Japanese from the shipped catalogs;
* ``cli``: line mode (``cardtable play --plain`` with typed moves) and the terminal app (a Textual pilot);
* ``web``: ``cardtable serve`` and the lobby page with every script, style and image it references;
* ``rl``: the Gymnasium and PettingZoo environments step.

The sdist's install is checked to hold the very files of the wheel's, and runs ``cardtable``.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import time
import tomllib
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "cardtable" / "apps" / "web" / "static"
REFS = re.compile(r"""(?:src|href)\s*=\s*["']([^"'#]+)["']""")
IMPORTS = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"']+|/static/[^"']+)["']""")
URLS = re.compile(r"""url\(\s*["']?([^"')#]+)""")
ASSETS = re.compile(r"""["'](/static/[^"'#?]+\.(?:svg|png|css|js))""")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS: dict[str, list[str]] = PYPROJECT["project"]["optional-dependencies"]
VERSION: str = PYPROJECT["project"]["version"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers.get("content-type", ""), r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, "", b""


def _run(args: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, timeout=240, **kw)  # type: ignore[call-overload]
    assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done


# --- building ---------------------------------------------------------------------------------------
def _checkout_files() -> list[str]:
    """What a clean checkout holds: git's tracked files and new ones it does not ignore."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    return [f for f in listed.split("\0") if f and (ROOT / f).is_file()]


def _backend(tmp: Path) -> Path:
    """The build backend of ``[build-system] requires``, installed once into a folder (pip's cache serves reruns)."""
    target = tmp / "backend"
    _run([sys.executable, "-m", "pip", "install", "-q", "--target", str(target), *PYPROJECT["build-system"]["requires"]])
    return target


def _pep517(backend: Path, source: Path, hook: str, out: Path) -> Path:
    out.mkdir(exist_ok=True)
    code = (f"import {PYPROJECT['build-system']['build-backend']} as b; "
            f"print(b.{hook}({str(out)!r}))")
    name = _run([sys.executable, "-c", code], cwd=source, env={**os.environ, "PYTHONPATH": str(backend)}).stdout
    return out / name.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """``(sdist, wheel, backend)``: the sdist from the checkout's files, the wheel from the unpacked sdist,
    and the folder of the build backend (installing the sdist builds it again, with that backend)."""
    tmp = tmp_path_factory.mktemp("dists")
    checkout = tmp / "checkout"
    for name in _checkout_files():
        (checkout / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, checkout / name)
    backend = _backend(tmp)
    sdist = _pep517(backend, checkout, "build_sdist", tmp / "dist")
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp / "unpacked", filter="data")
    (unpacked,) = (tmp / "unpacked").iterdir()
    wheel = _pep517(backend, unpacked, "build_wheel", tmp / "dist")
    return sdist, wheel, backend


# --- installing -------------------------------------------------------------------------------------
def _closure(requirements: list[str]) -> set[str]:
    """The distributions of the project's environment that ``requirements`` need, transitively."""
    found: set[str] = set()
    todo = [(Requirement(r), "") for r in requirements]
    while todo:
        req, extra = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": extra}):
            continue
        dist = importlib.metadata.distribution(req.name)
        name = dist.metadata["Name"]
        key = f"{name}[{','.join(sorted(req.extras))}]"
        if key in found:
            continue
        found |= {key, name}
        for sub in dist.requires or []:
            todo += [(Requirement(sub), e) for e in ("", *req.extras)]
    return {n for n in found if "[" not in n}


def _deps_folder(tmp: Path, extra: str) -> Path:
    """A folder of links to the top-level files of ``extra``'s dependency closure (and their metadata)."""
    folder = tmp / f"deps-{extra}"
    folder.mkdir()
    for name in _closure(EXTRAS[extra]):
        dist = importlib.metadata.distribution(name)
        base = Path(str(dist.locate_file("")))
        for file in dist.files or []:
            top = file.parts[0]
            if top == ".." or top.endswith(".pth") or top == "__pycache__":
                continue
            link = folder / top
            if not link.exists() and (base / top).exists():
                link.symlink_to(base / top)
    return folder


def _venv(tmp: Path, name: str, dist: Path, deps: Path | None, backend: Path | None = None) -> Path:
    """A fresh virtualenv with ``dist`` installed (``--no-deps``) and, when given, ``deps`` on its path;
    an sdist is built by pip with the ``backend`` folder's build backend (no second download)."""
    venv = tmp / name
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    build = ["--no-build-isolation"] if backend is not None else []
    env = {**os.environ, "PYTHONPATH": str(backend)} if backend is not None else None
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "-q", *build, str(dist)], env=env)
    if deps is not None:
        site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
        (site / "extra-deps.pth").write_text(f"{deps}\n", encoding="utf-8")
    return venv


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, "HOME": str(tmp), "CARDTABLE_DATABASE_URL": str(tmp / "w.db"), "PYTHONNOUSERSITE": "1"}


def _py(venv: Path, code: str, tmp: Path) -> str:
    return _run([str(venv / "bin" / "python"), "-c", code], cwd=tmp, env=_env(tmp)).stdout


# --- the checks -------------------------------------------------------------------------------------
CORE = """
import sys, cardtable
assert cardtable.__file__.startswith(sys.prefix), cardtable.__file__  # the installed copy
for name in ("numpy", "sqlalchemy", "textual", "fastapi", "tqdm", "ray"):
    try:
        __import__(name)
    except ImportError:
        continue
    raise SystemExit(name + " is importable: the core venv should have no third-party package")
from cardtable import Match
from cardtable.agents import make_agent
from cardtable.arena import run_arena
m = Match("gin", seed=1)
m.resolve_chance()
hard = make_agent("gin", "hard/time_budget=0.05", seed=1)
m.apply(hard.act(m.state.view(m.current_player()), m.state.legal_moves()))
report = run_arena("gin", ["random", "easy"], deals=2, seed=1, unit="hands", workers=2)
assert report.deals_played == 2, report.deals_played
print("core ok")
"""


def _check_core(venv: Path, tmp: Path) -> None:
    exe = str(venv / "bin" / "cardtable")
    env = _env(tmp)
    assert VERSION in _run([exe, "--version"], cwd=tmp, env=env).stdout
    assert VERSION in _run([str(venv / "bin" / "python"), "-m", "cardtable", "--version"], cwd=tmp, env=env).stdout
    out = _run([exe, "simulate", "gin", "--games", "3", "--hands", "--no-progress"], cwd=tmp, env=env).stdout
    assert "gin: 3 hands in" in out, out
    # the compiled catalogs ship and need only the standard library's gettext (issue 25)
    czech = _run([exe, "--lang", "cs", "--help"], cwd=tmp, env=env).stdout
    assert czech.startswith("použití: cardtable") and "zobrazí tuto nápovědu a skončí" in czech, czech[:500]
    japanese = _run([exe, "--help"], cwd=tmp, env={**env, "LC_ALL": "", "LANG": "ja_JP.UTF-8"}).stdout
    assert japanese.startswith("使い方: cardtable"), japanese[:500]
    assert "core ok" in _py(venv, CORE, tmp)


TUI = """
import asyncio
from cardtable.apps.tui.app import CardtableApp, TableScreen

async def go():
    app = CardtableApp(game="gin", opponents=["simple"], seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), app.screen
        await pilot.pause()
    print("tui ok")

asyncio.run(go())
"""


def _check_cli(venv: Path, tmp: Path) -> None:
    play = _run([str(venv / "bin" / "cardtable"), "play", "gin", "--plain", "--seed", "3"], cwd=tmp, env=_env(tmp),
                input="pass\ndraw\nquit\n").stdout
    assert "Gin Rummy: you against" in play and "Your move:" in play, play[-2000:]
    assert "tui ok" in _py(venv, TUI, tmp)
    assert "sqlalchemy ok" in _py(venv, "import cardtable.store, sqlalchemy; print('sqlalchemy ok')", tmp)


RL = """
from cardtable.adapters import gin_env, gin_rummy_v0
import numpy as np
env = gin_env(opponent="easy")
obs, info = env.reset(seed=1)
obs, reward, done, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
aec = gin_rummy_v0()
aec.reset(seed=1)
agent = aec.agent_selection
aec.step(int(np.flatnonzero(aec.observe(agent)["action_mask"])[0]))
print("rl ok", len(aec.game_state.history))
"""


def _check_web(venv: Path, tmp: Path) -> None:
    port = _free_port()
    log = (tmp / "serve.log").open("w")
    proc = subprocess.Popen([str(venv / "bin" / "cardtable"), "serve", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=tmp, env=_env(tmp), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            if proc.poll() is not None:
                break
            try:
                status, _, page = _get(base + "/")
                if status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        assert proc.poll() is None, (tmp / "serve.log").read_text()
        status, kind, page = _get(base + "/")
        assert status == 200 and "text/html" in kind
        todo = [u for u in REFS.findall(page.decode()) if u.startswith("/")]
        assert any(u.endswith(".js") for u in todo) and any(u.endswith(".css") for u in todo), todo
        seen: set[str] = set()
        while todo:
            url = todo.pop()
            if url in seen:
                continue
            seen.add(url)
            status, kind, body = _get(base + url)
            assert status == 200 and body, f"{url}: HTTP {status}"
            text = body.decode("utf-8", "replace")
            if url.endswith(".js"):
                assert "javascript" in kind, (url, kind)
                found = IMPORTS.findall(text) + ASSETS.findall(text)
            elif url.endswith(".css"):
                assert "text/css" in kind, (url, kind)
                found = URLS.findall(text)
            else:
                found = []
            for ref in found:
                if ref.startswith(("data:", "http:", "https:")):
                    continue
                todo.append(ref if ref.startswith("/") else os.path.normpath(os.path.join(os.path.dirname(url), ref)))
        assert len(seen) >= 3, seen
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


def check_licences(wheel: Path) -> None:
    """The wheel states its licence expression and carries every licence file: the project's (MIT) and the
    vendored card deck's (LGPL-2.1-or-later, with its notice)."""
    with zipfile.ZipFile(wheel) as z:
        (meta_name,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        meta = z.read(meta_name).decode()
        names = set(z.namelist())
    assert "License-Expression: MIT AND LGPL-2.1-or-later" in meta.splitlines()
    files = {line.split(": ", 1)[1] for line in meta.splitlines() if line.startswith("License-File: ")}
    assert files == {"LICENSE", "src/cardtable/apps/web/static/cards/LICENSE",
                     "src/cardtable/apps/web/static/cards/NOTICE.md"}
    info = meta_name.rsplit("/", 1)[0]
    assert all(f"{info}/licenses/{f}" in names for f in files)
    assert "MIT License" in (ROOT / "LICENSE").read_text()


def _installed_files(venv: Path) -> dict[str, bytes]:
    site = next((venv / "lib").glob("python3*/site-packages"))
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in (site / "cardtable").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def test_sdist_and_wheel_contents(dists: tuple[Path, Path, Path]) -> None:
    """The sdist holds the sources, the licences and the front end; the wheel (built from it) too."""
    sdist, wheel, _ = dists
    assert sdist.name == f"cardtable-{VERSION}.tar.gz" and wheel.name.startswith(f"cardtable-{VERSION}-")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md", "LICENSE", "src/cardtable/__init__.py", "src/cardtable/py.typed",
            "src/cardtable/apps/web/static/cards/LICENSE"} <= names
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"cardtable/apps/web/static/{p.relative_to(STATIC).as_posix()}" for p in STATIC.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    assert shipped and not shipped - names, sorted(shipped - names)[:10]
    catalogs = {f"cardtable/locale/{lang}/LC_MESSAGES/cardtable.mo" for lang in ("ja", "zh", "bg", "cs")}
    assert catalogs <= names, sorted(catalogs - names)
    check_licences(wheel)


def test_core_install_runs_with_no_third_party_package(dists: tuple[Path, Path, Path], tmp_path: Path) -> None:
    sdist, wheel, backend = dists
    from_wheel = _venv(tmp_path, "core-wheel", wheel, None)
    _check_core(from_wheel, tmp_path)
    from_sdist = _venv(tmp_path, "core-sdist", sdist, None, backend)
    assert _installed_files(from_sdist) == _installed_files(from_wheel)  # so the checks above hold for it
    exe = str(from_sdist / "bin" / "cardtable")
    assert VERSION in _run([exe, "--version"], cwd=tmp_path, env=_env(tmp_path)).stdout
    assert "3 hands" in _run([exe, "simulate", "gin", "-n", "3", "--hands", "--no-progress"], cwd=tmp_path,
                             env=_env(tmp_path)).stdout


def test_cli_extra_runs_line_mode_and_the_terminal_app(dists: tuple[Path, Path, Path], tmp_path: Path) -> None:
    venv = _venv(tmp_path, "cli", dists[1], _deps_folder(tmp_path, "cli"))
    _check_cli(venv, tmp_path)


def test_web_extra_serves_the_front_end(dists: tuple[Path, Path, Path], tmp_path: Path) -> None:
    venv = _venv(tmp_path, "web", dists[1], _deps_folder(tmp_path, "web"))
    _check_web(venv, tmp_path)


def test_rl_extra_steps_the_environments(dists: tuple[Path, Path, Path], tmp_path: Path) -> None:
    venv = _venv(tmp_path, "rl", dists[1], _deps_folder(tmp_path, "rl"))
    assert "rl ok" in _py(venv, RL, tmp_path)
