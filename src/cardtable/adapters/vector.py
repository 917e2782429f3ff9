"""A batched Gin Rummy environment: ``num_envs`` hands stepped together, a real ``gymnasium.vector.VectorEnv``.

>>> env = GinVectorEnv(4, opponent="random")
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape, bool(obs["action_mask"].any(axis=1).all())
((4, 542), (4, 125), True)

Each row is one hand of :func:`~cardtable.adapters.gym_env.gin_env`: the learner's ``seat`` against a
built-in agent (``opponent``), with the same observation (:meth:`GinAdapter.observe
<cardtable.adapters.gin.GinAdapter.observe>` of the learner's view), the same action ids, the same
reward (the learner's hand points; ``zero_sum=True``: minus the opponent's) and a hand that ends before
the learner's first decision dealt again.

Autoreset is **same-step** (``metadata["autoreset_mode"] == AutoresetMode.SAME_STEP``): the step that
ends a hand returns ``terminated=True`` and the reward, while its observation row is already the next
hand's first one, so every row's ``action_mask`` is usable (never all zeros). The finished hand's last
observation is in ``info["final_obs"]`` (an object array, ``None`` for rows that did not finish;
``info["_final_obs"]`` marks the rows), its points in ``info["hand_points"]`` (``(num_envs, 2)``, marked
by ``info["_hand_points"]``). An illegal id ends the hand with ``illegal_reward`` (``info["illegal_action"]``
marks the rows) unless ``illegal_action="raise"``. ``info["final_info"]`` repeats these keys, where
Gymnasium's ``SyncVectorEnv`` puts a finished episode's info.

Speed: the observation rows are built from the engine's bitmasks, not from the seat's view. Each row
is a 542-bit integer (the card planes are the hand's bitmasks shifted into place; the opponent's
discards and declined upcards are kept as bitmasks updated by each action applied); the batch's integers
are unpacked by one ``numpy.unpackbits`` call and the seven scalars written as columns. The
moves go to the engine unchecked once the mask (built from the engine's legal actions) allows them.
"""

from __future__ import annotations

import random
from typing import Any

from . import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc

from ..agents import RandomAgent, make_agent
from ..errors import IllegalActionError
from ..gin.actions import GinAction
from ..gin.melds import FULL, deadwood
from ..gin.phases import (
    CHANCE_PHASES,
    DISCARD_PHASE,
    DRAW_PHASE,
    FORCED_DRAW,
    OFFER,
    OFFER_DEALER,
    OVER,
    PHASES,
    WALL_KNOCK,
)
from ..gin.rules import GinRules
from ..gin.state import GinState
from .gin import _ACTIONS, ARRANGE_ID, BIG_GIN_ID, KNOCK_ID, OBS_SIZE, GinAdapter

__all__ = ["GinVectorEnv"]

_PHASE_BIT = {p: 1 << (364 + i) for i, p in enumerate(PHASES)}
_DECISION_BIT = {(own, take): 1 << (434 + (0 if own else 2) + take) for own in (True, False) for take in (0, 1)}
_FIXED_PHASES = (DRAW_PHASE, OFFER, OFFER_DEALER, FORCED_DRAW)
"""Phases whose legal moves are always the same (draw or take; take or pass; draw): the engine's first answer is kept."""
_ROW_BYTES = 68  # 542 bits, rounded up to whole bytes
_SCALARS = slice(375, 382)


