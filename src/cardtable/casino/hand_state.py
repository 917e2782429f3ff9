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
PLAY = "play"
OVER = "over"


class HandState(Protocol):
    """The table, hands, piles and turn of one hand (see :class:`~cardtable.casino.state.CasinoState`)."""

    rules: CasinoRules
    num_players: int
    dealer: int
    phase: str
    turn: int
    hands: list[int]
    loose: int
    builds: tuple[Build, ...]
    pack: int
    deal_number: int
    dealt: int
    last_deal: bool
    captured: list[int]
    sweeps: list[int]
    last_capturer: int | None
    points: list[int]
    scores: tuple[SideScore, ...] | None
    residue: int

    def controlled_by(self, seat: int) -> list[Build]:
        """The builds ``seat`` controls."""

    def ref(self, build: Build) -> str:
        """How actions refer to ``build`` under these rules."""
