"""Gin Rummy hint reasons: melds kept or made, deadwood, knocking, and what the opponent's choices show.

Every reason is computed from the seat's own view (its hand, the discard pile, the cards the
opponent took from it, the opponent's public discards and passes), never from hidden cards.
"""

from __future__ import annotations

from typing import Any

from ... import i18n
from ...agents.gin.tracking import Knowledge, parse_events
from ...cards import Card, cards_to_mask, mask_to_cards
from ...gin.melds import all_melds, canonical_arrangement, card_values, deadwood
from ...gin.view import GinView
from ..words import card_name

__all__ = ["gin_reasons", "meld_words"]

_RANK_PLURAL = ("aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings")
_COUNT = {3: "three", 4: "four"}


def _rank_set(rank: int, n: int, t: Any) -> str:
    """``n`` cards of ``rank`` as a set is said (``3 kings``; English says the number in words)."""
    forms = (t.npgettext("gin set", "{n} ace", "{n} aces", n), t.npgettext("gin set", "{n} two", "{n} twos", n),
             t.npgettext("gin set", "{n} three", "{n} threes", n), t.npgettext("gin set", "{n} four", "{n} fours", n),
             t.npgettext("gin set", "{n} five", "{n} fives", n), t.npgettext("gin set", "{n} six", "{n} sixes", n),
             t.npgettext("gin set", "{n} seven", "{n} sevens", n), t.npgettext("gin set", "{n} eight", "{n} eights", n),
             t.npgettext("gin set", "{n} nine", "{n} nines", n), t.npgettext("gin set", "{n} ten", "{n} tens", n),
             t.npgettext("gin set", "{n} jack", "{n} jacks", n), t.npgettext("gin set", "{n} queen", "{n} queens", n),
             t.npgettext("gin set", "{n} king", "{n} kings", n))
    return str(forms[rank - 1]).format(n=n)


def _rank_plural(rank: int, t: Any, lang: str) -> str:
    """A rank's cards as a kind (``kings``, ``7s``), the object of "they may want …"."""
    if lang == "en":
        return _RANK_PLURAL[rank - 1]
    forms = (t.pgettext("ranks", "aces"), t.pgettext("ranks", "2s"), t.pgettext("ranks", "3s"),
             t.pgettext("ranks", "4s"), t.pgettext("ranks", "5s"), t.pgettext("ranks", "6s"),
             t.pgettext("ranks", "7s"), t.pgettext("ranks", "8s"), t.pgettext("ranks", "9s"),
             t.pgettext("ranks", "10s"), t.pgettext("ranks", "jacks"), t.pgettext("ranks", "queens"),
             t.pgettext("ranks", "kings"))
    return str(forms[rank - 1])


def meld_words(meld: int, lang: str = "en") -> str:
    """A meld as a player says it: ``7♦ 8♦ 9♦ run`` or ``three kings`` (in ``lang``)."""
    cards = mask_to_cards(meld)
    if len({c.rank for c in cards}) == 1:
        if lang == "en":
            return f"{_COUNT.get(len(cards), str(len(cards)))} {_RANK_PLURAL[cards[0].rank - 1]}"
        return _rank_set(cards[0].rank, len(cards), i18n.translation(lang))
    run = " ".join(card_name(c) for c in sorted(cards, key=lambda c: c.rank))
    return str(i18n.translation(lang).gettext("{cards} run")).format(cards=run)


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


def _opponent_note(view: GinView, card: Card, t: Any, lang: str) -> str | None:
    """What the opponent's public choices say about ``card``: wanted (a take) or not (a discard, a pass)."""
    kn = Knowledge(seat=view.seat, hand=0, opp_known=0, pile=0, unseen=0, opp_hidden=0)
    parse_events(view, kn)
    for i in kn.opp_taken:
        took = Card.from_index(i)
        if took.rank == card.rank:
            return str(t.gettext("the opponent took the {card} earlier, so they may want {ranks}")).format(
                card=card_name(took), ranks=_rank_plural(card.rank, t, lang))
        if took.suit == card.suit and abs(took.rank - card.rank) <= 2:
            return str(t.gettext("the opponent took the {took} earlier, so the {card} may fit their run")).format(
                took=card_name(took), card=card_name(card))
    for i in kn.opp_discards + kn.opp_declined:
        gone = Card.from_index(i)
        if gone.rank == card.rank:
            if i in kn.opp_discards:
                msg = t.gettext("the opponent threw away the {card}, so they probably do not need {ranks}")
            else:
                msg = t.gettext("the opponent passed on the {card}, so they probably do not need {ranks}")
            return str(msg).format(card=card_name(gone), ranks=_rank_plural(card.rank, t, lang))
    return None


