"""Gymnasium ids: ``gym.make("cardtable/GinRummy-v0")`` and ``gym.make_vec(...)`` for every game.

Importing :mod:`cardtable.adapters` registers the ids when Gymnasium is installed (the ``rl`` extra);
:func:`register_envs` does it again harmlessly.

=========================  ================================  ===================================
id                         ``gym.make`` builds               ``gym.make_vec`` builds (default)
=========================  ================================  ===================================
``cardtable/GinRummy-v0``  :func:`~.gym_env.gin_env`         :class:`~.vector.GinVectorEnv`
``cardtable/Casino-v0``    :func:`~.gym_env.casino_env`      :func:`sync_vector_env` of ``casino``
``cardtable/Pinochle-v0``  :func:`~.gym_env.pinochle_env`    :func:`sync_vector_env` of ``pinochle``
=========================  ================================  ===================================

Keyword arguments go to the factory: ``gym.make("cardtable/GinRummy-v0", preset="openspiel",
opponent="easy")``, ``gym.make("cardtable/Casino-v0", num_players=4, opponent="medium")``.
The action space depends on the preset (Gin: ``Discrete(125)``, ``Discrete(237)`` under
``preset="openspiel"``, whose knocker may keep melds back); read it from ``env.action_space``.

The default vector envs reset a finished hand in the *same* step (Gymnasium's
``AutoresetMode.SAME_STEP``): the row of a finished hand already holds the next hand's
observation and mask, so every mask a policy sees has a legal action; the finished hand's last
observation is in ``info["final_obs"]``. ``vectorization_mode="sync"`` or ``"async"`` gives
Gymnasium's own vector envs, which reset one step later (``NEXT_STEP``) unless you pass
``vector_kwargs={"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP}``; under ``NEXT_STEP`` the
terminal row's mask is all zeros and the action sent for it is ignored.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ENV_IDS", "register_envs", "sync_vector_env"]

ENV_IDS = {"gin": "cardtable/GinRummy-v0", "casino": "cardtable/Casino-v0", "pinochle": "cardtable/Pinochle-v0"}
"""The Gymnasium id of each game (registry name -> id)."""

_FACTORIES = {"gin": "gin_env", "casino": "casino_env", "pinochle": "pinochle_env"}


def register_envs() -> None:
    """Register :data:`ENV_IDS` with Gymnasium (a no-op for ids already registered).

    Raises ``ModuleNotFoundError`` naming the ``rl`` extra when Gymnasium is not installed.
    """
    from . import missing_extra

    try:
        import gymnasium as gym
    except ImportError as exc:
        raise missing_extra(exc, "rl") from exc
    for game, env_id in ENV_IDS.items():
        if env_id in gym.registry:
            continue
        vector = ("cardtable.adapters.vector:GinVectorEnv" if game == "gin"
                  else f"cardtable.adapters.registration:{game}_vector_env")
        gym.register(env_id, entry_point=f"cardtable.adapters.gym_env:{_FACTORIES[game]}", vector_entry_point=vector)


def sync_vector_env(game: str, num_envs: int, *, vectorization: str = "sync", **kwargs: Any) -> Any:
    """``num_envs`` Gymnasium envs of ``game`` (``kwargs`` go to its factory) in Gymnasium's
    ``SyncVectorEnv`` (``vectorization="async"``: ``AsyncVectorEnv``, one process per env), resetting
    finished hands in the same step so that every row's ``action_mask`` is usable."""
    from . import gym_env

    try:
        from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv
    except ImportError as exc:  # pragma: no cover - gym_env already needs it
        from . import missing_extra

        raise missing_extra(exc, "rl") from exc
    if vectorization not in ("sync", "async"):
        raise ValueError("vectorization must be 'sync' or 'async'")
    factory = getattr(gym_env, _FACTORIES[game])
    fns = [lambda: factory(**kwargs) for _ in range(num_envs)]
    cls = SyncVectorEnv if vectorization == "sync" else AsyncVectorEnv
    return cls(fns, autoreset_mode=AutoresetMode.SAME_STEP)


def casino_vector_env(num_envs: int, **kwargs: Any) -> Any:
    """``gym.make_vec("cardtable/Casino-v0", num_envs)``: :func:`sync_vector_env` of Casino."""
    return sync_vector_env("casino", num_envs, **kwargs)


def pinochle_vector_env(num_envs: int, **kwargs: Any) -> Any:
    """``gym.make_vec("cardtable/Pinochle-v0", num_envs)``: :func:`sync_vector_env` of Pinochle."""
    return sync_vector_env("pinochle", num_envs, **kwargs)
