"""What one seat of a Gin Rummy hand may know (hidden cards are absent, not masked)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from .rules import GinRules
from .showdown import Showdown

__all__ = ["GinView"]


@dataclass(frozen=True)
class GinView:
    """What one seat may know. Hidden cards are absent, not masked."""

    seat: int
    """The seat this view belongs to."""
    dealer: int
    """The seat that dealt this hand."""
    phase: str
    """The hand's phase (:mod:`cardtable.gin.phases`)."""
    current_player: int
    """The seat to act, or :data:`~cardtable.core.CHANCE` / :data:`~cardtable.core.TERMINAL`."""
    hand: tuple[Card, ...]
    """This seat's cards in index order (by suit, then rank)."""
    opponent_hand_size: int
    """How many cards the opponent holds."""
    opponent_known: tuple[Card, ...]
    """Cards taken from the discard pile that the opponent still holds."""
    own_known: tuple[Card, ...]
    """Cards of this seat's hand that the opponent knows about."""
    discard_pile: tuple[Card, ...]
    """Bottom to top; the last card is the upcard."""
    stock_size: int
    """Cards left in the stock."""
    knock_limit: int
    """The most deadwood a knock may leave in this hand (Oklahoma: set by the first upcard)."""
    first_upcard: Card | None
    """The hand's first upcard, once it is turned."""
    upcard_decisions: tuple[tuple[int, str], ...]
    """``(seat, "take" or "pass")`` for each decision on the first upcard, in order."""
    taken_card: Card | None
    """The card just taken from the discard pile this turn (it may not be discarded at once), else ``None``."""
    discard_draws: int
    """Upcard takes in normal turns so far (``max_discard_draws`` of them void the hand)."""
    events: tuple[str, ...]
    """The public action history from this seat's side (hidden cards shown as ``?``)."""
    showdown: Showdown | None
    """How the hand ended and was scored, once it is over."""
    opponent_hand: tuple[Card, ...] | None
    """Revealed only after a scored hand."""
    deadwood: int
    """Minimum deadwood of this seat's hand (11-card minimum while holding 11)."""
    rules: GinRules | None = None
    """The rules of the hand (public)."""

    @property
    def upcard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None
