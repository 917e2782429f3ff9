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
:mod:`cardtable.adapters.registration`   Gymnasium ids ``cardtable/GinRummy-v0``, ``cardtable/Casino-v0``,
                                         ``cardtable/Pinochle-v0``
:mod:`cardtable.adapters.vector`         ``GinVectorEnv``: many Gin hands stepped as one batch
:mod:`cardtable.adapters.policy`         ``PolicyAgent``: a trained policy as a cardtable player
:mod:`cardtable.adapters.rllib`          RLlib's observation convention and the masked PPO set-up
:mod:`cardtable.adapters.tianshou`       Tianshou's ``obs``/``mask`` convention
=======================================  =================================================

Codec and observation tables are in each game module's docstring. Without the extra, importing an
environment or a codec raises ``ModuleNotFoundError`` naming the missing package and the extra to
install (``pip install 'cardtable[rl]'``).

Importing this package registers the Gymnasium ids (:mod:`~cardtable.adapters.registration`) when
Gymnasium is installed, so that ``gym.make("cardtable/GinRummy-v0", preset="openspiel")`` works.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # loaded on first use by __getattr__: importing the package needs no extra
    from .gym_env import casino_env, gin_env, pinochle_env
    from .pettingzoo_env import casino_v0, gin_rummy_v0, pinochle_v0

__all__ = ["gin_rummy_v0", "pinochle_v0", "casino_v0", "gin_env", "pinochle_env", "casino_env", "adapter_for"]


def missing_extra(exc: ImportError, extra: str) -> ModuleNotFoundError:
    """The error an adapter module raises when a package of ``extra`` is not installed: it names the
    package and the extra to install (``pip install 'cardtable[rl]'``)."""
    package = exc.name or "a package"
    return ModuleNotFoundError(
        f"No module named {package!r}: the research adapters need the {extra!r} extra "
        f"(pip install 'cardtable[{extra}]')", name=exc.name)


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


def _register_gymnasium_ids() -> None:
    try:
        import gymnasium  # noqa: F401
    except ImportError:  # no rl extra: nothing to register with
        return
    from .registration import register_envs

    register_envs()


_register_gymnasium_ids()


def __getattr__(name: str) -> Any:
    if name in ("gin_rummy_v0", "pinochle_v0", "casino_v0"):
        from . import pettingzoo_env

        return getattr(pettingzoo_env, name)
    if name in ("gin_env", "pinochle_env", "casino_env"):
        from . import gym_env

        return getattr(gym_env, name)
    raise AttributeError(name)
