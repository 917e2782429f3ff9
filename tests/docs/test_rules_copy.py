"""The rules inside the project stay in step with the specification, and the code's rule
citations point at sections a reader can find."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docs_support import ROOT, load_hook
from rules_copy import DOCS_RULES, SHARED_RULES, file_hashes, read_hashes, sync

GAME_FILES = {"gin": "gin_rummy.md", "casino": "casino.md", "pinochle": "pinochle.md"}
REFERENCES = ROOT / "docs" / "rule-references.md"
_CITATION = re.compile(
    r'from_code\((?:"[\w.]+"|\w+(?:\[\d\])?),\s*"([^"]+)"'  # IllegalActionError.from_code(code, "rule", ...)
    r"""|(?:IllegalActionError|_err|_wrong_step)\(.*,\s*"([^"]+)"\)"""  # a helper handed a code and its rule
    r"""|return\s+f?"[^"]*",\s*(?:\{.*\},\s*)?"([\d.]+[a-z]?)"$""")  # a check's (code, params, rule)


def test_copy_matches_recorded_hashes() -> None:
    """The committed copy is the one recorded (a clean clone without the specification checks this)."""
    assert file_hashes(DOCS_RULES) == read_hashes(), f"docs/rules changed by hand? run python {Path(__file__).with_name('rules_copy.py')}"


def test_copy_matches_the_specification() -> None:
    """Byte for byte the files of ``../shared/rules``, when the specification is next to the checkout."""
    if not SHARED_RULES.is_dir():
        # A clean clone (CI) has no ../shared: the recorded hashes above are the check there.
        assert read_hashes() == file_hashes(DOCS_RULES)
        return
    stale = {name for name, digest in file_hashes(SHARED_RULES).items() if file_hashes(DOCS_RULES).get(name) != digest}
    extra = set(file_hashes(DOCS_RULES)) - set(file_hashes(SHARED_RULES))
    assert not stale and not extra, (
        f"docs/rules is out of step with {SHARED_RULES}: changed {sorted(stale)}, not in the specification "
        f"{sorted(extra)}; run python tests/docs/rules_copy.py")


def test_sync_copies_and_records(tmp_path: Path) -> None:
    """The sync script makes a byte-identical copy and records hashes the check accepts."""
    source = tmp_path / "spec"
    (source / "sources").mkdir(parents=True)
    (source / "casino.md").write_bytes("# Casino\n\n## 7. The move ♠\n".encode())
    (source / "sources" / "a.txt").write_bytes(b"\x00\xff raw")
    target, hashes = tmp_path / "docs_rules", tmp_path / "rules.sha256"
    (target / "old.md").parent.mkdir()
    (target / "old.md").write_text("stale")
    recorded = sync(source, target, hashes)
    assert sorted(recorded) == ["casino.md", "sources/a.txt"]
    assert (target / "sources" / "a.txt").read_bytes() == b"\x00\xff raw"
    assert read_hashes(hashes) == file_hashes(target) == file_hashes(source)
    (target / "casino.md").write_text("# edited by hand\n")
    assert read_hashes(hashes) != file_hashes(target)


def _documented_tags() -> set[str]:
    """The citations that are not rule numbers, as the rule references page explains them."""
    return set(re.findall(r"^\| `([a-z-]+)` \|", REFERENCES.read_text(encoding="utf-8"), re.MULTILINE))


def _citations(package: str) -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for path in sorted((ROOT / "src" / "cardtable" / package).rglob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            for m in _CITATION.finditer(line.strip()):
                found.add((path.name, m.group(1) or m.group(2) or m.group(3)))
    return found


@pytest.mark.parametrize("game", sorted(GAME_FILES))
def test_every_rule_cited_by_the_engine_has_an_anchor(game: str) -> None:
    """Every number in every ``IllegalActionError`` rule (``"3.3 / 7.3.1"``, ``"5.3a"``) resolves to
    ``docs/rules/<game>.md#<number>``. The citations are those the references page lists."""
    anchors = set(load_hook("rules_anchors").rule_anchors((DOCS_RULES / GAME_FILES[game]).read_text(encoding="utf-8")))
    citations = load_hook("citations").citations(game)
    assert len(citations) >= 10, citations
    missing = [(rule, message) for rule, message in citations
               if any(n not in anchors for n in re.findall(r"\d+(?:\.\d+)*", rule))]
    assert not missing, f"rule citations with no anchor in {GAME_FILES[game]}: {missing}"
    # the line-by-line scan finds no numbered citation that the hook's parse missed
    numbered = {rule for _, rule in _citations(game) if re.search(r"\d", rule)}
    assert numbered <= {rule for rule, _ in citations}, numbered - {rule for rule, _ in citations}


def test_every_other_citation_is_explained() -> None:
    """Citations that are not rule numbers (``chance``, ``terminal`` ...) are in the references page."""
    tags = {rule for _, rule in _citations("") if not re.search(r"\d", rule)}
    assert {"chance", "terminal"} <= tags
    assert tags <= _documented_tags(), tags - _documented_tags()


def test_anchors_name_sections_items_and_examples() -> None:
    """Spot checks: a heading, a numbered item under a heading, an example."""
    hook = load_hook("rules_anchors")
    gin = hook.rule_anchors((DOCS_RULES / "gin_rummy.md").read_text(encoding="utf-8"))
    casino = hook.rule_anchors((DOCS_RULES / "casino.md").read_text(encoding="utf-8"))
    assert {"4.3", "4.3.2", "4.1.3", "G-12"} <= set(gin)
    assert {"7.2.2", "7.4.1", "5.6", "C-01", "C-09"} <= set(casino)
    assert len(gin) == len(set(gin)) and len(casino) == len(set(casino))
    text = "## 4. Play\n1. first\n2. second\n### 4.1 Offer\n1. take\n**G-01 An example.**\n"
    assert hook.rule_anchors(text) == ["4", "4.1", "4.2", "4.1.1", "G-01"]
