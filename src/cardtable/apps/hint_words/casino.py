"""Casino hint reasons: what a capture wins, sweeps, builds held, and what a trail gives away.

Every reason is computed from the seat's view before the move and after it (the seat's own move
played on a copy), never from the other hands or the pack.
"""

from __future__ import annotations

from typing import Any

from ... import i18n
from ...cards import Card
from ...casino.values import VALUE, bits
from ...casino.view import CasinoView
from ..words import card_name, join_list

__all__ = ["casino_reasons", "point_cards"]

_BIG, _LITTLE = Card.parse("TD"), Card.parse("2S")


def _worth(card: Card, t: Any) -> str:
    """A point card with its worth: ``the 10♦ (2 points)``."""
    n = 2 if card == _BIG else 1
    return str(t.ngettext("the {card} ({n} point)", "the {card} ({n} points)", n)).format(card=card_name(card), n=n)


def _scoring(cards: list[Card]) -> list[Card]:
    """The cards among ``cards`` that score by themselves (the 10♦, the 2♠, aces), the best first."""
    return [c for c in sorted(cards, key=lambda c: (c != _BIG, c != _LITTLE, c.rank, c.suit))
            if c in (_BIG, _LITTLE) or c.rank == 1]


def point_cards(cards: list[Card], lang: str = "en") -> list[str]:
    """The cards among ``cards`` that score by themselves: ``the 10♦ (2 points)``, aces, the 2♠."""
    t = i18n.translation(lang)
    return [_worth(c, t) for c in _scoring(cards)]


def _spades(cards: list[Card]) -> int:
    return sum(1 for c in cards if c.suit == 0)


def casino_reasons(view: CasinoView, action: Any, after: CasinoView | None, legal: list[Any],
                   lang: str = "en") -> list[str]:
    """One to three short reasons for ``action`` at ``view``'s decision (``after``: the same seat's view
    once the move is played; ``legal``: every move it could make), in ``lang``."""
    t = i18n.translation(lang)
    card: Card = action.card
    out: list[str] = []
    if action.kind == "capture":
        taken = [Card.from_index(i) for i in bits(action.loose)]
        for _value, mask in action.builds:
            taken += [Card.from_index(i) for i in bits(mask)]
        won = [*taken, card]
        if len(taken) == 1:
            if _scoring(taken):
                n = 2 if taken[0] == _BIG else 1
                text = str(t.ngettext("takes the {card} from the table ({n} point)",
                                      "takes the {card} from the table ({n} points)", n)).format(
                    card=card_name(taken[0]), n=n)
            else:
                text = str(t.gettext("takes the {card} from the table")).format(card=card_name(taken[0]))
        else:
            special = point_cards(taken, lang)
            if special:
                text = str(t.ngettext("takes {n} card from the table, including {cards}",
                                      "takes {n} cards from the table, including {cards}", len(taken))).format(
                    n=len(taken), cards=join_list(special, lang))
            else:
                text = str(t.ngettext("takes {n} card from the table", "takes {n} cards from the table",
                                      len(taken))).format(n=len(taken))
        own = _scoring([card])
        if own:
            n = 2 if card == _BIG else 1
            if len(taken) == 1:
                msg = t.ngettext("{capture}, and your {card} ({n} point) with it",
                                 "{capture}, and your {card} ({n} points) with it", n)
            else:
                msg = t.ngettext("{capture}, and your {card} ({n} point) with them",
                                 "{capture}, and your {card} ({n} points) with them", n)
            text = str(msg).format(capture=text, card=card_name(card), n=n)
        elif not _scoring(taken) and _spades(won):
            text = str(t.ngettext("{capture}; {n} spade toward the most spades",
                                  "{capture}; {n} spades toward the most spades", _spades(won))).format(
                capture=text, n=_spades(won))
        out.append(text)
        theirs = [b for b in view.builds if b.controller != view.seat and any(b.cards == m for _v, m in action.builds)]
        if theirs:
            out.append(str(t.gettext("takes the {value}-build the opponent was counting on")).format(
                value=theirs[0].value))
        if after is not None and after.sweeps[view.side] > view.sweeps[view.side]:
            rules = view.rules
            if rules is not None and rules.sweep_points:
                sweep = str(t.ngettext("a sweep: clears the table ({n} point)", "a sweep: clears the table ({n} points)",
                                       rules.sweep_points)).format(n=rules.sweep_points)
            else:
                sweep = str(t.gettext("a sweep: clears the table"))
            out.insert(0, sweep)
    elif action.kind == "build":
        value = action.value
        holding = [c for c in view.hand if c != card and not c.is_court and VALUE[c.index] == value]
        used = [Card.from_index(i) for i in bits(action.loose)] + [card]
        for _value, mask in action.builds:
            used += [Card.from_index(i) for i in bits(mask)]
        special = point_cards(used, lang)
        if holding:
            fill = {"value": value, "card": card_name(holding[0]), "cards": join_list(special, lang)}
            if value == 8:
                msg = (t.gettext("makes an 8-build you can take next turn with your {card}, {cards} with it") if special
                       else t.gettext("makes an 8-build you can take next turn with your {card}"))
            else:
                msg = (t.gettext("makes a {value}-build you can take next turn with your {card}, {cards} with it")
                       if special else t.gettext("makes a {value}-build you can take next turn with your {card}"))
            out.append(str(msg).format(**fill))
        raised = [b for b in view.builds if b.controller != view.seat and any(b.cards == m for _v, m in action.builds)]
        if raised:
            out.append(str(t.gettext("takes over their {value}-build")).format(value=raised[0].value))
    elif action.kind == "trail":
        alone = not any(c.rank == card.rank or (not card.is_court and not c.is_court
                                                 and VALUE[c.index] + VALUE[card.index] <= 10) for c in view.table)
        worthless = not point_cards([card]) and card.suit != 0
        name = card_name(card)
        if alone and worthless:
            out.append(str(t.gettext("gives nothing away: the {card} is no point card or spade, and no card on "
                                     "the table pairs or adds up with it")).format(card=name))
        elif alone:
            out.append(str(t.gettext("no card on the table pairs or adds up with the {card}")).format(card=name))
        elif worthless:
            out.append(str(t.gettext("the {card} is no point card or spade for whoever takes it")).format(card=name))
        if card.is_court:
            only = {11: t.gettext("the {card} can be taken only by a jack"),
                    12: t.gettext("the {card} can be taken only by a queen"),
                    13: t.gettext("the {card} can be taken only by a king")}
            out.append(str(only[card.rank]).format(card=name))
        if all(a.kind == "trail" for a in legal):
            out.append(str(t.gettext("nothing can be captured or built with your cards")))
    in_move = {m for _v, m in action.builds}
    mine = [b for b in view.builds if b.controller == view.seat and b.cards not in in_move]
    if mine and len(out) < 3:
        out.append(str(t.gettext("keeps your {value}-build for next turn")).format(value=mine[0].value))
    return out[:3]
