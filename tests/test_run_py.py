"""``python3 run.py``: clean stdout, the extras each command needs, and ``serve`` as the README says.

The commands run for real on a copy of run.py whose ``.venv`` points at this
test environment (its stamp says the ``dev`` extra, which holds every other
one, is installed), so nothing is downloaded or reinstalled.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent


def _load(root: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"run_{abs(hash(root))}", root / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """run.py and pyproject.toml in a folder whose .venv is this environment, installed with the dev extra."""
    root = tmp_path / "checkout"
    root.mkdir()
    shutil.copy(REPO / "run.py", root)
    shutil.copy(REPO / "pyproject.toml", root)
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)
    shutil.copy(Path(sys.executable).with_name("cardtable"), bin_dir / "cardtable")
    (root / ".venv" / ".installed-dev").write_text(_load(root).stamp_value())
    return root


def test_stdout_holds_only_the_command_output(checkout: Path, tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, str(checkout / "run.py"), "--", "simulate", "gin", "-n", "2",
                           "--no-progress"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("gin: 2 matches"), proc.stdout
    assert "$" not in proc.stdout and proc.stderr == ""


def test_piped_into_head_ends_quietly(checkout: Path, tmp_path: Path) -> None:
    cmd = f"'{sys.executable}' '{checkout / 'run.py'}' -- --help | head -n 1"
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert proc.stdout.startswith("usage: cardtable")
    assert "Traceback" not in proc.stderr


def test_each_command_gets_the_extras_it_needs(checkout: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    run = _load(checkout)
    assert run.extras_for(["play"]) == "cli" and run.extras_for(["replay", "3"]) == "cli"
    assert run.extras_for(["serve"]) == "web"
    assert run.extras_for(["docs", "--open"]) == "docs" and run.covers("dev", "docs")
    assert run.extras_for(["--database", "postgresql://u@h/db", "serve"]) == "web,postgres"
    assert run.extras_for(["serve", "--database=postgres://u@h/db"]) == "web,postgres"
    assert run.covers("dev", "web,postgres") and run.covers("dev", "cli") and not run.covers("cli", "web")
    calls: list[list[str]] = []

    def fake_install(cmd: list[str], **kw: Any) -> int:
        calls.append(cmd)
        return 0

    monkeypatch.setattr(run.subprocess, "check_call", fake_install)
    monkeypatch.setattr(run.subprocess, "call", fake_install)
    run.ensure_env("web")  # the dev install covers it: nothing to do
    assert calls == []
    (checkout / ".venv" / ".installed-dev").unlink()
    (checkout / ".venv" / ".installed-cli").write_text(run.stamp_value())
    run.ensure_env("cli")
    assert calls == []
    run.ensure_env("web")  # cli does not hold FastAPI: install the web extra, say so on stderr only
    assert calls[-1][-2:] == ["-e", ".[web]"]
    out = capsys.readouterr()
    assert out.out == "" and "installing cardtable[web]" in out.err
    assert (checkout / ".venv" / ".installed-web").read_text() == run.stamp_value()


def test_a_failed_install_is_clear_and_an_older_one_still_serves(checkout: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Offline after pyproject.toml changed: the older install is used (said on stderr); with none, a clear error."""
    run = _load(checkout)

    def offline(cmd: list[str], **kw: Any) -> int:
        raise subprocess.CalledProcessError(1, cmd)

    monkeypatch.setattr(run.subprocess, "check_call", offline)
    monkeypatch.setattr(run.subprocess, "call", lambda cmd, **kw: 1)
    (checkout / ".venv" / ".installed-dev").write_text("an older pyproject.toml")
    run.ensure_env("web")
    assert "could not update .venv" in capsys.readouterr().err
    (checkout / ".venv" / ".installed-dev").unlink()
    with pytest.raises(SystemExit, match=r"installing cardtable\[web\] failed .*check the network"):
        run.ensure_env("web")
    assert not (checkout / ".venv" / ".installed-web").exists()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_starts_the_browser_table_and_says_where(checkout: Path, tmp_path: Path) -> None:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, str(checkout / "run.py"), "serve", "--port", str(port),
                             "--database", str(tmp_path / "web.db")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert proc.stderr is not None
        deadline = time.monotonic() + 60
        said = ""
        while time.monotonic() < deadline and "open http" not in said:
            line = proc.stderr.readline()
            if not line and proc.poll() is not None:
                break
            said += line
        assert f"open http://localhost:{port}/ in a browser" in said, said
        body = b""
        while time.monotonic() < deadline and not body:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
                    assert page.status == 200
                    body = page.read()
            except OSError:  # said just before the socket listens
                time.sleep(0.2)
        assert b"<html" in body.lower()
        assert (tmp_path / "web.db").exists()  # --database after the command was taken
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    # the signal reached the server itself (run.py execs it): nothing is left listening on the port
    with socket.socket() as s, contextlib.suppress(OSError):
        s.settimeout(2)
        s.connect(("127.0.0.1", port))
        raise AssertionError(f"a server outlived `run.py serve` on port {port}")


@pytest.mark.parametrize("args", [["play", "--plain"], ["play", "casino", "--plain"], ["play", "pinochle", "--plain"]])
def test_readme_line_mode_commands(checkout: Path, tmp_path: Path, args: list[str]) -> None:
    """`python3 run.py play [GAME] --plain`, as the README writes it: a table, moves, and quit saves."""
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(tmp_path / "games.db")}
    proc = subprocess.run([sys.executable, str(checkout / "run.py"), *args], input="1\nquit\n", capture_output=True,
                          text=True, timeout=120, cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    assert "Your moves:" in proc.stdout or "Your move:" in proc.stdout
    assert "The game is saved as game 1; continue it with: " in proc.stdout
    assert f"{checkout / 'run.py'} resume 1" in proc.stdout  # as run.py was started: cardtable may not be on PATH
    assert "Traceback" not in proc.stderr


def test_the_printed_resume_command_works_as_typed(checkout: Path, tmp_path: Path) -> None:
    """Started as `python3 run.py play` with no ``cardtable`` on PATH, the quit note's command runs as printed."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(sys.executable)  # the person's python3; no cardtable anywhere on PATH
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(tmp_path / "games.db"), "PATH": f"{bin_dir}:/usr/bin:/bin"}
    env.pop("CARDTABLE_LAUNCHER", None)
    assert shutil.which("cardtable", path=env["PATH"]) is None
    first = subprocess.run(["python3", "../checkout/run.py", "play", "gin", "--plain"], input="1\nquit\n",
                           capture_output=True, text=True, timeout=120, cwd=tmp_path / "bin", env=env)
    assert first.returncode == 0, first.stderr
    printed = first.stdout.split("continue it with: ", 1)[1].splitlines()[0].strip()
    assert printed == "python3 ../checkout/run.py resume 1 --plain"  # line mode resumes in line mode
    again = subprocess.run(printed, shell=True, input="quit\n", capture_output=True, text=True,
                           timeout=120, cwd=tmp_path / "bin", env=env)
    assert again.returncode == 0, again.stderr
    assert "Resuming game 1 (gin)" in again.stdout and f"continue it with: {printed}" in again.stdout, again.stdout
