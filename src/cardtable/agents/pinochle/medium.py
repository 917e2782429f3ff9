"""A heuristic Pinochle player with card tracking (level ``medium``).

From its view alone it tracks the unseen cards (all 48 less its own hand, the
played cards, the opponent's melded and known cards and the trump card) and
judges every stage-1 decision in points:

* **keeping meld cards**: each card's share of the melds it can still make
  (complete now, or by the draws left, counting the copies still unseen);
* **meld vs trick trade-off**: winning a trick is worth the meld it lets it
  make now; losing one gives the opponent the chance to meld;
* **counter economy**: A and 10 (and K, Q) are counted in both cards of a
  trick; a lead is judged by the chance that the opponent holds a card that
  beats it (from the unseen cards), so counters are not fed to it cheaply;
* **trump for stage 2**: trumps and side aces keep a trick-power value that
  grows as stage 2 comes closer;
* **dix**: exchanged whenever possible (an unscored one first); an unscored
  dix played in stage 1 scores when the rules say so;
* **melds**: the meld that is worth most together with the best meld it still
  leaves possible (a royal marriage before the run, a pinochle before the
  double pinochle, when there are tricks left to win).

Stage 2 is full information: it plays it perfectly with the exact solver.

With the option ``declare_out`` it declares out as soon as its claim (the game total before the
hand, the hand's meld and the counters it has won) reaches the target: that wins at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...pinochle.actions import DECLARE_OUT, PinochleAction
from ...pinochle.rules import PinochleRules
from ...pinochle.view import PinochleView
from .evaluation import exchange_choice, meld_values, play_values
from .stage2 import Stage2
from .tracking import Knowledge, knowledge, view_ctx

__all__ = ["MediumPinochleAgent", "ranked_actions"]


def ranked_actions(
    kn: Knowledge, legal: Sequence[PinochleAction], stage2: Stage2, exact: bool = False
) -> list[tuple[PinochleAction, float]]:
    """Every legal action with the medium player's value, best first (ties: legal order).

    In stage 2 the best move by the solver comes first; with ``exact`` every
    move gets its exact solver value (slower), else the others get ``-inf``-like
    values below it in legal order.
    """
    order = {a: i for i, a in enumerate(legal)}
    kinds = {a.kind for a in legal}
    scored: list[tuple[PinochleAction, float]]
    if "play" in kinds and kn.opp_hand:
        plays = [a for a in legal if a.kind == "play"]
        if exact or len(plays) == 1:
            exact_vals = stage2.values(kn, [a.card for a in plays])
            scored = [(a, float(v)) for a, v in zip(plays, exact_vals)]
        else:
            value, card = stage2.best(kn)
            scored = [(a, float(value) if a.card == card else float(value) - 1000.0) for a in plays]
    elif "play" in kinds:
        plays = [a for a in legal if a.kind == "play"]
        vals = play_values(view_ctx(kn), [a.card for a in plays], kn.lead)
        scored = list(zip(plays, vals))
    elif "exchange" in kinds:
        dixes = [a.card for a in legal if a.kind == "exchange"]
        pick = exchange_choice(dixes, kn.dix_scored)
        scored = [(a, 10.0 if a.card == pick else 0.0) for a in legal if a.kind in ("exchange", "no exchange")]
    elif "meld" in kinds:
        melds = [a for a in legal if a.kind == "meld"]
        vals = meld_values(view_ctx(kn), [(a.meld, a.cards) for a in melds])
        scored = list(zip(melds, vals))
        scored += [(a, 0.0) for a in legal if a.kind == "no meld"]
    else:
        scored = [(a, 0.0) for a in legal]
    winning = kn.claim >= kn.rules.target_score
    scored += [(a, 1e9 if winning else -1e9) for a in legal if a is DECLARE_OUT]
    return sorted(scored, key=lambda av: (-av[1], order[av[0]]))


class MediumPinochleAgent:
    """Card-tracking heuristic player; exact in stage 2."""

    name = "medium"
    """Level name: ``"medium"``."""

    def __init__(self, seed: int | None = None, rules: PinochleRules | None = None) -> None:
        self.seed = seed
        """Unused (the player is deterministic); accepted like every level's ``seed``."""
        self.rules = rules
        """The rules used when the view carries none (``None``: the standard rules)."""
        self.stage2 = Stage2()
        """The exact stage-2 solver (no time budget), its table kept for the rest of the hand."""

    def knowledge(self, view: PinochleView) -> Knowledge:
        """What the seat knows from ``view`` alone (:func:`.tracking.knowledge`, :attr:`rules` as the fallback)."""
        return knowledge(view, self.rules)

    def ranked(self, view: PinochleView, legal_actions: Sequence[PinochleAction],
               exact: bool = False) -> list[tuple[PinochleAction, float]]:
        """Every legal action with its value, best first (:func:`ranked_actions`; with ``exact`` every stage-2 play
        gets its solver value)."""
        return ranked_actions(self.knowledge(view), legal_actions, self.stage2, exact)

    def act(self, view: PinochleView, legal_actions: Sequence[PinochleAction]) -> PinochleAction:
        """The best-ranked action (no ranking with one legal action); ``ValueError`` if there is none."""
        if not legal_actions:
            raise ValueError("no legal actions to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.ranked(view, legal_actions)[0][0]

    def explain(self, view: PinochleView, legal_actions: Sequence[PinochleAction],
                k: int = 3) -> list[tuple[PinochleAction, float]]:
        """The ``k`` best actions with their values (points; exact margins in stage 2), best first."""
        return self.ranked(view, legal_actions, exact=True)[:k]
