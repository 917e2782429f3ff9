"""The move generator: every legal trail, capture and build of a position, exactly (section 7).

The moves of one played card fall into a few **blocks**: one per kind,
announced value and set of builds used (a capture taking no build or the
8-build; a build of 9 raising the 7-build and absorbing the 9-build ...).
Within a block the moves differ only in their loose cards, and which sets of
loose cards qualify is a matter of arithmetic (:mod:`.partitions`). The
blocks are few whatever the table, so a single move is checked by finding its
block and testing its loose cards (:class:`MoveSet`), and the moves are
counted, walked lazily or picked by rank without ever listing them all.
:func:`generate_moves` lists them all, from the cached subset-sum tables.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from ..cards import Card
from .actions import TRAIL, CasinoAction, build, capture
from .builds import Build
from .partitions import count_lx, field, fits, lx_vectors, mask_at, masks_of, splits_with, vector, weight
from .rules import CasinoRules
from .values import NUMERALS, RANK_MASK, VALUE, VALUE_MASK, bits, loose_tables

__all__ = ["Block", "MoveSet", "generate_moves", "partner_of", "orphans_ok"]

_CARDS = tuple(Card.from_index(i) for i in range(52))
_NOTHING: list[tuple[Build, ...]] = [()]
_PLAIN_BLOCKS: dict[tuple[int, int, int, str], list[Block]] = {}
"""Blocks of a card on a table without builds (shared, never changed: callers copy before editing)."""


def partner_of(rules: CasinoRules, seat: int) -> int | None:
    """The partner's seat in a partnership game, else ``None``."""
    return (seat + 2) % 4 if rules.partnership_game else None


def _subsets(items: Sequence[Build], nonempty: bool = False) -> list[tuple[Build, ...]]:
    out: list[tuple[Build, ...]] = []
    for k in range(1 if nonempty else 0, len(items) + 1):
        out.extend(combinations(items, k))
    return out


def orphans_ok(mine: Sequence[Build], held: int, consumed: int) -> bool:
    """No-orphan rule (7.4.2): every build of ``mine`` left on the table has its value in ``held``."""
    return all(b.cards & consumed or held >> b.value & 1 for b in mine)


class Block(NamedTuple):
    """The moves of one card that share kind, value and builds; they differ only in their loose cards.

    ``listed`` holds the loose sets of a trail or a court capture. Otherwise
    the loose set ``L`` qualifies when it holds a part worth ``need`` (the
    played card's partners; none when 0) and the rest splits into groups worth
    ``value`` (:func:`~.partitions.splits_with`); it may be empty only when a
    build is used.
    """

    card: Card
    """The card played from the hand."""
    kind: str
    """``"trail"``, ``"capture"`` or ``"build"``."""
    value: int
    """The capture's value (the card's) or the build's announced value; 0 for a trail or a court-card capture."""
    refs: tuple[tuple[int, int], ...]
    """The builds used, as ``(value, cards mask)`` pairs: captured, absorbed, or (last) the one raised."""
    bmask: int
    """The cards of all the builds used, as a bitmask."""
    need: int
    """What the played card's loose partners must add up to in a build (0: none; always 0 for a capture)."""
    listed: tuple[int, ...] | None
    """The loose sets of a trail (``(0,)``) or a court-card capture, listed; ``None`` when they are computed."""

    def action(self, loose: int, full: bool) -> CasinoAction:
        """The move of this block taking (or building with) the loose cards ``loose``."""
        if self.kind == "trail":
            return TRAIL[self.card.index]
        if self.kind == "capture":
            return capture(self.card, loose, self.refs, full and self.listed is None)
        return build(self.card, self.value, loose, self.refs, full)

    def admits(self, loose: int) -> bool:
        """Is ``loose`` (a subset of the table's loose numeral cards) a legal loose set of this block?"""
        if self.listed is not None:
            return loose in self.listed
        if not loose and not self.bmask:
            return False
        return splits_with(vector(loose), self.value, self.need)


