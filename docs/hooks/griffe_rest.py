"""Griffe extension: the reST bits of cardtable's docstrings, as Markdown for mkdocstrings.

The docstrings are written for ``help()`` and doctest: ``:class:`~x.Y``` roles, reST simple
tables (``====  ====``), doctest blocks and ``::`` literal blocks. This turns them into code
spans, Markdown tables and fenced code when the API reference is built; the source is untouched.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

__all__ = ["RestDocstrings", "rest_to_markdown"]

_ROLE = re.compile(r":(?:py:)?(?:class|mod|func|meth|attr|exc|data|obj|const):`(~?)([^`<]+?)(?:\s*<([^>]+)>)?`")
_BORDER = re.compile(r"^(\s*)(=+)((?: +=+)+)\s*$")


def _role(match: re.Match[str]) -> str:
    tilde, text, target = match.group(1), match.group(2).strip(), match.group(3)
    if target:
        return f"`{text}`"
    if tilde or text.startswith("~"):
        text = text.lstrip("~").split(".")[-1]
    return f"`{text.lstrip('.')}`"


def _columns(border: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"=+", border)]


def _table(lines: list[str]) -> list[str]:
    """A reST simple table (its border lines included) as Markdown table lines."""
    cols = _columns(lines[0])
    borders = [i for i, line in enumerate(lines) if _BORDER.match(line)]
    rows: list[list[str]] = []
    for line in lines:
        if _BORDER.match(line) or not line.strip():
            continue
        cells = []
        for k, (start, _end) in enumerate(cols):
            stop = cols[k + 1][0] if k + 1 < len(cols) else len(line)
            cells.append(line[start:stop].strip().replace("|", "\\|"))
        if line[: cols[0][0]].strip() == "" and not line[cols[0][0] : cols[0][1]].strip() and rows:
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=False)]
            continue
        rows.append(cells)
    header = rows[0] if len(borders) >= 3 else [""] * len(cols)
    body = rows[1:] if len(borders) >= 3 else rows
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join(row) + " |" for row in body]
    return ["", *out, ""]


def rest_to_markdown(text: str) -> str:
    """Convert the reST constructs cardtable's docstrings use into Markdown."""
    text = _ROLE.sub(_role, text)
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _BORDER.match(line):
            indent = len(line) - len(line.lstrip())
            j = i
            while j < len(lines) and lines[j].strip():
                j += 1
            out += _table([x[indent:] if x[:indent].strip() == "" else x for x in lines[i:j]])
            i = j
            continue
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
            continue
        if line.rstrip().endswith("::") and i + 1 < len(lines) and not lines[i + 1].strip():
            stripped = line.rstrip()[:-2].rstrip()
            base = len(line) - len(line.lstrip())
            if stripped.strip():
                out.append(stripped + ":")
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            block: list[str] = []
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > base):
                block.append(lines[j])
                j += 1
            while block and not block[-1].strip():
                block.pop()
            if block:
                depth = min(len(x) - len(x.lstrip()) for x in block if x.strip())
                pad = " " * base
                out += ["", f"{pad}```text", *[pad + x[depth:] for x in block], f"{pad}```", ""]
                i = j
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


class RestDocstrings(griffe.Extension):
    """Rewrite every loaded docstring with :func:`rest_to_markdown`."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rest_to_markdown(obj.docstring.value)
