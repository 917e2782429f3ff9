"""Tianshou's action-mask convention for the Gymnasium environments.

Tianshou's discrete value-based policies (``DiscreteQLearningPolicy`` and so DQN and its relatives,
and ``RandomActionPolicy``) read the network input from ``batch.obs.obs`` and the legal actions from
``batch.obs.mask`` (``True`` = legal): each observation must be a dict with the keys ``obs`` and
``mask``, as Tianshou's own PettingZoo wrapper builds it. Without a ``mask`` they pick any id.
:class:`TianshouMaskWrapper` renames the keys of a cardtable environment's observation
(``observation`` -> ``obs``, ``action_mask`` -> ``mask``, as booleans), nothing else:

>>> env = make_tianshou_env("cardtable/GinRummy-v0", opponent="easy")
>>> obs, info = env.reset(seed=1)
>>> sorted(obs), obs["obs"].shape, obs["mask"].dtype.name, bool(obs["mask"].any())
(['mask', 'obs'], (542,), 'bool', True)

The DQN policy then adds a large negative number to the Q-values of the ids the mask forbids before
its ``argmax`` (when acting and in double-DQN targets), and its epsilon-greedy exploration draws among
the legal ids only. The wrapper works for every game (``cardtable/Casino-v0``, ``cardtable/Pinochle-v0``)
and needs only Gymnasium; Tianshou itself is in the ``train`` extra. The recipe is
``examples/train_gin_tianshou.py``.
"""

from __future__ import annotations

from typing import Any

from . import missing_extra

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc

__all__ = ["TianshouMaskWrapper", "make_tianshou_env"]


class TianshouMaskWrapper(gym.ObservationWrapper[dict[str, Any], Any, dict[str, Any]]):
    """``Dict(observation=..., action_mask=...)`` observations as Tianshou's ``Dict(obs=..., mask=...)``.

    ``env`` is any single-agent environment whose observation space is a ``Dict`` with the keys
    ``observation`` and ``action_mask`` (every cardtable Gymnasium env); the mask becomes a ``bool``
    array. Raises ``ValueError`` for another observation space.
    """

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        space = env.observation_space
        if not isinstance(space, spaces.Dict) or set(space.spaces) != {"observation", "action_mask"}:
            raise ValueError("TianshouMaskWrapper needs an env whose observation space is "
                             f"Dict(observation=..., action_mask=...), not {space}")
        super().__init__(env)
        mask_space = space["action_mask"]
        if not isinstance(mask_space, spaces.Box) or len(mask_space.shape) != 1:
            raise ValueError(f"the action_mask space must be a one-dimensional Box, not {mask_space}")
        self.observation_space = spaces.Dict({"obs": space["observation"], "mask": spaces.MultiBinary(mask_space.shape[0])})
        """``Dict(obs=<the env's observation Box>, mask=MultiBinary(num_actions))``."""

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        """The observation with Tianshou's key names: ``{"obs": float32[obs_size], "mask": bool[num_actions]}``."""
        return {"obs": observation["observation"], "mask": np.asarray(observation["action_mask"], dtype=bool)}


def make_tianshou_env(env_id: str = "cardtable/GinRummy-v0", **kwargs: Any) -> TianshouMaskWrapper:
    """``gym.make(env_id, **kwargs)`` wrapped in :class:`TianshouMaskWrapper`: one environment for
    Tianshou's ``DummyVectorEnv([lambda: make_tianshou_env(...), ...])``."""
    from . import registration

    registration.register_envs()
    return TianshouMaskWrapper(gym.make(env_id, **kwargs))
