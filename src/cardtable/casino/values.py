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
    "partition",
    "split_partners",
]

VALUE: tuple[int, ...] = tuple(c.value if not c.is_court else 0 for c in (Card.from_index(i) for i in range(52)))
"""Value of each card index: A = 1 ... 10 = 10; J, Q, K = 0 (no value)."""
NUMERALS = sum(1 << i for i in range(52) if VALUE[i])
COURTS = ((1 << 52) - 1) & ~NUMERALS
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
        sums: list[list[int]] = [[] for _ in range(11)]
        subsets = [(0, 0)]
        for i in bits(loose & NUMERALS):
            v, b = VALUE[i], 1 << i
            grown = [(t + v, m | b) for t, m in subsets if t + v <= 10]
            for t, m in grown:
                sums[t].append(m)
            subsets += grown
        self.sums = tuple(tuple(s) for s in sums)
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


def partition(mask: int, v: int) -> list[int] | None:
    """A canonical split of ``mask`` into groups worth ``v`` (single cards first), or ``None``.

    Deterministic: the highest-valued remaining card is placed first, and its
    group is completed with the lexicographically first fitting cards whose
    remainder still splits (decided on value counts, so even a table of many
    low cards is split without backtracking).
    """
    from .partitions import partitionable, vector

    if mask == 0:
        return []
    if not partitionable(vector(mask), v) or mask & ~NUMERALS:
        return None
    order = sorted(bits(mask), key=lambda i: (-VALUE[i], i))
    groups: list[int] = []
    rest = mask
    while rest:
        first = next(i for i in order if rest >> i & 1)
        others = [i for i in order if rest >> i & 1 and i != first]
        group = _complete(first, others, v - VALUE[first], rest & ~(1 << first), v)
        assert group is not None, "partitionable sets always split"
        groups.append(group)
        rest &= ~group
    groups.sort(key=lambda m: (m.bit_count(), [-VALUE[i] for i in bits(m)]))
    return groups


def _complete(first: int, others: list[int], need: int, rest: int, v: int) -> int | None:
    """The lexicographically first cards of ``others`` worth ``need`` whose removal leaves ``rest`` splittable."""
    from .partitions import partitionable, vector

    def pick(start: int, need: int, chosen: int) -> int | None:
        if need == 0:
            return chosen if partitionable(vector(rest & ~chosen), v) else None
        for j in range(start, len(others)):
            i = others[j]
            if VALUE[i] <= need:
                got = pick(j + 1, need - VALUE[i], chosen | 1 << i)
                if got is not None:
                    return got
        return None

    got = pick(0, need, 0)
    return None if got is None else got | 1 << first


def split_partners(loose: int, need: int, value: int) -> tuple[int, int]:
    """Canonical loose partners of a played card (worth ``need``) and the rest, which splits into ``value``-groups."""
    if not 0 < need <= 10:
        return 0, loose
    for p in loose_tables(loose).sums[need]:
        if partition(loose & ~p, value) is not None:
            return p, loose & ~p
    return 0, loose  # not a legal build
