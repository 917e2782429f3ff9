"""Release files agree with the one place the version is written (``pyproject.toml``)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def test_citation_names_the_package_version() -> None:
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert re.search(r"^version: (\S+)$", text, re.M) is not None
    assert re.search(r"^version: (\S+)$", text, re.M).group(1) == VERSION  # type: ignore[union-attr]


def test_changelog_has_a_section_for_the_next_or_current_release() -> None:
    heads = re.findall(r"^## \[([^\]]+)\]", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert heads and heads[0] in ("Unreleased", VERSION)
    assert "Versioning and deprecation policy" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
