"""Every ```python block of the documentation runs, page by page, in order.

The blocks of one page share a namespace (a later block may use what an earlier one made), run in
a fresh temporary directory, and must finish quickly: the pages promise small examples. A block
with a title (```` ```python title="greedy_gin.py" ````) is also saved under that name, as the
page asks the reader to, so that later blocks (and arena workers) can import it.
"""

from __future__ import annotations

import contextlib
import io
import sys
import time
from pathlib import Path

import pytest
from docs_support import DOCS, code_blocks, pages

PAGES = [p for p in pages() if code_blocks(p.read_text(encoding="utf-8"), "python")]


def _saved_files() -> dict[str, list[tuple[str, str]]]:
    """File name -> (page, code) of every block a page asks the reader to save under that name."""
    files: dict[str, list[tuple[str, str]]] = {}
    for page in pages():
        for _, code, title in code_blocks(page.read_text(encoding="utf-8"), "python"):
            if title:
                files.setdefault(title, []).append((page.relative_to(DOCS).as_posix(), code))
    return files


def test_each_file_a_page_asks_to_save_is_written_once() -> None:
    """Issue 21, item 5: two guides asked for two different ``greedy_gin.py``; one page owns each file
    and the others refer to it."""
    files = _saved_files()
    assert "greedy_gin.py" in files
    twice = {name: [page for page, _ in where] for name, where in files.items() if len(where) > 1}
    assert not twice, twice


def test_the_guides_have_examples() -> None:
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert {"getting-started.md", "guides/library.md", "guides/agents.md", "games/gin.md", "games/casino.md",
            "games/pinochle.md", "adapters/gin_rummy.md"} <= names, names


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(DOCS).as_posix() for p in PAGES])
def test_page_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("CARDTABLE_DATABASE_URL", str(tmp_path / "docs.db"))
    namespace: dict[str, object] = {"__name__": "__docs__"}
    saved: list[str] = []
    blocks = code_blocks(page.read_text(encoding="utf-8"), "python")
    own = {title for _, _, title in blocks if title}
    for title, [(_, code)] in _saved_files().items():  # a file saved on another page (test above: one each)
        if title not in own:
            (tmp_path / title).write_text(code, encoding="utf-8")
            saved.append(Path(title).stem)
    start = time.perf_counter()
    try:
        for line, code, title in blocks:
            if title:
                (tmp_path / title).write_text(code, encoding="utf-8")
                saved.append(Path(title).stem)
            compiled = compile(code, f"{page.relative_to(DOCS)}:{line}", "exec")
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compiled, namespace)
    finally:
        for name in saved:  # another page may save a different module of the same name
            sys.modules.pop(name, None)
    assert time.perf_counter() - start < 30, "examples should stay small"
