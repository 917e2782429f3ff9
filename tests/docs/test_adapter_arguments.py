"""Each environment page's argument tables list every argument of its factories (issue 21, item 5:
the Gymnasium table left out ``render_mode``)."""

from __future__ import annotations

import inspect
import re

import pytest
from docs_support import DOCS

pytest.importorskip("gymnasium", reason="the adapters need the rl extra")
pytest.importorskip("pettingzoo", reason="the adapters need the rl extra")

from cardtable.adapters import gym_env, pettingzoo_env

PAGES = {"gin_rummy": ("gin_rummy_v0", "gin_env"), "casino": ("casino_v0", "casino_env"),
         "pinochle": ("pinochle_v0", "pinochle_env")}


def _table(text: str, factory: str) -> set[str]:
    """The argument names in the table that follows ``factory(...)`` on the page."""
    start = text.index(f"`{factory}(...)`")
    rows = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("|"):
            rows.append(line)
        elif rows:
            break
    return {name for row in rows[2:] for name in re.findall(r"`(\w+)`", row.split("|")[1])}


def _arguments(*functions: object) -> set[str]:
    names: set[str] = set()
    for function in functions:
        for p in inspect.signature(function).parameters.values():  # type: ignore[arg-type]
            if p.kind is not p.VAR_KEYWORD and p.name not in ("self", "adapter"):
                names.add(p.name)
    return names


@pytest.mark.parametrize("page", list(PAGES))
def test_argument_tables_match_the_signatures(page: str) -> None:
    text = (DOCS / "adapters" / f"{page}.md").read_text(encoding="utf-8")
    aec, gym = PAGES[page]
    assert _table(text, aec) == _arguments(getattr(pettingzoo_env, aec))
    # the Gymnasium factory passes **kwargs on to CardtableGymEnv
    assert _table(text, gym) == _arguments(getattr(gym_env, gym), gym_env.CardtableGymEnv)
