"""A search Pinochle player (level ``hard``): PIMC over sampled worlds, exact in stage 2.

**Stage 1.** For each decision it samples worlds consistent with everything
its seat has seen (:func:`.simulator.sample_world`: the opponent's
melded and known cards stay, its hidden cards and the stock order are drawn
from the unseen cards, the stock as one queue of draws per seat), plays every
candidate action in each world to the end of the hand (stage 1 with the
``medium`` judgement for both seats, each seat judging from its own cards
only; stage 2 with a fast greedy policy) and keeps the action with the best
mean points margin. Every candidate is played in the same worlds (common
random numbers). The candidates are ``medium``'s best few plays or melds
(declining a meld is never searched: playouts would favour it only because
the playout policy then chases the meld). ``medium``'s choice is the
baseline: another candidate replaces it only when its paired advantage, less
``confidence`` standard errors, stays positive. The dix exchange is
``medium``'s (always).

**Stage 2** is full information: it plays the exact solver's move
(:mod:`cardtable.pinochle.solver`), so its stage-2 play is optimal whenever
the solve ends within ``time_budget``. A solve still running at the deadline
is cut short (:class:`.stage2.Stage2`): it plays the best of the
root moves the solver finished, else the greedy policy's move; the table is
kept, so the next moves of the hand (fewer cards, finished subtrees known)
go faster. Measured with the default 0.8 s on the shared 2-core machine, the
first stage-2 lead (the slowest decision) is cut short in about 1% of hands
(``benchmarks/pinochle_speed.py --stage2-tail``). ``explain`` is bounded the
same way (greedy estimates for the moves not valued in time).

The agent sees only its view: it never receives the engine state; the only
states it builds are its own sampled worlds.
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Sequence

from ...pinochle.actions import DECLARE_OUT, PinochleAction
from ...pinochle.rules import PinochleRules
from ...pinochle.view import PinochleView
from ..pimc import cautious_scores, paired_search, spread
from .medium import ranked_actions
from .simulator import Sim, sample_world
from .stage2 import Stage2
from .tracking import Knowledge, knowledge

__all__ = ["HardPinochleAgent", "search", "view_seed"]

def view_seed(view: PinochleView, seed: int | None) -> int:
    """A reproducible per-decision seed from the public content of the view (and own cards)."""
    text = "|".join(view.events) + "/" + " ".join(str(c) for c in view.hand) + "/" + view.phase
    return (0 if seed is None else seed) * 1_000_003 + zlib.crc32(text.encode())


def action_value(world: Sim, seat: int, action: PinochleAction) -> int:
    """Points margin for ``seat`` after ``action`` in ``world`` (a copy is played) and heuristic play to the end."""
    sim = world.copy()
    kind = action.kind
    if kind == "play":
        following = sim.lead >= 0
        sim.play_card(seat, action.card)
        if following:
            sim.finish_trick_turn()
    elif kind in ("exchange", "no exchange"):
        if kind == "exchange":
            sim.exchange(seat, action.card)
        sim.policy_meld(seat)
        sim.draw()
    elif kind == "meld":
        sim.meld(seat, action.meld, action.cards)
        sim.draw()
    elif kind == "no meld":
        sim.draw()
    else:
        raise ValueError(f"hard search does not evaluate {action}")
    sim.run()
    return sim.margin(seat)


def search(
    kn: Knowledge, lead_by: int, candidates: Sequence[PinochleAction], seed: int, budget: float | None,
    max_worlds: int | None, heavy: bool = False,
) -> tuple[list[float], list[float], int]:
    """Play every candidate in the same sampled worlds: per candidate the sum of margins, the sum of
    squared paired differences against candidate 0, and the number of worlds."""
    rng = random.Random(seed)

    def next_world() -> Sim:
        world = sample_world(kn, rng, lead_by)
        world.heavy = heavy
        return world

    return paired_search(
        candidates, next_world, lambda world, a: action_value(world, kn.seat, a), budget, max_worlds
    )


class HardPinochleAgent:
    """PIMC search with heuristic playouts in stage 1; the exact solver in stage 2."""

    name = "hard"
    """Level name: ``"hard"``."""

    def __init__(
        self,
        seed: int | None = None,
        rules: PinochleRules | None = None,
        time_budget: float | None = 0.8,
        worlds: int | None = None,
        candidates: int = 5,
        workers: int = 1,
        confidence: float = 0.5,
        heavy: bool = True,
    ) -> None:
        """``time_budget`` seconds per searched decision (``None``: stop after ``worlds`` worlds);
        ``workers`` > 1 splits the worlds over a process pool; ``heavy`` playouts use the full ``medium``
        judgement for stage-1 cards (else a faster light policy, which measured weaker)."""
        self.seed = 0 if seed is None else seed
        """Base of the per-decision seeds of the sampled worlds (0 when ``None`` was given)."""
        self.rules = rules
        """The rules used when the view carries none (``None``: the standard rules)."""
        self.time_budget = time_budget
        """Seconds per decision, ranking included, and per stage-2 solve; ``None``: stop after :attr:`worlds` worlds
        (64 per worker if that is ``None`` too) and solve without a deadline."""
        self.worlds = worlds
        """The most worlds per searched decision; ``None``: as many as :attr:`time_budget` allows."""
        self.candidates = candidates
        """How many of ``medium``'s best actions are considered for the search (plays and melds only)."""
        self.workers = max(1, workers)
        """Processes the worlds are split over (1: in-process)."""
        self.confidence = confidence
        """Standard errors a candidate's paired advantage must clear to replace ``medium``'s choice."""
        self.heavy = heavy
        """Whether playouts choose stage-1 cards by the full ``medium`` judgement (slower) instead of
        the light policy."""
        self.stage2 = Stage2(time_budget)
        """The stage-2 solver, with :attr:`time_budget` as the deadline of each call and its table kept for the hand."""
        self.last_worlds = 0
        """Worlds played for the last decision (0 when it was not searched)."""

    def evaluate(self, view: PinochleView, legal: Sequence[PinochleAction],
                 exact: bool = False) -> list[tuple[PinochleAction, float]]:
        """Actions with estimated values (points margin of the rest of the hand in stage 1), best first.

        The time budget covers the whole decision: the search gets what the ranking left of it."""
        started = time.perf_counter()
        kn = knowledge(view, self.rules)
        ranked = ranked_actions(kn, legal, self.stage2, exact)
        self.last_worlds = 0
        if kn.opp_hand or len(ranked) == 1 or view.phase == "exchange" or ranked[0][0] is DECLARE_OUT:
            return ranked
        # declining a meld is never searched: it only looks good while the playout policy chases the meld
        cands = [a for a, _ in ranked[: self.candidates] if a.kind in ("play", "meld")]
        if len(cands) < 2:
            return ranked
        lead_by = view.leader
        seed = view_seed(view, self.seed)
        budget = None if self.time_budget is None else max(0.0, self.time_budget - (time.perf_counter() - started))
        result = spread(search, (kn, lead_by, cands), seed, budget, self.worlds, (self.heavy,),
                        self.workers, len(cands))
        self.last_worlds = result[2]
        scored = cautious_scores(cands, result, self.confidence)
        order = {a: i for i, a in enumerate(cands)}
        searched = sorted(scored, key=lambda av: (-av[1], order[av[0]]))
        low = searched[-1][1] - 1.0
        rest = [(a, low - i) for i, (a, _) in enumerate(r for r in ranked if r[0] not in order)]
        return searched + rest

    def act(self, view: PinochleView, legal_actions: Sequence[PinochleAction]) -> PinochleAction:
        """The best action by :meth:`evaluate` (no search with one legal action); ``ValueError`` if there is none."""
        if not legal_actions:
            raise ValueError("no legal actions to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.evaluate(view, legal_actions)[0][0]

    def explain(self, view: PinochleView, legal_actions: Sequence[PinochleAction],
                k: int = 3) -> list[tuple[PinochleAction, float]]:
        """The ``k`` best actions with their values (mean points margin; exact in stage 2), best first."""
        return self.evaluate(view, legal_actions, exact=True)[:k]
