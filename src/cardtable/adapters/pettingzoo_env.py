"""PettingZoo AEC environments: ``gin_rummy_v0()``, ``pinochle_v0()``, ``casino_v0(num_players=2..4)``.

One episode is one hand. Agents are ``player_0`` .. ``player_{n-1}`` (the
engine's seats). Each agent observes ``{"observation": float32[obs_size],
"action_mask": int8[num_actions]}`` built from its own view only; actions are
ids of the game's codec (see :mod:`cardtable.adapters.gin`,
:mod:`~cardtable.adapters.pinochle`, :mod:`~cardtable.adapters.casino`).
Chance steps (deals, draws) are resolved inside with the env's generator,
seeded by ``reset(seed=...)``; the dealer is drawn from it too unless
``dealer`` is given.

Rewards are the true hand points each seat scored (``state.returns()``),
given when the hand ends. ``zero_sum=True`` gives each seat its points minus
the mean of the other seats' points instead, and ``shaping`` (a callable
``(previous view, view) -> float`` for the acting seat) adds shaping rewards
only when given.

An illegal action id raises :class:`~cardtable.errors.IllegalActionError`
and changes nothing; wrap the env in PettingZoo's
``pettingzoo.utils.wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)``
to end the hand with a penalty instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .base import GameAdapter, Pending

__all__ = ["CardtableAEC", "gin_rummy_v0", "pinochle_v0", "casino_v0"]


class CardtableAEC(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment around one :class:`~cardtable.adapters.base.GameAdapter`."""

    metadata = {"render_modes": ["human", "ansi"], "name": "cardtable_v0", "is_parallelizable": False}

    def __init__(
        self,
        adapter: GameAdapter,
        dealer: int | None = None,
        zero_sum: bool = False,
        shaping: Callable[[Any, Any], float] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.adapter = adapter
        self.metadata = {**self.metadata, "name": {"gin": "gin_rummy_v0"}.get(adapter.game, f"{adapter.game}_v0")}
        self.fixed_dealer = dealer
        self.zero_sum = zero_sum
        self.shaping = shaping
        self.render_mode = render_mode
        n = adapter.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (adapter.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (adapter.num_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(adapter.num_actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: Any = None
        self.pending: Pending = ()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- episode ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        n = self.adapter.num_players
        dealer = self.fixed_dealer if self.fixed_dealer is not None else self._rng.randrange(n)
        self.state = self.adapter.new_state(dealer)
        self.pending = ()
        self.state.resolve_chance(self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._sync()

    def _sync(self) -> None:
        state = self.state
        if state.is_terminal():
            returns = [float(r) for r in state.returns()]
            n = len(returns)
            for a in self.agents:
                seat = self._seat[a]
                r = returns[seat]
                if self.zero_sum and n > 1:
                    r -= (sum(returns) - r) / (n - 1)
                self.rewards[a] += r
                self.terminations[a] = True
                self.infos[a] = {"hand_points": state.returns()[seat]}
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        view = self.state.view(seat)
        acting = not self.state.is_terminal() and self.state.current_player() == seat
        pending = self.pending if acting else ()
        mask = np.zeros(self.adapter.num_actions, dtype=np.int8)
        if acting:
            mask[self.adapter.legal_ids(self.state, pending)] = 1
        return {"observation": self.adapter.observe(view, pending), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        before = self.state.view(seat) if self.shaping is not None else None
        pending, move = self.adapter.advance(self.state, self.pending, int(action))  # type: ignore[arg-type]
        for a in self.agents:
            self.rewards[a] = 0.0
        self._cumulative_rewards[agent] = 0.0
        self.pending = pending
        if move is not None:
            self.state.apply(move)
            self.state.resolve_chance(self._rng)
        if self.shaping is not None:
            self.rewards[agent] += float(self.shaping(before, self.state.view(seat)))
        self._sync()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.state is None:
            return None
        text = self.state.to_position() if not self.state.is_terminal() else f"over: {self.state.returns()}"
        if self.render_mode == "human":
            print(text)
            return None
        return str(text)

    def close(self) -> None:
        pass


def gin_rummy_v0(
    rules: Any = None, preset: str = "standard", dealer: int | None = None, zero_sum: bool = False,
    shaping: Callable[[Any, Any], float] | None = None, render_mode: str | None = None,
) -> CardtableAEC:
    """Gin Rummy (two players): codec and observation in :mod:`cardtable.adapters.gin`."""
    from .gin import GinAdapter

    return CardtableAEC(GinAdapter(rules, preset), dealer, zero_sum, shaping, render_mode)


def pinochle_v0(
    rules: Any = None, preset: str = "standard", dealer: int | None = None, zero_sum: bool = False,
    shaping: Callable[[Any, Any], float] | None = None, render_mode: str | None = None,
) -> CardtableAEC:
    """Two-handed Pinochle: codec and observation in :mod:`cardtable.adapters.pinochle`."""
    from .pinochle import PinochleAdapter

    return CardtableAEC(PinochleAdapter(rules, preset), dealer, zero_sum, shaping, render_mode)


def casino_v0(
    num_players: int = 2, rules: Any = None, preset: str = "standard", dealer: int | None = None,
    zero_sum: bool = False, shaping: Callable[[Any, Any], float] | None = None, render_mode: str | None = None,
) -> CardtableAEC:
    """Casino for 2-4 players: codec and observation in :mod:`cardtable.adapters.casino`."""
    from .casino import CasinoAdapter

    return CardtableAEC(CasinoAdapter(rules, preset, num_players=num_players), dealer, zero_sum, shaping, render_mode)
