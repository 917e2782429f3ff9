"""What one seat may see of a Casino hand (section 11)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from .builds import Build
from .rules import CasinoRules

__all__ = ["CasinoView"]


@dataclass(frozen=True)
class CasinoView:
    """Public information plus the seat's own hand. Other hands and the pack are absent.

    Capture piles are public knowledge (every captured card was shown face up,
    section 11), so they are included along with the counts a UI may prefer.
    """

    seat: int
    """The seat this view belongs to."""
    side: int
    """The scoring side of that seat (partners share one)."""
    num_players: int
    """Number of seats (2, 3 or 4)."""
    dealer: int
    """The seat that deals this hand."""
    phase: str
    """The hand's phase."""
    current_player: int
    """The seat to act, or :data:`~cardtable.core.CHANCE` / :data:`~cardtable.core.TERMINAL`."""
    deal_number: int
    """Which deal of the hand is being played, from 1."""
    num_deals: int
    """How many deals the pack makes in this hand."""
    last_deal: bool
    """Whether this is the hand's last deal (the pack is empty)."""
    hand: tuple[Card, ...]
    """This seat's cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    pack_size: int
    """Cards left in the pack."""
    table: tuple[Card, ...]
    """Loose cards."""
    builds: tuple[Build, ...]
    """The builds on the table, each with its value and controller."""
    captured: tuple[tuple[Card, ...], ...]
    """Per side."""
    captured_counts: tuple[int, ...]
    """Cards captured per side."""
    spade_counts: tuple[int, ...]
    """Spades captured per side."""
    sweeps: tuple[int, ...]
    """Sweeps per side."""
    last_capturer: int | None
    """The seat that captured last (it takes the table at the hand's end), ``None`` before any capture."""
    events: tuple[str, ...]
    """The public log, with this seat's own dealt cards shown and everyone else's as ``?``."""
    result: dict[str, Any] | None
    """The hand's scoring breakdown once it is over."""
    rules: CasinoRules | None = None
    """The rules of the hand (public)."""

    @property
    def my_builds(self) -> tuple[Build, ...]:
        """The builds this seat controls."""
        return tuple(b for b in self.builds if b.controller == self.seat)
