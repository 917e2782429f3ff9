"""How the person started cardtable, so a printed command (``cardtable resume 3``) works as typed.

``run.py`` sets :data:`LAUNCHER_ENV` for the program it starts (``python3 run.py``): a person who
started with it may have no ``cardtable`` on their ``PATH``.
"""

from __future__ import annotations

import os

__all__ = ["LAUNCHER_ENV", "command"]

LAUNCHER_ENV = "CARDTABLE_LAUNCHER"
"""The environment variable holding the command that runs ``cardtable`` (default ``cardtable``)."""


def command(args: str = "") -> str:
    """The command line that runs ``cardtable args`` the way this program was started:
    ``cardtable resume 3``, or ``python3 run.py resume 3`` under ``run.py``."""
    launcher = os.environ.get(LAUNCHER_ENV, "").strip() or "cardtable"
    return f"{launcher} {args}".strip()
