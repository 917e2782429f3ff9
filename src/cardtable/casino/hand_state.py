"""What one hand of Casino in progress holds, as the rule helpers see it.

The helpers that explain an illegal move (:mod:`.legality`), read move notation
(:mod:`.notation`), write and read positions (:mod:`.position`) and answer
"what could that seat do" (:mod:`.tools`) take a :class:`HandState`;
:class:`~cardtable.casino.state.CasinoState` is the one implementation and
imports them, so the dependency runs one way: helpers -> this module <- state.
"""

from __future__ import annotations

from typing import Protocol

from .builds import Build
from .rules import CasinoRules
from .scoring import SideScore

__all__ = ["HandState", "DEALING", "PLAY", "OVER"]

DEALING = "dealing"
"""The phase while cards are dealt (chance acts): the start of each deal of the hand."""
PLAY = "play"
"""The phase while the seats play their hand cards."""
OVER = "over"
"""The phase once the hand is over and scored."""


class HandState(Protocol):
    """The table, hands, piles and turn of one hand (see :class:`~cardtable.casino.state.CasinoState`)."""

    rules: CasinoRules
    """The rules of the hand."""
    num_players: int
    """Seats at the table (2, 3 or 4)."""
    dealer: int
    """The seat that deals this hand."""
    phase: str
    """The hand's phase: :data:`DEALING`, :data:`PLAY` or :data:`OVER`."""
    turn: int
    """The seat whose turn it is (chance steps aside)."""
    hands: list[int]
    """Each seat's cards as a bitmask."""
    loose: int
    """The loose cards on the table, as a bitmask."""
    builds: tuple[Build, ...]
    """The builds on the table."""
    pack: int
    """The cards not dealt yet, as a bitmask."""
    deal_number: int
    """Which deal of the hand is being played, from 1."""
    dealt: int
    """Cards dealt so far in the current deal."""
    last_deal: bool
    """Whether the current deal is the hand's last."""
    captured: list[int]
    """Each side's captured cards, as a bitmask."""
    sweeps: list[int]
    """Each side's sweeps."""
    last_capturer: int | None
    """The seat that captured last, ``None`` before any capture."""
    points: list[int]
    """Points each side scored in the hand (set when it ends)."""
    scores: tuple[SideScore, ...] | None
    """Each side's scoring breakdown once the hand is over, else ``None``."""
    residue: int
    """The cards left on the table at the end, as a bitmask (to the last capturer's side, or the dealer's)."""

    def controlled_by(self, seat: int) -> list[Build]:
        """The builds ``seat`` controls."""

    def ref(self, build: Build) -> str:
        """How actions refer to ``build`` under these rules."""
