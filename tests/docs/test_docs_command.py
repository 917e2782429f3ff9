"""``cardtable docs``: builds the site when its sources changed, prints where it is, clear errors."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.docs_cli import find_project, site_is_stale


def _project(root: Path) -> Path:
    (root / "docs").mkdir(parents=True)
    (root / "mkdocs.yml").write_text("site_name: t\nstrict: true\nuse_directory_urls: false\nnav:\n  - index.md\n")
    (root / "docs" / "index.md").write_text("# Home\n\nHello.\n")
    return root


def test_builds_once_then_reuses_then_rebuilds_after_an_edit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path / "checkout")
    assert main(["docs", "--root", str(root)]) == 0
    index = root / "site" / "index.html"
    assert capsys.readouterr().out.strip() == str(index) and "Hello." in index.read_text()
    built = index.stat().st_mtime
    assert not site_is_stale(root)
    assert main(["docs", "--root", str(root)]) == 0
    assert index.stat().st_mtime == built and "building" not in capsys.readouterr().err
    page = root / "docs" / "index.md"
    page.write_text("# Home\n\nEdited.\n")
    later = time.time() + 5
    os.utime(page, (later, later))
    assert site_is_stale(root)
    assert main(["docs", "--root", str(root)]) == 0
    assert "Edited." in index.read_text() and "building" in capsys.readouterr().err


def test_a_broken_page_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path / "checkout")
    (root / "docs" / "index.md").write_text("# Home\n\n[gone](missing.md)\n")
    assert main(["docs", "--root", str(root)]) == 2
    err = capsys.readouterr().err
    assert "did not build" in err and "missing.md" in err


def test_outside_a_checkout_says_where_the_sources_are(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "--root", str(tmp_path)]) == 2
    assert "source checkout" in capsys.readouterr().err


def test_finds_the_checkout_from_a_subfolder(tmp_path: Path) -> None:
    root = _project(tmp_path / "checkout")
    (root / "src" / "deep").mkdir(parents=True)
    assert find_project(root / "src" / "deep") == root.resolve()
    assert find_project(tmp_path) is None
    assert find_project() == Path(__file__).resolve().parents[2]   # this checkout


def test_points_at_a_rule_as_errors_cite_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path / "checkout")
    hook = Path(__file__).resolve().parents[2] / "docs" / "hooks" / "rules_anchors.py"
    (root / "mkdocs.yml").write_text(
        f"site_name: t\nuse_directory_urls: false\nhooks:\n  - {hook}\nnav:\n  - index.md\n  - rules/casino.md\n")
    (root / "docs" / "rules").mkdir()
    (root / "docs" / "rules" / "casino.md").write_text("# Casino\n\n### 7.4.1 The controller may not trail\nText.\n")
    assert main(["docs", "casino", "controller rule 7.4.1", "--root", str(root)]) == 0
    page = (root / "site" / "rules" / "casino.html").resolve()
    assert capsys.readouterr().out.strip() == f"{page.as_uri()}#7.4.1"
    assert main(["docs", "casino", "--root", str(root)]) == 0
    assert capsys.readouterr().out.strip() == page.as_uri()
    assert main(["docs", "casino", "9.9.9", "--root", str(root)]) == 2
    assert "no rule or example '9.9.9'" in capsys.readouterr().err
