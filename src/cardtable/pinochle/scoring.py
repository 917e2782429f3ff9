"""Counting a won-tricks pile (``pinochle.md`` section 9).

>>> from cardtable.pinochle.deck import parse_mask
>>> pile = parse_mask("ASa ASb TSa KSa QSa QHa JSa 9Ha")
>>> [count_pile(pile, c, last_trick=True) for c in ("simple", "classic", "modern")]
[55, 50, 50]
"""

from __future__ import annotations

from .deck import card_points, iter_bits

__all__ = ["round_classic", "count_pile"]


def round_classic(points: int) -> int:
    """Section 9 rounding: a last digit of 7-9 rounds up, 0-6 down."""
    return points // 10 * 10 + (10 if points % 10 >= 7 else 0)


def count_pile(pile: int, counting: str, last_trick: bool = False) -> int:
    """Card points of a won-tricks ``pile`` plus the last-trick 10, rounded under ``"classic"``."""
    pts = card_points(counting)
    total = sum(pts[i] for i in iter_bits(pile)) + (10 if last_trick else 0)
    return round_classic(total) if counting == "classic" else total
