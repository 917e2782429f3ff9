"""Card values and subset-sum tables over card bitmasks (the arithmetic of captures and builds).

Cards are the bits of :mod:`cardtable.cards` (``bit = 1 << index``). Court
cards have value 0 here: they never take part in a sum.
"""

from __future__ import annotations

from ..cards import Card

__all__ = [
    "VALUE",
    "NUMERALS",
    "COURTS",
    "RANK_MASK",
    "VALUE_MASK",
    "bits",
    "mask_value",
    "held_values",
    "LooseTables",
    "loose_tables",
]

VALUE: tuple[int, ...] = tuple(c.value if not c.is_court else 0 for c in (Card.from_index(i) for i in range(52)))
"""Value of each card index: A = 1 ... 10 = 10; J, Q, K = 0 (no value)."""
NUMERALS = sum(1 << i for i in range(52) if VALUE[i])
"""The mask of the numeral cards (ace to 10), which have a value."""
COURTS = ((1 << 52) - 1) & ~NUMERALS
"""The mask of the court cards (J, Q, K), which have none."""
RANK_MASK: tuple[int, ...] = (0,) + tuple(sum(1 << (s * 13 + r - 1) for s in range(4)) for r in range(1, 14))
"""Index = rank (1..13): the four cards of that rank (index 0 unused)."""
VALUE_MASK = RANK_MASK[:11]
"""Index = value (1..10): the four numeral cards of that value."""


def bits(mask: int) -> list[int]:
    """The card indexes of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_value(mask: int) -> int:
    """Sum of the card values of ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += VALUE[low.bit_length() - 1]
        mask ^= low
    return total


def held_values(hand: int) -> int:
    """Bit ``v`` set for every value 1..10 of which ``hand`` holds a numeral card."""
    out = 0
    for v in range(1, 11):
        if hand & VALUE_MASK[v]:
            out |= 1 << v
    return out


class LooseTables:
    """Subset-sum tables of one set of loose numeral cards.

    ``sums[s]`` lists every non-empty subset (a mask) worth ``s`` (1..10);
    :meth:`partitionable` lists every subset (0 included) that splits into
    groups each worth ``v``.
    """

    __slots__ = ("_parts", "loose", "sums")

    def __init__(self, loose: int) -> None:
        self.loose = loose
        """The loose cards the tables are of, as a bitmask."""
        sums: list[list[int]] = [[] for _ in range(11)]
        subsets = [(0, 0)]
        for i in bits(loose & NUMERALS):
            v, b = VALUE[i], 1 << i
            grown = [(t + v, m | b) for t, m in subsets if t + v <= 10]
            for t, m in grown:
                sums[t].append(m)
            subsets += grown
        self.sums = tuple(tuple(s) for s in sums)
        """Index = value (1..10): every non-empty subset (a mask) of the loose numerals worth it."""
        self._parts: list[tuple[int, ...] | None] = [None] * 11

    def partitionable(self, v: int) -> tuple[int, ...]:
        """Every subset of the loose cards that is a union of disjoint groups worth ``v`` (0 first)."""
        got = self._parts[v]
        if got is None:
            found = {0}
            order = [0]
            for g in self.sums[v]:
                for f in order[:]:
                    if not f & g:
                        u = f | g
                        if u not in found:
                            found.add(u)
                            order.append(u)
            got = tuple(order)
            self._parts[v] = got
        return got


_CACHE: dict[int, LooseTables] = {}
_CACHE_LIMIT = 256


def loose_tables(loose: int) -> LooseTables:
    """The (cached) :class:`LooseTables` of a set of loose numeral cards."""
    loose &= NUMERALS
    got = _CACHE.get(loose)
    if got is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        got = LooseTables(loose)
        _CACHE[loose] = got
    return got
