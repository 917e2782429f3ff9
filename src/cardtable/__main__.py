"""``python -m cardtable``: the ``cardtable`` command (the same options and subcommands)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
