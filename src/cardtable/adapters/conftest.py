"""Doctest collection of the adapters needs their optional dependencies; without them the modules are skipped."""

from __future__ import annotations

import importlib.util

_MODULES = ["__init__.py", "base.py", "gin.py", "pinochle.py", "casino.py", "pettingzoo_env.py", "gym_env.py",
            "openspiel.py", "registration.py", "policy.py", "vector.py"]
_TRAIN = ["rllib.py", "tianshou.py"]  # need the train extra too

collect_ignore: list[str] = []
if any(importlib.util.find_spec(m) is None for m in ("numpy", "gymnasium", "pettingzoo")):
    collect_ignore += _MODULES
elif importlib.util.find_spec("pyspiel") is None:
    collect_ignore.append("openspiel.py")
if any(importlib.util.find_spec(m) is None for m in ("numpy", "gymnasium", "torch", "ray", "tianshou")):
    collect_ignore += _TRAIN
