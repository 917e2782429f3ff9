#!/usr/bin/env python3
"""Bootstrap: create .venv, install cardtable with what a command needs, then run it.

    python3 run.py play     # set up and start playing (default)
    python3 run.py test     # set up and run every check: ruff, mypy --strict, pytest
    python3 run.py -- ARGS  # set up and run `cardtable ARGS`
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def ensure_env(extras: str) -> None:
    if not PY.exists():
        print("creating virtualenv in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras}"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want:
        return
    print(f"installing cardtable[{extras}] ...", flush=True)
    subprocess.check_call([str(PY), "-m", "pip", "install", "-q", "--upgrade", "pip"])
    subprocess.check_call([str(PY), "-m", "pip", "install", "-q", "-e", f".[{extras}]"], cwd=ROOT)
    stamp.write_text(want)


def run(cmd: list[str]) -> int:
    print("$", " ".join(cmd), flush=True)
    return subprocess.call(cmd, cwd=ROOT)


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "play"
    if what == "test":
        ensure_env("dev")
        for cmd in (
            [str(BIN / "ruff"), "check", *[d for d in ("src", "tests", "benchmarks") if (ROOT / d).is_dir()]],
            [str(BIN / "mypy"), "--strict", "src/cardtable"],
        ):
            if run(cmd) != 0:
                return 1
        return run([str(PY), "-m", "pytest", *argv[1:]])
    if what == "--":
        ensure_env("cli")
        return run([str(BIN / "cardtable"), *argv[1:]])
    ensure_env("cli")
    return run([str(BIN / "cardtable"), *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
