"""Gymnasium single-agent environments: one seat learns, built-in agents (``make_agent``) play the others.

>>> env = gin_env(opponent="easy")
>>> obs, info = env.reset(seed=1)
>>> sorted(obs), obs["observation"].shape, int(obs["action_mask"].sum()) >= 1
(['action_mask', 'observation'], (542,), True)

One episode is one hand. The observation and the actions are those of the
PettingZoo environments (the game's codec). The reward is the learner's true
hand points at the end (``zero_sum=True``: minus the mean of the other
seats'). ``info["action_mask"]`` repeats the mask, and :meth:`~CardtableGymEnv.action_masks`
returns it as booleans (sb3-contrib's ``MaskablePPO`` reads it there). A hand that ends before
the learner's first decision (an opponent knocks at once) is replaced by
the next deal, so every episode has at least one step. An illegal action ends the
episode with ``illegal_reward`` (and ``info["illegal_action"] = True``)
unless ``illegal_action="raise"``. The engine's hand is ``env.game_state`` (as in the PettingZoo
environments); ``render()`` (``render_mode="ansi"``) shows the whole position, every hand included.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from . import missing_extra

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc

from ..agents import make_agent
from ..errors import IllegalActionError
from .base import GameAdapter, Pending

__all__ = ["CardtableGymEnv", "gin_env", "pinochle_env", "casino_env"]


class CardtableGymEnv(gym.Env[dict[str, Any], Any]):
    """The hand as seen by ``seat``; the other seats are agents of level ``opponent``.

    ``opponent`` is one level for every other seat or a sequence with one level per seat (the
    learner's entry is ignored). ``seat=None`` draws the learner's seat anew for every hand.
    """

    metadata = {"render_modes": ["ansi"]}
    """Gymnasium's metadata: ``render_mode="ansi"`` is the one render mode."""

    def __init__(
        self,
        adapter: GameAdapter,
        opponent: str | Sequence[str] = "random",
        seat: int | None = 0,
        zero_sum: bool = False,
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if illegal_action not in ("penalize", "raise"):
            raise ValueError("illegal_action must be 'penalize' or 'raise'")
        n = adapter.num_players
        levels = [opponent] * n if isinstance(opponent, str) else list(opponent)
        if len(levels) != n:
            raise ValueError(f"give one opponent level, or {n} (one per seat)")
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1} or None")
        self.adapter = adapter
        """The game's codec and observation encoder."""
        self.opponent = opponent
        """The opponents' level(s) as given."""
        self.levels = levels
        """One agent level per seat (the learner's entry unused)."""
        self.fixed_seat = seat
        """The learner's seat as given (``None``: drawn anew for every hand)."""
        self.seat = seat if seat is not None else 0
        """The learner's seat in the current hand."""
        self.zero_sum = zero_sum
        """The reward is the learner's points minus the mean of the other seats' points."""
        self.illegal_action = illegal_action
        """``"penalize"`` (an illegal id ends the episode with :attr:`illegal_reward`) or ``"raise"``."""
        self.illegal_reward = illegal_reward
        """The reward of an illegal action under ``illegal_action="penalize"``."""
        self.render_mode = render_mode
        """``"ansi"`` (:meth:`render` returns the position as text) or ``None``."""
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (adapter.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (adapter.num_actions,), np.int8),
        })
        """``Dict(observation=Box(0, 1, (obs_size,)), action_mask=Box(0, 1, (num_actions,)))``."""
        self.action_space = spaces.Discrete(adapter.num_actions)
        """``Discrete(num_actions)``: the ids of the game's codec."""
        self._rng = random.Random()
        self._opponents: list[Any] = []
        self.game_state: Any = None
        """The engine's hand in progress (a :class:`~cardtable.core.GameState`), ``None`` before :meth:`reset`."""
        self.pending: Pending = ()
        """The ids chosen so far in the current multi-id move (Casino), else ``()``."""

    def _obs(self) -> dict[str, Any]:
        mask = np.zeros(self.adapter.num_actions, dtype=np.int8)
        if not self.game_state.is_terminal():
            mask[self.adapter.legal_ids(self.game_state, self.pending)] = 1
        view = self.game_state.view(self.seat)
        return {"observation": self.adapter.observe(view, self.pending), "action_mask": mask}

    def _play_others(self) -> None:
        state = self.game_state
        while True:
            state.resolve_chance(self._rng)
            player = state.current_player()
            if player < 0 or player == self.seat:
                return
            agent = self._opponents[player]
            state.apply(agent.act(state.view(player), state.legal_moves()))

    def _reward(self) -> float:
        returns = [float(r) for r in self.game_state.returns()]
        r = returns[self.seat]
        n = len(returns)
        if self.zero_sum and n > 1:
            r -= (sum(returns) - r) / (n - 1)
        return r

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new hand (``seed`` reseeds the env and the opponents) and play the others up to the
        learner's first decision; returns ``(observation, info)``."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        n = self.adapter.num_players
        if not self._opponents or seed is not None:
            base = self._rng.randrange(2**31)
            self._opponents = [make_agent(self.adapter.game, self.levels[i], base + i) for i in range(n)]
        self.pending = ()
        for _ in range(1000):  # a hand that ends before the learner's first decision is dealt again
            self.seat = self.fixed_seat if self.fixed_seat is not None else self._rng.randrange(n)
            self.game_state = self.adapter.new_state(self._rng.randrange(n))
            self._play_others()
            if not self.game_state.is_terminal():
                break
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"]}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action id and let the others play; returns ``(observation, reward,
        terminated, truncated, info)``."""
        if self.game_state is None or self.game_state.is_terminal():
            raise RuntimeError("call reset() first")
        try:
            pending, move = self.adapter.advance(self.game_state, self.pending, int(action))
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            obs = self._obs()
            return obs, self.illegal_reward, True, False, {"action_mask": obs["action_mask"], "illegal_action": True}
        self.pending = pending
        if move is not None:
            self.game_state.apply(move)
            self._play_others()
        done = self.game_state.is_terminal()
        reward = self._reward() if done else 0.0
        obs = self._obs()
        info: dict[str, Any] = {"action_mask": obs["action_mask"]}
        if done:
            info["hand_points"] = self.game_state.returns()
        return obs, reward, done, False, info

    def action_masks(self) -> Any:
        """The legal action ids now, as a ``bool[num_actions]`` array (all ``False`` once the hand is
        over): the method sb3-contrib's ``MaskablePPO`` calls, so it trains on this env unchanged."""
        mask = np.zeros(self.adapter.num_actions, dtype=bool)
        if self.game_state is not None and not self.game_state.is_terminal():
            mask[self.adapter.legal_ids(self.game_state, self.pending)] = True
        return mask

    def render(self) -> Any:  # str | None (the return type of Gymnasium's own varies by version)
        """The whole position as text (**every hand shown**: for debugging, not for a learner), or
        the hand's points once it is over; ``None`` before :meth:`reset`."""
        if self.game_state is None:
            return None
        return str(self.game_state.to_position()) if not self.game_state.is_terminal() else f"over: {self.game_state.returns()}"


