"""RLlib (Ray's current API stack): every seat of a cardtable hand as an RLlib agent, for PPO with action masking.

RLlib's action-masking module (``ActionMaskingTorchRLModule`` in
``ray.rllib.examples.rl_modules.classes.action_masking_rlm``) reads observations
``{"observations": ..., "action_mask": ...}`` and adds ``log(mask)`` to the action logits, so an
illegal id is never sampled. :class:`RLlibCardEnv` gives it that: it is the PettingZoo environment of
a game (:mod:`cardtable.adapters.pettingzoo_env`, one agent per seat, self-play) with the observation
key ``"observation"`` renamed ``"observations"``.

RLlib checks a multi-agent env before it samples (``check_multiagent_environments``, unless
``disable_env_checking``): it resets it and steps it with ``action_space.sample()``, a random id that is
illegal most of the time. The PettingZoo environment raises
:class:`~cardtable.errors.IllegalActionError` then, and the algorithm fails to build. Here an illegal
id ends the hand instead: the offender gets ``illegal_reward``, ``infos[agent]["illegal_action"]`` is
``True`` and :attr:`RLlibCardEnv.illegal_actions` counts it, so the check passes (and a masked policy
never meets that branch).

>>> env = RLlibCardEnv({"game": "gin"})
>>> obs, infos = env.reset(seed=1)
>>> [(agent, sorted(o)) for agent, o in obs.items()]
[('player_1', ['action_mask', 'observations'])]
>>> obs, rewards, terminateds, truncateds, infos = env.step({"player_1": 124})  # not legal now
>>> terminateds["__all__"], rewards["player_1"], infos["player_1"], env.illegal_actions
(True, -1.0, {'illegal_action': True}, 1)

:func:`ppo_config` wires PPO to it (one shared policy for every seat, the masking module, the
illegal-action metric) and :func:`module_policy` turns the trained module into a
``(observation, mask) -> action id`` function, e.g. to play :func:`~cardtable.adapters.gym_env.gin_env`
hands against a built-in agent. The recipe is ``examples/train_gin_rllib.py``. Needs
``cardtable[train]`` (Ray RLlib and PyTorch).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import missing_extra

try:
    import numpy as np
    import torch
    from gymnasium import spaces
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModule, RLModuleSpec
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.rllib.utils.typing import MultiAgentDict
except ImportError as _exc:
    raise missing_extra(_exc, "train") from _exc

from .pettingzoo_env import CardtableAEC, casino_v0, gin_rummy_v0, pinochle_v0

__all__ = ["POLICY_ID", "ILLEGAL_METRIC", "RLlibCardEnv", "ppo_config", "module_policy", "count_illegal_actions"]

POLICY_ID = "shared"
"""The id of the one policy (and RLModule) that :func:`ppo_config` maps every seat to."""

ILLEGAL_METRIC = "illegal_actions"
"""The env-runner metric (``result["env_runners"][ILLEGAL_METRIC]``, a sum) of illegal ids played in sampled episodes."""

_StepResult = tuple[MultiAgentDict, MultiAgentDict, MultiAgentDict, MultiAgentDict, MultiAgentDict]
_FACTORIES: dict[str, Callable[..., CardtableAEC]] = {"gin": gin_rummy_v0, "pinochle": pinochle_v0, "casino": casino_v0}


class RLlibCardEnv(MultiAgentEnv):
    """A hand of ``config["game"]`` (``gin``, ``pinochle`` or ``casino``) for RLlib, one agent per seat.

    ``config`` is RLlib's ``env_config``: ``game`` (default ``gin``), ``illegal_reward`` (default
    ``-1.0``) and any keyword of the game's PettingZoo factory (``preset``, ``rules``, ``zero_sum``,
    ``dealer``, Casino's ``num_players``). Each step's observation is that of the seat to act; an
    agent's reward is handed over with its next observation, and every seat that has acted gets its
    final observation and points when the hand ends.
    """

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        options = dict(config or {})
        game = options.pop("game", "gin")
        if game not in _FACTORIES:
            raise ValueError(f"unknown game {game!r}: choose one of {sorted(_FACTORIES)}")
        self.illegal_reward = float(options.pop("illegal_reward", -1.0))
        """The reward of the seat that plays an illegal id (the hand ends there)."""
        self.aec = _FACTORIES[game](**options)
        """The underlying PettingZoo environment (:class:`~cardtable.adapters.pettingzoo_env.CardtableAEC`)."""
        self.possible_agents = list(self.aec.possible_agents)
        """``player_0`` .. ``player_{n-1}``, the seats."""
        self.agents = list(self.possible_agents)
        """The agents of the hand: every seat, for the whole hand (RLlib's env check reads it)."""
        n = self.aec.adapter.num_actions
        space = spaces.Dict({
            "observations": spaces.Box(0.0, 1.0, (self.aec.adapter.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        """Per agent: ``Dict(observations=Box(0, 1, (obs_size,)), action_mask=Box(0, 1, (num_actions,)))``."""
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        """Per agent: ``Discrete(num_actions)``, the ids of the game's codec."""
        self.illegal_actions = 0
        """How many illegal ids this env has been given since it was made (all hands)."""
        self._owed: dict[Any, float] = {}
        self._seen: set[Any] = set()
        self._over = True

    def _observe(self, agent: Any, final: bool = False) -> dict[str, Any]:
        obs = self.aec.observe(agent)
        mask = np.zeros_like(obs["action_mask"]) if final else obs["action_mask"]
        return {"observations": obs["observation"], "action_mask": mask}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[MultiAgentDict, MultiAgentDict]:  # type: ignore[override]
        """Deal a new hand (``seed`` reseeds the deals); returns the first seat to act's observation and info."""
        self.aec.reset(seed=seed, options=options)
        self._owed = dict.fromkeys(self.possible_agents, 0.0)
        agent = self.aec.agent_selection
        self._seen = {agent}
        self._over = False
        return {agent: self._observe(agent)}, {agent: {}}

    def step(self, action_dict: MultiAgentDict) -> _StepResult:  # type: ignore[override]
        """Play the acting seat's id from ``action_dict``; returns RLlib's ``(obs, rewards, terminateds,
        truncateds, infos)`` dicts for the next seat to act (for every seat that has acted, once the hand is over)."""
        if self._over:
            raise RuntimeError("the hand is over: call reset() first")
        agent = self.aec.agent_selection
        if agent not in action_dict:
            raise ValueError(f"no action for {agent!r}, the agent to act (got {sorted(map(str, action_dict))})")
        action = int(action_dict[agent])
        mask = self.aec.observe(agent)["action_mask"]
        if not (0 <= action < len(mask) and mask[action]):
            self.illegal_actions += 1
            self._owed[agent] += self.illegal_reward
            return self._finish({agent: {"illegal_action": True}})
        self.aec.step(action)
        for a, r in self.aec.rewards.items():
            self._owed[a] += float(r)
        if self.aec.game_state.is_terminal():
            return self._finish({a: {"hand_points": self.aec.infos[a]["hand_points"]} for a in self._seen})
        nxt = self.aec.agent_selection
        self._seen.add(nxt)
        reward, self._owed[nxt] = self._owed[nxt], 0.0
        return {nxt: self._observe(nxt)}, {nxt: reward}, {"__all__": False}, {"__all__": False}, {}

    def _finish(self, infos: MultiAgentDict) -> _StepResult:
        self._over = True
        agents = [a for a in self.possible_agents if a in self._seen]
        obs: MultiAgentDict = {a: self._observe(a, final=True) for a in agents}
        rewards: MultiAgentDict = {a: self._owed[a] for a in agents}
        done: MultiAgentDict = {**dict.fromkeys(agents, True), "__all__": True}
        truncated: MultiAgentDict = {**dict.fromkeys(agents, False), "__all__": False}
        return obs, rewards, done, truncated, infos


def _shared_policy(agent_id: Any, episode: Any = None, **kwargs: Any) -> str:
    return POLICY_ID


def count_illegal_actions(*, episode: Any, metrics_logger: Any = None, **kwargs: Any) -> None:
    """RLlib ``on_episode_end`` callback: logs :data:`ILLEGAL_METRIC` (how many seats of the finished
    hand played an illegal id, summed over the iteration) from the agents' last infos."""
    last = episode.get_infos(-1)
    illegal = sum(1 for info in last.values() if isinstance(info, dict) and info.get("illegal_action"))
    if metrics_logger is not None:
        metrics_logger.log_value(ILLEGAL_METRIC, illegal, reduce="sum")


def ppo_config(
    game: str = "gin",
    env_config: Mapping[str, Any] | None = None,
    *,
    num_env_runners: int = 0,
    train_batch_size: int = 4000,
    minibatch_size: int = 500,
    num_epochs: int = 4,
    lr: float = 3e-4,
    hidden: tuple[int, ...] = (256, 256),
    seed: int | None = None,
) -> Any:
    """A ``PPOConfig`` for :class:`RLlibCardEnv` of ``game``: every seat plays the one policy
    :data:`POLICY_ID` (self-play), an ``ActionMaskingTorchRLModule`` with ``hidden`` layers; RLlib's
    env check stays on; the :func:`count_illegal_actions` callback reports :data:`ILLEGAL_METRIC`.

    ``env_config`` goes to :class:`RLlibCardEnv` (``preset``, ``zero_sum``...). Call
    ``.build_algo()`` on the result (after ``ray.init``), or change it further first.
    """
    if game not in _FACTORIES:
        raise ValueError(f"unknown game {game!r}: choose one of {sorted(_FACTORIES)}")
    if train_batch_size < 1 or minibatch_size < 1 or num_epochs < 1 or num_env_runners < 0:
        raise ValueError("train_batch_size, minibatch_size and num_epochs must be >= 1, num_env_runners >= 0")
    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        model_config={"fcnet_hiddens": list(hidden), "head_fcnet_hiddens": [], "vf_share_layers": False},
    )
    config = (
        PPOConfig()  # type: ignore[no-untyped-call]
        .environment(RLlibCardEnv, env_config={"game": game, **(env_config or {})}, disable_env_checking=False)
        .multi_agent(policies={POLICY_ID}, policy_mapping_fn=_shared_policy, policies_to_train=[POLICY_ID])
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={POLICY_ID: module}))
        .env_runners(num_env_runners=num_env_runners)
        .training(train_batch_size=train_batch_size, minibatch_size=min(minibatch_size, train_batch_size),
                  num_epochs=num_epochs, lr=lr)
        .callbacks(on_episode_end=count_illegal_actions)
    )
    if seed is not None:
        config = config.debugging(seed=seed)
    return config


def module_policy(module: RLModule) -> Callable[[Any, Any], int]:
    """The greedy policy of a trained masking module (``algo.get_module(POLICY_ID)``, or
    ``RLModule.from_checkpoint(...)``) as ``(observation float32[obs_size], mask[num_actions]) -> id``:
    the legal id with the highest logit. Raises ``ValueError`` on a mask with no legal id."""

    def policy(observation: Any, mask: Any) -> int:
        legal = np.asarray(mask).astype(bool)
        if not legal.any():
            raise ValueError("the mask has no legal action")
        batch = {Columns.OBS: {
            "observations": torch.as_tensor(np.asarray(observation, dtype=np.float32)[None]),
            "action_mask": torch.as_tensor(legal.astype(np.float32)[None]),
        }}
        with torch.no_grad():
            logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0].numpy()
        return int(np.where(legal, logits, -np.inf).argmax())

    return policy
