#!/usr/bin/env python3
"""Bootstrap: create .venv, install cardtable with what a command needs, then run it.

    python3 run.py play     # set up and start playing in the terminal (default)
    python3 run.py serve    # set up and serve the browser table (prints the address to open)
    python3 run.py test     # set up and run every check: ruff, mypy --strict, pytest
    python3 run.py -- ARGS  # set up and run `cardtable ARGS`

Only the command's own output goes to stdout; set-up messages go to stderr.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def note(text: str) -> None:
    """A set-up message: stderr, so piped output holds only the command's own."""
    print(text, file=sys.stderr, flush=True)


def _extras() -> dict[str, list[str]]:
    """The optional dependencies of pyproject.toml, by extra."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = data.get("project", {})
    extras: dict[str, list[str]] = project.get("optional-dependencies", {})
    return extras


def stamp_value() -> str:
    """What an install depends on: the dependencies, the extras and the entry points (not the whole file)."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
    keys = ("dependencies", "optional-dependencies", "scripts", "requires-python")
    wanted = json.dumps({k: project.get(k) for k in keys}, sort_keys=True)
    return hashlib.sha256(wanted.encode()).hexdigest()


def covers(installed: str, wanted: str, extras: dict[str, list[str]] | None = None) -> bool:
    """Whether an install with extras ``installed`` (``web`` or ``web,postgres``) holds all that ``wanted`` needs."""
    extras = _extras() if extras is None else extras
    have: set[str] = set()
    for name in installed.split(","):
        if name not in extras:
            return False
        have.update(extras[name])
    return all(name in extras and set(extras[name]) <= have for name in wanted.split(","))


def command_of(args: list[str]) -> str | None:
    """The ``cardtable`` subcommand in ``args`` (skipping ``--database URL`` and ``--lang LANG`` before it)."""
    i = 0
    while i < len(args):
        if args[i] in ("--database", "--lang"):
            i += 2
            continue
        if not args[i].startswith("-"):
            return args[i]
        i += 1
    return None


def extras_for(args: list[str]) -> str:
    """The extras a ``cardtable`` command line needs: the web server for ``serve`` (with psycopg for PostgreSQL)."""
    if command_of(args) == "docs":
        return "docs"
    if command_of(args) != "serve":
        return "cli"
    database = os.environ.get("CARDTABLE_DATABASE_URL", "")
    for i, arg in enumerate(args):
        if arg == "--database" and i + 1 < len(args):
            database = args[i + 1]
        elif arg.startswith("--database="):
            database = arg.split("=", 1)[1]
    return "web,postgres" if database.startswith(("postgresql", "postgres:")) else "web"


def ensure_env(extras: str) -> None:
    """Create .venv if needed and install ``cardtable[extras]`` unless an install that covers it is current."""
    if not PY.exists():
        note("creating a virtualenv in .venv ...")
        venv.EnvBuilder(with_pip=True).create(VENV)
    want = stamp_value()
    known = _extras()
    older = False  # an install with these extras, made for an earlier pyproject.toml
    for stamp in sorted(VENV.glob(".installed-*")):
        have = stamp.name.removeprefix(".installed-")
        if covers(have, extras, known):
            if stamp.read_text().strip() == want:
                return
            older = True
    note(f"installing cardtable[{extras}] into .venv (first run, or pyproject.toml changed) ...")
    try:
        subprocess.call([str(PY), "-m", "pip", "install", "-q", "--upgrade", "pip"], stdout=sys.stderr)
        subprocess.check_call([str(PY), "-m", "pip", "install", "-q", "-e", f".[{extras}]"], cwd=ROOT,
                              stdout=sys.stderr)
    except (OSError, subprocess.CalledProcessError) as exc:
        if older:  # e.g. offline: what is installed served before, so it is worth a try
            note(f"run.py: could not update .venv ({exc}); going on with what is installed there")
            return
        raise SystemExit(f"run.py: installing cardtable[{extras}] failed ({exc}); "
                         "check the network connection and run the command again") from None
    (VENV / f".installed-{extras}").write_text(want)


def launcher() -> str:
    """How the person runs this script (``python3 run.py``), for the commands the program prints
    (``cardtable resume 3`` becomes ``python3 run.py resume 3``: ``cardtable`` may not be on PATH)."""
    import shlex
    import shutil

    python = Path(sys.executable).name
    if shutil.which(python) is None:
        python = sys.executable  # PATH does not find it by its name: the full path
    script = sys.argv[0] if sys.argv and sys.argv[0].endswith("run.py") else str(Path(__file__))
    return f"{shlex.quote(python)} {shlex.quote(script)}"


def run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> int:
    """Run ``cmd`` (in ``cwd``, default the current folder; ``env``, default this one); its output is the only
    output on stdout."""
    try:
        return subprocess.call(cmd, cwd=cwd, env=env)
    except KeyboardInterrupt:
        return 130


def hand_over(cmd: list[str], env: dict[str, str]) -> int:
    """Become ``cmd``: on POSIX this process is replaced by the program (exec), so a signal sent to
    ``python3 run.py serve`` (a service manager's SIGTERM, Ctrl-C) reaches the server itself and no
    child outlives run.py; elsewhere run it as a child and return its exit code."""
    if os.name != "posix":
        return run(cmd, env=env)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(cmd[0], cmd, env)
    raise AssertionError("unreachable")  # execve returns only by raising OSError


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "play"
    if what == "test":
        ensure_env("dev")
        for cmd in (
            [str(BIN / "ruff"), "check", "run.py", *[d for d in ("src", "tests", "benchmarks") if (ROOT / d).is_dir()]],
            [str(BIN / "mypy"), "--strict", "src/cardtable"],
        ):
            note(f"running {Path(cmd[0]).name} ...")
            if run(cmd, ROOT) != 0:
                return 1
        pytest = [str(PY), "-m", "pytest"]
        if argv[1:]:  # a part of the suite, as asked: in this process
            note("running pytest ...")
            return run([*pytest, *argv[1:]], ROOT)
        # the suite in two parts: one pytest-xdist worker per core (each test file on one worker), then the
        # tests marked serial (they measure time: a busy second core would stretch it) alone. Both parts run,
        # and each fails if it ran no test (pytest's exit code 5).
        note("running pytest: the suite but its timing-sensitive tests, one worker per core ...")
        shared = run([*pytest, "-n", "auto", "--dist", "loadfile", "-m", "not serial"], ROOT)
        note("running pytest: the timing-sensitive tests (marked serial), alone ...")
        alone = run([*pytest, "-p", "no:xdist", "-m", "serial"], ROOT)
        return shared or alone
    args = argv[1:] if what == "--" else (argv or ["play"])
    ensure_env(extras_for(args))
    # the program learns how it was launched, for the commands it prints (see launcher())
    return hand_over([str(BIN / "cardtable"), *args], env={**os.environ, "CARDTABLE_LAUNCHER": launcher()})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
