"""Gin Rummy card tracking: card masks, memoised deadwood, and what a seat knows from its view
(:class:`Knowledge`: its hand, the discard pile, the opponent's known cards, discards, passes and takes).

Everything the Gin agents know comes from a :class:`~cardtable.gin.GinView`, never from the real state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...cards import Card
from ...gin.melds import deadwood
from ...gin.view import GinView

__all__ = ["VALUE", "NEIGH", "NEAR", "DW_CACHE", "dw", "popcount", "bits", "Knowledge", "parse_events"]


VALUE: tuple[int, ...] = tuple(min(i % 13 + 1, 10) for i in range(52))
"""Deadwood value of each card index."""


def _neighbours(i: int, span: int) -> int:
    rank, suit = i % 13, i // 13
    m = 0
    for s in range(4):
        if s != suit:
            m |= 1 << (s * 13 + rank)
    for d in range(-span, span + 1):
        if d and 0 <= rank + d < 13:
            m |= 1 << (suit * 13 + rank + d)
    return m


NEIGH: tuple[int, ...] = tuple(_neighbours(i, 2) for i in range(52))
"""Cards that can share a meld with a card: same rank, or same suit within two ranks."""
NEAR: tuple[int, ...] = tuple(_neighbours(i, 1) for i in range(52))
"""Same rank, or same suit one rank away."""
DW_CACHE: dict[int, int] = {}
"""Memo of :func:`dw` (cleared past 400,000 hands)."""


def dw(mask: int) -> int:
    """Minimum deadwood of ``mask`` (memoised :func:`cardtable.gin.melds.deadwood`)."""
    found = DW_CACHE.get(mask)
    if found is None:
        found = deadwood(mask)
        if len(DW_CACHE) > 400_000:
            DW_CACHE.clear()
        DW_CACHE[mask] = found
    return found


def popcount(mask: int) -> int:
    """Number of cards in ``mask``."""
    return mask.bit_count()


def bits(mask: int) -> list[int]:
    """Card indices of ``mask``, ascending."""
    out = []
    while mask:
        out.append((mask & -mask).bit_length() - 1)
        mask &= mask - 1
    return out


@dataclass
class Knowledge:
    """What a seat knows, read from its view: masks of cards and the opponent's public choices."""

    seat: int
    """The seat whose knowledge this is."""
    hand: int
    """This seat's cards (mask)."""
    opp_known: int
    """Cards the opponent took from the discard pile and still holds (mask)."""
    pile: int
    """The discard pile (mask)."""
    unseen: int
    """Cards in neither this hand, the discard pile nor the opponent's known cards."""
    opp_hidden: int
    """How many of the opponent's cards are unknown."""
    opp_discards: list[int] = field(default_factory=list)
    """Card indices the opponent discarded, in order."""
    opp_declined: list[int] = field(default_factory=list)
    """Upcards the opponent passed or left for a stock draw."""
    opp_taken: list[int] = field(default_factory=list)
    """Card indices the opponent took from the discard pile, in order."""
    opp_stock_draws: int = 0
    """How many times the opponent drew from the stock."""
    my_turns: int = 0
    """How many discards this seat has made."""
    weights: dict[int, float] = field(default_factory=dict)
    """Per unseen card: relative likelihood that the opponent holds it."""
    p_opp: dict[int, float] = field(default_factory=dict)
    """Per unseen card: estimated probability that the opponent holds it (sums to ``opp_hidden``)."""


def parse_events(view: GinView, kn: Knowledge) -> None:
    """Replay the public events to learn the opponent's discards, takes and passes."""
    events = view.events
    if len(events) < 21:
        return
    me = view.seat
    opp = 1 - me
    nondealer = 1 - view.dealer
    pile: list[int] = []
    first = events[20]
    if not first.startswith("deal ") or first.endswith("?"):
        return
    try:
        pile.append(Card.parse(first.split()[1]).index)
        player = nondealer
        offer = 0  # 0: non-dealer's offer, 1: dealer's offer, 2: done
        for ev in events[21:]:
            words = ev.split()
            kind = words[0]
            if kind == "take":
                if words[1:] == ["knock"]:
                    if player == opp and pile:
                        kn.opp_taken.append(pile.pop())
                    break
                top = pile.pop() if pile else -1
                if player == opp and top >= 0:
                    kn.opp_taken.append(top)
                offer = 2
            elif kind == "pass":
                if offer == 0:
                    if player == opp and pile:
                        kn.opp_declined.append(pile[-1])
                    offer = 1
                    player = view.dealer
                elif offer == 1:
                    if player == opp and pile:
                        kn.opp_declined.append(pile[-1])
                    offer = 2
                    player = nondealer
                else:
                    break
            elif kind == "draw":
                if player == opp:
                    kn.opp_stock_draws += 1
                    if offer == 2 and pile and kn.opp_declined[-1:] != [pile[-1]]:
                        kn.opp_declined.append(pile[-1])
                offer = 2
            elif kind == "drawn":
                pass
            elif kind == "discard":
                card = Card.parse(words[1]).index
                pile.append(card)
                if player == opp:
                    kn.opp_discards.append(card)
                else:
                    kn.my_turns += 1
                player = 1 - player
                offer = 2
            else:  # knock, big gin, arrange: the hand is ending
                break
    except (IndexError, ValueError):
        return
