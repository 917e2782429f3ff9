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
    dealer: int
    phase: str
    current_player: int
    hand: tuple[Card, ...]
    opponent_hand_size: int
    opponent_known: tuple[Card, ...]
    """Cards taken from the discard pile that the opponent still holds."""
    own_known: tuple[Card, ...]
    """Cards of this seat's hand that the opponent knows about."""
    discard_pile: tuple[Card, ...]
    """Bottom to top; the last card is the upcard."""
    stock_size: int
    knock_limit: int
    first_upcard: Card | None
    upcard_decisions: tuple[tuple[int, str], ...]
    taken_card: Card | None
    discard_draws: int
    events: tuple[str, ...]
    """The public action history from this seat's side (hidden cards shown as ``?``)."""
    showdown: Showdown | None
    opponent_hand: tuple[Card, ...] | None
    """Revealed only after a scored hand."""
    deadwood: int
    """Minimum deadwood of this seat's hand (11-card minimum while holding 11)."""
    rules: GinRules | None = None
    """The rules of the hand (public)."""

    @property
    def upcard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None
