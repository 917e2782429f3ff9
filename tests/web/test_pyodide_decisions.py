"""``benchmarks/pyodide_decisions.py`` at a tiny size: Pyodide (the pinned npm tarball, fetched into
``~/.cache/cardtable/`` if missing) in Debian's chromium, in a Web Worker, times two Gin decisions of
``medium`` and of a world-capped ``hard``, and CPython times the same two. Both sides take the same
positions and choose the same actions (the agents are seeded and these levels are deterministic),
the times are positive, and the capped ``hard`` played its worlds on both sides."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]

if not os.path.exists("/usr/bin/chromium"):
    pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium "
                "(.ci/run: apt-get install -y chromium)", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install playwright)")


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_pyodide_decisions", ROOT / "benchmarks" / "pyodide_decisions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


BENCH = _load()
CAPPED = "hard/time_budget=none/worlds=4"


def test_positions_are_records_where_hard_searches() -> None:
    from cardtable.agents import make_agent
    from cardtable.record import GameRecord

    records = BENCH.make_positions("gin", 2, seed=5)
    assert len(records) == 2 and records == BENCH.make_positions("gin", 2, seed=5)  # seeded
    for text in records:
        state = GameRecord.loads(text).replay().state
        agent = make_agent("gin", CAPPED, seed=1)
        agent.act(state.view(state.current_player()), state.legal_moves())
        assert agent.last_worlds == 4


def test_two_decisions_under_pyodide_beside_cpython() -> None:
    figures = BENCH.measure(["gin"], ["medium", CAPPED], 2, seed=5)
    assert figures["pyodide"] and figures["load_ms"] > 0
    assert figures["pyodide_python"].startswith("3.") and figures["cpython"] == ".".join(map(str, sys.version_info[:3]))
    medium, hard = figures["rows"]
    for row in (medium, hard):
        assert row["decisions"] == 2
        assert row["same_actions"] == 2, row  # the very same choices in the browser
        for key in ("pyodide_median", "pyodide_p95", "cpython_median", "cpython_p95"):
            assert 0 < row[key] < 60_000, (key, row)
        assert row["ratio"] > 0
    assert hard["pyodide_worlds"] == hard["cpython_worlds"] == 4
    assert hard["over_budget"] == 0  # no time budget: never over it
    table = BENCH.format_table(figures["rows"])
    assert "gin" in table and CAPPED in table and "2/2" in table
