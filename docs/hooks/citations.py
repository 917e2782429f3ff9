"""MkDocs hook: ``<!-- citations: casino -->`` becomes the table of the engine's explained illegal moves.

Read from the game package's source: every ``IllegalActionError(message, rule)`` (and the helpers
that build one, and the ``(why, rule)`` pairs the meld checks return) whose rule is written out,
with the message (``…`` where it is filled in at run time) and links to the rules. It follows the
code, so the table is never out of date.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

__all__ = ["citations", "citations_table", "on_page_markdown"]

SRC = Path(__file__).resolve().parents[2] / "src" / "cardtable"
RULES_FILES = {"gin": "gin_rummy.md", "casino": "casino.md", "pinochle": "pinochle.md"}
_CALLS = {"IllegalActionError", "_err", "_wrong_step"}
_MARKER = re.compile(r"<!-- citations: (\w+) -->")


def _text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "…" for v in node.values)
    return None


def citations(game: str) -> list[tuple[str, str]]:
    """``(rule, message)`` for every explained illegal move of ``game`` whose rule is a number."""
    found: set[tuple[str, str]] = set()
    for path in sorted((SRC / game).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            texts: list[str | None] = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _CALLS:
                texts = [_text(a) for a in node.args]
            elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 2:
                texts = [_text(e) for e in node.value.elts]
            rule = texts[-1] if texts else None
            message = next((t for t in reversed(texts[:-1]) if t), None)
            if rule and message and re.search(r"\d", rule) and len(rule) < 60:
                found.add((rule, message.removeprefix("…: ")))
    def key(item: tuple[str, str]) -> tuple[list[int], str]:
        number = re.search(r"\d+(?:\.\d+)*", item[0])
        return ([int(x) for x in number.group(0).split(".")] if number else [], item[1])
    return sorted(found, key=key)


def citations_table(game: str) -> str:
    """The Markdown table of :func:`citations`, rules linked to the game's rules page."""
    lines = ["| rule | the engine says (… is filled in) |", "|---|---|"]
    for rule, message in citations(game):
        link = re.sub(r"\d+(?:\.\d+)*", lambda m: f"[{m.group(0)}](rules/{RULES_FILES[game]}#{m.group(0)})", rule)
        escaped = message.replace("|", "\\|")
        lines.append(f"| {link} | {escaped} |")
    return "\n".join(lines)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace every marker by its table."""
    return _MARKER.sub(lambda m: citations_table(m.group(1)), markdown)
