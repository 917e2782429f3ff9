"""Crowded Casino tables for tests: many loose cards on the last deal, written as positions."""

from __future__ import annotations

import random
from typing import Any

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


def crowded_match() -> Any:
    """A real two-player Casino match whose players trail until 20 low cards lie loose (A-5).

    Seat 0 (the human in the web test) then holds 10♦ 9♣ 8♥ 7♥: about a million legal moves.
    """
    from cardtable.cards import parse_cards
    from cardtable.casino.dealing import TABLE, deal_order
    from cardtable.match import Match

    match = Match("casino", first_dealer=1, seat_names=["You", "Bo"])
    deals = [("2S 2H 2D 2C", "3S 3H 3D 3C", "AS AH AD AC"), ("4S 4H 4D 4C", "5S 5H 5D 5C", ""),
             ("TD 9C 8H 7H", "6S 6H 6D 6C", "")]
    for number, (mine, theirs, table) in enumerate(deals, 1):
        piles = {0: parse_cards(mine), 1: parse_cards(theirs), TABLE: parse_cards(table) if table else []}
        for to in deal_order(2, 1, number == 1):
            match.apply(f"deal {piles[to].pop(0)}")
        if number < len(deals):
            for _ in range(8):
                state = match.state
                match.apply(f"{state.hand(state.turn)[0]} trail")
    return match


def dealt_match(deals: list[tuple[str, str, str, str]]) -> Any:
    """A real two-player match (Bo deals first) from its deals: (your cards, Bo's, the table's, the moves
    played then, seat 0 first; a bare card is a trail), e.g. trails that crowd the table."""
    from cardtable.cards import parse_cards
    from cardtable.casino.dealing import TABLE, deal_order
    from cardtable.match import Match

    match = Match("casino", first_dealer=1, seat_names=["You", "Bo"])
    for number, (mine, theirs, table, moves) in enumerate(deals, 1):
        piles = {0: parse_cards(mine), 1: parse_cards(theirs), TABLE: parse_cards(table) if table else []}
        for to in deal_order(2, 1, number == 1):
            match.apply(f"deal {piles[to].pop(0)}")
        for move in moves.split(","):
            move = move.strip()
            match.apply(move if " " in move else f"{move} trail")
    return match


LOW_TRAILS = [("2S 2H 2D 2C", "3S 3H 3D 3C", "AS AH AD AC", "2S, 3S, 2H, 3H, 2D, 3D, 2C, 3C"),
              ("4S 4H 4D 4C", "5S 5H 5D 5C", "", "4S, 5S, 4H, 5H, 4D, 5D, 4C, 5C")]
"""Two deals of trails: all twenty cards A-5 lie loose."""
