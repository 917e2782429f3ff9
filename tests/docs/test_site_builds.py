"""The documentation site builds in strict mode: no broken link, anchor or API reference."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from docs_support import ROOT, load_hook


def _build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    # the browser table under play/ only from Pyodide already cached (the static site's tests cache it): no download
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "CARDTABLE_DOCS_PLAY": "cached"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = _build(ROOT / "mkdocs.yml", out)
    assert result.returncode == 0, result.stderr[-4000:]
    assert "WARNING" not in result.stderr, result.stderr[-4000:]
    return out


def test_every_page_of_the_nav_is_built(site: Path) -> None:
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]

    def files(entry: object) -> list[str]:
        if isinstance(entry, str):
            return [entry]
        if isinstance(entry, list):
            return [f for e in entry for f in files(e)]
        if isinstance(entry, dict):
            return [f for v in entry.values() for f in files(v)]
        return []

    pages = files(nav)
    assert len(pages) >= 30
    for page in pages:
        html = site / (page.removesuffix("README.md") + "index.html" if page.endswith("README.md") else page.removesuffix(".md") + ".html")
        assert html.is_file(), page


def test_rule_numbers_are_anchors(site: Path) -> None:
    casino = (site / "rules" / "casino.html").read_text(encoding="utf-8")
    gin = (site / "rules" / "gin_rummy.html").read_text(encoding="utf-8")
    for anchor in ("7.2.2", "7.4.1", "5.6", "C-01"):
        assert f'id="{anchor}"' in casino, anchor
    for anchor in ("4.3", "4.3.2", "G-12"):
        assert f'id="{anchor}"' in gin, anchor
    assert 'href="#7.2.1"' in casino  # "(7.2.1)" in the text links to the rule
    # GitHub-style lists (no blank line before them) render as lists, not as "- " in a paragraph.
    assert "capture: - a court card" not in casino and "<li>a court card;</li>" in casino


def test_api_reference_is_generated_from_the_docstrings(site: Path) -> None:
    core = (site / "api" / "core.html").read_text(encoding="utf-8")
    assert 'id="cardtable.core.GameState.legal_actions"' in core
    assert 'id="cardtable.errors.IllegalActionError"' in core
    casino = (site / "api" / "casino.html").read_text(encoding="utf-8")
    assert 'id="cardtable.casino.state.CasinoState"' in casino
    assert ":class:" not in casino and "<table>" in casino  # reST roles and tables converted
    assert '<a class="autorefs autorefs-internal"' in core  # roles link to the documented objects
    adapters = (site / "api" / "adapters.html").read_text(encoding="utf-8")
    assert "Discrete(125)" in adapters


def test_strict_build_rejects_a_broken_rule_link(tmp_path: Path) -> None:
    """The same validation settings fail the build on a link to a rule that does not exist."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    docs = tmp_path / "docs"
    (docs / "rules").mkdir(parents=True)
    (docs / "rules" / "gin_rummy.md").write_bytes((ROOT / "docs" / "rules" / "gin_rummy.md").read_bytes())
    (docs / "index.md").write_text("# Home\n\nSee [the knock](rules/gin_rummy.md#4.3.2).\n", encoding="utf-8")
    config.pop("watch", None)  # paths of the checkout, not of this small site
    config.update(docs_dir=str(docs), nav=["index.md", "rules/gin_rummy.md"], plugins=["search"],
                  hooks=[str(ROOT / "docs" / "hooks" / "rules_anchors.py")])
    path = tmp_path / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    assert _build(path, tmp_path / "ok").returncode == 0
    (docs / "index.md").write_text("# Home\n\nSee [rule 4.9.9](rules/gin_rummy.md#4.9.9).\n", encoding="utf-8")
    broken = _build(path, tmp_path / "broken")
    assert broken.returncode != 0 and "4.9.9" in broken.stderr


# Command-line plumbing, the apps and the database internals are not library API.
NOT_API = {"cardtable.cli", "cardtable.docs_cli", "cardtable.simulate", "cardtable.arena.cli",
           "cardtable.store.migrations", "cardtable.store.schema", "cardtable.adapters.conftest"}


def test_every_library_module_is_in_the_api_reference() -> None:
    """A new module of the library gets its ``::: module`` line in ``docs/api/`` (or a place in NOT_API)."""
    src = ROOT / "src"
    listed = set()
    for page in (ROOT / "docs" / "api").glob("*.md"):
        listed |= set(re.findall(r"^::: ([\w.]+)$", page.read_text(encoding="utf-8"), re.MULTILINE))
    modules = set()
    for path in (src / "cardtable").rglob("*.py"):
        parts = path.relative_to(src).with_suffix("").parts
        if "apps" in parts or any(p.startswith("_") and p != "__init__" for p in parts):
            continue
        modules.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    # a package is documented by its own line or by its modules' lines
    missing = sorted(m for m in modules - listed - NOT_API if not any(x.startswith(m + ".") for x in listed))
    assert not missing, f"add these modules to a page of docs/api/ (a '::: module' line): {missing}"


def test_the_site_shows_the_package_version(site: Path) -> None:
    """The version in pyproject.toml (issue 21, item 4) is in every page's title bar and footer."""
    version = load_hook("version").project_version()
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", version)
    for page in ("index.html", "api/core.html"):
        html = (site / page).read_text(encoding="utf-8")
        assert f"cardtable {version}" in html, page
        assert html.count(version) >= 2, page  # the header and the footer


def test_try_it_in_your_browser_opens_the_table_or_says_how_to_build_it(site: Path) -> None:
    """The home page and the static-site guide link to ``play/``: the table with no server where Pyodide is
    cached, else a page with the command that builds it."""
    assert 'href="play/index.html">Try it in your browser</a>' in (site / "index.html").read_text(encoding="utf-8")
    guide = (site / "guides" / "static-site.html").read_text(encoding="utf-8")
    assert 'href="../play/index.html">Try it in your browser</a>' in guide
    play = (site / "play" / "index.html").read_text(encoding="utf-8")
    if (site / "play" / "build.json").is_file():
        assert '<meta name="cardtable-site" content="solo">' in play
        assert (site / "play" / "pyodide" / "pyodide.asm.wasm").is_file() and (site / "play" / "sw.js").is_file()
    else:
        assert "cardtable build-static site/play" in play
