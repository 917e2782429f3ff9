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
    side: int
    num_players: int
    dealer: int
    phase: str
    current_player: int
    deal_number: int
    num_deals: int
    last_deal: bool
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pack_size: int
    table: tuple[Card, ...]
    """Loose cards."""
    builds: tuple[Build, ...]
    captured: tuple[tuple[Card, ...], ...]
    """Per side."""
    captured_counts: tuple[int, ...]
    spade_counts: tuple[int, ...]
    sweeps: tuple[int, ...]
    last_capturer: int | None
    events: tuple[str, ...]
    """The public log, with this seat's own dealt cards shown and everyone else's as ``?``."""
    result: dict[str, Any] | None
    """The hand's scoring breakdown once it is over."""
    rules: CasinoRules | None = None
    """The rules of the hand (public)."""

    @property
    def my_builds(self) -> tuple[Build, ...]:
        return tuple(b for b in self.builds if b.controller == self.seat)
