"""The adapter tests need the optional extras (``cardtable[rl,openspiel]``); without them they are not collected."""

from __future__ import annotations

import importlib.util

collect_ignore_glob: list[str] = []
if any(importlib.util.find_spec(m) is None for m in ("numpy", "gymnasium", "pettingzoo")):
    collect_ignore_glob.append("test_*.py")
elif importlib.util.find_spec("pyspiel") is None:
    collect_ignore_glob.append("test_openspiel*.py")
