"""A search Gin Rummy player (level ``hard``): Perfect Information Monte Carlo over sampled worlds.

For each decision it samples worlds consistent with everything its seat has
seen (:func:`.worlds.sample_world`: the opponent's known cards, its other
cards drawn by the opponent model, the stock shuffled from the rest), plays
every candidate action in each world to the end of the hand with the fast rule
policy for both seats, and picks the action with the best mean point margin.
The same worlds are used for every candidate (common random numbers), which
makes the comparison much sharper than independent samples would.

It searches the discard decisions (which card, knock or not); candidates are
``medium``'s best few discards plus every knock. Draw decisions are left to
``medium`` by default (``search_phases``): in duplicate tests against
``simple``, searching them with light playouts did not help. ``medium``'s own choice is
the baseline, and the search overrides it only when another candidate's paired
advantage stays positive after subtracting ``confidence`` standard errors, so
sampling noise cannot make ``hard`` worse than ``medium``'s judgement by much.
Decisions that need no search (a single legal action, big gin, the
arrangement, the wall) are left to ``medium``.

The time budget (default 0.8 s) covers the whole decision; ``workers=2`` splits
the worlds over a small process pool (both cores), ``workers=1`` (default)
stays in-process. ``time_budget=None, worlds=N`` gives reproducible decisions.

The agent sees only its view: it never receives the engine state, and the
only states it builds are its own sampled worlds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ...gin.actions import GinAction
from ...gin.rules import GinRules
from ...gin.view import GinView
from ..pimc import cautious_scores, paired_search, spread
from .medium import MediumGinAgent, first_choice, view_seed
from .opponent import knowledge
from .playout import playout, showdown_points
from .worlds import World, sample_world

__all__ = ["HardGinAgent", "search"]

def action_value(world: World, action: GinAction, rules: GinRules) -> int:
    """Points margin for the world's seat after ``action`` and light-policy play to the end of the hand."""
    view = world.view
    me, opp = world.seat, 1 - world.seat
    hands = [0, 0]
    hands[me] = world.my_hand
    hands[opp] = world.opp_hand
    stock = world.stock[:]
    pile = [c.index for c in view.discard_pile]
    limit = view.knock_limit
    first = view.first_upcard
    kind = action.kind
    phase = view.phase
    if kind == "take":
        up = pile.pop()
        hands[me] |= 1 << up
        pts = playout(rules, hands, stock, pile, me, "discard", limit, first, taken=up)
    elif kind == "draw":
        card = stock.pop()
        hands[me] |= 1 << card
        pts = playout(rules, hands, stock, pile, me, "discard", limit, first)
    elif kind == "pass":
        if phase == "offer":
            pts = playout(rules, hands, stock, pile, opp, "offer-dealer", limit, first)
        elif phase == "offer-dealer":
            pts = playout(rules, hands, stock, pile, opp, "forced-draw", limit, first)
        else:  # the wall
            return 0
    elif kind == "discard":
        assert action.card is not None
        hands[me] &= ~action.card.bit
        pile.append(action.card.index)
        if len(stock) <= 2:
            if rules.stock_end != "wall":
                return 0
            pts = playout(rules, hands, stock, pile, opp, "wall", limit, first)
        else:
            pts = playout(rules, hands, stock, pile, opp, "draw", limit, first)
    elif kind == "knock":
        assert action.card is not None
        hands[me] &= ~action.card.bit
        pts = showdown_points(rules, me, hands, False, first)
    elif kind == "big gin":
        pts = showdown_points(rules, me, hands, True, first)
    else:
        raise ValueError(f"hard search does not evaluate {action}")
    return pts[me] - pts[opp]


def search(
    view: GinView,
    candidates: Sequence[GinAction],
    rules: GinRules,
    seed: int,
    budget: float | None,
    max_worlds: int | None,
    structured: bool = True,
) -> tuple[list[float], list[float], int]:
    """Play every candidate in the same sampled worlds.

    Returns per candidate the sum of margins and the sum of squared paired
    differences against candidate 0, and the number of worlds played.
    """
    rng = random.Random(seed)
    kn = knowledge(view)
    return paired_search(
        candidates,
        lambda: sample_world(view, kn, rng, structured),
        lambda world, a: action_value(world, a, rules),
        budget,
        max_worlds,
    )


