"""Helpers shared by the training-recipe tests: the command a docs page shows, and a few hands played."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from cardtable.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]


def page_command(page: Path, script: str) -> list[str]:
    """The options of the first ``python SCRIPT ...`` line in a ```sh block of ``page``."""
    sys.path.insert(0, str(ROOT / "tests" / "docs"))
    try:
        from docs_support import code_blocks
    finally:
        sys.path.pop(0)
    for _, code, _ in code_blocks(page.read_text(encoding="utf-8"), "sh"):
        for line in code.splitlines():
            words = shlex.split(line, comments=True)
            if len(words) > 1 and words[1] == script:
                return words[2:]
    raise AssertionError(f"{page.name} shows no '{script}' command")


def play_gin_hands(spec: str, hands: int = 2, seed: int = 3) -> dict[str, object]:
    """``hands`` Gin hands between the agent ``spec`` and the random level (an illegal move raises)."""
    summary = simulate("gin", games=hands, seed=seed, players=[spec, "random"], hands_only=True, progress=False)
    assert summary["hands"] == hands
    return summary
