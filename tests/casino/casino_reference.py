"""An independent, deliberately naive Casino move generator for cross-checking the engine.

It enumerates every subset of loose cards and builds for every card and
value, and applies the formal legality test of casino.md 7.3.6 and the
capture rules of 7.2 literally, on lists of :class:`Card` objects.
"""

from __future__ import annotations

from itertools import chain, combinations
from typing import Any

from cardtable.cards import Card
from cardtable.casino import CasinoState

Key = tuple[str, str, int, frozenset[str], frozenset[frozenset[str]]]


def value(card: Card) -> int | None:
    return card.rank if card.rank <= 10 else None


def subsets(items: list[Any]) -> list[tuple[Any, ...]]:
    return list(chain.from_iterable(combinations(items, k) for k in range(len(items) + 1)))


def splits_into(cards: list[Card], v: int) -> bool:
    """Can ``cards`` be partitioned into groups each worth exactly ``v``?"""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for combo in subsets(rest):
        if (value(first) or 0) + sum(value(c) or 0 for c in combo) == v:
            if splits_into([c for c in rest if c not in combo], v):
                return True
    return False


def build_cards(build: Any) -> frozenset[str]:
    return frozenset(str(c) for c in build.card_list())


def key_of(action: Any) -> Key:
    from cardtable.cards import mask_to_cards

    loose = frozenset(str(c) for c in mask_to_cards(action.loose))
    builds = frozenset(frozenset(str(c) for c in mask_to_cards(m)) for _, m in action.builds)
    return (action.kind, str(action.card), action.value if action.kind == "build" else 0, loose, builds)


def reference_moves(state: CasinoState) -> set[Key]:
    rules = state.rules
    seat = state.turn
    hand = state.hand(seat)
    loose = state.table
    numerals = [c for c in loose if value(c) is not None]
    builds = list(state.builds)
    mine = [b for b in builds if b.controller == seat]
    partner = (seat + 2) % 4 if rules.num_players == 4 and rules.partnerships else None
    loose_sets = subsets(numerals)
    build_sets = subsets(builds)
    out: set[Key] = set()

    def key(kind: str, c: Card, v: int, ls: tuple[Card, ...], bs: tuple[Any, ...]) -> Key:
        return (kind, str(c), v, frozenset(str(x) for x in ls), frozenset(build_cards(b) for b in bs))

    for c in hand:
        rest = [x for x in hand if x is not c]
        held = {value(x) for x in rest if value(x) is not None}

        def no_orphan(consumed: tuple[Any, ...], held: set[int | None] = held) -> bool:
            return all(b in consumed or b.value in held for b in mine)

        if not mine:
            out.add(("trail", str(c), 0, frozenset(), frozenset()))
        vc = value(c)
        if vc is None:
            same = [x for x in loose if x.rank == c.rank]
            if same and no_orphan(()):
                if rules.court_capture == "one":
                    for x in same:
                        out.add(key("capture", c, 0, (x,), ()))
                else:
                    out.add(key("capture", c, 0, tuple(same), ()))
            continue
        for ls in loose_sets:
            for bs in build_sets:
                if not ls and not bs:
                    continue
                # captures (7.2.2)
                if all(b.value == vc for b in bs) and splits_into(list(ls), vc) and no_orphan(bs):
                    out.add(key("capture", c, 0, ls, bs))
                # builds (7.3.6), for every announced value
                total = vc + sum(value(x) or 0 for x in ls) + sum(sum(value(x) or 0 for x in b.card_list()) for b in bs)
                for v in range(1, 11):
                    if total % v == 0 and build_legal(rules, seat, partner, c, v, ls, bs, held, builds, no_orphan):
                        out.add(key("build", c, v, ls, bs))
    return out


def build_legal(rules: Any, seat: int, partner: int | None, c: Card, v: int, ls: tuple[Card, ...],
                bs: tuple[Any, ...], held: set[int | None], builds: list[Any], no_orphan: Any) -> bool:
    vc = value(c)
    assert vc is not None
    if not (1 <= v <= 10) or not (ls or bs):  # 1
        return False
    holds = v in held
    for_partner = (rules.build_for_partner and not holds and bool(bs)
                   and all(b.value == v and b.controller == partner for b in bs))
    if not holds and not for_partner:  # 2
        return False
    others = [b for b in bs if b.value != v]  # 3
    if len(others) > 1 or any(not b.is_single for b in others):
        return False
    if for_partner and others:
        return False
    raised = others[0] if others else None
    if raised is not None:  # 4
        ok = False
        for p in subsets(list(ls)):
            if p and not rules.permissive_builds:
                continue
            if raised.value + vc + sum(value(x) or 0 for x in p) == v and splits_into([x for x in ls if x not in p], v):
                ok = True
                break
        if not ok:
            return False
    else:
        if not any(vc + sum(value(x) or 0 for x in p) == v and splits_into([x for x in ls if x not in p], v)
                   for p in subsets(list(ls))):
            return False
    if not rules.allow_duplicate_value_builds and any(b.value == v and b not in bs for b in builds):  # 5
        return False
    if raised is not None and not rules.raise_own_build and raised.controller == seat:  # 6
        return False
    return bool(no_orphan(bs))  # 7