class GinVectorEnv(VectorEnv[dict[str, Any], Any, Any]):
    """``num_envs`` Gin Rummy hands, the learner in ``seat`` (``None``: drawn per hand) against ``opponent``.

    ``preset`` / ``rules`` choose the rules as for :class:`~cardtable.adapters.gin.GinAdapter`; the
    other options are those of :class:`~cardtable.adapters.gym_env.CardtableGymEnv`.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
    """Gymnasium's metadata: ``autoreset_mode`` is ``AutoresetMode.SAME_STEP``."""

    def __init__(
        self,
        num_envs: int,
        opponent: str = "random",
        preset: str = "standard",
        rules: GinRules | dict[str, Any] | None = None,
        seat: int | None = 0,
        zero_sum: bool = False,
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
    ) -> None:
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        if illegal_action not in ("penalize", "raise"):
            raise ValueError("illegal_action must be 'penalize' or 'raise'")
        if seat is not None and seat not in (0, 1):
            raise ValueError("seat must be 0, 1 or None")
        if not isinstance(opponent, str):
            raise ValueError("opponent must be one agent level (a string)")
        self.adapter = GinAdapter(rules, preset)
        """The codec and the reference observation encoder."""
        self.rules: GinRules = self.adapter.rules
        """The rules of every hand."""
        self.num_envs = num_envs
        """How many hands are stepped together (the rows)."""
        self.opponent = opponent
        """The opponents' agent level."""
        self.fixed_seat = seat
        """The learner's seat as given (``None``: drawn anew for every hand)."""
        self.zero_sum = zero_sum
        """The reward is the learner's points minus the opponent's."""
        self.illegal_action = illegal_action
        """``"penalize"`` or ``"raise"``, as in :class:`~cardtable.adapters.gym_env.CardtableGymEnv`."""
        self.illegal_reward = illegal_reward
        """The reward of an illegal id under ``illegal_action="penalize"``."""
        self.num_actions = self.adapter.num_actions
        """Size of the ``Discrete`` action space of one hand (125, or 237 with ``knocker_melds="within-limit"``)."""
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })
        """One row: ``Dict(observation=Box(0, 1, (542,)), action_mask=Box(0, 1, (num_actions,), int8))``."""
        self.single_action_space = spaces.Discrete(self.num_actions)
        """One row's action: ``Discrete(num_actions)``, the ids of the Gin codec."""
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        """The batch: ``observation`` is ``float32[num_envs, 542]``, ``action_mask`` ``int8[num_envs, num_actions]``."""
        self.action_space = batch_space(self.single_action_space, num_envs)
        """``MultiDiscrete([num_actions] * num_envs)``: one id per row."""
        self._rng = random.Random()
        self._states: list[GinState] = []
        self.seats: list[int] = [0] * num_envs
        """The learner's seat in each row's current hand."""
        self._agents: list[list[Any]] = []
        self._fast_random = opponent == "random"
        self._discarded: list[list[int]] = []  # per row, per seat: cards that seat discarded this hand (bitmask)
        self._declined: list[list[int]] = []  # per row, per seat: upcards that seat declined this hand (bitmask)
        self._legal: list[int] = []  # per row, the legal ids as a bitmask
        self._mask_bytes = (self.num_actions + 7) // 8
        self._phase_bits: dict[str, int] = {}
        self._mask = np.zeros((num_envs, self.num_actions), dtype=np.int8)

    @property
    def game_states(self) -> list[GinState]:
        """The engine's hands in progress, one per row (every hand visible: for debugging, not for a learner)."""
        return self._states

    # --- the engine ---------------------------------------------------------------------------------
    def _legal_bits(self, state: GinState, dw: int | None = None) -> int:
        """The legal ids of ``state`` as a bitmask (bit ``i``: id ``i``), without building the action list
        in the discard phases (the common case: one bit per card of the hand). ``dw``: the deadwood of the
        hand of the seat to act, if known."""
        phase = state.phase
        if phase == DISCARD_PHASE or phase == WALL_KNOCK:
            hand = state.hands[state.turn]
            bits = 0
            if phase == DISCARD_PHASE:
                taken = state.taken
                bits = hand if taken is None or self.rules.discard_taken_card else hand & ~taken.bit
            if dw is None:
                dw = deadwood(hand)
            # a discard lowers the deadwood by at most 10: above the limit + 10, no knock (the engine's own test)
            if dw - 10 <= state.knock_limit:
                for card in state._knock_cards(hand):
                    bits |= card.bit << KNOCK_ID
            if dw == 0 and state._can_big_gin(hand):
                bits |= 1 << BIG_GIN_ID
            return bits
        if phase == OVER:
            return 0
        bits = self._phase_bits.get(phase, 0)
        if bits:
            return bits
        for aid in self.adapter.legal_ids(state):
            bits |= 1 << aid
        if phase in _FIXED_PHASES:
            self._phase_bits[phase] = bits
        return bits

    @staticmethod
    def _action(state: GinState, aid: int) -> GinAction:
        """The move of a legal id."""
        if aid < ARRANGE_ID:
            return _ACTIONS[aid]
        return [a for a in state.legal_actions() if a.kind == "arrange"][aid - ARRANGE_ID]

    def _apply(self, row: int, state: GinState, action: GinAction) -> None:
        """Apply a legal ``action`` (unchecked) and keep the row's public discard records up to date."""
        kind = action.kind
        if kind == "discard":
            assert action.card is not None
            self._discarded[row][state.turn] |= action.card.bit
        elif (kind == "draw" or kind == "pass") and state.discard:
            self._declined[row][state.turn] |= state.discard[-1].bit
        state._apply_unchecked(action)
        state.history.append(action)

    def _play_others(self, row: int, state: GinState) -> None:
        """Chance and the opponent's moves until the learner is to act or the hand is over."""
        seat = self.seats[row]
        rng = self._rng
        while True:
            while state.phase in CHANCE_PHASES:
                action = state.sample_chance(rng)
                state._apply_unchecked(action)
                state.history.append(action)
            if state.phase == OVER or state.turn == seat:
                return
            agent = self._agents[row][state.turn]
            if not self._fast_random:
                move = agent.act(state.view(state.turn), state.legal_moves())
                state.verify_action(move)
                self._apply(row, state, move)
            elif state.phase == DISCARD_PHASE:
                # the engine lists these moves in id order: the k-th set bit is RandomAgent's k-th move
                bits = self._legal_bits(state)
                for _ in range(agent.rng.randrange(bits.bit_count())):
                    bits &= bits - 1
                self._apply(row, state, _ACTIONS[(bits & -bits).bit_length() - 1])
            else:
                legal = state.legal_actions()
                self._apply(row, state, legal[agent.rng.randrange(len(legal))])

    def _new_hand(self, row: int) -> None:
        """Deal the row a hand that reaches a decision of the learner (as the single env does)."""
        rng = self._rng
        for _ in range(1000):
            self.seats[row] = self.fixed_seat if self.fixed_seat is not None else rng.randrange(2)
            state = GinState(self.rules, rng.randrange(2))
            self._states[row] = state
            self._discarded[row] = [0, 0]
            self._declined[row] = [0, 0]
            self._play_others(row, state)
            if state.phase != OVER:
                return

    # --- observations -------------------------------------------------------------------------------
    def _row(self, row: int, state: GinState, seat: int, raw: bytearray, scalars: list[float]) -> int:
        """Append the observation of ``seat``: its 0/1 entries as 542 bits to ``raw``, its seven scalars to
        ``scalars``; returns the deadwood of the seat's hand."""
        opp = 1 - seat
        hands = state.hands
        known = state.known
        phase = state.phase
        over = phase == OVER
        showdown = state.showdown
        scored = over and showdown is not None and showdown.outcome != "void"
        knock = state.knock_card
        knock_bit = 0 if knock is None else knock.bit
        pile = FULL & ~state.stock & ~hands[0] & ~hands[1] & ~knock_bit  # every card not in the stock or a hand
        top = state.discard[-1].bit if state.discard else 0
        if knock is not None and (scored or state.turn == seat):
            pile |= knock_bit
            top = knock_bit
        bits = (hands[seat] | known[opp] << 52 | pile << 104 | top << 156 | known[seat] << 312
                | _PHASE_BIT[phase] | self._discarded[row][opp] << 438 | self._declined[row][opp] << 490)
        if state.taken is not None:
            bits |= state.taken.bit << 208
        if scored:
            bits |= hands[opp] << 260
        if state.first_upcard is not None:
            bits |= state.first_upcard.bit << 382
        for who, decision in state.decisions:
            bits |= _DECISION_BIT[who == seat, decision == "take"]
        raw += bits.to_bytes(_ROW_BYTES, "little")
        dw = deadwood(hands[seat])
        scalars += (
            float(not over and phase not in CHANCE_PHASES and state.turn == seat),
            float(state.dealer == seat),
            state.stock_size / 52.0,
            hands[opp].bit_count() / 11.0,
            state.knock_limit / 10.0,
            min(dw / 110.0, 1.0),
            state.draws / self.rules.max_discard_draws,
        )
        return dw

    @staticmethod
    def _unpack(raw: bytearray, rows: int, width: int) -> npt.NDArray[np.uint8]:
        """``rows`` bit rows of ``width`` bits (each whole bytes, little-endian) as a ``uint8`` 0/1 array."""
        return np.unpackbits(np.frombuffer(raw, dtype=np.uint8).reshape(rows, -1), axis=1, count=width, bitorder="little")

    def _observe(self, rows: range | list[int]) -> tuple[dict[str, Any], list[int]]:
        """The observations and masks of ``rows`` (the learner's seat of each), and their legal ids as bitmasks."""
        states = self._states
        seats = self.seats
        raw = bytearray()
        scalars: list[float] = []
        legal: list[int] = []
        for i in rows:
            state = states[i]
            seat = seats[i]
            dw = self._row(i, state, seat, raw, scalars)
            legal.append(self._legal_bits(state, dw if state.turn == seat else None))
        masks = bytearray()
        size = self._mask_bytes
        for bits in legal:
            masks += bits.to_bytes(size, "little")
        obs = self._unpack(raw, len(legal), OBS_SIZE).astype(np.float32)
        obs[:, _SCALARS] = np.array(scalars, dtype=np.float64).reshape(len(legal), 7)
        mask = self._unpack(masks, len(legal), self.num_actions).view(np.int8)
        return {"observation": obs, "action_mask": mask}, legal

    def observe_row(self, row: int) -> dict[str, Any]:
        """Row ``row``'s current observation and mask, as one sub-environment would return them."""
        out, _ = self._observe([row])
        return {"observation": out["observation"][0], "action_mask": out["action_mask"][0]}

    def _observe_all(self) -> dict[str, Any]:
        out, self._legal = self._observe(range(self.num_envs))
        self._mask = out["action_mask"]
        return out

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of every row, ``bool[num_envs, num_actions]`` (the sb3-contrib convention)."""
        return self._mask.astype(bool)

    # --- the vector env API -------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal every row a new hand (``seed`` reseeds the deals and the opponents); ``(observations, info)``."""
        super().reset(seed=seed, options=options)
        if seed is not None:
            if not isinstance(seed, int):
                raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
            self._rng = random.Random(seed)
        n = self.num_envs
        if not self._agents or seed is not None:
            self._agents = []
            for _ in range(n):
                base = self._rng.randrange(2**31)
                self._agents.append([make_agent("gin", self.opponent, base + i) for i in range(2)])
            self._fast_random = all(type(a) is RandomAgent for pair in self._agents for a in pair)
        self._states = [GinState(self.rules, 0)] * n
        self._discarded = [[0, 0] for _ in range(n)]
        self._declined = [[0, 0] for _ in range(n)]
        self._legal = [0] * n
        for row in range(n):
            self._new_hand(row)
        return self._observe_all(), {}

    def step(self, actions: Any) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        """Apply one action id per row, let the opponents play, deal finished rows again (same-step autoreset)."""
        if not self._states:
            raise RuntimeError("call reset() first")
        n = self.num_envs
        ids = np.asarray(actions)
        if ids.shape != (n,):
            raise ValueError(f"expected {n} action ids (shape ({n},)), got shape {ids.shape}")
        if not np.issubdtype(ids.dtype, np.integer):
            raise TypeError(f"action ids must be integers, not {ids.dtype}")
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=np.bool_)
        finished: list[int] = []
        chosen: list[int] = ids.tolist()
        legal = self._legal
        width = self.num_actions
        illegal = [row for row, aid in enumerate(chosen) if not (0 <= aid < width and legal[row] >> aid & 1)]
        if illegal and self.illegal_action == "raise":  # before any row moves
            row = illegal[0]
            raise IllegalActionError.from_code("codec.row.not_legal", "codec", row=row, aid=chosen[row], name=self._id_name(chosen[row]))
        for row in illegal:
            rewards[row] = self.illegal_reward
            terminated[row] = True
            finished.append(row)
        skip = set(illegal)
        states = self._states
        apply = self._apply
        play_others = self._play_others
        for row, aid in enumerate(chosen):
            if skip and row in skip:
                continue
            state = states[row]
            apply(row, state, _ACTIONS[aid] if aid < ARRANGE_ID else self._action(state, aid))
            play_others(row, state)
            if state.phase == OVER:
                seat = self.seats[row]
                points = state.points
                reward = float(points[seat])
                if self.zero_sum:
                    reward -= points[1 - seat]
                rewards[row] = reward
                terminated[row] = True
                finished.append(row)
        info: dict[str, Any] = {}
        if finished:
            final_obs = np.full(n, None, dtype=object)
            has_final = np.zeros(n, dtype=np.bool_)
            hand_points = np.zeros((n, 2), dtype=np.int64)
            has_points = np.zeros(n, dtype=np.bool_)
            for row in finished:
                state = self._states[row]
                final_obs[row] = self.observe_row(row)
                has_final[row] = True
                if state.phase == OVER:
                    hand_points[row] = state.points
                    has_points[row] = True
                self._new_hand(row)
            final_info: dict[str, Any] = {}
            if has_points.any():
                final_info["hand_points"] = hand_points
                final_info["_hand_points"] = has_points
            if illegal:
                flags = np.zeros(n, dtype=np.bool_)
                flags[illegal] = True
                final_info["illegal_action"] = flags
                final_info["_illegal_action"] = flags.copy()
            # the keys at the top level, and under "final_info" as Gymnasium's SyncVectorEnv puts a finished
            # episode's info in same-step mode
            info.update(final_info)
            info.update(final_obs=final_obs, _final_obs=has_final, final_info=final_info, _final_info=has_final.copy())
        return self._observe_all(), rewards, terminated, np.zeros(n, dtype=np.bool_), info

    def _id_name(self, aid: int) -> str:
        if not 0 <= aid < self.num_actions:
            return f"out of range 0..{self.num_actions - 1}"
        return self.adapter.id_to_string(aid)

    def __repr__(self) -> str:
        return f"GinVectorEnv(num_envs={self.num_envs}, opponent={self.opponent!r}, seat={self.fixed_seat!r})"
