"""Theoretical bounds of one seat's hand points under a rules config, derived from the rules' scoring
(the adapters' ``min_utility``/``max_utility``, OpenSpiel's utility range, and the env spec tables).

>>> from cardtable.gin import GinRules
>>> reward_bounds("gin", GinRules.preset("standard"))[:2]
(0.0, 129.0)
"""

from __future__ import annotations

from typing import Any

__all__ = ["GIN_MAX_DEFENDER_DEADWOOD", "GIN_MAX_DEADWOOD_HAND", "reward_bounds", "zero_sum_bounds"]

# Gin: the largest deadwood of a 10-card hand with no meld. No set means at most two cards of a
# rank, so at most 8 cards of the four ranks worth 10 (T J Q K) and the other two worth at most 9:
# 8 x 10 + 2 x 9 = 98, reached by T♠ T♥ J♦ J♣ Q♠ Q♥ K♦ K♣ 9♦ 9♣ (no three in a row in any suit).
GIN_MAX_DEFENDER_DEADWOOD = 98
"""The most deadwood a 10-card hand without a meld can hold."""
GIN_MAX_DEADWOOD_HAND = "TS TH JD JC QS QH KD KC 9D 9C"
"""A 10-card hand with no meld and deadwood :data:`GIN_MAX_DEFENDER_DEADWOOD` (tests check it)."""


def reward_bounds(game: str, rules: Any) -> tuple[float, float, str]:
    """``(low, high, why)``: the range of one seat's hand points (``returns()``) under ``rules``."""
    if game == "gin":
        d = GIN_MAX_DEFENDER_DEADWOOD
        limit = 10 if rules.oklahoma else rules.knock_limit
        cases = {"gin": rules.gin_bonus + d, "knock": d - 1, "undercut": rules.undercut_bonus + limit}
        if rules.big_gin_bonus is not None:
            cases["big gin"] = rules.big_gin_bonus + d
        best = max(cases, key=lambda k: cases[k])
        high = cases[best] * (2 if rules.oklahoma else 1)
        why = (f"{best} bonus {cases[best] - (d if best in ('gin', 'big gin') else limit)} + "
               + (f"{d} (the most deadwood of 10 cards without a meld)" if best in ("gin", "big gin")
                  else f"knock limit {limit}"))
        if rules.oklahoma:
            why += ", doubled by a spade first upcard"
        return 0.0, float(high), why
    if game == "casino":
        sides = rules.num_sides
        plays = 48 // sides  # every card but the 4 first table cards is played once; a sweep needs a play
        high = 11 + rules.sweep_points * plays
        why = "3 cards + 1 spades + 4 aces + 2 big casino + 1 little casino"
        if rules.sweep_points:
            why += f" + {rules.sweep_points} per sweep × at most {plays} sweeps (one per card the side plays)"
        return 0.0, float(high), why
    if game == "pinochle":
        from cardtable.pinochle import melds as m
        from cardtable.pinochle.deck import card_points
        from cardtable.pinochle.scoring import round_classic

        # how many times each kind can score in one hand: a physical card scores once per kind and
        # there are two of each card (marriages: two in each of the three plain suits)
        times = {m.RUN: 2, m.ROYAL: 2, m.MARRIAGE: 6, m.ACES: 2, m.KINGS: 2, m.QUEENS: 2, m.JACKS: 2, m.PINOCHLE: 2}
        melds = [m.KIND_POINTS[k] for k, n in times.items() for _ in range(n)]
        if rules.double_pinochle_300:  # a double pinochle may reuse one scored pinochle, never two
            melds.remove(m.KIND_POINTS[m.PINOCHLE])
            melds.append(m.KIND_POINTS[m.DOUBLE])
        top = sorted(melds, reverse=True)[:12]
        cards = sum(card_points(rules.counting)) + 10
        if rules.counting == "classic":
            cards = round_classic(cards)
        high = sum(top) + 20 + cards
        why = (f"the 12 largest melds ({sum(top)}: one meld per stage-1 trick won) + 20 (two dixes, "
               f"10 each at most once) + {cards} (every counter and the last trick)")
        return 0.0, float(high), why
    raise ValueError(f"unknown game {game!r}")


def zero_sum_bounds(low: float, high: float, rules: Any) -> tuple[float, float]:
    """The range of ``own points - mean(others' points)``. In a 4-player partnership both partners
    get their side's points P (the other side Q), so a seat gets P - (P + 2Q) / 3 = 2 (P - Q) / 3."""
    if getattr(rules, "partnership_game", False):
        return (2 * (low - high) / 3, 2 * (high - low) / 3)
    return (low - high, high - low)
