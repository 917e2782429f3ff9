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
    """The rules of the hand."""
    dealer: int
    """The seat that deals this hand (0 or 1)."""
    totals: tuple[int, int]
    """The game totals of both seats before this hand (declaring out counts from them)."""
    phase: str
    """The hand's phase (:mod:`cardtable.pinochle.phases`)."""
    dealt: int
    """How many cards have been dealt (24 make the deal)."""
    leader: int
    """The seat that leads (or led) the current trick."""
    lead: int
    """The card led to the trick in progress (an index), else -1."""
    concealed: list[int]
    """Each seat's cards in hand, as a mask of physical-card indices."""
    melded: list[int]
    """Each seat's cards on the table (melded), as a mask; empty from stage 2."""
    won: list[int]
    """Each seat's won tricks' cards, as a mask."""
    known: list[int]
    """Per seat, its concealed cards the opponent knows (a former trump card), as a mask."""
    stock: int
    """The face-down cards not dealt or drawn yet, as a mask (the trump card is kept apart)."""
    trump: int
    """The trump suit (0..3), -1 before the turn-up."""
    trump_card: int
    """The turned-up card under the stock (an index), -1 before the turn-up and once taken."""
    scored: tuple[int, ...]
    """Per meld kind, the cards that have scored in it (masks)."""
    dix_scored: int
    """The dixes that have scored, as a mask."""
    breakdown: list[dict[str, int]]
    """Per seat, meld and dix points by what scored them (a meld kind's name, or ``dix-...``)."""
    ntricks: int
    """Tricks completed so far (12 in stage 1, 24 in all)."""
    trick_log: list[tuple[int, int, int, int]]
    """Each completed trick: ``(leader, led card, followed card, winner)``."""
    meld_log: list[tuple[int, int, int]]
    """Each meld made: ``(seat, kind, cards mask)``."""
    declarer: int
    """The seat that declared out, else -1."""
    last_winner: int
    """The winner of the latest trick, -1 before the first."""
    counters: list[int]
    """Counter points each seat took in tricks (set when the hand is counted)."""
    points: list[int]
    """The hand's score per seat: meld plus counters (set when the hand ends)."""
    history: list[PinochleAction]
    """Every action applied so far, chance steps included, in order."""
    actors: list[int]
    """For each action of :attr:`history`, the seat that made it (a dealt or drawn card: the seat it went to; the turn-up: -1)."""

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
