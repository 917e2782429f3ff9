"""The move generator: every legal trail, capture and build of a position, exactly (section 7).

Positions are bitmasks: the mover's hand, the loose table cards, and the
builds. Subset sums of the loose cards come from the cached
:class:`~cardtable.casino.values.LooseTables`, so one generation is a few
set operations per (card, value) pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from ..cards import Card
from .actions import TRAIL, CasinoAction, build, capture
from .builds import Build
from .rules import CasinoRules
from .values import RANK_MASK, VALUE, LooseTables, bits, held_values, loose_tables

__all__ = ["generate_moves", "partner_of", "orphans_ok"]

_CARDS = tuple(Card.from_index(i) for i in range(52))
_NOTHING: list[tuple[Build, ...]] = [()]


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


class _Table(NamedTuple):
    """What every card's build search shares: the options, the builds by value and the subset-sum tables."""

    partner: int | None
    full: bool
    permissive: bool
    mine: list[Build]
    by_value: list[list[Build]]
    singles: list[Build]
    tables: LooseTables


def generate_moves(rules: CasinoRules, seat: int, hand: int, loose: int, builds: Sequence[Build]) -> list[CasinoAction]:
    """Every legal move of ``seat`` holding ``hand``, in canonical order (see :attr:`CasinoAction.sort_key`)."""
    full = rules.allow_duplicate_value_builds
    raise_own = rules.raise_own_build
    mine = [b for b in builds if b.controller == seat]
    by_value: list[list[Build]] = [[] for _ in range(11)]
    for b in builds:
        by_value[b.value].append(b)
    tables = loose_tables(loose)
    ctx = _Table(
        partner_of(rules, seat) if rules.build_for_partner else None,
        full,
        rules.permissive_builds,
        mine,
        by_value,
        [b for b in builds if b.is_single and (raise_own or b.controller != seat)],
        tables,
    )
    out: list[CasinoAction] = []
    cards = bits(hand)
    counts = [0] * 11
    for ci in cards:
        counts[VALUE[ci]] += 1
    held_all = held_values(hand)
    for ci in cards:
        card = _CARDS[ci]
        vc = VALUE[ci]
        held = held_all & ~(1 << vc) if vc and counts[vc] == 1 else held_all
        if vc == 0:
            if not mine or orphans_ok(mine, held, 0):
                same = loose & RANK_MASK[card.rank]
                if same and rules.court_capture == "all":
                    out.append(capture(card, same))
                elif same:
                    out.extend(capture(card, 1 << i) for i in bits(same))
        else:
            # captures (7.2.2): any non-empty union of disjoint v-groups and v-builds
            parts_v = tables.partitionable(vc)
            for chosen in _subsets(by_value[vc]) if by_value[vc] else _NOTHING:
                consumed = 0
                for b in chosen:
                    consumed |= b.cards
                if mine and not orphans_ok(mine, held, consumed):
                    continue
                refs = tuple((b.value, b.cards) for b in chosen)
                for f in parts_v:
                    if f or refs:
                        out.append(capture(card, f, refs, full))
            _builds(out, card, vc, held, ctx)
        if not mine:
            out.append(TRAIL[ci])
    out.sort(key=lambda a: a.sort_key)
    return out


def _builds(out: list[CasinoAction], card: Card, vc: int, held: int, ctx: _Table) -> None:
    """Append every legal build move with ``card`` (worth ``vc``; ``held``: values left in hand), per 7.3.6."""
    partner, full, permissive, mine, by_value, singles, tables = ctx
    seen: set[tuple[int, int, int]] = set()
    for value in range(vc, 11):
        existing = by_value[value]
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
        parts = tables.partitionable(value)
        for r in raises:
            need = value - vc - (r.value if r is not None else 0)
            if r is None:
                partners = tables.sums[need] if need > 0 else (0,)
            else:
                partners = (0,) if need == 0 else (tables.sums[need] if permissive else ())
            for group in absorbed:
                consumed = r.cards if r is not None else 0
                for b in group:
                    consumed |= b.cards
                if mine and not orphans_ok(mine, held, consumed):
                    continue
                refs = tuple((b.value, b.cards) for b in group)
                if r is not None:
                    refs += ((r.value, r.cards),)
                for p in partners:
                    for q in parts:
                        if q & p:
                            continue
                        lx = p | q
                        if not lx and not consumed:
                            continue
                        key = (value, consumed, lx)
                        if key in seen:
                            continue
                        seen.add(key)
                        out.append(build(card, value, lx, refs, full))