def gin_env(opponent: str | Sequence[str] = "random", rules: Any = None, preset: str = "standard",
            observation: str = "standard", **kwargs: Any) -> CardtableGymEnv:
    """Gin Rummy against ``opponent``; ``observation="melds"`` appends the meld features
    (:mod:`cardtable.adapters.gin`); ``kwargs`` go to :class:`CardtableGymEnv` (``seat``, ``zero_sum``,
    ``illegal_action``, ``illegal_reward``, ``render_mode``)."""
    from .gin import GinAdapter

    return CardtableGymEnv(GinAdapter(rules, preset, observation=observation), opponent, **kwargs)


def pinochle_env(opponent: str | Sequence[str] = "random", rules: Any = None, preset: str = "standard", **kwargs: Any) -> CardtableGymEnv:
    """Two-handed Pinochle against ``opponent``; ``kwargs`` as for :func:`gin_env`."""
    from .pinochle import PinochleAdapter

    return CardtableGymEnv(PinochleAdapter(rules, preset), opponent, **kwargs)


def casino_env(
    opponent: str | Sequence[str] = "random", num_players: int = 2, rules: Any = None, preset: str = "standard", **kwargs: Any
) -> CardtableGymEnv:
    """Casino for ``num_players`` (2-4) against ``opponent`` (one level, or one per seat); ``kwargs`` as for :func:`gin_env`."""
    from .casino import CasinoAdapter

    return CardtableGymEnv(CasinoAdapter(rules, preset, num_players=num_players), opponent, **kwargs)
