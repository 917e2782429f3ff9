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

The engine's hand is ``env.game_state`` (a :class:`~cardtable.core.GameState`: its
``returns()``, ``to_position()``, ``view(seat)``...). ``env.state()`` is PettingZoo's global-state
method; these environments do not provide one, so it raises ``NotImplementedError`` as
PettingZoo's default does.

``render()`` (``render_mode="ansi"``, or ``"human"`` to print it) shows the whole position as
text, **every hand included**: it is for debugging, never an observation to learn from.

An illegal action id raises :class:`~cardtable.errors.IllegalActionError`
and changes nothing; wrap the env in PettingZoo's
``pettingzoo.utils.wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)``
to end the hand with a penalty instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc

from .base import GameAdapter, Pending

__all__ = ["CardtableAEC", "gin_rummy_v0", "pinochle_v0", "casino_v0"]


class CardtableAEC(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment around one :class:`~cardtable.adapters.base.GameAdapter`."""

    metadata = {"render_modes": ["human", "ansi"], "name": "cardtable_v0", "is_parallelizable": False}
    """PettingZoo's metadata; ``name`` becomes the environment's id (``gin_rummy_v0``...)."""

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
        """The game's codec and observation encoder."""
        self.metadata = {**self.metadata, "name": {"gin": "gin_rummy_v0"}.get(adapter.game, f"{adapter.game}_v0")}
        self.fixed_dealer = dealer
        """The dealer of every hand, or ``None`` to draw it from the env's generator."""
        self.zero_sum = zero_sum
        """Rewards are each seat's points minus the mean of the other seats' points."""
        self.shaping = shaping
        """``(previous view, view) -> float`` added to the acting seat's reward, or ``None``."""
        self.render_mode = render_mode
        """``"ansi"`` (:meth:`render` returns the text), ``"human"`` (prints it) or ``None``."""
        n = adapter.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        """``player_0`` .. ``player_{n-1}``, the engine's seats in order."""
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (adapter.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (adapter.num_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        """Per agent: ``Dict(observation=Box(0, 1, (obs_size,)), action_mask=Box(0, 1, (num_actions,)))``."""
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(adapter.num_actions) for a in self.possible_agents
        }
        """Per agent: ``Discrete(num_actions)``, the ids of the game's codec."""
        self._rng = random.Random()
        self.game_state: Any = None
        """The engine's hand in progress (a :class:`~cardtable.core.GameState`), ``None`` before :meth:`reset`."""
        self.pending: Pending = ()
        """The ids chosen so far in the current multi-id move (Casino), else ``()``."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    # --- episode ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (``seed`` reseeds the env's generator); chance steps are resolved up to the first decision."""
        if seed is not None:
            self._rng = random.Random(seed)
        n = self.adapter.num_players
        dealer = self.fixed_dealer if self.fixed_dealer is not None else self._rng.randrange(n)
        self.game_state = self.adapter.new_state(dealer)
        self.pending = ()
        self.game_state.resolve_chance(self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._sync()

    def _sync(self) -> None:
        state = self.game_state
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
        """``{"observation", "action_mask"}`` of ``agent``, from its own view only (the mask is all 0 unless it is to act)."""
        seat = self._seat[agent]
        view = self.game_state.view(seat)
        acting = not self.game_state.is_terminal() and self.game_state.current_player() == seat
        pending = self.pending if acting else ()
        mask = np.zeros(self.adapter.num_actions, dtype=np.int8)
        if acting:
            mask[self.adapter.legal_ids(self.game_state, pending)] = 1
        return {"observation": self.adapter.observe(view, pending), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply action id ``action`` for the selected agent (``None`` for a finished agent); an
        illegal id raises :class:`~cardtable.errors.IllegalActionError` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        before = self.game_state.view(seat) if self.shaping is not None else None
        pending, move = self.adapter.advance(self.game_state, self.pending, int(action))  # type: ignore[arg-type]
        for a in self.agents:
            self.rewards[a] = 0.0
        self._cumulative_rewards[agent] = 0.0
        self.pending = pending
        if move is not None:
            self.game_state.apply(move)
            self.game_state.resolve_chance(self._rng)
        if self.shaping is not None:
            self.rewards[agent] += float(self.shaping(before, self.game_state.view(seat)))
        self._sync()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The whole position as text (**every hand shown**: for debugging, not for a learner), or
        the hand's points once it is over; printed in ``"human"`` mode, returned in ``"ansi"`` mode."""
        if self.game_state is None:
            return None
        state = self.game_state
        text = state.to_position() if not state.is_terminal() else f"over: {state.returns()}"
        if self.render_mode == "human":
            print(text)
            return None
        return str(text)

    def close(self) -> None:
        """Nothing to release."""


def gin_rummy_v0(
    rules: Any = None, preset: str = "standard", dealer: int | None = None, zero_sum: bool = False,
    shaping: Callable[[Any, Any], float] | None = None, render_mode: str | None = None, observation: str = "standard",
) -> CardtableAEC:
    """Gin Rummy (two players): codec and observation in :mod:`cardtable.adapters.gin` (``observation="melds"``
    appends the meld features)."""
    from .gin import GinAdapter

    return CardtableAEC(GinAdapter(rules, preset, observation=observation), dealer, zero_sum, shaping, render_mode)


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
