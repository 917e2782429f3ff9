"""The rules inside the project (``docs/rules``) and the specification they are copied from.

``docs/rules`` is the project's copy of ``../shared/rules`` (the specification next to the
checkout), byte for byte. ``rules.sha256`` records the copy's hashes, so a clean clone without
the specification still checks that nobody edited the copy by hand.

Run ``python tests/docs/rules_copy.py`` after the specification changes: it copies the files
and records the new hashes.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

__all__ = ["DOCS_RULES", "HASHES", "SHARED_RULES", "file_hashes", "read_hashes", "sync"]

ROOT = Path(__file__).resolve().parents[2]
DOCS_RULES = ROOT / "docs" / "rules"
SHARED_RULES = ROOT.parent / "shared" / "rules"
HASHES = Path(__file__).with_name("rules.sha256")


def file_hashes(folder: Path) -> dict[str, str]:
    """``{relative path: sha256}`` of every file under ``folder``."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def read_hashes(path: Path = HASHES) -> dict[str, str]:
    """The recorded hashes (``sha256sum`` format: hash, two spaces, path)."""
    pairs = (line.split("  ", 1) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return {name: digest for digest, name in pairs}


def sync(source: Path = SHARED_RULES, target: Path = DOCS_RULES, hashes: Path = HASHES) -> dict[str, str]:
    """Replace ``target`` by a copy of ``source`` and record its hashes."""
    if not source.is_dir():
        raise SystemExit(f"no specification at {source}")
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in file_hashes(source):
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_bytes((source / name).read_bytes())
    recorded = file_hashes(target)
    hashes.write_text("".join(f"{digest}  {name}\n" for name, digest in recorded.items()), encoding="utf-8")
    return recorded


if __name__ == "__main__":
    copied = sync()
    print(f"copied {len(copied)} files from {SHARED_RULES} to {DOCS_RULES}; hashes in {HASHES}", file=sys.stderr)