def gin_reasons(view: GinView, action: Any, lang: str = "en") -> list[str]:
    """One to three short reasons for ``action`` at ``view``'s decision, in ``lang``."""
    t = i18n.translation(lang)
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
            out.append(str(t.gettext("breaks up your {meld}")).format(meld=meld_words(broken, lang)))
        elif not any(m & card.bit for m in all_melds(hand)):
            out.append(str(t.gettext("the {card} fits no meld of yours")).format(card=card_name(card)))
        kept = canonical_arrangement(after)
        if len(kept) == 1:
            out.append(str(t.gettext("keeps your {meld}")).format(meld=meld_words(kept[0], lang)))
        elif kept:
            out.append(str(t.gettext("keeps your {meld} and your {other}")).format(
                meld=meld_words(kept[0], lang), other=meld_words(kept[1], lang)))
        if kind == "knock":
            if left == 0:
                if rules is not None and rules.gin_bonus:
                    text = t.gettext("gin: no deadwood at all and the {bonus}-point bonus")
                else:
                    text = t.gettext("gin: no deadwood at all")
                out.insert(0, str(text).format(bonus=rules.gin_bonus if rules is not None else 0))
            else:
                out.insert(0, str(t.gettext("knocking now: your deadwood {deadwood} against the limit {limit}")).format(
                    deadwood=left, limit=limit))
        else:
            note = _opponent_note(view, card, t, lang)
            if note is not None:  # before the deadwood count: three reasons at most are shown
                out.append(note)
            if left <= limit and view.stock_size > 2:
                text = t.ngettext("leaves {n} point of deadwood (low enough to knock next turn)",
                                  "leaves {n} points of deadwood (low enough to knock next turn)", left)
            else:
                text = t.ngettext("leaves {n} point of deadwood", "leaves {n} points of deadwood", left)
            out.append(str(text).format(n=left))
    elif kind in ("take", "take knock") and view.upcard is not None:
        card = view.upcard
        meld = _meld_with(hand | card.bit, card)
        if meld is not None:
            out.append(str(t.gettext("the {card} makes your {meld}")).format(card=card_name(card),
                                                                           meld=meld_words(meld, lang)))
        may_go = rules is not None and rules.discard_taken_card
        before, best = deadwood(hand), _best_after_take(hand, card, may_go)
        if best < before:
            out.append(str(t.gettext("your deadwood can drop from {before} to {after}")).format(before=before, after=best))
        if kind == "take knock":
            out.insert(0, str(t.gettext("knocking now: your deadwood {deadwood} against the limit {limit}")).format(
                deadwood=best, limit=limit))
    elif kind in ("draw", "pass") and view.upcard is not None:
        card = view.upcard
        if not any(m & card.bit for m in all_melds(hand | card.bit)):
            out.append(str(t.gettext("the {card} makes no meld with your cards")).format(card=card_name(card)))
        if len(view.hand) == 10:
            before, best = deadwood(hand), _best_after_take(hand, card, True)
            if best >= before:
                out.append(str(t.gettext("taking the {card} would not lower your deadwood ({deadwood})")).format(
                    card=card_name(card), deadwood=before))
        if kind == "draw":
            out.append(str(t.gettext("the opponent learns nothing about your hand")))
    elif kind == "big gin":
        if rules is not None and rules.big_gin_bonus:
            text = str(t.gettext("big gin: all 11 of your cards are in melds ({bonus}-point bonus)")).format(
                bonus=rules.big_gin_bonus)
        else:
            text = str(t.gettext("big gin: all 11 of your cards are in melds"))
        out.append(text)
    elif kind == "arrange":
        melded = 0
        for m in action.melds:
            melded |= m
        left = card_values(hand & ~melded)
        best = deadwood(hand)
        if left == best:
            text = t.ngettext("leaves {n} point of deadwood, the fewest possible",
                              "leaves {n} points of deadwood, the fewest possible", left)
        else:
            text = t.ngettext("leaves {n} point of deadwood", "leaves {n} points of deadwood", left)
        out.append(str(text).format(n=left))
    return out[:3]