class MoveSet:
    """The legal moves of the seat to play, as blocks: check one, count, walk or pick by rank.

    Built from the mover's hand, the loose cards and the builds; nothing is
    enumerated until asked for, and checking one move costs about as much as
    one partition test of its loose cards.
    """

    __slots__ = (
        "_blocks",
        "_count",
        "_counts",
        "_held",
        "_mine",
        "_single_value",
        "_singles",
        "builds",
        "full",
        "hand",
        "loose",
        "numerals",
        "rules",
        "seat",
    )

    def __init__(self, rules: CasinoRules, seat: int, hand: int, loose: int, builds: Sequence[Build]) -> None:
        self.rules = rules
        """The rules of the hand."""
        self.seat = seat
        """The seat to play."""
        self.hand = hand
        """The mover's cards, as a bitmask."""
        self.loose = loose
        """The loose cards on the table, as a bitmask."""
        self.numerals = loose & NUMERALS
        """The loose numeral cards (ace to 10), as a bitmask: those that partition arithmetic applies to."""
        self.builds = tuple(builds)
        """The builds on the table."""
        self.full = rules.allow_duplicate_value_builds
        """Whether build references name their cards (several builds may share a value)."""
        self._blocks: list[Block] | None = None
        self._counts: list[int] | None = None
        self._count: int | None = None
        self._mine = [b for b in self.builds if b.controller == seat]
        self._singles = [b for b in self.builds if b.is_single and (rules.raise_own_build or b.controller != seat)]
        held = single = 0
        while hand:
            low = hand & -hand
            hand ^= low
            bit = 1 << VALUE[low.bit_length() - 1]
            single = (single | bit) & ~(held & bit)
            held |= bit
        self._held = held & ~1
        self._single_value = single & ~1
        """Bit ``v``: the hand holds exactly one numeral card of value ``v``."""

    # --- blocks -------------------------------------------------------------------------------
    def blocks(self) -> list[Block]:
        """Every block of every card in the hand, in the canonical order of their moves."""
        if self._blocks is None:
            self._blocks = [b for ci in bits(self.hand) for b in self.card_blocks(ci)]
        return self._blocks

    def card_blocks(self, ci: int) -> list[Block]:
        """The blocks of the card with index ``ci`` (captures, builds, then the trail), per 7.2 - 7.4."""
        rules, builds = self.rules, self.builds
        card = _CARDS[ci]
        vc = VALUE[ci]
        mine = self._mine
        held = self._held & ~(1 << vc) if self._single_value >> vc & 1 else self._held
        key = None
        if not builds:  # the blocks then depend on the card, the values held and the court cards only
            key = (ci, held, self.loose & RANK_MASK[card.rank] if not vc else 0, rules.court_capture)
            got = _PLAIN_BLOCKS.get(key)
            if got is not None:
                return got
        out: list[Block] = []
        if vc == 0:
            if not mine or orphans_ok(mine, held, 0):
                same = self.loose & RANK_MASK[card.rank]
                if same and rules.court_capture == "all":
                    out.append(Block(card, "capture", 0, (), 0, 0, (same,)))
                elif same:
                    out.append(Block(card, "capture", 0, (), 0, 0, tuple(1 << i for i in bits(same))))
        else:
            # captures (7.2.2): any non-empty union of disjoint v-groups and v-builds
            of_value = [b for b in builds if b.value == vc] if builds else []
            for chosen in _subsets(of_value) if of_value else _NOTHING:
                consumed = sum(b.cards for b in chosen)
                if mine and not orphans_ok(mine, held, consumed):
                    continue
                out.append(Block(card, "capture", vc, tuple((b.value, b.cards) for b in chosen), consumed, 0, None))
            if builds:
                out.extend(self._build_blocks(card, vc, held, mine))
            else:  # nothing to raise, absorb or orphan: a build of each value held
                out.extend(Block(card, "build", value, (), 0, value - vc, None)
                           for value in range(vc, 11) if held >> value & 1)
        if not mine:
            out.append(Block(card, "trail", 0, (), 0, 0, (0,)))
        if key is not None:
            if len(_PLAIN_BLOCKS) >= 20_000:
                _PLAIN_BLOCKS.clear()
            _PLAIN_BLOCKS[key] = out
        return out

    def _build_blocks(self, card: Card, vc: int, held: int, mine: list[Build]) -> list[Block]:
        """The build blocks of ``card`` (worth ``vc``; ``held``: values left in hand), per 7.3.6."""
        rules, seat, full = self.rules, self.seat, self.full
        permissive = rules.permissive_builds
        partner = partner_of(rules, seat) if rules.build_for_partner else None
        singles = self._singles
        out: list[Block] = []
        for value in range(vc, 11):
            existing = [b for b in self.builds if b.value == value]
            if held >> value & 1:
                absorbed = [tuple(existing)] if not full else _subsets(existing)
                raises: list[Build | None] = [None]
                for s in singles:
                    if s.value != value and (s.value + vc == value or (permissive and s.value + vc < value)):
                        raises.append(s)
            elif partner is not None and existing:
                # build_for_partner (7.3.8): add to the partner's build at its value, without holding it
                ours = [b for b in existing if b.controller == partner]
                if full:
                    absorbed = _subsets(ours, nonempty=True)
                else:
                    absorbed = [tuple(existing)] if len(ours) == len(existing) else []
                raises = [None]
            else:
                continue
            for r in raises:
                need = value - vc - (r.value if r is not None else 0)
                for group in absorbed:
                    consumed = r.cards if r is not None else 0
                    for b in group:
                        consumed |= b.cards
                    if mine and not orphans_ok(mine, held, consumed):
                        continue
                    refs = tuple((b.value, b.cards) for b in group)
                    if r is not None:
                        refs += ((r.value, r.cards),)
                    out.append(Block(card, "build", value, refs, consumed, need, None))
        out.sort(key=lambda b: (b.value, b.bmask))
        return out

    # --- one move ------------------------------------------------------------------------------
    def find(self, action: CasinoAction) -> CasinoAction | None:
        """The legal move equal to ``action`` (its canonical form), or ``None`` when it is not legal."""
        card = action.card
        if action.kind not in ("trail", "capture", "build") or action.last or not self.hand & card.bit:
            return None
        loose = action.loose
        if loose & ~self.loose:
            return None
        for block in self.card_blocks(card.index):
            if block.kind == action.kind and block.value == action.value and block.bmask == action.builds_mask:
                if (block.listed is not None or not loose & ~self.numerals) and block.admits(loose):
                    return block.action(loose, self.full)
                return None
        return None

    def with_prefix(
        self, ci: int, kind: str, value: int, chosen: int, chosen_builds: int, after: int
    ) -> tuple[int, CasinoAction | None]:
        """Moves of card ``ci`` of this kind and value whose table items, lowest card first, begin with the chosen ones.

        ``chosen`` (loose cards) and ``chosen_builds`` (build cards) are the
        items picked so far, all with a lowest card at or below index
        ``after``; the other items of a counted move all lie above it.
        Returns how many such moves there are, and the move when there is
        exactly one. This is what a step-by-step move codec needs, without
        listing moves.
        """
        below = (2 << after) - 1 if after >= 0 else 0
        total = 0
        found: CasinoAction | None = None
        n = vector(self.numerals)
        pool = self.numerals & ~below
        c = vector(chosen)
        a = vector(pool)
        for block in self.card_blocks(ci):
            if block.kind != kind or block.value != value:
                continue
            early = sum(m for _, m in block.refs if (m & -m) & below)
            if early != chosen_builds:
                continue
            if block.listed is not None:
                hits = [m for m in block.listed if m & below == chosen]
                total += len(hits)
                if hits:
                    found = block.action(hits[0], self.full)
                continue
            if chosen & ~self.numerals:
                continue
            for k in lx_vectors(n, block.value, block.need):
                if (not k and not block.bmask) or not fits(c, k) or not fits(k - c, a):
                    continue
                w = weight(k - c, a)
                total += w
                if w == 1:
                    extra = 0
                    for v in range(1, 11):
                        if field(k - c, v):
                            extra |= pool & VALUE_MASK[v]
                    found = block.action(chosen | extra, self.full)
        return total, (found if total == 1 else None)

    # --- counting, walking, ranking ------------------------------------------------------------
    def block_count(self, block: Block) -> int:
        """How many moves the block holds."""
        if block.listed is not None:
            return len(block.listed)
        n = vector(self.numerals)
        got = count_lx(n, block.value, block.need)
        return got - 1 if block.need == 0 and not block.bmask else got

    def counts(self) -> list[int]:
        """How many moves each block of :meth:`blocks` holds, in the same order (computed once)."""
        if self._counts is None:
            self._counts = [self.block_count(b) for b in self.blocks()]
        return self._counts

    def count(self) -> int:
        """The number of legal moves, computed without listing them."""
        if self._count is None:
            self._count = sum(self.counts())
        return self._count

    def __iter__(self) -> Iterator[CasinoAction]:
        """Every legal move once, block by block (the loose sets of a block grouped by their value counts)."""
        n = vector(self.numerals)
        for block in self.blocks():
            if block.listed is not None:
                for m in block.listed:
                    yield block.action(m, self.full)
                continue
            for k in lx_vectors(n, block.value, block.need):
                if k or block.bmask:
                    for m in masks_of(k, self.numerals):
                        yield block.action(m, self.full)

    def at(self, index: int) -> CasinoAction:
        """The move at ``index`` in the order of iteration, found by counting (no listing)."""
        if not 0 <= index < self.count():
            raise IndexError("move index out of range")
        n = vector(self.numerals)
        for block, size in zip(self.blocks(), self.counts()):
            if index >= size:
                index -= size
                continue
            if block.listed is not None:
                return block.action(block.listed[index], self.full)
            for k in lx_vectors(n, block.value, block.need):
                if not k and not block.bmask:
                    continue
                w = weight(k, n)
                if index < w:
                    return block.action(mask_at(k, self.numerals, index), self.full)
                index -= w
        raise AssertionError("counts and blocks disagree")


def generate_moves(rules: CasinoRules, seat: int, hand: int, loose: int, builds: Sequence[Build]) -> list[CasinoAction]:
    """Every legal move of ``seat`` holding ``hand``, in canonical order (see :attr:`CasinoAction.sort_key`).

    The list can be huge on a crowded table (every union of disjoint groups is
    a capture); :class:`MoveSet` checks, counts and walks the same moves lazily.
    """
    moves = MoveSet(rules, seat, hand, loose, builds)
    tables = loose_tables(loose)
    full = moves.full
    make = CasinoAction
    out: list[CasinoAction] = []
    for block in moves.blocks():
        card, kind, value, refs, bmask, need, listed = block
        if listed is not None:
            out.extend(block.action(m, full) for m in listed)
            continue
        parts = tables.partitionable(value)
        if need == 0:
            out.extend([make(kind, card, value, q, refs, False, full) for q in parts if q or bmask])
            continue
        seen: set[int] = set()
        for p in tables.sums[need]:
            for q in parts:
                if not q & p and p | q not in seen:
                    seen.add(p | q)
                    out.append(make(kind, card, value, p | q, refs, False, full))
    out.sort(key=lambda a: a.sort_key)
    return out
