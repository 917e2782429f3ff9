"""Casino hint reasons: what a capture wins, sweeps, builds held, and what a trail gives away.

Every reason is computed from the seat's view before the move and after it (the seat's own move
played on a copy), never from the other hands or the pack.
"""

from __future__ import annotations

from typing import Any

from ...cards import Card
from ...casino.values import VALUE, bits
from ...casino.view import CasinoView
from ..words import card_name, join_words, plural

__all__ = ["casino_reasons", "point_cards"]

_BIG, _LITTLE = Card.parse("TD"), Card.parse("2S")
_RANK_NAMES = {11: "a jack", 12: "a queen", 13: "a king"}


def point_cards(cards: list[Card]) -> list[str]:
    """The cards among ``cards`` that score by themselves: ``the 10♦ (2 points)``, aces, the 2♠."""
    out = []
    for c in sorted(cards, key=lambda c: (c != _BIG, c != _LITTLE, c.rank, c.suit)):
        if c == _BIG:
            out.append(f"the {card_name(c)} (2 points)")
        elif c == _LITTLE or c.rank == 1:
            out.append(f"the {card_name(c)} (1 point)")
    return out


def _spades(cards: list[Card]) -> int:
    return sum(1 for c in cards if c.suit == 0)


def casino_reasons(view: CasinoView, action: Any, after: CasinoView | None, legal: list[Any]) -> list[str]:
    """One to three short reasons for ``action`` at ``view``'s decision (``after``: the same seat's view
    once the move is played; ``legal``: every move it could make)."""
    card: Card = action.card
    out: list[str] = []
    if action.kind == "capture":
        taken = [Card.from_index(i) for i in bits(action.loose)]
        for _value, mask in action.builds:
            taken += [Card.from_index(i) for i in bits(mask)]
        won = [*taken, card]
        if len(taken) == 1:
            text = f"takes the {card_name(taken[0])} from the table" + "".join(
                s.removeprefix(f"the {card_name(taken[0])}") for s in point_cards(taken))
        else:
            special = point_cards(taken)
            text = f"takes {plural(len(taken), 'card')} from the table"
            if special:
                text += ", including " + join_words(special)
        own = point_cards([card])
        if own:
            text += f", and your {own[0].removeprefix('the ')} with {'it' if len(taken) == 1 else 'them'}"
        elif not any(point_cards([c]) for c in taken) and _spades(won):
            text += f"; {plural(_spades(won), 'spade')} toward the most spades"
        out.append(text)
        theirs = [b for b in view.builds if b.controller != view.seat and any(b.cards == m for _v, m in action.builds)]
        if theirs:
            out.append(f"takes the {theirs[0].value}-build the opponent was counting on")
        if after is not None and after.sweeps[view.side] > view.sweeps[view.side]:
            rules = view.rules
            worth = f" ({plural(rules.sweep_points, 'point')})" if rules is not None and rules.sweep_points else ""
            out.insert(0, f"a sweep: clears the table{worth}")
    elif action.kind == "build":
        value = action.value
        holding = [c for c in view.hand if c != card and not c.is_court and VALUE[c.index] == value]
        used = [Card.from_index(i) for i in bits(action.loose)] + [card]
        for _value, mask in action.builds:
            used += [Card.from_index(i) for i in bits(mask)]
        special = point_cards(used)
        if holding:
            with_it = f", {join_words(special)} with it" if special else ""
            out.append(f"makes {'an' if value == 8 else 'a'} {value}-build you can take next turn with your "
                       f"{card_name(holding[0])}{with_it}")
        raised = [b for b in view.builds if b.controller != view.seat and any(b.cards == m for _v, m in action.builds)]
        if raised:
            out.append(f"takes over their {raised[0].value}-build")
    elif action.kind == "trail":
        alone = not any(c.rank == card.rank or (not card.is_court and not c.is_court
                                                 and VALUE[c.index] + VALUE[card.index] <= 10) for c in view.table)
        worthless = not point_cards([card]) and card.suit != 0
        if alone and worthless:
            out.append(f"gives nothing away: the {card_name(card)} is no point card or spade, and no card on "
                       "the table pairs or adds up with it")
        elif alone:
            out.append(f"no card on the table pairs or adds up with the {card_name(card)}")
        elif worthless:
            out.append(f"the {card_name(card)} is no point card or spade for whoever takes it")
        if card.is_court:
            out.append(f"the {card_name(card)} can be taken only by {_RANK_NAMES[card.rank]}")
        if all(a.kind == "trail" for a in legal):
            out.append("nothing can be captured or built with your cards")
    in_move = {m for _v, m in action.builds}
    mine = [b for b in view.builds if b.controller == view.seat and b.cards not in in_move]
    if mine and len(out) < 3:
        out.append(f"keeps your {mine[0].value}-build for next turn")
    return out[:3]
