"""A good heuristic Gin Rummy player with card tracking (level ``medium``).

What it knows, all from its view:

* exact deadwood of every candidate hand (``melds.deadwood``);
* the unseen cards, and for each an estimated chance that the opponent holds
  it (:mod:`.opponent`, the opponent model: cards near what the opponent took
  are likelier, cards near what it discarded or passed are less likely);
* outs: the expected deadwood after the next stock draw for every candidate
  hand, over the cards likely still in the stock;
* discard danger: the chance that a discard completes a meld for the
  opponent (its known cards count for certain);
* knock timing: the expected points of a knock against sampled opponent hands
  (undercuts included), compared with the value of playing on;
* the arrangement shown after a knock: the one that leaves the fewest layoffs.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence

from ...gin.actions import GinAction
from ...gin.melds import minimal_arrangements
from ...gin.rules import GinRules
from ...gin.view import GinView
from .opponent import knowledge, sample_opponent_hidden
from .playout import showdown_points
from .tracking import NEIGH, VALUE, Knowledge, bits, dw

__all__ = ["MediumGinAgent", "Evaluator", "first_choice", "view_seed"]

DANGER = 3.0
"""Deadwood-equivalent cost of handing the opponent a card that surely completes a meld."""
TAKE_MARGIN = 0.5
"""How much better (in expected deadwood) taking the upcard must be than drawing blind."""
DW_WEIGHT = 0.5
"""Extra weight of the deadwood left right now, against the expected deadwood after the next draw."""
LATE_WEIGHT = 0.0
"""Extra deadwood weight per opponent draw beyond the fourth: cut deadwood as the opponent nears a knock."""
CONT_BASE = -6.0
CONT_SLOPE = 0.4
"""Value of playing on, in points: ``CONT_BASE - CONT_SLOPE * (expected deadwood + danger)``."""


def view_seed(view: GinView, seed: int | None) -> int:
    """A reproducible per-decision seed from the public content of the view."""
    text = "|".join(view.events) + "/" + " ".join(str(c) for c in view.hand) + "/" + view.phase
    return (0 if seed is None else seed) * 1_000_003 + zlib.crc32(text.encode())


class Evaluator:
    """The medium player's judgement of one decision, shared by ``medium`` and ``hard``."""

    def __init__(self, view: GinView, rules: GinRules, rng: random.Random, samples: int = 24) -> None:
        self.view = view
        """The view of the decision being judged."""
        self.rules = rules
        """The rules the hand is played under."""
        self.rng = rng
        """The generator of the sampled opponent hands."""
        self.kn: Knowledge = knowledge(view)
        """What the seat knows, with the opponent model applied (:func:`.opponent.knowledge`)."""
        self.n_samples = samples
        """How many opponent hands :meth:`samples` draws."""
        self._samples: list[int] | None = None
        kn = self.kn
        self.p_stock = {i: max(0.0, 1.0 - kn.p_opp.get(i, 0.0)) for i in bits(kn.unseen)}
        """Per unseen card index: the chance that it is in the stock (1 less the chance that the opponent holds it)."""
        self.stock_total = sum(self.p_stock.values()) or 1.0
        """The sum of :attr:`p_stock` (1.0 if that is 0), which normalises expectations over the next stock draw."""

    # --- probabilities ------------------------------------------------------------------------
    def p_opp_holds(self, i: int) -> float:
        """Chance that the opponent holds card index ``i``: 1 for its known cards, 0 for cards seen elsewhere,
        else the opponent model's estimate."""
        kn = self.kn
        bit = 1 << i
        if kn.opp_known & bit:
            return 1.0
        if not kn.unseen & bit:
            return 0.0
        return kn.p_opp.get(i, 0.0)

    def danger(self, i: int) -> float:
        """Chance that discarding card ``i`` hands the opponent a meld."""
        rank, suit = i % 13, i // 13
        q = [self.p_opp_holds(s * 13 + rank) for s in range(4) if s != suit]
        p_set = q[0] * q[1] + q[0] * q[2] + q[1] * q[2] - 2 * q[0] * q[1] * q[2]
        miss = 1.0
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            ra, rb = rank + a, rank + b
            if 0 <= ra < 13 and 0 <= rb < 13:
                miss *= 1.0 - self.p_opp_holds(suit * 13 + ra) * self.p_opp_holds(suit * 13 + rb)
        return 1.0 - (1.0 - p_set) * miss

    # --- hand values ------------------------------------------------------------------------------
    def expected_after_draw(self, hand: int) -> float:
        """Expected minimum deadwood after one stock draw and the best discard (10-card ``hand``)."""
        cur = dw(hand)
        hb = bits(hand)
        m10 = min(dw(hand & ~(1 << d)) for d in hb)
        total = 0.0
        for u, ps in self.p_stock.items():
            if ps <= 0.0:
                continue
            if NEIGH[u] & hand:
                h11 = hand | (1 << u)
                b = min(cur, min(dw(h11 & ~(1 << d)) for d in hb))
            else:
                b = min(cur, VALUE[u] + m10)
            total += ps * b
        return total / self.stock_total

    def discard_score(self, hand11: int, card: int) -> float:
        """Lower is better: expected deadwood after the next draw plus the danger of the discard."""
        rest = hand11 & ~(1 << card)
        late = LATE_WEIGHT * max(0, self.kn.opp_stock_draws + len(self.kn.opp_taken) - 4)
        return self.expected_after_draw(rest) + (DW_WEIGHT + late) * dw(rest) + DANGER * self.danger(card)

    def continue_value(self, score: float) -> float:
        """Value in points of playing on after a discard whose :meth:`discard_score` is ``score``:
        ``CONT_BASE - CONT_SLOPE * score``."""
        return CONT_BASE - CONT_SLOPE * score

    # --- knocks -----------------------------------------------------------------------------------
    def samples(self) -> list[int]:
        """Sampled opponent hands (masks: its known cards plus a guess at the others), drawn once and then reused."""
        if self._samples is None:
            kn = self.kn
            self._samples = [kn.opp_known | sample_opponent_hidden(kn, self.rng) for _ in range(self.n_samples)]
        return self._samples

    def knock_value(self, hand10: int) -> tuple[float, tuple[int, ...] | None]:
        """Expected points margin of knocking with these 10 cards, and the best arrangement to show."""
        me = self.view.seat
        first = self.view.first_upcard
        samples = self.samples()
        if dw(hand10) == 0:
            total = 0.0
            for opp in samples:
                hands = [0, 0]
                hands[me], hands[1 - me] = hand10, opp
                pts = showdown_points(self.rules, me, hands, False, first)
                total += pts[me] - pts[1 - me]
            return total / len(samples), None
        best: tuple[float, tuple[int, ...] | None] = (-1e9, None)
        for arr in minimal_arrangements(hand10):
            total = 0.0
            for opp in samples:
                hands = [0, 0]
                hands[me], hands[1 - me] = hand10, opp
                pts = showdown_points(self.rules, me, hands, False, first, arr)
                total += pts[me] - pts[1 - me]
            value = total / len(samples)
            if value > best[0]:
                best = (value, arr)
        return best

    def big_gin_value(self, hand11: int) -> float:
        """Expected points margin of going big gin with these 11 cards, over the sampled opponent hands."""
        me = self.view.seat
        total = 0.0
        for opp in self.samples():
            hands = [0, 0]
            hands[me], hands[1 - me] = hand11, opp
            pts = showdown_points(self.rules, me, hands, True, self.view.first_upcard)
            total += pts[me] - pts[1 - me]
        return total / len(self.samples())

    # --- whole decisions ------------------------------------------------------------------------
    def evaluate(self, legal: Sequence[GinAction]) -> list[tuple[GinAction, float]]:
        """Every legal action with a value (higher is better; roughly expected points)."""
        view = self.view
        kn = self.kn
        hand = kn.hand
        kinds = {a.kind for a in legal}
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        if "arrange" in kinds:
            out = []
            samples = self.samples()
            me = view.seat
            for a in legal:
                total = 0.0
                for opp in samples:
                    hands = [0, 0]
                    hands[me], hands[1 - me] = hand, opp
                    pts = showdown_points(self.rules, me, hands, False, view.first_upcard, a.melds)
                    total += pts[me] - pts[1 - me]
                out.append((a, total / len(samples)))
            return out
        if "take knock" in kinds:  # the wall
            up = view.discard_pile[-1]
            h11 = hand | up.bit
            forbidden = 0 if self.rules.discard_taken_card else up.bit
            value = max(
                [self.knock_value(h11 & ~(1 << i))[0] for i in bits(h11 & ~forbidden) if dw(h11 & ~(1 << i)) <= view.knock_limit]
                + ([self.big_gin_value(h11)] if self.rules.big_gin_bonus is not None and dw(h11) == 0 else []),
                default=-1e9,
            )
            return [(a, value if a.kind == "take knock" else 0.0) for a in legal]
        if "take" in kinds:  # first-upcard offer or normal draw
            up = view.discard_pile[-1]
            h11 = hand | up.bit
            keep = h11 if self.rules.discard_taken_card else hand
            after_take = min(dw(h11 & ~(1 << d)) for d in bits(keep))
            blind = self.expected_after_draw(hand)
            return [(a, -after_take if a.kind == "take" else -blind + TAKE_MARGIN) for a in legal]
        out = []
        discard_scores: dict[int, float] = {}
        for a in legal:
            if a.kind == "discard" and a.card is not None:
                s = self.discard_score(hand, a.card.index)
                discard_scores[a.card.index] = s
                out.append((a, self.continue_value(s)))
        for a in legal:
            if a.kind == "knock" and a.card is not None:
                out.append((a, self.knock_value(hand & ~a.card.bit)[0]))
            elif a.kind == "big gin":
                out.append((a, self.big_gin_value(hand) + 1000.0))
        for a in legal:
            if a.kind not in ("discard", "knock", "big gin"):
                out.append((a, -1e6))
        return out


