"""Exact Gin Rummy meld arithmetic on 52-bit card masks.

A hand is an integer mask (bit ``suit * 13 + rank - 1``). The minimum
deadwood is found without search in the common case:

* every rank held in three or four suits may be used in a set (of 3, choosing
  the suits, or of 4) or not; those are at most a few hundred choices and
  usually none;
* for each choice, what is left of each suit is melded in runs, and in one
  suit the best runs are simply the maximal stretches of 3+ consecutive
  ranks, so a precomputed 8,192-entry table gives each suit's deadwood.

>>> from cardtable.cards import parse_cards, cards_to_mask
>>> deadwood(cards_to_mask(parse_cards("7H 8H 9H TH 7S 7D KC KD KS 2C")))
2
"""

from __future__ import annotations

from itertools import combinations, product

from ..cards import Card, cards_to_mask, mask_to_cards

__all__ = [
    "deadwood",
    "deadwood_cards",
    "minimal_arrangements",
    "arrangements_within",
    "all_melds",
    "canonical_arrangement",
    "joins_meld",
    "layoff_plan",
    "LayoffPlan",
    "is_meld",
    "meld_value",
    "card_values",
    "FULL",
]

SUIT_BITS = 0x1FFF
FULL = (1 << 52) - 1
"""The mask of all 52 cards."""
_VALUES = tuple(min(r, 10) for r in range(1, 14))


def _run_deadwood_table() -> tuple[list[int], list[int]]:
    """For each 13-bit suit mask: deadwood left by runs, and the mask of cards in runs."""
    dead = [0] * 8192
    melded = [0] * 8192
    for mask in range(8192):
        in_runs = 0
        rank = 0
        while rank < 13:
            if mask >> rank & 1:
                start = rank
                while rank < 13 and mask >> rank & 1:
                    rank += 1
                if rank - start >= 3:
                    in_runs |= ((1 << (rank - start)) - 1) << start
            else:
                rank += 1
        melded[mask] = in_runs
        rest = mask & ~in_runs
        dead[mask] = sum(_VALUES[r] for r in range(13) if rest >> r & 1)
    return dead, melded


_RUN_DEAD, _RUN_MELDED = _run_deadwood_table()
_MASK_VALUE_CACHE: dict[int, int] = {}


def card_values(mask: int) -> int:
    """Sum of the deadwood values of the cards in ``mask``."""
    total = 0
    for s in range(4):
        suit = (mask >> (13 * s)) & SUIT_BITS
        while suit:
            low = suit & -suit
            total += _VALUES[low.bit_length() - 1]
            suit ^= low
    return total


def _set_options(s: tuple[int, int, int, int], rank_bit: int) -> list[int]:
    """Per-suit-removal options for one rank held 3+ times: encoded as 4-bit suit sets (0 = no set)."""
    present = [i for i in range(4) if s[i] & rank_bit]
    options = [0]
    for trio in combinations(present, 3):
        options.append(sum(1 << i for i in trio))
    if len(present) == 4:
        options.append(15)
    return options


def _set_choices(mask: int, triples: int) -> list[tuple[tuple[int, int], ...]]:
    """Every way of choosing sets: tuples of (rank index, suit set) with suit set != 0."""
    s = (mask & SUIT_BITS, (mask >> 13) & SUIT_BITS, (mask >> 26) & SUIT_BITS, mask >> 39)
    per_rank = []
    t = triples
    while t:
        low = t & -t
        t ^= low
        r = low.bit_length() - 1
        per_rank.append([(r, opt) for opt in _set_options(s, low)])
    return [tuple(x for x in choice if x[1]) for choice in product(*per_rank)]


def _choice_mask(choice: tuple[tuple[int, int], ...]) -> int:
    m = 0
    for r, suits in choice:
        for i in range(4):
            if suits >> i & 1:
                m |= 1 << (13 * i + r)
    return m


def _runs_deadwood(rest: int) -> int:
    return (
        _RUN_DEAD[rest & SUIT_BITS]
        + _RUN_DEAD[(rest >> 13) & SUIT_BITS]
        + _RUN_DEAD[(rest >> 26) & SUIT_BITS]
        + _RUN_DEAD[rest >> 39]
    )


def _set_removal_table() -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """Per rank: its 4-suit column mask; per held column of 3-4 cards and its subset of cards that
    could be in a run: the masks a set may take (0 = no set), keyed ``column | runnable << 52``.

    A choice is dropped when a larger set adds only cards that can never be in a run: those cards
    would be deadwood anyway, so the larger set is at least as good (strictly better: values > 0).
    """
    columns = [sum(1 << (13 * s + r) for s in range(4)) for r in range(13)]
    options: dict[int, tuple[int, ...]] = {}
    for r in range(13):
        bits = [1 << (13 * s + r) for s in range(4)]
        for present in range(16):
            held = [bits[s] for s in range(4) if present >> s & 1]
            if len(held) < 3:
                continue
            col = sum(held)
            choices = [0] + [x | y | z for x, y, z in combinations(held, 3)] + ([col] if len(held) == 4 else [])
            for runnable in range(16):
                run_bits = sum(bits[s] for s in range(4) if runnable >> s & 1)
                if run_bits & ~col:
                    continue
                idle = col & ~run_bits  # cards of this rank that cannot be in any run
                kept = tuple(
                    o for o in choices
                    if not any(bigger != o and bigger & o == o and not (bigger & ~o & ~idle) for bigger in choices)
                )
                options[col | run_bits << 52] = kept
    return columns, options


