"""MkDocs hook: ``<!-- citations: casino -->`` becomes the table of the engine's explained illegal moves.

Read from the game package's source: every refusal built with its rule written out
(``IllegalActionError.from_code(code, rule, ...)``, the helpers that pass a code and a rule on, the
``(code, params, rule)`` triples the meld and trick checks return, and any plain
``IllegalActionError(message, rule)``), with the code's English template from
:mod:`cardtable.error_codes` (``…`` where it is filled in at run time) and links to the rules. It
follows the code, so the table is never out of date.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from cardtable.error_codes import CODES

__all__ = ["citations", "citations_table", "on_page_markdown"]

SRC = Path(__file__).resolve().parents[2] / "src" / "cardtable"
RULES_FILES = {"gin": "gin_rummy.md", "casino": "casino.md", "pinochle": "pinochle.md"}
_CALLS = {"IllegalActionError", "_err"}
_MARKER = re.compile(r"<!-- citations: (\w+) -->")


def _text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "…" for v in node.values)
    return None


def _said(code: str) -> str:
    """What the engine says for ``code``: its template, every placeholder as ``…``, without the ``…: `` of the move."""
    return re.sub(r"\{[^{}]*\}", "…", CODES[code].template).removeprefix("…: ")


def _codes_of(node: ast.expr, assigned: dict[str, list[tuple[int, list[str]]]]) -> list[str]:
    """The codes an argument may hold: a code written out, or a variable of the function last set to codes
    above it (``code = "a" if ... else "b"``); none if it comes from elsewhere."""
    text = _text(node)
    if text in CODES:
        return [text]
    if isinstance(node, ast.Subscript):  # ``found[0]`` of a helper's (code, params, rule)
        node = node.value
    if isinstance(node, ast.Name):
        above = [(line, codes) for line, codes in assigned.get(node.id, []) if line < node.lineno]
        return max(above)[1] if above else []
    return []


def _rule(node: ast.expr | None) -> str | None:
    rule = _text(node) if node is not None else None
    return rule if rule and re.search(r"\d", rule) and len(rule) < 60 else None


def _returned_codes(tree: ast.AST) -> dict[str, list[str]]:
    """The codes each function of a module returns first in a tuple (``return "code", {...}, "6.2"``)."""
    out: dict[str, list[str]] = {}
    for func in ast.walk(tree):
        if isinstance(func, ast.FunctionDef):
            out[func.name] = [str(_text(r.value.elts[0])) for r in ast.walk(func)
                              if isinstance(r, ast.Return) and isinstance(r.value, ast.Tuple) and r.value.elts
                              and _text(r.value.elts[0]) in CODES]
    return out


def _found_in(scope: ast.AST, returned: dict[str, list[str]]) -> set[tuple[str, str]]:
    assigned: dict[str, list[tuple[int, list[str]]]] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            codes = [c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and c.value in CODES]
            if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name):
                codes += returned.get(node.value.func.id, [])
            if codes:
                assigned.setdefault(node.targets[0].id, []).append((node.lineno, codes))
    found: set[tuple[str, str]] = set()
    for node in ast.walk(scope):
        pairs: list[tuple[str | None, list[str], str | None]] = []  # (rule, codes, plain message)
        if isinstance(node, ast.Call):
            args = node.args
            if isinstance(node.func, ast.Attribute) and node.func.attr == "from_code" and len(args) >= 2:
                pairs.append((_rule(args[1]), _codes_of(args[0], assigned), None))
            elif isinstance(node.func, ast.Name) and node.func.id in _CALLS and args:
                message = next((t for t in (_text(a) for a in reversed(args[:-1])) if t), None)
                pairs.append((_rule(args[-1]), [], message))
            else:  # a helper handed a code and its rule (``_wrong_step(state, action, "pinochle.play.now_meld", "6.1")``)
                for i, a in enumerate(args[:-1]):
                    if _text(a) in CODES:
                        pairs.append((_rule(args[i + 1]), [str(_text(a))], None))
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) in (2, 3):
            first, last = node.value.elts[0], node.value.elts[-1]
            pairs.append((_rule(last), _codes_of(first, assigned), _text(first) if _text(first) not in CODES else None))
        for rule, codes, message in pairs:
            if rule is None:
                continue
            for said in [_said(c) for c in codes] or [(message or "…").removeprefix("…: ")]:
                found.add((rule, said))
    return found


def citations(game: str) -> list[tuple[str, str]]:
    """``(rule, message)`` for every explained illegal move of ``game`` whose rule is a number."""
    found: set[tuple[str, str]] = set()
    for path in sorted((SRC / game).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        returned = _returned_codes(tree)
        for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))]:
            found |= _found_in(scope, returned)
    found = {(rule, said) for rule, said in found if said != "…" or not any(r == rule and s != "…" for r, s in found)}

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
