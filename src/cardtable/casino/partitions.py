"""Splitting loose cards into groups of one value, decided and counted without listing subsets.

Whether a set of loose numeral cards splits into groups worth ``v`` (7.2.3)
depends only on how many cards of each value it holds, never on their suits.
A set is therefore reduced to a **count vector**: an int with 4 bits per
value 1..10 (value ``i`` at bit ``4 * (i - 1)``). Deciding one set is a small
memoized search over vectors; counting every qualifying subset of a table
sums, over the qualifying vectors, the number of ways to pick those counts of
cards (a product of binomials), so a table of 24 low cards with millions of
captures is counted from a few thousand vectors.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from math import comb

from .values import NUMERALS, VALUE, VALUE_MASK, bits, loose_tables

__all__ = [
    "partition",
    "split_partners",
    "UNIT",
    "vector",
    "fits",
    "field",
    "partitionable",
    "splits_with",
    "lx_vectors",
    "weight",
    "count_lx",
    "masks_of",
    "mask_at",
    "PARTS",
]

UNIT: tuple[int, ...] = (0,) + tuple(1 << (4 * (i - 1)) for i in range(1, 11))
"""Index = value 1..10: the vector of one card of that value."""
_GUARD = sum(8 << (4 * (i - 1)) for i in range(1, 11))


def vector(mask: int) -> int:
    """The count vector of the numeral cards of ``mask`` (court cards are ignored)."""
    out = 0
    for i in range(1, 11):
        k = (mask & VALUE_MASK[i]).bit_count()
        if k:
            out |= k << (4 * (i - 1))
    return out


def field(vec: int, i: int) -> int:
    """How many cards of value ``i`` the vector holds."""
    return vec >> (4 * (i - 1)) & 15


def fits(vec: int, bound: int) -> bool:
    """Every count of ``vec`` is at most the same count of ``bound`` (counts below 8)."""
    return ((bound | _GUARD) - vec) & _GUARD == _GUARD


def _total(vec: int) -> int:
    total, i = 0, 1
    while vec:
        total += i * (vec & 15)
        vec >>= 4
        i += 1
    return total


def _partitions(r: int, most: int) -> list[int]:
    """Every multiset of values <= ``most`` adding up to ``r``, at most 4 of a value (a pack has 4), as vectors."""
    if r == 0:
        return [0]
    out: list[int] = []
    for first in range(min(r, most), 0, -1):
        out.extend(UNIT[first] + rest for rest in _partitions(r - first, first) if field(rest, first) < 4)
    return out


PARTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_partitions(r, a)) for a in range(11)) for r in range(11)
)
"""``PARTS[r][a]``: the vectors of the multisets of values <= ``a`` adding up to ``r``."""

_MEMO: dict[tuple[int, int], bool] = {}
_MEMO_LIMIT = 200_000


def partitionable(vec: int, v: int) -> bool:
    """Can cards with these counts be split into groups each worth ``v`` (1..10)? The empty set can."""
    if vec == 0:
        return True
    if not 1 <= v <= 10 or vec >> (4 * v) or _total(vec) % v:
        return False
    return _split(vec, v)


def _split(vec: int, v: int) -> bool:
    if vec == 0:
        return True
    key = (vec, v)
    got = _MEMO.get(key)
    if got is not None:
        return got
    top = (vec.bit_length() + 3) // 4  # the highest value present; it must lead a group
    rest = vec - UNIT[top]
    found = False
    for g in PARTS[v - top][top]:
        if fits(g, rest) and _split(rest - g, v):
            found = True
            break
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = found
    return found


def splits_with(vec: int, v: int, need: int) -> bool:
    """Is there a part worth ``need`` (none when 0) whose rest is :func:`partitionable` into ``v``?

    This is the loose material of a build: the played card's partners (worth
    ``need``) and further groups worth ``v`` (7.3.6, 4).
    """
    if need == 0:
        return partitionable(vec, v)
    if not 0 < need < v <= 10 or vec >> (4 * v):
        return False
    return any(fits(p, vec) and partitionable(vec - p, v) for p in PARTS[need][need])


_CLOSURES: dict[tuple[int, int, int], tuple[int, ...]] = {}
_COUNTS: dict[tuple[int, int, int], int] = {}
_CACHE_LIMIT = 512


def _closure(bound: int, v: int) -> set[int]:
    """Every vector <= ``bound`` that splits into groups worth ``v``, grown group by group from the empty one."""
    groups = [g for g in PARTS[v][v] if fits(g, bound)]
    found = {0}
    frontier = [0]
    while frontier:
        nxt = []
        for s in frontier:
            for g in groups:
                t = s + g
                if t not in found and fits(t, bound):
                    found.add(t)
                    nxt.append(t)
        frontier = nxt
    return found


def lx_vectors(bound: int, v: int, need: int) -> tuple[int, ...]:
    """Every vector <= ``bound`` for which :func:`splits_with` holds (cached), in a fixed order."""
    key = (bound, v, need)
    got = _CLOSURES.get(key)
    if got is None:
        bound &= (1 << (4 * v)) - 1  # cards above v never take part
        base = lx_vectors(bound, v, 0) if need else None
        if base is None:
            found = _closure(bound, v)
        else:
            found = set()
            for p in PARTS[need][need]:
                if fits(p, bound):
                    found.update(s + p for s in base if fits(s + p, bound))
        got = tuple(sorted(found))
        if len(_CLOSURES) >= _CACHE_LIMIT:
            _CLOSURES.clear()
        _CLOSURES[key] = got
    return got


def weight(vec: int, bound: int) -> int:
    """How many subsets of a table with counts ``bound`` have the counts ``vec``."""
    out = 1
    while vec:
        out *= comb(bound & 15, vec & 15)
        vec >>= 4
        bound >>= 4
    return out


def count_lx(bound: int, v: int, need: int) -> int:
    """How many subsets of a table with counts ``bound`` satisfy :func:`splits_with` (the empty one included)."""
    key = (bound, v, need)
    got = _COUNTS.get(key)
    if got is None:
        got = sum(weight(k, bound) for k in lx_vectors(bound, v, need))
        if len(_COUNTS) >= _CACHE_LIMIT:
            _COUNTS.clear()
        _COUNTS[key] = got
    return got


def _by_value(loose: int) -> list[list[int]]:
    out: list[list[int]] = [[]]
    for i in range(1, 11):
        m = loose & VALUE_MASK[i]
        cards = []
        while m:
            low = m & -m
            cards.append(low)
            m ^= low
        out.append(cards)
    return out


def masks_of(vec: int, loose: int) -> Iterator[int]:
    """Every subset of ``loose`` with the counts ``vec``."""
    per = _by_value(loose)
    choices: list[list[int]] = []
    for i in range(1, 11):
        k = field(vec, i)
        if k:
            choices.append([sum(c) for c in combinations(per[i], k)])

    def walk(j: int, acc: int) -> Iterator[int]:
        if j == len(choices):
            yield acc
            return
        for m in choices[j]:
            yield from walk(j + 1, acc | m)

    return walk(0, 0)


def mask_at(vec: int, loose: int, index: int) -> int:
    """The ``index``-th subset of :func:`masks_of` (same order), without listing the others."""
    per = _by_value(loose)
    sizes: list[tuple[list[int], int]] = []
    for i in range(1, 11):
        k = field(vec, i)
        if k:
            sizes.append((per[i], k))
    out = 0
    # mixed radix: the last value varies fastest, as in masks_of
    radices = [comb(len(cards), k) for cards, k in sizes]
    digits = []
    for r in reversed(radices):
        digits.append(index % r)
        index //= r
    digits.reverse()
    for (cards, k), d in zip(sizes, digits):
        out |= _combination_at(cards, k, d)
    return out


def _combination_at(cards: list[int], k: int, index: int) -> int:
    """The ``index``-th k-combination of ``cards`` in :func:`itertools.combinations` order, as a mask."""
    out = 0
    start = 0
    n = len(cards)
    while k:
        for j in range(start, n):
            below = comb(n - j - 1, k - 1)
            if index < below:
                out |= cards[j]
                start = j + 1
                k -= 1
                break
            index -= below
    return out


def partition(mask: int, v: int) -> list[int] | None:
    """A canonical split of ``mask`` into groups worth ``v`` (single cards first), or ``None``.

    Deterministic: the highest-valued remaining card is placed first, and its
    group is completed with the lexicographically first fitting cards whose
    remainder still splits (decided on value counts, so even a table of many
    low cards is split without backtracking).
    """
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