_RANK_COLUMN, _SET_REMOVALS = _set_removal_table()
_RUN_START = sum(((1 << 11) - 1) << (13 * s) for s in range(4))  # ranks that can start a run of 3
_SET_CACHE: dict[int, int] = {}


def deadwood(mask: int) -> int:
    """Minimum deadwood of the cards in ``mask`` (any number of cards)."""
    dead = _RUN_DEAD
    a = mask & SUIT_BITS
    b = (mask >> 13) & SUIT_BITS
    c = (mask >> 26) & SUIT_BITS
    d = mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return dead[a] + dead[b] + dead[c] + dead[d]
    found = _SET_CACHE.get(mask)
    if found is None:
        # every useful way of using each rank held 3-4 times in a set (or not), then runs on the rest
        starts = mask & (mask >> 1) & (mask >> 2) & _RUN_START
        runnable = starts | starts << 1 | starts << 2  # cards in some 3 consecutive held cards of a suit
        removals: tuple[int, ...] = (0,)
        while triples:
            low = triples & -triples
            triples ^= low
            col = mask & _RANK_COLUMN[low.bit_length() - 1]
            opts = _SET_REMOVALS[col | (col & runnable) << 52]
            removals = opts if removals == (0,) else tuple(x | y for x in removals for y in opts)
        found = 1000
        for removed in removals:
            rest = mask ^ removed
            dw = dead[rest & SUIT_BITS] + dead[(rest >> 13) & SUIT_BITS] + dead[(rest >> 26) & SUIT_BITS] + dead[rest >> 39]
            if dw < found:
                found = dw
        if len(_SET_CACHE) > 500_000:
            _SET_CACHE.clear()
        _SET_CACHE[mask] = found
    return found


