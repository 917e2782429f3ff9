"""A simple rule Pinochle player (level ``easy``).

* melds: always the highest-scoring legal meld; always exchanges a dix;
* stage 1: leads its lowest non-trump card; follows by winning a counter
  (A or 10) led with its cheapest winning card, or any lead with a higher
  card of the led suit, else throws its lowest card;
* stage 2: plays the lowest legal card unless one of them wins the trick, then
  the lowest winning card; leads its lowest card.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...pinochle.actions import DECLARE_OUT, PinochleAction
from ...pinochle.deck import card_points, index_of
from ...pinochle.melds import KIND_POINTS
from ...pinochle.tricks import follower_wins
from ...pinochle.view import PinochleView
from .tracking import rules_of

__all__ = ["EasyPinochleAgent"]


class EasyPinochleAgent:
    """Deterministic rule player."""

    name = "easy"
    """Level name: ``"easy"``."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        """Unused (the player is deterministic); accepted like every level's ``seed``."""

    def act(self, view: PinochleView, legal_actions: Sequence[PinochleAction]) -> PinochleAction:
        """A dix exchange whenever legal, else the highest-scoring meld, else a card as the module describes; it never
        declares out (unless nothing else is legal); ``ValueError`` if there is no legal action."""
        legal = [a for a in legal_actions if a is not DECLARE_OUT] or list(legal_actions)
        if not legal:
            raise ValueError("no legal actions to choose from")
        if len(legal) == 1:
            return legal[0]
        exchanges = [a for a in legal if a.kind == "exchange"]
        if exchanges:
            return exchanges[0]
        melds = [a for a in legal if a.kind == "meld"]
        if melds:
            return max(melds, key=lambda a: (KIND_POINTS[a.meld], -legal.index(a)))
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return legal[0]
        pts = card_points(rules_of(view).counting)
        trump = view.trump

        def low(c: int) -> tuple[int, int, int]:
            return (c // 12 == trump, pts[c], -((c % 12) >> 1))

        cards = [a.card for a in plays]
        if view.lead is None:
            return plays[cards.index(min(cards, key=low))]
        lead = index_of(view.lead)
        winners = [c for c in cards if follower_wins(lead, c, trump)]
        cheap = [c for c in winners if c // 12 == lead // 12]
        if winners and (view.stage == 2 or pts[lead] >= 10):
            return plays[cards.index(min(winners, key=low))]
        if cheap:  # a higher card of the led suit wins it without spending a trump
            return plays[cards.index(min(cheap, key=low))]
        losers = [c for c in cards if c not in winners] or cards
        return plays[cards.index(min(losers, key=low))]
