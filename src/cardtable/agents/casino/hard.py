"""A search Casino player (level ``hard``): Perfect Information Monte Carlo, and exact play when all is known.

For each decision with a real choice it takes ``medium``'s best few moves as
candidates, samples worlds consistent with everything its seat has seen
(:func:`.worlds.sample_world`: the unseen cards dealt at random to the
other hands and the pack, each build's controller holding a card of its
value), and plays every candidate in each world with the ``medium`` judgement
for every seat (each seat judging from its own knowledge in that world). The
same worlds serve every candidate (common random numbers), and ``medium``'s
choice is kept unless another candidate is better by more than ``confidence``
standard errors of the paired difference.

How far a playout goes is ``horizon``: ``0`` plays to the end of the hand and
scores the true hand points of its side minus the other sides'; ``k`` stops
after the k-th end of a deal and scores the capture piles so far by the same
weights as ``medium`` (the true points once the hand is over). Later deals
add so much noise (a paired difference has a standard deviation of 4-5 points
over whole hands) that the default, the end of the current deal, plays far
better within a second than whole-hand playouts (compare them with
``benchmarks/agents_strength.py casino --pairs hard:hard/horizon=0``).

With two players, once the last deal is out every card is known (the unseen
cards are exactly the opponent's hand), and the rest of the hand is solved
exactly by alpha-beta search (:func:`solve`).

The agent sees only its view: it never receives the engine state, and the
only states it builds are its own sampled worlds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ...casino.actions import CasinoAction
from ...casino.legal_moves import LegalMoves
from ...casino.state import OVER, CasinoState
from ...casino.view import CasinoView
from ..pimc import cautious_scores, paired_search, spread
from .evaluation import Judge, Weights, weights_for
from .playout import choices, margin_estimate, playout
from .tracking import Knowledge, knowledge, view_seed
from .worlds import sample_world, world_state

__all__ = ["HardCasinoAgent", "search", "solve", "known_world"]

CROWDED_CANDIDATES = 4
"""Candidates searched on a crowded table (a lazy :class:`~cardtable.casino.legal_moves.LegalMoves`)."""


def search(
    kn: Knowledge,
    candidates: Sequence[CasinoAction],
    seed: int,
    budget: float | None,
    max_worlds: int | None,
    deals: int = 0,
    table_risk: float = 0.0,
    min_worlds: int = 2,
) -> tuple[list[float], list[float], int]:
    """Play every candidate in the same sampled worlds to the end of the hand.

    Returns per candidate the sum of margins, the sum of squared paired
    differences against candidate 0, and the number of worlds played (at
    least ``min_worlds`` even past the budget).
    """
    rng = random.Random(seed)
    w = weights_for(kn.captured, kn.rules.sweep_points)

    def next_world() -> tuple[CasinoState, list[int]]:
        hands, pack = sample_world(kn, rng)
        return world_state(kn, hands, pack), pack

    def value(world: tuple[CasinoState, list[int]], a: CasinoAction) -> float:
        base_state, pack = world
        state = base_state.clone()
        state.apply(a)
        return margin_estimate(playout(state, pack, deals), kn.seat, w, table_risk)

    return paired_search(candidates, next_world, value, budget, max_worlds, min_worlds=min_worlds, default_worlds=32)


# --- exact play of a fully known end of hand ----------------------------------------------------

_EXACT, _LOWER, _UPPER = 0, 1, 2


def _key(state: CasinoState) -> tuple[object, ...]:
    return (state.turn, tuple(state.hands), state.loose, state.builds, tuple(state.captured),
            state.last_capturer, tuple(state.sweeps))


class _Solver:
    """Alpha-beta over a two-player end of hand with every card known; values are side 0's margin."""

    def __init__(self, node_limit: int, weights: Weights, deadline: float | None) -> None:
        self.weights = weights
        self.deadline = deadline
        self.table: dict[tuple[object, ...], tuple[int, float]] = {}
        self.nodes = 0
        self.node_limit = node_limit

    def ordered(self, state: CasinoState) -> list[CasinoAction]:
        """Captures first, richest first; then builds; trails last, cheapest first."""
        moves = state.legal_moves()
        if isinstance(moves, LegalMoves):
            raise TimeoutError  # a crowded table: far too many moves to solve exactly
        legal = list(moves)
        if len(legal) <= 1:
            return legal
        w = self.weights

        def key(a: CasinoAction) -> float:
            if a.kind == "capture":
                return -10.0 - w.points(a.card.bit | a.loose | a.builds_mask)
            if a.kind == "build":
                return -5.0
            return w.points(a.card.bit)

        return sorted(legal, key=key)

    def value(self, state: CasinoState, alpha: float, beta: float) -> float:
        """Side 0's points minus side 1's at the end of the hand, with best play from ``state``."""
        if state.phase == OVER:
            return float(state.points[0] - state.points[1])
        self.nodes += 1
        if self.nodes > self.node_limit or (
            self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline
        ):
            raise TimeoutError
        key = _key(state)
        got = self.table.get(key)
        if got is not None:
            flag, v = got
            if flag == _EXACT or (flag == _LOWER and v >= beta) or (flag == _UPPER and v <= alpha):
                return v
        a0, b0 = alpha, beta
        maximize = state.rules.side_of(state.turn) == 0
        best = -math.inf if maximize else math.inf
        for action in self.ordered(state):
            child = state.clone()
            child.apply(action)
            v = self.value(child, alpha, beta)
            if maximize:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        flag = _EXACT
        if best <= a0:
            flag = _UPPER
        elif best >= b0:
            flag = _LOWER
        self.table[key] = (flag, best)
        return best


