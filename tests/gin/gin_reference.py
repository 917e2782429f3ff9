"""Independent brute-force references for the Gin Rummy tests.

Nothing here imports :mod:`cardtable.gin.melds`: melds are enumerated from
scratch and the minimum is found by exhaustive recursion over meld subsets
("the lowest undecided card is deadwood, or it is in one of the melds that
contain it"), memoised on the set of undecided cards. Cards use the same bit
layout as :class:`cardtable.cards.Card` (bit ``suit * 13 + rank - 1``) so that
masks can be compared directly, but the layout is rebuilt here by hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

RANKS = range(1, 14)
SUITS = range(4)


def bit(rank: int, suit: int) -> int:
    return 1 << (suit * 13 + rank - 1)


def value_of(index: int) -> int:
    rank = index % 13 + 1
    return rank if rank < 10 else 10


VALUE = [value_of(i) for i in range(52)]


def _all_melds() -> list[int]:
    melds = []
    for rank in RANKS:  # sets of 3 and 4
        for size in (3, 4):
            for suits in combinations(SUITS, size):
                m = 0
                for s in suits:
                    m |= bit(rank, s)
                melds.append(m)
    for suit in SUITS:  # every run of 3 or more, ace low only
        for lo in RANKS:
            for hi in range(lo + 2, 14):
                m = 0
                for r in range(lo, hi + 1):
                    m |= bit(r, suit)
                melds.append(m)
    return melds


ALL_MELDS = _all_melds()
MELDS_WITH_CARD: list[list[int]] = [[m for m in ALL_MELDS if m >> i & 1] for i in range(52)]


def cards_of(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def points(mask: int) -> int:
    return sum(VALUE[i] for i in range(52) if mask >> i & 1)


def ref_deadwood(hand: int) -> int:
    """Minimum deadwood by exhaustive search over disjoint meld subsets."""
    memo: dict[int, int] = {}

    def best(rest: int) -> int:
        if not rest:
            return 0
        found = memo.get(rest)
        if found is not None:
            return found
        low = rest & -rest
        i = low.bit_length() - 1
        result = VALUE[i] + best(rest ^ low)  # the lowest card is deadwood ...
        for meld in MELDS_WITH_CARD[i]:  # ... or it is in a meld drawn from the undecided cards
            if meld & rest == meld:
                sub = best(rest & ~meld)
                if sub < result:
                    result = sub
        memo[rest] = result
        return result

    return best(hand)


def _is_run(meld: int) -> bool:
    """A valid meld is a run exactly when it holds more than one rank."""
    return len({c % 13 for c in cards_of(meld)}) > 1


def _merge_touching_runs(melds: list[int]) -> tuple[int, ...]:
    """Normalise an arrangement: rank-adjacent runs of one suit are one run (spec 2.4)."""
    runs = [m for m in melds if _is_run(m)]
    others = [m for m in melds if not _is_run(m)]
    merged = True
    while merged:
        merged = False
        for a, b in combinations(range(len(runs)), 2):
            x, y = runs[a], runs[b]
            same_suit = cards_of(x)[0] // 13 == cards_of(y)[0] // 13
            if same_suit and ((x << 1) & y or (y << 1) & x):  # rank-adjacent runs of one suit
                runs = [r for k, r in enumerate(runs) if k not in (a, b)] + [x | y]
                merged = True
                break
    return tuple(sorted(others + runs))


def ref_minimal_arrangements(hand: int) -> set[tuple[int, ...]]:
    """Every arrangement reaching the minimum, touching runs merged, as sorted meld tuples."""
    target = ref_deadwood(hand)
    out: set[tuple[int, ...]] = set()

    def walk(rest: int, melds: list[int], dead: int) -> None:
        if dead > target:
            return
        if not rest:
            if dead == target:
                out.add(_merge_touching_runs(melds))
            return
        low = rest & -rest
        i = low.bit_length() - 1
        walk(rest ^ low, melds, dead + VALUE[i])
        for meld in MELDS_WITH_CARD[i]:
            if meld & rest == meld:
                walk(rest & ~meld, [*melds, meld], dead)

    walk(hand, [], 0)
    return out


def is_valid_meld(meld: int) -> bool:
    return meld in _MELD_SET


_MELD_SET = frozenset(ALL_MELDS)


def can_lay_off(card: int, meld: int) -> bool:
    """Can ``card`` (an index) extend ``meld`` (a mask) by one card under spec 5.3.1?"""
    cards = cards_of(meld)
    rank = card % 13
    if len({c % 13 for c in cards}) == 1:  # a set: only the fourth card, onto a set of 3
        return len(cards) == 3 and cards[0] % 13 == rank
    suit = cards[0] // 13
    if card // 13 != suit:
        return False
    lo = min(c % 13 for c in cards)
    hi = max(c % 13 for c in cards)
    return rank == lo - 1 or rank == hi + 1


def ref_layoff_deadwood(defender: int, knocker_melds: tuple[int, ...]) -> int:
    """D: the minimum over every reachable sequence of layoffs of the deadwood of what is left."""
    seen: set[tuple[int, ...]] = set()
    best = ref_deadwood(defender)

    def explore(melds: tuple[int, ...], hand: int) -> None:
        nonlocal best
        if melds in seen:
            return
        seen.add(melds)
        best = min(best, ref_deadwood(hand))
        for i in cards_of(hand):
            for k, meld in enumerate(melds):
                if can_lay_off(i, meld):
                    explore(melds[:k] + (meld | 1 << i,) + melds[k + 1 :], hand & ~(1 << i))

    explore(tuple(knocker_melds), defender)
    return best


# --- hand generators -------------------------------------------------------------------------


def random_hand(rng: random.Random, size: int, exclude: int = 0) -> int:
    pool = [i for i in range(52) if not exclude >> i & 1]
    mask = 0
    for i in rng.sample(pool, size):
        mask |= 1 << i
    return mask


def meld_rich_hand(rng: random.Random, size: int, exclude: int = 0) -> int:
    """A hand built mostly from sets and runs, often overlapping (shared cards), then topped up."""
    mask = 0
    for _ in range(rng.randint(2, 5)):
        if len(cards_of(mask)) >= size:
            break
        kind = rng.random()
        if kind < 0.4:
            rank = rng.randint(1, 13)
            group = [bit(rank, s) for s in rng.sample(range(4), rng.choice((3, 3, 4)))]
        else:
            suit = rng.randrange(4)
            length = rng.choice((3, 3, 4, 4, 5, 6))
            lo = rng.randint(1, 14 - length)
            group = [bit(r, suit) for r in range(lo, lo + length)]
        for b in group:
            if len(cards_of(mask)) < size and not exclude & b:
                mask |= b
    while len(cards_of(mask)) < size:
        # top up with cards next to what is held: they make overlapping melds likely
        held = cards_of(mask)
        if held and rng.random() < 0.7:
            c = rng.choice(held)
            rank, suit = c % 13 + 1, c // 13
            if rng.random() < 0.5:
                cand = bit(rank, rng.randrange(4))
            else:
                r2 = rank + rng.choice((-2, -1, 1, 2))
                cand = bit(r2, suit) if 1 <= r2 <= 13 else 0
        else:
            cand = 1 << rng.randrange(52)
        if cand and not (mask | exclude) & cand:
            mask |= cand
    return mask


def iter_hands(seed: int, count: int, size: int, rich: bool) -> Iterator[int]:
    rng = random.Random(seed)
    for _ in range(count):
        yield meld_rich_hand(rng, size) if rich else random_hand(rng, size)
