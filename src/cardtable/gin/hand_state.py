"""What one hand of Gin Rummy in progress holds, as the rule helpers see it.

:mod:`.position` writes and reads positions on a :class:`HandState` and :mod:`.explain`
says why a move is illegal on one; :class:`~cardtable.gin.state.GinState` is the one
implementation and imports them, so the dependency runs one way: helpers -> this module <- state.
"""

from __future__ import annotations

from typing import Protocol

from ..cards import Card
from .rules import GinRules
from .showdown import Showdown

__all__ = ["HandState"]


class HandState(Protocol):
    """Hands, stock, discard pile, turn and showdown of one hand (see :class:`~cardtable.gin.state.GinState`)."""

    rules: GinRules
    """The rules of the hand."""
    dealer: int
    """The seat that deals this hand (0 or 1)."""
    phase: str
    """The hand's phase (:mod:`cardtable.gin.phases`)."""
    turn: int
    """The seat whose turn it is (chance steps aside); after a showdown, the knocker."""
    hands: list[int]
    """Each seat's cards as a bitmask."""
    known: list[int]
    """Per seat, the cards of its hand the opponent knows (taken from the discard pile), as a bitmask."""
    discard: list[Card]
    """The discard pile, bottom to top."""
    stock: int
    """The cards not dealt or drawn yet, as a bitmask."""
    stock_size: int
    """How many cards :attr:`stock` holds."""
    dealt: int
    """How many cards of the deal (20 and the first upcard) have been dealt."""
    first_upcard: Card | None
    """The hand's first upcard, once it is turned."""
    knock_limit: int
    """The most deadwood a knock may leave in this hand (Oklahoma: set by the first upcard)."""
    taken: Card | None
    """The card just taken from the discard pile this turn, else ``None``."""
    offer_take: bool
    """Whether the card just taken was the first upcard (taken on the offer)."""
    draws: int
    """Upcard takes in normal turns so far (``rules.max_discard_draws`` of them void the hand)."""
    returned: Card | None
    """A taken card discarded straight back (``discard_taken_card``); the same card again voids the hand."""
    decisions: list[tuple[int, str]]
    """``(seat, "take" or "pass")`` for each decision on the first upcard."""
    showdown: Showdown | None
    """How the hand ended and was scored, once it is over."""
    knock_card: Card | None
    """The card discarded face down with a knock, if any."""

    def knock_arrangements(self) -> list[tuple[int, ...]]:
        """The knocker's legal arrangements (arrange phase)."""

    def _void(self, reason: str) -> None:
        """End the hand void, with ``reason``."""

    def _showdown(self, outcome: str, knocker: int, melds: tuple[int, ...]) -> None:
        """End the hand: the knocker lays ``melds``, the defender lays off, the hand is scored."""
