"""The core package needs no third-party package: only ``cardtable.adapters`` imports NumPy and friends."""

from __future__ import annotations

import subprocess
import sys


def test_core_imports_without_the_adapter_dependencies() -> None:
    code = (
        "import sys\n"
        "import cardtable, cardtable.registry, cardtable.match, cardtable.agents\n"
        "import cardtable.gin, cardtable.casino, cardtable.pinochle\n"
        "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules]\n"
        "assert not bad, bad\n"
        # the adapters package registers the Gymnasium ids (issue 22); the wrappers still load lazily
        "import cardtable.adapters, gymnasium\n"
        "bad = [m for m in ('pettingzoo', 'pyspiel', 'cardtable.adapters.gym_env') if m in sys.modules]\n"
        "assert not bad, bad\n"
        "assert 'cardtable/GinRummy-v0' in gymnasium.registry\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_adapters_package_imports_without_gymnasium() -> None:
    """Without the rl extra there is nothing to register with: the package still imports."""
    out = _import_error(("numpy", "gymnasium", "pettingzoo"), "import cardtable.adapters; print('imported')")
    assert out == "imported"


_BLOCK = (
    "import sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in BLOCKED:\n"
    "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
    "sys.meta_path.insert(0, Block())\n"
)


def _import_error(blocked: tuple[str, ...], statement: str) -> str:
    code = f"BLOCKED = {blocked!r}\n{_BLOCK}" + (
        "try:\n"
        f"    {statement}\n"
        "except ModuleNotFoundError as exc:\n"
        "    print(type(exc).__name__, exc.name, str(exc), sep='|')\n"
    )
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.strip()


def test_an_adapter_without_its_extra_names_the_extra_to_install() -> None:
    """Issue 21, item 5: not a bare "No module named 'numpy'" but which extra brings it."""
    for statement in ("from cardtable.adapters import gin_env", "from cardtable.adapters import casino_v0",
                      "import cardtable.adapters.gin", "from cardtable.adapters.base import GameAdapter"):
        kind, name, message = _import_error(("numpy", "gymnasium", "pettingzoo"), statement).split("|")
        assert kind == "ModuleNotFoundError" and name in ("numpy", "gymnasium", "pettingzoo"), statement
        assert f"No module named {name!r}" in message and "pip install 'cardtable[rl]'" in message, message
    kind, name, message = _import_error(("pettingzoo",), "from cardtable.adapters import gin_rummy_v0").split("|")
    assert name == "pettingzoo" and "pip install 'cardtable[rl]'" in message, message
    kind, name, message = _import_error(("pyspiel",), "import cardtable.adapters.openspiel").split("|")
    assert name == "pyspiel" and "pip install 'cardtable[openspiel]'" in message, message
