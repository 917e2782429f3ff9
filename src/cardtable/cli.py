"""The ``cardtable`` command."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("cardtable: commands coming soon", file=sys.stderr)
    return 0