class HardGinAgent:
    """PIMC search with light playouts on top of the ``medium`` evaluator."""

    name = "hard"
    """Level name: ``"hard"``."""

    def __init__(
        self,
        seed: int | None = None,
        rules: GinRules | None = None,
        time_budget: float | None = 0.8,
        worlds: int | None = None,
        candidates: int = 5,
        workers: int = 1,
        structured: bool = True,
        confidence: float = 1.0,
        search_phases: tuple[str, ...] = ("discard",),
    ) -> None:
        """``time_budget`` seconds per searched decision (``None``: stop after ``worlds`` worlds);
        ``workers`` > 1 splits the worlds over a process pool."""
        self.seed = 0 if seed is None else seed
        """Base of the per-decision seeds of the sampled worlds (0 when ``None`` was given)."""
        self.rules = rules
        """Fixed rules; ``None``: the rules the view carries (standard if it carries none)."""
        self.time_budget = time_budget
        """Seconds per searched decision, ranking included; ``None``: stop after :attr:`worlds` worlds
        (64 per worker if that is ``None`` too)."""
        self.worlds = worlds
        """The most worlds per searched decision; ``None``: as many as :attr:`time_budget` allows."""
        self.candidates = candidates
        """How many of ``medium``'s best actions are searched (every legal knock is searched as well)."""
        self.workers = max(1, workers)
        """Processes the worlds are split over (1: in-process)."""
        self.structured = structured
        """Whether sampled opponent hands reflect its keeping the best of its draws
        (:func:`.opponent.sample_opponent_hidden`)."""
        self.confidence = confidence
        """Standard errors a candidate's paired advantage must clear to replace ``medium``'s choice."""
        self.search_phases = search_phases
        """The phases whose decisions are searched; the others are left to ``medium``."""
        self.medium = MediumGinAgent(seed, self.rules, samples=32)
        """The ``medium`` player (32 opponent samples) that gives the baseline choice and the candidates."""
        self.last_worlds = 0
        """Worlds played for the last decision (0 when it was not searched)."""

    def _needs_search(self, view: GinView, legal: Sequence[GinAction]) -> bool:
        kinds = {a.kind for a in legal}
        if len(legal) == 1 or kinds & {"big gin", "arrange", "take knock"}:
            return False
        return view.phase in self.search_phases

    def evaluate(self, view: GinView, legal: Sequence[GinAction]) -> list[tuple[GinAction, float]]:
        """Candidate actions with estimated values (points margin of the hand), best first.

        ``medium``'s choice is the baseline; another candidate replaces it only when
        its paired advantage over the baseline, less ``confidence`` standard errors,
        stays positive. The values shown are these cautious estimates.
        """
        started = time.perf_counter()
        ranked = self.medium.ranked(view, legal)
        if not self._needs_search(view, legal):
            self.last_worlds = 0
            return ranked
        cands = [a for a, _ in ranked[: self.candidates]]
        cands.extend(a for a, _ in ranked[self.candidates:] if a.kind == "knock")
        seed = view_seed(view, self.seed)
        rules = self.rules or view.rules or GinRules()
        budget = None if self.time_budget is None else max(0.0, self.time_budget - (time.perf_counter() - started))
        result = spread(search, (view, cands, rules), seed, budget, self.worlds, (self.structured,),
                        self.workers, len(cands))
        self.last_worlds = result[2]
        scored = cautious_scores(cands, result, self.confidence)
        order = {a: i for i, a in enumerate(cands)}
        return sorted(scored, key=lambda av: (-av[1], order[av[0]]))

    def act(self, view: GinView, legal_actions: Sequence[GinAction]) -> GinAction:
        """The best action by :meth:`evaluate`; big gin whenever it is legal; ``ValueError`` if there is none."""
        self.last_worlds = 0
        return first_choice(self.evaluate, view, legal_actions)

    def explain(self, view: GinView, legal_actions: Sequence[GinAction], k: int = 3) -> list[tuple[GinAction, float]]:
        """The ``k`` best actions with their estimated values (mean points margin of the hand), best first."""
        return self.evaluate(view, legal_actions)[:k]
