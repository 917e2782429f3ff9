"""The wheel ships the browser front end (issue 16, item 10).

Builds the wheel from a copy of the sources (``pip wheel --no-deps``), installs it into a fresh
virtualenv (no editable install; the web packages come from the project's environment through a
``.pth`` line, so nothing is downloaded), starts ``cardtable serve`` from it on a free port and
fetches the lobby page and every script, style and image it references, following the scripts'
imports.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "cardtable" / "apps" / "web" / "static"
REFS = re.compile(r"""(?:src|href)\s*=\s*["']([^"'#]+)["']""")
IMPORTS = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"']+|/static/[^"']+)["']""")
URLS = re.compile(r"""url\(\s*["']?([^"')#]+)""")
ASSETS = re.compile(r"""["'](/static/[^"'#?]+\.(?:svg|png|css|js))""")

pytest.importorskip("fastapi", reason="serving needs the web extra")
pytest.importorskip("uvicorn", reason="serving needs the web extra")


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


def _build(tmp: Path) -> Path:
    src = tmp / "src-copy"
    shutil.copytree(ROOT / "src", src / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name)
    out = tmp / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(out)],
                   check=True, capture_output=True, timeout=240)
    (wheel,) = out.glob("cardtable-*.whl")
    return wheel


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


def test_wheel_serves_the_front_end(tmp_path: Path) -> None:
    wheel = _build(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"cardtable/apps/web/static/{p.relative_to(STATIC).as_posix()}" for p in STATIC.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    assert shipped and not shipped - names, sorted(shipped - names)[:10]
    check_licences(wheel)

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "-q", str(wheel)],
                   check=True, capture_output=True, timeout=240)
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    (site / "web-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")  # fastapi, uvicorn, sqlalchemy
    where = subprocess.run([str(py), "-c", "import cardtable; print(cardtable.__file__)"], cwd=tmp_path,
                           check=True, capture_output=True, text=True).stdout.strip()
    assert where.startswith(str(venv)), where  # the wheel, not the source tree

    port = _free_port()
    env = {**os.environ, "HOME": str(tmp_path), "CARDTABLE_DATABASE_URL": str(tmp_path / "w.db"),
           "PYTHONPATH": ""}
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen([str(venv / "bin" / "cardtable"), "serve", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
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
        assert proc.poll() is None, (tmp_path / "serve.log").read_text()
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
