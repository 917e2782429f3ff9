"""The core package needs no third-party package: only ``cardtable.adapters`` imports NumPy and friends."""

from __future__ import annotations

import subprocess
import sys


def test_core_imports_without_the_adapter_dependencies() -> None:
    code = (
        "import sys\n"
        "import cardtable, cardtable.registry, cardtable.match, cardtable.agents\n"
        "import cardtable.gin, cardtable.casino, cardtable.pinochle\n"
        "import cardtable.adapters\n"  # the package itself is importable; wrappers load lazily
        "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
