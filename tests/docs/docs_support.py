"""Helpers for the documentation tests: the hooks module, the pages and their code blocks."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

__all__ = ["DOCS", "ROOT", "code_blocks", "load_hook", "pages"]

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>```+|~~~+)\s*(?P<lang>[\w-]*)(?P<info>[^\n]*)$")


def load_hook(name: str) -> ModuleType:
    """A module of ``docs/hooks`` (they are loaded by MkDocs by path, not installed)."""
    spec = importlib.util.spec_from_file_location(f"docs_hooks_{name}", DOCS / "hooks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pages() -> list[Path]:
    """Every hand-written Markdown page (the rules copy is checked separately)."""
    return sorted(p for p in DOCS.rglob("*.md") if "rules" not in p.relative_to(DOCS).parts)


def code_blocks(text: str, lang: str) -> list[tuple[int, str, str]]:
    """``(line number, code, title)`` of every fenced block of ``lang`` in a Markdown text; the title
    (```` ```python title="greedy_gin.py" ````) names the file a reader is asked to save it as."""
    blocks: list[tuple[int, str, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, start = len(m.group("indent")), m.group("fence"), i + 1
        body: list[str] = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i][indent:])
            i += 1
        if m.group("lang") == lang:
            title = re.search(r'title="([^"]+)"', m.group("info"))
            blocks.append((start, "\n".join(body) + "\n", title.group(1) if title else ""))
        i += 1
    return blocks
