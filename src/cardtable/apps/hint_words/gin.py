"""Gin Rummy hint reasons: melds kept or made, deadwood, knocking, and what the opponent's choices show.

Every reason is computed from the seat's own view (its hand, the discard pile, the cards the
opponent took from it, the opponent's public discards and passes), never from hidden cards.
"""

from __future__ import annotations

from typing import Any

from ...agents.gin.tracking import Knowledge, parse_events
from ...cards import Card, cards_to_mask, mask_to_cards
from ...gin.melds import all_melds, canonical_arrangement, card_values, deadwood
from ...gin.view import GinView
from ..words import card_name, plural

__all__ = ["gin_reasons", "meld_words"]

_RANK_PLURAL = ("aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings")
_COUNT = {3: "three", 4: "four"}


def meld_words(meld: int) -> str:
    """A meld as a player says it: ``7♦ 8♦ 9♦ run`` or ``three kings``."""
    cards = mask_to_cards(meld)
    if len({c.rank for c in cards}) == 1:
        return f"{_COUNT.get(len(cards), str(len(cards)))} {_RANK_PLURAL[cards[0].rank - 1]}"
    return " ".join(card_name(c) for c in sorted(cards, key=lambda c: c.rank)) + " run"


def _points(n: int) -> str:
    return plural(n, "point")


def _best_after_take(hand: int, card: Card, taken_may_go: bool) -> int:
    """The lowest deadwood reachable by taking ``card`` and discarding one card."""
    new = hand | card.bit
    return min(deadwood(new & ~c.bit) for c in mask_to_cards(new) if taken_may_go or c != card)


def _meld_with(mask: int, card: Card) -> int | None:
    """The meld of the best arrangement of ``mask`` that holds ``card`` (else any meld that does)."""
    for meld in canonical_arrangement(mask):
        if meld & card.bit:
            return meld
    return next((m for m in all_melds(mask) if m & card.bit), None)


def _opponent_note(view: GinView, card: Card) -> str | None:
    """What the opponent's public choices say about ``card``: wanted (a take) or not (a discard, a pass)."""
    kn = Knowledge(seat=view.seat, hand=0, opp_known=0, pile=0, unseen=0, opp_hidden=0)
    parse_events(view, kn)
    for i in kn.opp_taken:
        took = Card.from_index(i)
        if took.rank == card.rank:
            return f"the opponent took the {card_name(took)} earlier, so they may want {_RANK_PLURAL[card.rank - 1]}"
        if took.suit == card.suit and abs(took.rank - card.rank) <= 2:
            return f"the opponent took the {card_name(took)} earlier, so the {card_name(card)} may fit their run"
    for i in kn.opp_discards + kn.opp_declined:
        gone = Card.from_index(i)
        if gone.rank == card.rank:
            verb = "threw away" if i in kn.opp_discards else "passed on"
            return (f"the opponent {verb} the {card_name(gone)}, so they probably do not need "
                    f"{_RANK_PLURAL[card.rank - 1]}")
    return None


def gin_reasons(view: GinView, action: Any) -> list[str]:
    """One to three short reasons for ``action`` at ``view``'s decision."""
    hand = cards_to_mask(view.hand)
    rules = view.rules
    limit = view.knock_limit
    kind = action.kind
    out: list[str] = []
    if kind in ("discard", "knock"):
        card = action.card
        after = hand & ~card.bit
        left = deadwood(after)
        broken = next((m for m in canonical_arrangement(hand) if m & card.bit), None)
        if broken is not None:
            out.append(f"breaks up your {meld_words(broken)}")
        elif not any(m & card.bit for m in all_melds(hand)):
            out.append(f"the {card_name(card)} fits no meld of yours")
        kept = canonical_arrangement(after)
        if kept:
            out.append("keeps your " + " and your ".join(meld_words(m) for m in kept[:2]))
        if kind == "knock":
            if left == 0:
                bonus = f" and the {rules.gin_bonus}-point bonus" if rules is not None and rules.gin_bonus else ""
                out.insert(0, f"gin: no deadwood at all{bonus}")
            else:
                out.insert(0, f"knocking now: your deadwood {left} against the limit {limit}")
        else:
            ready = " (low enough to knock next turn)" if left <= limit and view.stock_size > 2 else ""
            note = _opponent_note(view, card)
            if note is not None:  # before the deadwood count: three reasons at most are shown
                out.append(note)
            out.append(f"leaves {_points(left)} of deadwood{ready}")
    elif kind in ("take", "take knock") and view.upcard is not None:
        card = view.upcard
        meld = _meld_with(hand | card.bit, card)
        if meld is not None:
            out.append(f"the {card_name(card)} makes your {meld_words(meld)}")
        may_go = rules is not None and rules.discard_taken_card
        before, best = deadwood(hand), _best_after_take(hand, card, may_go)
        if best < before:
            out.append(f"your deadwood can drop from {before} to {best}")
        if kind == "take knock":
            out.insert(0, f"knocking now: your deadwood {best} against the limit {limit}")
    elif kind in ("draw", "pass") and view.upcard is not None:
        card = view.upcard
        if not any(m & card.bit for m in all_melds(hand | card.bit)):
            out.append(f"the {card_name(card)} makes no meld with your cards")
        if len(view.hand) == 10:
            before, best = deadwood(hand), _best_after_take(hand, card, True)
            if best >= before:
                out.append(f"taking the {card_name(card)} would not lower your deadwood ({before})")
        if kind == "draw":
            out.append("the opponent learns nothing about your hand")
    elif kind == "big gin":
        bonus = f" ({rules.big_gin_bonus}-point bonus)" if rules is not None and rules.big_gin_bonus else ""
        out.append(f"big gin: all 11 of your cards are in melds{bonus}")
    elif kind == "arrange":
        melded = 0
        for m in action.melds:
            melded |= m
        left = card_values(hand & ~melded)
        best = deadwood(hand)
        out.append(f"leaves {_points(left)} of deadwood" + (", the fewest possible" if left == best else ""))
    return out[:3]
