"""The docs hook that puts the browser table with no server under ``play/`` of the built site (issue 24)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from docs_support import load_hook

from cardtable.apps.web.static_site import MARKER, PYODIDE_VERSION, cached_pyodide

PLAY = load_hook("play_site")


def test_without_a_table_the_page_says_how_to_build_one(tmp_path: Path) -> None:
    out = tmp_path / "site" / "play"
    why = PLAY.build_play(out, "off")
    assert why is not None and "off" in why
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "cardtable build-static site/play" in page and 'href="../guides/static-site.html"' in page
    assert "CARDTABLE_DOCS_PLAY=off" in page and not (out / MARKER).exists()
    with pytest.raises(ValueError):
        PLAY.build_play(out, "download")


def test_with_pyodide_cached_the_table_is_built_without_the_network(tmp_path: Path) -> None:
    if cached_pyodide() is None:
        pytest.skip("Pyodide is not cached (the static site's tests download it once)")
    out = tmp_path / "site" / "play"
    out.mkdir(parents=True)
    (out / "index.html").write_text("the page of an earlier build")
    assert PLAY.build_play(out, "cached") is None
    assert json.loads((out / MARKER).read_text())["pyodide"] == PYODIDE_VERSION
    assert '<meta name="cardtable-site" content="solo">' in (out / "index.html").read_text(encoding="utf-8")


def test_the_cache_mode_builds_no_table_when_nothing_is_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty-cache"))
    out = tmp_path / "play"
    why = PLAY.build_play(out, "cached")
    assert why is not None and "not in the cache" in why
    assert "cardtable build-static" in (out / "index.html").read_text(encoding="utf-8")
    assert not (tmp_path / "empty-cache").exists()  # nothing downloaded
