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
    dealer: int
    phase: str
    turn: int
    hands: list[int]
    known: list[int]
    discard: list[Card]
    stock: int
    stock_size: int
    dealt: int
    first_upcard: Card | None
    knock_limit: int
    taken: Card | None
    offer_take: bool
    draws: int
    returned: Card | None
    decisions: list[tuple[int, str]]
    showdown: Showdown | None
    knock_card: Card | None

    def knock_arrangements(self) -> list[tuple[int, ...]]:
        """The knocker's legal arrangements (arrange phase)."""

    def _void(self, reason: str) -> None:
        """End the hand void, with ``reason``."""

    def _showdown(self, outcome: str, knocker: int, melds: tuple[int, ...]) -> None:
        """End the hand: the knocker lays ``melds``, the defender lays off, the hand is scored."""
