"""Crowded Casino tables for tests: many loose cards on the last deal, written as positions."""

from __future__ import annotations

import random

from cardtable.cards import format_cards, mask_to_cards
from cardtable.casino import CasinoGame, CasinoRules, CasinoState
from cardtable.casino.values import bits

FULL = (1 << 52) - 1


def crowded_state(rules: CasinoRules, loose: int, rng: random.Random, size: int | None = None) -> CasinoState:
    """The first turn of the last deal with ``loose`` on the table and random hands of ``size`` cards (1-4)."""
    n = rules.num_players
    rest = bits(FULL & ~loose)
    rng.shuffle(rest)
    k = size if size is not None else rng.randint(1, 4)
    hands = []
    for seat in range(n):
        mask = sum(1 << i for i in rest[seat * k:(seat + 1) * k])
        hands.append(f"hand{seat}: {format_cards(mask_to_cards(mask))}")
    table = format_cards(mask_to_cards(loose)) if loose else "-"
    text = f"dealer: {n - 1}; deal: {rules.num_deals}; turn: 0; {'; '.join(hands)}; table: {table}"
    return CasinoGame(rules).from_position(text)


def issue_table(players: int, loose_cards: int, hand: str = "TD 9C 8H 7H") -> CasinoState:
    """The issue's table: the lowest ``loose_cards`` numerals loose (A-6 first), ``hand`` for seat 0."""
    from cardtable.cards import cards_to_mask, parse_cards

    mine = cards_to_mask(parse_cards(hand))
    order = [s * 13 + r for r in range(10) for s in range(4)]
    loose = 0
    for i in order:
        if loose.bit_count() == loose_cards:
            break
        if not mine >> i & 1:
            loose |= 1 << i
    others = [i for i in bits(FULL & ~loose & ~mine) if i % 13 >= 10] + [i for i in bits(FULL & ~loose & ~mine) if i % 13 < 10]
    size = len(hand.split())
    rules = CasinoRules(num_players=players)
    hands = [f"hand0: {hand}"]
    for seat in range(1, players):
        mask = sum(1 << i for i in others[(seat - 1) * size:seat * size])
        hands.append(f"hand{seat}: {format_cards(mask_to_cards(mask))}")
    text = f"dealer: {players - 1}; deal: {rules.num_deals}; turn: 0; {'; '.join(hands)}; table: {format_cards(mask_to_cards(loose))}"
    return CasinoGame(rules).from_position(text)
