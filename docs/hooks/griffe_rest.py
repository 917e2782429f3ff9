"""Griffe extension: the reST bits of cardtable's docstrings, as Markdown for mkdocstrings.

The docstrings are written for ``help()`` and doctest: ``:class:`~x.Y``` roles, reST simple
tables (``====  ====``), doctest blocks and ``::`` literal blocks. This turns them into links to
the referenced API entries (plain code when the target is not documented), Markdown tables and
fenced code when the API reference is built; the source is untouched.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

__all__ = ["RestDocstrings", "rest_to_markdown"]

_ROLE = re.compile(r":(?:py:)?(?:class|mod|func|meth|attr|exc|data|obj|const):`(~?)([^`<]+?)(?:\s*<([^>]+)>)?`")
_BORDER = re.compile(r"^(\s*)(=+)((?: +=+)+)\s*$")


def _targets(text: str, module: str, package: str, scope: str | None, imports: dict[str, str]) -> list[str]:
    """Full dotted paths a role's target written in ``module`` may have, most likely first: the
    path itself, a relative path, an imported name, a member of the enclosing class, a module member."""
    if text.startswith("cardtable"):
        return [text]
    if text.startswith("."):
        base = package.split(".")
        dots = len(text) - len(text.lstrip("."))
        base = base[: len(base) - (dots - 1)] if dots > 1 else base
        return [".".join([*base, text.lstrip(".")])]
    head, _, rest = text.partition(".")
    if head in imports:
        return [".".join(filter(None, [imports[head], rest]))]
    found = [f"{scope}.{text}"] if scope else []
    return [*found, f"{module}.{text}"]


def _role(match: re.Match[str], context: tuple[str, str, str | None, dict[str, str]] | None = None) -> str:
    tilde, text, target = match.group(1), match.group(2).strip(), match.group(3)
    if target:
        return f"`{text}`"
    path = text.lstrip("~")
    shown = path.split(".")[-1] if tilde or text.startswith("~") else path.lstrip(".")
    if context is None:
        return f"`{shown}`"
    ids = _targets(path, *context)
    slug = f' slug="{ids[1]}"' if len(ids) > 1 else ""
    # mkdocs-autorefs links the first documented candidate, else leaves the code as it is.
    return f'<autoref identifier="{ids[0]}"{slug} optional><code>{shown}</code></autoref>'


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


def rest_to_markdown(text: str, context: tuple[str, str, str | None, dict[str, str]] | None = None) -> str:
    """Convert the reST constructs cardtable's docstrings use into Markdown. With a ``context``
    (module, package, enclosing class or ``None``, imported names), roles become cross-references."""
    text = _ROLE.sub(lambda m: _role(m, context), text)
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
            module = obj.module
            package = module.path if module.is_init_module else module.parent.path if module.parent else module.path
            scope = obj.path if obj.is_class else obj.parent.path if obj.parent is not None and obj.parent.is_class else None
            imports = {name: member.target_path for name, member in module.members.items() if member.is_alias}
            obj.docstring.value = rest_to_markdown(obj.docstring.value, (module.path, package, scope, imports))
