"""``python -m cardtable.apps.tui [game]``: open the terminal card table (the lobby without a game)."""

from __future__ import annotations

import sys

from . import run_app

if __name__ == "__main__":
    sys.exit(run_app(sys.argv[1] if len(sys.argv) > 1 else None))
