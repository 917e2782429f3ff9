"""OpenSpiel's quick deadwood figure for an 11-card hand, for ``knock_check="openspiel"``.

OpenSpiel's ``gin_rummy`` decides whether a player holding 11 cards may knock (and whether a
player at the wall may take the upcard to knock) from one number: it takes the first meld
group of greatest melded value in its search order, then drops the highest-ranked card left
over. When two best groups leave different cards over, this can be more than the true best
discard (4.3.2), so OpenSpiel then offers no knock although one is legal. For example
``2S 5S 6S 7S AH 5H 7D 2C 5C 6C 7C``: runs 5-7♠ and 5-7♣ leave 2♠ A♥ 5♥ 7♦ 2♣, and the knock
discarding 7♦ leaves 10; OpenSpiel finds the sets of fives and sevens first, which leave
2♠ 6♠ A♥ 2♣ 6♣, drops a 6 and gets 11.

The figure is never below the exact one, so it matters only when the exact one allows a knock.
Cards here are OpenSpiel's ids: ``suit * 13 + rank - 1`` with suits in the order ♠ ♣ ♦ ♥.
"""

from __future__ import annotations

from ..cards import Card, iter_mask

__all__ = ["openspiel_deadwood", "openspiel_id", "openspiel_refuses_knock"]

_SUIT_ORDER = (0, 3, 2, 1)  # cardtable suit (♠ ♥ ♦ ♣) -> OpenSpiel suit (♠ ♣ ♦ ♥)


def openspiel_id(card: Card) -> int:
    """OpenSpiel's id of ``card``."""
    return _SUIT_ORDER[card.suit] * 13 + card.rank - 1


def _value(card: int) -> int:
    return min(card % 13 + 1, 10)


def _melds(cards: list[int]) -> list[frozenset[int]]:
    """OpenSpiel's list of melds of ``cards`` (sets, then runs of 5, 4 and 3), in its order."""
    out: list[frozenset[int]] = []
    by_rank = sorted(cards, key=lambda c: (c % 13, c))
    n = len(by_rank)
    for i in range(n - 3):
        a, b, c, d = by_rank[i:i + 4]
        if a % 13 == d % 13:
            out += [frozenset((a, b, c, d)), frozenset((a, b, d)), frozenset((a, c, d))]
    for i in range(n - 2):
        if by_rank[i] % 13 == by_rank[i + 2] % 13:
            out.append(frozenset(by_rank[i:i + 3]))
    by_suit = sorted(cards, key=lambda c: (c // 13, c % 13, c))
    for size in (5, 4, 3):
        for i in range(n - size + 1):
            lo, hi = by_suit[i], by_suit[i + size - 1]
            if hi - lo == size - 1 and lo // 13 == hi // 13:
                out.append(frozenset(by_suit[i:i + size]))
    return out


def _first_best_group(melds: list[frozenset[int]]) -> frozenset[int]:
    """The cards of OpenSpiel's best meld group: the first, in its depth-first order over chains of
    disjoint melds, whose melded value beats every earlier one."""
    best_value = 0
    best: frozenset[int] = frozenset()
    values = [sum(_value(c) for c in m) for m in melds]

    def walk(index_list: list[int], path_cards: frozenset[int], path_value: int) -> None:
        nonlocal best_value, best
        for i in index_list:
            cards = path_cards | melds[i]
            value = path_value + values[i]
            children = [j for j in index_list if not melds[j] & melds[i]]
            if not children:
                if value > best_value:
                    best_value, best = value, cards
                continue
            reach = frozenset().union(*(melds[j] for j in children))
            if value + sum(_value(c) for c in reach) <= best_value:
                continue  # nothing below can beat the best so far (ties keep the earlier group)
            walk(children, cards, value)

    walk(list(range(len(melds))), frozenset(), 0)
    return best


def openspiel_deadwood(mask: int) -> int:
    """OpenSpiel's ``MinDeadwood`` of the cards in ``mask`` (an 11-card hand: its quick figure)."""
    cards = [openspiel_id(c) for c in iter_mask(mask)]
    left = sorted((c for c in cards if c not in _first_best_group(_melds(cards))), key=lambda c: (c % 13, c))
    if len(cards) == 11 and left:
        left.pop()
    return sum(_value(c) for c in left)


def openspiel_refuses_knock(hand: int, knock_limit: int, knock_check: str) -> bool:
    """``knock_check="openspiel"``: OpenSpiel's quick 11-card figure of ``hand`` is above the knock limit,
    so no knock is offered (rule option 4.3.2 knock_check)."""
    return knock_check == "openspiel" and openspiel_deadwood(hand) > knock_limit