def _arrangement(mask: int, choice: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    melds = [_choice_mask(((r, suits),)) for r, suits in choice]
    rest = mask & ~_choice_mask(choice)
    for s in range(4):
        in_runs = _RUN_MELDED[(rest >> (13 * s)) & SUIT_BITS]
        r = 0
        while in_runs >> r:
            if in_runs >> r & 1:
                start = r
                while in_runs >> r & 1:
                    r += 1
                melds.append((((1 << (r - start)) - 1) << start) << (13 * s))
            else:
                r += 1
    return tuple(sorted(melds))


def minimal_arrangements(mask: int) -> list[tuple[int, ...]]:
    """Every minimal arrangement of ``mask``, each a sorted tuple of meld masks.

    Runs are maximal (touching runs of one suit are one run), so two
    arrangements differ exactly when their sets differ. Canonical order.
    """
    a = mask & SUIT_BITS
    b = (mask >> 13) & SUIT_BITS
    c = (mask >> 26) & SUIT_BITS
    d = mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    choices = _set_choices(mask, triples) if triples else [()]
    best = deadwood(mask)
    found = {
        _arrangement(mask, ch)
        for ch in choices
        if _runs_deadwood(mask & ~_choice_mask(ch)) == best
    }
    return sorted(found)


def all_melds(mask: int) -> list[int]:
    """Every meld inside ``mask``: each set of 3 or 4 of a rank, each run of 3+ (any stretch of a longer one)."""
    out: list[int] = []
    for r in range(13):
        col = [1 << (13 * s + r) for s in range(4) if mask >> (13 * s + r) & 1]
        if len(col) >= 3:
            out.extend(x | y | z for x, y, z in combinations(col, 3))
            if len(col) == 4:
                out.append(sum(col))
    for s in range(4):
        suit = (mask >> (13 * s)) & SUIT_BITS
        for lo in range(11):
            hi = lo
            while hi < 13 and suit >> hi & 1:
                if hi - lo >= 2:
                    out.append((((1 << (hi - lo + 1)) - 1) << lo) << (13 * s))
                hi += 1
    return out


def _touching_runs(melds: tuple[int, ...]) -> bool:
    """Two runs of one suit that touch (``5S6S7S`` and ``8S9STS``): the same as one longer run."""
    tops: set[tuple[int, int]] = set()
    bottoms: set[tuple[int, int]] = set()
    for m in melds:
        cards = mask_to_cards(m)
        if cards[0].rank != cards[-1].rank:
            ranks = [c.rank for c in cards]
            tops.add((cards[0].suit, max(ranks)))
            bottoms.add((cards[0].suit, min(ranks) - 1))
    return bool(tops & bottoms)


def arrangements_within(mask: int, limit: int) -> list[tuple[int, ...]]:
    """Every arrangement of ``mask`` whose deadwood is at most ``limit``, minimal or not, sorted.

    This is the knocker's choice under ``knocker_melds="within-limit"`` (OpenSpiel's rule: any
    melds may be laid, or kept back, as long as the unmelded cards total at most the knock limit).
    Touching runs of one suit count as one run, so two arrangements always differ in effect.
    """
    melds = all_melds(mask)
    total = card_values(mask)
    found: list[tuple[int, ...]] = []

    def extend(start: int, used: int, chosen: list[int]) -> None:
        if total - card_values(used) <= limit:
            arrangement = tuple(sorted(chosen))
            if not _touching_runs(arrangement):
                found.append(arrangement)
        for i in range(start, len(melds)):
            m = melds[i]
            if not used & m:
                chosen.append(m)
                extend(i + 1, used | m, chosen)
                chosen.pop()

    extend(0, 0, [])
    return sorted(set(found))


def canonical_arrangement(mask: int) -> tuple[int, ...]:
    """The first of :func:`minimal_arrangements`: one fixed arrangement with the least deadwood."""
    return minimal_arrangements(mask)[0]


def joins_meld(mask: int, card_bit: int) -> bool:
    """Whether the card ``card_bit`` is in a meld of the canonical arrangement of ``mask`` with it
    (the simple players' test for taking an upcard)."""
    return any(m & card_bit for m in canonical_arrangement(mask | card_bit))


def deadwood_cards(mask: int, arrangement: tuple[int, ...]) -> int:
    """The deadwood mask left by an arrangement."""
    for meld in arrangement:
        mask &= ~meld
    return mask


def is_meld(mask: int) -> bool:
    """A set of 3-4 cards of one rank, or a run of 3+ consecutive cards of one suit (ace low)."""
    cards = mask_to_cards(mask)
    if len(cards) < 3:
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def meld_value(mask: int) -> int:
    """The summed card values of the cards of ``mask`` (A 1, courts 10)."""
    return card_values(mask)


class LayoffPlan:
    """The defender's best showdown: own melds, layoffs (card, knocker meld index) in order, deadwood."""

    __slots__ = ("deadwood", "deadwood_mask", "layoffs", "own_melds")

    def __init__(self, deadwood: int, layoffs: tuple[tuple[Card, int], ...], own_melds: tuple[int, ...], deadwood_mask: int) -> None:
        self.deadwood = deadwood
        """The value of the defender's deadwood after the layoffs."""
        self.layoffs = layoffs
        """``(card, index into the knocker's melds)`` in the order laid off."""
        self.own_melds = own_melds
        """The defender's own melds (masks)."""
        self.deadwood_mask = deadwood_mask
        """The defender's deadwood cards, as a mask."""


def _meld_layoff_options(meld: int, hand: int) -> list[list[Card]]:
    """Ways to lay off onto one knocker meld: ordered card chains, the empty chain first."""
    cards = mask_to_cards(meld)
    options: list[list[Card]] = [[]]
    if len({c.rank for c in cards}) == 1:
        if len(cards) == 3:
            rank = cards[0].rank
            for s in range(4):
                extra = Card(rank, s)
                if not meld & extra.bit and hand & extra.bit:
                    options.append([extra])
        return options
    suit = cards[0].suit
    lo = min(c.rank for c in cards)
    hi = max(c.rank for c in cards)
    below: list[Card] = []
    r = lo - 1
    while r >= 1 and hand & Card(r, suit).bit:
        below.append(Card(r, suit))
        r -= 1
    above: list[Card] = []
    r = hi + 1
    while r <= 13 and hand & Card(r, suit).bit:
        above.append(Card(r, suit))
        r += 1
    return [below[:i] + above[:j] for i in range(len(below) + 1) for j in range(len(above) + 1)]


def layoff_plan(defender: int, knocker_melds: tuple[int, ...]) -> LayoffPlan:
    """The defender's minimum deadwood D with layoffs (chains included) onto ``knocker_melds``."""
    per_meld = [_meld_layoff_options(m, defender) for m in knocker_melds]
    best: LayoffPlan | None = None
    for combo in product(*per_meld):
        used = 0
        layoffs: list[tuple[Card, int]] = []
        ok = True
        for idx, chain in enumerate(combo):
            for card in chain:
                if used & card.bit:
                    ok = False
                    break
                used |= card.bit
                layoffs.append((card, idx))
            if not ok:
                break
        if not ok:
            continue
        rest = defender & ~used
        dw = deadwood(rest)
        if best is None or dw < best.deadwood or (dw == best.deadwood and len(layoffs) < len(best.layoffs)):
            own = canonical_arrangement(rest)
            best = LayoffPlan(dw, tuple(layoffs), own, deadwood_cards(rest, own))
    assert best is not None
    return best


def mask_of(text: str) -> int:
    """Test helper: the mask of cards written in ``text``."""
    from ..cards import parse_cards

    return cards_to_mask(parse_cards(text))
