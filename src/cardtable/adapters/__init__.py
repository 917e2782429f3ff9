"""Research adapters: PettingZoo, Gymnasium and OpenSpiel for Gin Rummy, Pinochle and Casino.

Optional: install ``cardtable[rl]`` (PettingZoo, Gymnasium, NumPy) and/or
``cardtable[openspiel]``. Nothing else in ``cardtable`` imports these packages.

=======================================  =================================================
module                                   contents
=======================================  =================================================
:mod:`cardtable.adapters.base`           adapter interface, hidden-card resampling
:mod:`cardtable.adapters.gin`            Gin codec (``Discrete(125)``) and observation
:mod:`cardtable.adapters.pinochle`       Pinochle codec and observation
:mod:`cardtable.adapters.casino`         Casino codec (sub-decisions) and observation
:mod:`cardtable.adapters.pettingzoo_env` ``gin_rummy_v0``, ``pinochle_v0``, ``casino_v0``
:mod:`cardtable.adapters.gym_env`        ``gin_env``, ``pinochle_env``, ``casino_env``
:mod:`cardtable.adapters.openspiel`      ``cardtable_gin``, ``cardtable_pinochle``, ``cardtable_casino``
=======================================  =================================================

Codec and observation tables are in each game module's docstring.
"""

from __future__ import annotations

from typing import Any

__all__ = ["gin_rummy_v0", "pinochle_v0", "casino_v0", "gin_env", "pinochle_env", "casino_env", "adapter_for"]


def adapter_for(game: str, **kwargs: Any) -> Any:
    """The adapter of ``game`` (``gin``, ``pinochle`` or ``casino``) with rules options."""
    if game == "gin":
        from .gin import GinAdapter

        return GinAdapter(**kwargs)
    if game == "pinochle":
        from .pinochle import PinochleAdapter

        return PinochleAdapter(**kwargs)
    if game == "casino":
        from .casino import CasinoAdapter

        return CasinoAdapter(**kwargs)
    raise ValueError(f"unknown game {game!r}")


def __getattr__(name: str) -> Any:
    if name in ("gin_rummy_v0", "pinochle_v0", "casino_v0"):
        from . import pettingzoo_env

        return getattr(pettingzoo_env, name)
    if name in ("gin_env", "pinochle_env", "casino_env"):
        from . import gym_env

        return getattr(gym_env, name)
    raise AttributeError(name)