def known_world(kn: Knowledge) -> CasinoState | None:
    """The exact state when every card is known to the seat (two players, the pack empty), else ``None``."""
    if kn.num_players != 2 or kn.pack_size != 0:
        return None
    opp = 1 - kn.seat
    if kn.unseen.bit_count() != kn.hand_sizes[opp]:
        return None
    hands = [0, 0]
    hands[kn.seat] = kn.hand
    hands[opp] = kn.unseen
    return world_state(kn, hands, [])


def solve(
    state: CasinoState, actions: Sequence[CasinoAction], node_limit: int = 200_000, budget: float | None = None
) -> list[float] | None:
    """Exact margin (the mover's side minus the other) after each action.

    ``None`` when the search needs more than ``node_limit`` nodes or ``budget`` seconds.
    """
    deadline = None if budget is None else time.perf_counter() + budget
    solver = _Solver(node_limit, weights_for(state.captured, state.rules.sweep_points), deadline)
    sign = 1.0 if state.rules.side_of(state.turn) == 0 else -1.0
    out = []
    try:
        for a in actions:
            child = state.clone()
            child.apply(a)
            out.append(sign * solver.value(child, -math.inf, math.inf))
    except TimeoutError:
        return None
    return out


class HardCasinoAgent:
    """PIMC search with ``medium`` playouts; exact solving of a fully known two-player last deal."""

    name = "hard"
    """Level name: ``"hard"``."""

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float | None = 0.8,
        worlds: int | None = None,
        candidates: int = 6,
        workers: int = 1,
        confidence: float = 0.5,
        exact_nodes: int = 400_000,
        horizon: int = 1,
        table_risk: float = 0.0,
    ) -> None:
        """``time_budget`` seconds per searched decision (``None``: a fixed number of ``worlds``);
        ``workers`` > 1 splits the worlds over a process pool (both cores)."""
        self.seed = 0 if seed is None else seed
        """Base of the per-decision seeds of the sampled worlds (0 when ``None`` was given)."""
        self.time_budget = time_budget
        """Seconds per decision with a choice, ranking included; ``None``: stop after :attr:`worlds` worlds
        (32 per worker if that is ``None`` too) and solve without a deadline."""
        self.worlds = worlds
        """The most worlds per searched decision; ``None``: as many as :attr:`time_budget` allows."""
        self.candidates = candidates
        """How many of ``medium``'s best moves are searched (at most 4 on a crowded table)."""
        self.workers = max(1, workers)
        """Processes the worlds are split over (1: in-process)."""
        self.confidence = confidence
        """Standard errors a candidate's paired advantage must clear to replace ``medium``'s choice."""
        self.exact_nodes = exact_nodes
        """Node limit of the exact solve of a fully known end of hand; past it (or the time budget) the known
        world is played out like a sampled one."""
        self.horizon = horizon
        """How far playouts go: 0 to the end of the hand, ``k`` to the end of the k-th deal from now."""
        self.table_risk = table_risk
        """Weight of what the next deal's first player may capture from the table a playout leaves (0: ignored)."""
        self.last_worlds = 0
        """Worlds played for the last decision (0 when it was solved exactly or had no choice)."""
        self.last_exact = False
        """Whether the last decision was solved exactly."""

    def evaluate(self, view: CasinoView, legal: Sequence[CasinoAction]) -> list[tuple[CasinoAction, float]]:
        """Candidate actions with estimated values (the hand's points margin of its side), best first.

        The time budget covers the whole decision: the solve or search gets what the ranking left of it."""
        started = time.perf_counter()
        kn = knowledge(view)
        ranked = Judge(kn).ranked(choices(legal))
        self.last_worlds = 0
        self.last_exact = False
        if len(legal) <= 1:
            return ranked
        world = known_world(kn)
        budget = None if self.time_budget is None else max(0.0, self.time_budget - (time.perf_counter() - started))
        if world is not None and not isinstance(legal, LegalMoves):  # a crowded table is never solved exactly
            acts = [a for a, _ in ranked]
            exact = solve(world, acts, self.exact_nodes, budget)
            if exact is not None:
                self.last_exact = True
                order = {a: i for i, a in enumerate(acts)}
                return sorted(zip(acts, exact), key=lambda av: (-av[1], order[av[0]]))
        # a crowded table makes every world slow: fewer candidates, and one world may be all the budget allows
        crowded = isinstance(legal, LegalMoves)
        cands = [a for a, _ in ranked[: min(self.candidates, CROWDED_CANDIDATES) if crowded else self.candidates]]
        seed = view_seed(view, self.seed)
        if world is not None:  # every card is known but too many to solve: one deterministic world
            result = search(kn, cands, seed, None, 1, self.horizon, self.table_risk)
        else:
            result = spread(search, (kn, cands), seed, budget, self.worlds,
                            (self.horizon, self.table_risk, 1 if crowded else 2), self.workers, len(cands))
        self.last_worlds = result[2]
        scored = cautious_scores(cands, result, self.confidence)
        order = {a: i for i, a in enumerate(cands)}
        return sorted(scored, key=lambda av: (-av[1], order[av[0]]))

    def act(self, view: CasinoView, legal_actions: Sequence[CasinoAction]) -> CasinoAction:
        """The best move by :meth:`evaluate` (no search with one legal move); ``ValueError`` if there is none."""
        if not legal_actions:
            raise ValueError("no legal actions to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.evaluate(view, legal_actions)[0][0]

    def explain(
        self, view: CasinoView, legal_actions: Sequence[CasinoAction], k: int = 3
    ) -> list[tuple[CasinoAction, float]]:
        """The ``k`` best actions with their estimated values (mean points margin of the hand), best first."""
        return self.evaluate(view, legal_actions)[:k]
