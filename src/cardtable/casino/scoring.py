"""Scoring one hand (section 9): majorities, aces, the casinos and sweeps, per side."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from .values import RANK_MASK

__all__ = ["SideScore", "score_hand", "SPADES_MASK", "BIG_CASINO", "LITTLE_CASINO"]

SPADES_MASK = (1 << 13) - 1
BIG_CASINO = Card.parse("TD").bit
LITTLE_CASINO = Card.parse("2S").bit
ACES = RANK_MASK[1]


@dataclass(frozen=True)
class SideScore:
    """One side's breakdown for a hand. ``total`` includes sweep points."""

    cards: int
    spades: int
    most_cards: int
    most_spades: int
    aces: int
    big_casino: int
    little_casino: int
    sweeps: int
    sweep_points: int
    total: int

    @property
    def non_sweep(self) -> int:
        return self.total - self.sweep_points

    def as_dict(self) -> dict[str, int]:
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
