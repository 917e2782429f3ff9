"""Pinochle hint reasons: tricks won and their counters, cards kept, melds and the dix exchange.

Every reason is computed from the seat's view before the move and after it (the seat's own move
played on a copy), never from the opponent's concealed cards or the stock.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...pinochle.deck import CARDS, card_points, higher_mask, index_of, mask_of, order_of, suit_of
from ...pinochle.tricks import follower_wins
from ...pinochle.view import PinochleView
from ..words import card_name, meld_kind_name, plural

__all__ = ["pinochle_reasons"]

_ACE = 0


def _counters(points: tuple[int, ...], cards: list[int]) -> str:
    n = sum(1 for i in cards if points[i])
    total = sum(points[i] for i in cards)
    return f"{plural(n, 'counter')} ({plural(total, 'point')})" if n else "no counters"


def _article(name: str) -> str:
    return "" if name.endswith("around") else "the " if name == "dix" else "an " if name[0] in "aeiou" else "a "


def _unbeatable(view: PinochleView, card: int) -> bool:
    """No card that could beat a lead of ``card`` is outside this seat's hand and the cards already played."""
    seen = mask_of(view.hand) | mask_of(view.melded) | mask_of(view.won[0]) | mask_of(view.won[1])
    beaters = higher_mask(card)
    if suit_of(card) != view.trump:
        beaters |= 0xFFF << (12 * view.trump)
    return not beaters & ~seen


def pinochle_reasons(view: PinochleView, action: Any, after: PinochleView | None,
                     legal: Sequence[Any] = ()) -> list[str]:
    """One to three short reasons for ``action`` at ``view``'s decision (``after``: the same seat's view
    once the move is played; ``legal``: every move the seat may make)."""
    rules = view.rules
    points = card_points(rules.counting if rules is not None else "simple")
    seat = view.seat
    out: list[str] = []
    kind = action.kind
    if kind == "play":
        card = action.card
        hand = [index_of(c) for c in (*view.hand, *view.melded)]
        if view.lead is not None:
            lead = index_of(view.lead)
            if follower_wins(lead, card, view.trump):
                text = f"wins the trick with {_counters(points, [lead, card])}"
                if view.stage == 1:
                    text += "; the winner may meld"
                out.append(text)
            elif not points[card]:
                out.append(f"lets the trick go cheaply: the {card_name(CARDS[card])} is no counter")
            playable = [a.card for a in legal if a.kind == "play"]
            if playable and not any(follower_wins(lead, c, view.trump) for c in playable):
                out.append("no card you may play wins this trick")
        else:
            if view.stage == 2 and _unbeatable(view, card):
                out.append(f"the {card_name(CARDS[card])} cannot be beaten: every higher card and trump is played or yours")
            elif not points[card]:
                out.append(f"leads the {card_name(CARDS[card])}, which risks no points")
        if view.stage == 1 and view.lead is not None and not follower_wins(index_of(view.lead), card, view.trump):
            # only where it was a choice: an ace that would have won this trick is kept back
            lead = index_of(view.lead)
            aces = [i for i in hand if order_of(i) == _ACE and i != card and follower_wins(lead, i, view.trump)]
            aces.sort(key=lambda i: suit_of(i) != view.trump)
            if aces:
                out.append(f"keeps your {card_name(CARDS[aces[0]])} for stage 2")
        if view.stage == 1:
            in_melds = {index_of(c) for c in view.melded}
            if card in in_melds:
                out.append(f"plays the {card_name(CARDS[card])} from your melds, keeping your hand's cards")
    elif kind == "meld" and after is not None:
        gained = after.meld_points[seat] - view.meld_points[seat]
        name = meld_kind_name(action.meld_name or "")
        out.append(f"melds {_article(name)}{name} for {gained}")
    elif kind == "exchange" and after is not None:
        gained = after.meld_points[seat] - view.meld_points[seat]
        trump = f"the {card_name(view.trump_card)}" if view.trump_card is not None else "the trump card"
        out.append(f"swaps the dix for {trump}" + (f" and scores {gained}" if gained else ""))
    return out[:3]
