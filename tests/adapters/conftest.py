"""The adapter tests need the optional extras (``cardtable[rl,openspiel]``); without them they are not collected."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator

import pytest

collect_ignore_glob: list[str] = []
if any(importlib.util.find_spec(m) is None for m in ("numpy", "gymnasium", "pettingzoo")):
    collect_ignore_glob.append("test_*.py")
elif importlib.util.find_spec("pyspiel") is None:
    collect_ignore_glob.append("test_openspiel*.py")



@pytest.fixture(autouse=True, scope="session")
def _sb3_logs_in_tmp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """SB3 makes a log folder per ``learn()`` (``$SB3_LOGDIR``, else ``/tmp/SB3-<time>``): keep them in pytest's
    temporary folders, not littering ``/tmp`` (session-wide: module fixtures train models too)."""
    before = os.environ.get("SB3_LOGDIR")
    os.environ["SB3_LOGDIR"] = str(tmp_path_factory.mktemp("sb3-logs"))
    yield
    if before is None:
        os.environ.pop("SB3_LOGDIR", None)
    else:
        os.environ["SB3_LOGDIR"] = before
