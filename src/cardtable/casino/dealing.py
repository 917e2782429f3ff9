"""The deal order of sections 5.3 and 5.4: who receives each card of a deal."""

from __future__ import annotations

from functools import cache

__all__ = ["TABLE", "deal_order", "pack_after"]

TABLE = -1
"""Recipient code of a card dealt face up to the table."""


@cache
def deal_order(num_players: int, dealer: int, first: bool) -> tuple[int, ...]:
    """Recipient of each card of one deal, in order (a seat, or :data:`TABLE`).

    First deal: twice (2 to each player from the dealer's left to the dealer's
    right, 2 to the table, 2 to the dealer). Later deals: twice 2 to each
    player from the dealer's left, dealer last.

    >>> deal_order(2, 0, True)
    (1, 1, -1, -1, 0, 0, 1, 1, -1, -1, 0, 0)
    >>> deal_order(3, 2, False)
    (0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2)
    """
    others = [(dealer + k) % num_players for k in range(1, num_players)]
    one: list[int] = []
    for seat in others:
        one += [seat, seat]
    if first:
        one += [TABLE, TABLE]
    one += [dealer, dealer]
    return tuple(one + one)


def pack_after(num_players: int, deal: int) -> int:
    """Cards left in the pack once deal number ``deal`` (1-based) is complete."""
    return 52 - 4 - deal * 4 * num_players
