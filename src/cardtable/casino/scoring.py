"""Scoring one hand (section 9): majorities, aces, the casinos and sweeps, per side."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from .values import RANK_MASK

__all__ = ["SideScore", "score_hand", "SPADES_MASK", "BIG_CASINO", "LITTLE_CASINO"]

SPADES_MASK = (1 << 13) - 1
"""The thirteen spades as a card bitmask."""
BIG_CASINO = Card.parse("TD").bit
"""The big casino (ten of diamonds, 2 points) as a card bit."""
LITTLE_CASINO = Card.parse("2S").bit
"""The little casino (two of spades, 1 point) as a card bit."""
ACES = RANK_MASK[1]


@dataclass(frozen=True)
class SideScore:
    """One side's breakdown for a hand. ``total`` includes sweep points."""

    cards: int
    """Cards the side captured."""
    spades: int
    """Spades the side captured."""
    most_cards: int
    """Points for most cards: 3 for the side with strictly the most, else 0 (a tie scores nothing)."""
    most_spades: int
    """Points for most spades: 1 for the side with strictly the most, else 0 (a tie scores nothing)."""
    aces: int
    """Points for aces: 1 per ace captured."""
    big_casino: int
    """Points for the big casino (ten of diamonds): 2 or 0."""
    little_casino: int
    """Points for the little casino (two of spades): 1 or 0."""
    sweeps: int
    """Sweeps the side made."""
    sweep_points: int
    """Points for sweeps: ``sweeps`` times the rules' ``sweep_points``."""
    total: int
    """The side's points for the hand, sweep points included."""

    @property
    def non_sweep(self) -> int:
        """The points without the sweeps' (cards, spades, aces and the casinos)."""
        return self.total - self.sweep_points

    def as_dict(self) -> dict[str, int]:
        """Every field by name, as a plain dict."""
        return dataclasses.asdict(self)


def _majority(counts: list[int]) -> int | None:
    top = max(counts)
    return counts.index(top) if counts.count(top) == 1 else None


def score_hand(piles: Sequence[int], sweeps: Sequence[int], sweep_points: int) -> tuple[SideScore, ...]:
    """Score the capture piles (bitmasks, one per side) and sweep counts of a finished hand.

    >>> s = score_hand([Card.parse("TD").bit | Card.parse("AS").bit, Card.parse("2S").bit], [1, 0], 1)
    >>> [x.total for x in s]
    [7, 1]
    """
    cards = [p.bit_count() for p in piles]
    spades = [(p & SPADES_MASK).bit_count() for p in piles]
    most_cards, most_spades = _majority(cards), _majority(spades)
    out = []
    for side, pile in enumerate(piles):
        mc = 3 if most_cards == side else 0
        ms = 1 if most_spades == side else 0
        aces = (pile & ACES).bit_count()
        big = 2 if pile & BIG_CASINO else 0
        little = 1 if pile & LITTLE_CASINO else 0
        sp = sweeps[side] * sweep_points
        out.append(SideScore(cards[side], spades[side], mc, ms, aces, big, little, sweeps[side], sp,
                             mc + ms + aces + big + little + sp))
    return tuple(out)
