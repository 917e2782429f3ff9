"""What one hand of two-handed Pinochle in progress holds, as the rule helpers see it.

The helpers that explain an illegal move (:mod:`.explain`), read move notation
(:mod:`.notation`), write and read positions (:mod:`.position`), make a seat's
view (:mod:`.view`) and solve stage 2 (:mod:`.solver`) take a :class:`HandState`;
:class:`~cardtable.pinochle.state.PinochleState` is the one implementation and
imports them, so the dependency runs one way: helpers -> this module <- state.
"""

from __future__ import annotations

from typing import Protocol

from .actions import PinochleAction
from .rules import PinochleRules

__all__ = ["HandState"]


class HandState(Protocol):
    """Hands, piles, stock, trump, melds and turn of one hand (see :class:`~cardtable.pinochle.state.PinochleState`)."""

    rules: PinochleRules
    dealer: int
    totals: tuple[int, int]
    phase: str
    dealt: int
    leader: int
    lead: int
    concealed: list[int]
    melded: list[int]
    won: list[int]
    known: list[int]
    stock: int
    trump: int
    trump_card: int
    scored: tuple[int, ...]
    dix_scored: int
    breakdown: list[dict[str, int]]
    ntricks: int
    trick_log: list[tuple[int, int, int, int]]
    meld_log: list[tuple[int, int, int]]
    declarer: int
    last_winner: int
    counters: list[int]
    points: list[int]
    history: list[PinochleAction]
    actors: list[int]

    @property
    def stage(self) -> int:
        """1 while the stock lasts, else 2."""

    @property
    def trump_dixes(self) -> int:
        """The dixes (trump nines) as a mask."""

    def current_player(self) -> int:
        """The seat to act, or CHANCE / TERMINAL."""

    def is_terminal(self) -> bool:
        """Whether the hand is over."""

    def legal_actions(self) -> list[PinochleAction]:
        """Every legal action now."""

    def hand(self, seat: int) -> int:
        """All cards of ``seat``'s hand, concealed and melded."""

    def meld_points(self, seat: int) -> int:
        """Meld and dix points of ``seat`` so far this hand."""

    def deal_target(self) -> int:
        """The seat that receives the next dealt card."""

    def can_exchange(self, seat: int) -> bool:
        """Whether ``seat`` may exchange a dix for the trump card (7.1)."""

    def _finish(self) -> None:
        """Count the hand (9) or the partial count after a declaration (10.3.2)."""
