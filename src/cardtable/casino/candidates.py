"""A bounded set of natural moves for players who cannot judge millions (crowded tables).

On a crowded table almost all legal moves are captures or builds that take
some but not all of the available groups. The moves worth judging are few:
for every block of moves (:class:`~.moves.Block`: one card, kind, value and
set of builds) the richest capture or build grown group by group, the one
taking every card that can be taken, and the bare moves of a single group;
for a capture also the richest one by :func:`richest_captures` (the best over
every split on an ordinary table); plus every trail and court capture.
:func:`candidate_moves` returns those, each checked legal, in a fixed order.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import CasinoAction
from .moves import Block, MoveSet
from .partitions import PARTS, field, fits, lx_vectors, partitionable, splits_with, vector
from .scoring import BIG_CASINO, LITTLE_CASINO, SPADES_MASK
from .values import NUMERALS, RANK_MASK, VALUE_MASK, bits

__all__ = ["candidate_moves", "default_worth", "richest_captures"]

_ACES = RANK_MASK[1]


def default_worth(mask: int) -> float:
    """Points carried by cards (aces, 10♦, 2♠), then spades and cards as small tie-breaks."""
    out = (mask & _ACES).bit_count() + 0.12 * (mask & SPADES_MASK).bit_count() + 0.16 * mask.bit_count()
    if mask & BIG_CASINO:
        out += 2
    if mask & LITTLE_CASINO:
        out += 1
    return out


def _ranked(loose: int, worth: Callable[[int], float]) -> list[list[int]]:
    """The loose cards of each value 1..10 (index 0 unused), as bits, most valuable first."""
    out: list[list[int]] = [[]]
    for v in range(1, 11):
        out.append(sorted((1 << i for i in bits(loose & VALUE_MASK[v])), key=lambda b: (-worth(b), b)))
    return out


def _take(vec: int, ranked: list[list[int]], used: list[int]) -> int:
    """The most valuable cards with the counts ``vec``, after the ``used`` count of each value."""
    mask = 0
    for v in range(1, 11):
        k = field(vec, v)
        if k:
            mask |= sum(ranked[v][used[v]:used[v] + k])
    return mask


def _grow(start: int, avail: int, value: int, ranked: list[list[int]], worth: Callable[[int], float]) -> int:
    """From the counts ``start``, add whole groups worth ``value`` greedily (the richest group each time)."""
    used = [0] * 11
    for v in range(1, 11):
        used[v] = field(start, v)
    mask = _take(start, ranked, [0] * 11)
    rest = avail - start
    while True:
        best, best_w, best_mask = 0, -1.0, 0
        for g in PARTS[value][value]:
            if fits(g, rest):
                m = _take(g, ranked, used)
                w = worth(m) + 0.001 * m.bit_count()
                if w > best_w:
                    best, best_w, best_mask = g, w, m
        if not best:
            return mask
        mask |= best_mask
        rest -= best
        for v in range(1, 11):
            used[v] += field(best, v)


def richest_captures(loose: int, worth: Callable[[int], float] = default_worth, exact_up_to: int = 12) -> list[int]:
    """Per value 1..10 (index 0 unused): the loose cards a card of that value takes that are worth most.

    Worth is ``worth`` summed card by card, most cards on ties: all of them
    when they split into groups; with at most ``exact_up_to`` loose numerals,
    the best over every splittable count vector (each taking its most
    valuable cards); beyond that, grown greedily group by group.
    """
    exact = (loose & NUMERALS).bit_count() <= exact_up_to
    ranked: list[list[int]] = []
    prefix: list[list[float]] = []
    out = [0]
    numerals = avail = total = 0
    for value in range(1, 11):
        cards = loose & VALUE_MASK[value]
        if cards:
            numerals |= cards
            avail += cards.bit_count() << (4 * (value - 1))
            total += cards.bit_count() * value
        if not numerals or (total % value == 0 and partitionable(avail, value)):
            out.append(numerals)
            continue
        if total < value:
            out.append(0)
            continue
        if not ranked:
            ranked = _ranked(loose, worth)
            prefix = [[0.0] for _ in range(11)]
            for v in range(1, 11):
                for b in ranked[v]:
                    prefix[v].append(prefix[v][-1] + worth(b))
        if not exact:
            out.append(_grow(0, avail, value, ranked, worth))
            continue
        best_key = (0.0, 0)
        best = 0
        for k in lx_vectors(avail, value, 0):
            points, count, rest, v = 0.0, 0, k, 1
            while rest:
                c = rest & 15
                if c:
                    points += prefix[v][c]
                    count += c
                rest >>= 4
                v += 1
            if (points, count) > best_key:
                best_key, best = (points, count), k
        out.append(_take(best, ranked, [0] * 11) if best else 0)
    return out


def _block_candidates(block: Block, moves: MoveSet, ranked: list[list[int]], worth: Callable[[int], float]) -> set[int]:
    avail = vector(moves.numerals)
    value, need = block.value, block.need
    starts = [p for p in PARTS[need][need] if fits(p, avail)] if need else [0]
    found: set[int] = set()
    every = moves.numerals & sum(VALUE_MASK[1:value + 1])
    if splits_with(vector(every), value, need):
        found.add(every)
    for p in starts:
        found.add(_grow(p, avail, value, ranked, worth))
        bare = _take(p, ranked, [0] * 11)
        if bare:
            found.add(bare)
        elif not need:
            for g in PARTS[value][value]:
                if fits(g, avail):
                    found.add(_take(g, ranked, [0] * 11))
    if not block.bmask:
        found.discard(0)
    else:
        found.add(0)
    return found


def candidate_moves(moves: MoveSet, worth: Callable[[int], float] = default_worth) -> list[CasinoAction]:
    """Natural legal moves of a position, never more than a few per block (see the module docstring).

    ``worth`` values a set of cards (a bitmask); it decides which suits a
    capture takes when several would do, and which group is added first.
    """
    ranked = _ranked(moves.numerals, worth)
    richest = richest_captures(moves.numerals, worth)
    out: list[CasinoAction] = []
    seen: set[CasinoAction] = set()
    for block in moves.blocks():
        if block.listed is not None:
            loose_sets: list[int] = list(block.listed)
        else:
            found = _block_candidates(block, moves, ranked, worth)
            if block.kind == "capture":
                found.add(richest[block.value])  # the richest capture, as the players value the threats
            loose_sets = sorted(found)
        for loose in loose_sets:
            if block.admits(loose):
                action = block.action(loose, moves.full)
                if action not in seen:
                    seen.add(action)
                    out.append(action)
    return out

