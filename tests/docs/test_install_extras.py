"""README and getting-started list the same install lines: every extra of pyproject.toml (issue 21, item 5)."""

from __future__ import annotations

import re
import tomllib

from docs_support import DOCS, ROOT, code_blocks


def _extras_listed(text: str) -> list[str]:
    block = next(code for _, code, _ in code_blocks(text, "sh") if "pip install -e ." in code)
    return re.findall(r"pip install -e '\.\[([\w-]+)\]'", block)


def test_readme_and_getting_started_list_every_extra() -> None:
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"])
    readme = _extras_listed((ROOT / "README.md").read_text(encoding="utf-8"))
    started = _extras_listed((DOCS / "getting-started.md").read_text(encoding="utf-8"))
    assert set(readme) == extras, sorted(extras ^ set(readme))
    assert readme == started  # the same lines, in the same order
