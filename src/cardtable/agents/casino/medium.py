"""A heuristic Casino player with card tracking (level ``medium``).

It scores every legal move with :class:`~.evaluation.Judge`, from its view
only: the unseen cards are those not in its hand, on the table or in a capture
pile (capture piles are public), and the chance that an opponent holds a card
of some value follows from how many of that value are unseen (certain for the
value of a build it controls). That gives it safe builds (a build it can take
that few unseen cards could steal), defensive trails (no easy sums or sweeps
left for the next player, valuable cards kept back), the last capture of the
hand, and partnership play with four players. On a crowded table (a lazy
sequence of millions of moves) it judges the natural candidates only
(:func:`.playout.choices`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...casino.actions import CasinoAction
from ...casino.view import CasinoView
from .evaluation import Judge
from .playout import choices
from .tracking import knowledge

__all__ = ["MediumCasinoAgent"]


class MediumCasinoAgent:
    """One-move judgement of gains, threats and next-turn chances, in hand points."""

    name = "medium"
    """Level name: ``"medium"``."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        """Unused (the player is deterministic); accepted like every level's ``seed``."""

    def ranked(self, view: CasinoView, legal_actions: Sequence[CasinoAction]) -> list[tuple[CasinoAction, float]]:
        """Every legal action with its estimated value (hand points, relative), best first."""
        return Judge(knowledge(view)).ranked(choices(legal_actions))

    def act(self, view: CasinoView, legal_actions: Sequence[CasinoAction]) -> CasinoAction:
        """The move the :class:`~.evaluation.Judge` scores best (the first on ties); ``ValueError`` if there is none."""
        if not legal_actions:
            raise ValueError("no legal actions to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        return Judge(knowledge(view)).best(choices(legal_actions))

    def explain(
        self, view: CasinoView, legal_actions: Sequence[CasinoAction], k: int = 3
    ) -> list[tuple[CasinoAction, float]]:
        """The ``k`` best actions with their estimated values, best first."""
        return self.ranked(view, legal_actions)[:k]