def first_choice(
    rank: Callable[[GinView, Sequence[GinAction]], list[tuple[GinAction, float]]],
    view: GinView,
    legal_actions: Sequence[GinAction],
) -> GinAction:
    """The best action by ``rank``; no ranking when there is no choice; big gin whenever it is legal."""
    if not legal_actions:
        raise ValueError("no legal actions to choose from")
    if len(legal_actions) == 1:
        return legal_actions[0]
    for a in legal_actions:
        if a.kind == "big gin":
            return a
    return rank(view, legal_actions)[0][0]


class MediumGinAgent:
    """Heuristic player with card tracking, outs, discard danger and knock timing."""

    name = "medium"
    """Level name: ``"medium"``."""

    def __init__(self, seed: int | None = None, rules: GinRules | None = None, samples: int = 24) -> None:
        self.seed = seed
        """Base of the per-decision seeds (:func:`view_seed`) of the sampled opponent hands; ``None`` counts as 0."""
        self.rules = rules
        """Fixed rules; ``None``: the rules the view carries (standard if it carries none)."""
        self.samples = samples
        """Opponent hands sampled per decision to value knocks, big gin and arrangements."""

    def rules_for(self, view: GinView) -> GinRules:
        """The rules to judge ``view`` by: :attr:`rules`, else the view's, else the standard ones."""
        return self.rules or view.rules or GinRules()

    def evaluator(self, view: GinView) -> Evaluator:
        """A fresh :class:`Evaluator` for ``view``, seeded from the view's public content and :attr:`seed`."""
        return Evaluator(view, self.rules_for(view), random.Random(view_seed(view, self.seed)), self.samples)

    def ranked(self, view: GinView, legal_actions: Sequence[GinAction]) -> list[tuple[GinAction, float]]:
        """Every legal action with its value (roughly expected points, higher is better), best first;
        ties in legal order."""
        scored = self.evaluator(view).evaluate(legal_actions)
        order = {a: i for i, a in enumerate(legal_actions)}
        return sorted(scored, key=lambda av: (-av[1], order[av[0]]))

    def act(self, view: GinView, legal_actions: Sequence[GinAction]) -> GinAction:
        """The best action by :meth:`ranked`; big gin whenever it is legal; ``ValueError`` if there is none."""
        return first_choice(self.ranked, view, legal_actions)

    def explain(self, view: GinView, legal_actions: Sequence[GinAction], k: int = 3) -> list[tuple[GinAction, float]]:
        """The ``k`` best actions with their estimated values, best first."""
        return self.ranked(view, legal_actions)[:k]
