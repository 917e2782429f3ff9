"""Pinochle hint reasons: tricks won and their counters, cards kept, melds and the dix exchange.

Every reason is computed from the seat's view before the move and after it (the seat's own move
played on a copy), never from the opponent's concealed cards or the stock.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ... import i18n
from ...pinochle.deck import CARDS, card_points, higher_mask, index_of, mask_of, order_of, suit_of
from ...pinochle.tricks import follower_wins
from ...pinochle.view import PinochleView
from ..words import card_name

__all__ = ["pinochle_reasons"]

_ACE = 0


def _counters(points: tuple[int, ...], cards: list[int], t: Any) -> str:
    n = sum(1 for i in cards if points[i])
    total = sum(points[i] for i in cards)
    if not n:
        return str(t.gettext("no counters"))
    counters = str(t.ngettext("{n} counter", "{n} counters", n)).format(n=n)
    return str(t.ngettext("{counters} ({n} point)", "{counters} ({n} points)", total)).format(counters=counters, n=total)


def _meld_phrase(kind: str, t: Any) -> str:
    """A meld kind with the article English needs after "melds": ``a marriage``, ``the dix``, ``aces around``."""
    from ..words import _meld_object

    return _meld_object(kind, t)


def _unbeatable(view: PinochleView, card: int) -> bool:
    """No card that could beat a lead of ``card`` is outside this seat's hand and the cards already played."""
    seen = mask_of(view.hand) | mask_of(view.melded) | mask_of(view.won[0]) | mask_of(view.won[1])
    beaters = higher_mask(card)
    if suit_of(card) != view.trump:
        beaters |= 0xFFF << (12 * view.trump)
    return not beaters & ~seen


def pinochle_reasons(view: PinochleView, action: Any, after: PinochleView | None,
                     legal: Sequence[Any] = (), lang: str = "en") -> list[str]:
    """One to three short reasons for ``action`` at ``view``'s decision (``after``: the same seat's view
    once the move is played; ``legal``: every move the seat may make), in ``lang``."""
    t = i18n.translation(lang)
    rules = view.rules
    points = card_points(rules.counting if rules is not None else "simple")
    seat = view.seat
    out: list[str] = []
    kind = action.kind
    if kind == "play":
        card = action.card
        name = card_name(CARDS[card])
        hand = [index_of(c) for c in (*view.hand, *view.melded)]
        if view.lead is not None:
            lead = index_of(view.lead)
            if follower_wins(lead, card, view.trump):
                counters = _counters(points, [lead, card], t)
                if view.stage == 1:
                    out.append(str(t.gettext("wins the trick with {counters}; the winner may meld")).format(
                        counters=counters))
                else:
                    out.append(str(t.gettext("wins the trick with {counters}")).format(counters=counters))
            elif not points[card]:
                out.append(str(t.gettext("lets the trick go cheaply: the {card} is no counter")).format(card=name))
            playable = [a.card for a in legal if a.kind == "play"]
            if playable and not any(follower_wins(lead, c, view.trump) for c in playable):
                out.append(str(t.gettext("no card you may play wins this trick")))
        else:
            if view.stage == 2 and _unbeatable(view, card):
                out.append(str(t.gettext("the {card} cannot be beaten: every higher card and trump is played or "
                                         "yours")).format(card=name))
            elif not points[card]:
                out.append(str(t.gettext("leads the {card}, which risks no points")).format(card=name))
        if view.stage == 1 and view.lead is not None and not follower_wins(index_of(view.lead), card, view.trump):
            # only where it was a choice: an ace that would have won this trick is kept back
            lead = index_of(view.lead)
            aces = [i for i in hand if order_of(i) == _ACE and i != card and follower_wins(lead, i, view.trump)]
            aces.sort(key=lambda i: suit_of(i) != view.trump)
            if aces:
                out.append(str(t.gettext("keeps your {card} for stage 2")).format(card=card_name(CARDS[aces[0]])))
        if view.stage == 1:
            in_melds = {index_of(c) for c in view.melded}
            if card in in_melds:
                out.append(str(t.gettext("plays the {card} from your melds, keeping your hand's cards")).format(
                    card=name))
    elif kind == "meld" and after is not None:
        gained = after.meld_points[seat] - view.meld_points[seat]
        out.append(str(t.gettext("melds {meld} for {points}")).format(meld=_meld_phrase(action.meld_name or "", t),
                                                                     points=gained))
    elif kind == "exchange" and after is not None:
        gained = after.meld_points[seat] - view.meld_points[seat]
        if view.trump_card is not None:
            msg = (t.gettext("swaps the dix for the {card} and scores {points}") if gained
                   else t.gettext("swaps the dix for the {card}"))
        else:
            msg = (t.gettext("swaps the dix for the trump card and scores {points}") if gained
                   else t.gettext("swaps the dix for the trump card"))
        out.append(str(msg).format(card=card_name(view.trump_card) if view.trump_card is not None else "",
                                   points=gained))
    return out[:3]
