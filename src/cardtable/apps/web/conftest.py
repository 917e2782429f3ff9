"""Doctest collection of the web server needs the web extra; without FastAPI its modules are skipped."""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
if importlib.util.find_spec("fastapi") is None:
    collect_ignore += ["server.py"]
if importlib.util.find_spec("sqlalchemy") is None:
    collect_ignore += ["tables.py"]
