"""The import direction of the package: each layer imports only the layers below it, and the
modules of a game (and of the agents, and of the core) import each other one way, without cycles.

Every import counts: at module level, inside functions, and under ``if TYPE_CHECKING:`` (a type
that only an annotation needs is still a dependency a reader has to follow).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "src" / "cardtable"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("error_codes", "i18n"),  # the errors' codes and English templates; the languages: import nothing of the package
    ("errors", "error_text"),  # the exceptions; an error's message in every language (imports the bottom only)
    ("cards", "rules"),
    ("", "core", "registry", "match", "record", "undo"),
    ("gin", "casino", "pinochle"),
    ("agents",),
    ("adapters", "arena", "store", "simulate"),
    ("apps", "docs_cli"),
    ("cli",),
    ("__main__",),
)
"""Bottom first. ``""`` is the package's ``__init__`` (the public façade over the core); ``__main__``
(``python -m cardtable``) only calls the CLI."""

LAYER_OF = {unit: i for i, units in enumerate(LAYERS) for unit in units}

ACYCLIC = ("gin", "casino", "pinochle", "agents", "apps", "core-layer")
"""Groups of modules whose imports must form no cycle."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def imports_of(name: str) -> set[str]:
    """The ``cardtable`` modules ``name`` imports (a package when the name is no module)."""
    path = MODULES[name]
    return imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")


def imports_in(source: str, name: str, is_package: bool = False) -> set[str]:
    """The ``cardtable`` modules imported anywhere in ``source``, the text of module ``name``."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "cardtable")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target.split(".")[0] != "cardtable":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
    found.discard(name)
    return found


def unit_of(name: str) -> str:
    """``cardtable.gin.state`` -> ``gin``; ``cardtable`` -> ``""``."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def group_of(name: str) -> str | None:
    unit = unit_of(name)
    if unit in ("gin", "casino", "pinochle", "agents", "apps"):
        return unit
    if LAYER_OF.get(unit) == LAYER_OF["core"]:
        return "core-layer"
    return None


def layer_violations() -> Iterator[str]:
    for name in MODULES:
        mine = LAYER_OF[unit_of(name)]
        for target in sorted(imports_of(name)):
            theirs = LAYER_OF[unit_of(target)]
            same_unit = unit_of(target) == unit_of(name)
            if theirs > mine or (theirs == mine and not same_unit and mine != LAYER_OF["core"]):
                yield f"{name} (layer {mine}) imports {target} (layer {theirs})"


def cycles(group: str) -> list[list[str]]:
    """Every import cycle among the modules of ``group`` (each reported once, from its smallest module)."""
    members = sorted(m for m in MODULES if group_of(m) == group)
    graph = {m: sorted(t for t in imports_of(m) if t in members) for m in members}
    found: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                found.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for m in members:
        if m not in state:
            visit(m)
    return found


def test_every_module_has_a_layer() -> None:
    """A new top-level module or package must be given its place in :data:`LAYERS`."""
    assert {unit_of(m) for m in MODULES} - set(LAYER_OF) == set()


def test_the_parser_sees_every_kind_of_import() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import cardtable.cards\n"
        "from . import melds\n"
        "from ..errors import CardtableError\n"
        "if TYPE_CHECKING:\n"
        "    from .state import GinState\n"
        "def f():\n"
        "    from ..casino.values import VALUE\n"
    )
    assert imports_in(source, "cardtable.gin.position") == {
        "cardtable.cards", "cardtable.gin.melds", "cardtable.errors", "cardtable.gin.state", "cardtable.casino.values",
    }
    assert imports_in("from .state import GinState\n", "cardtable.gin", is_package=True) == {"cardtable.gin.state"}


def test_layers_import_only_downwards() -> None:
    assert list(layer_violations()) == []


@pytest.mark.parametrize("group", ACYCLIC)
def test_no_import_cycles(group: str) -> None:
    assert [" -> ".join(c) for c in cycles(group)] == []


def test_no_game_imports_another_game() -> None:
    games = ("gin", "casino", "pinochle")
    crossing = [
        f"{m} imports {t}"
        for m in MODULES if unit_of(m) in games
        for t in imports_of(m) if unit_of(t) in games and unit_of(t) != unit_of(m)
    ]
    assert crossing == []


def test_agents_of_one_game_import_no_other_games_agents() -> None:
    games = ("gin", "casino", "pinochle")
    crossing = []
    for m in MODULES:
        parts = m.split(".")
        if parts[1:2] == ["agents"] and len(parts) > 2 and parts[2] in games:
            for t in imports_of(m):
                tp = t.split(".")
                if tp[1:2] == ["agents"] and len(tp) > 2 and tp[2] in games and tp[2] != parts[2]:
                    crossing.append(f"{m} imports {t}")
                if unit_of(t) in games and unit_of(t) != parts[2]:
                    crossing.append(f"{m} imports {t}")
    assert crossing == []


def test_a_match_makes_its_record_through_the_hook_the_record_module_sets() -> None:
    """match.py does not import record.py (record -> match only); ``Match.record()`` still gives a
    GameRecord, in a fresh interpreter that imports nothing but ``cardtable.match``."""
    code = (
        "from cardtable.match import Match\n"
        "m = Match('gin', seed=3)\n"
        "r = m.record()\n"
        "print(type(r).__module__, type(r).__name__, r.replay().first_dealer == m.first_dealer)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True).stdout
    assert out.split() == ["cardtable.record", "GameRecord", "True"]
    assert "cardtable.record" not in imports_of("cardtable.match")
