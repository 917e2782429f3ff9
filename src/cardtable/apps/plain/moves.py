"""The numbered move list of line mode: each move once, in words, with the notation to type it.

Two legal actions that differ only by which physical copy of a Pinochle card
they use are one move to a player, unless one copy lies melded on the table
and the other is in the hand: then both are listed, each saying where its cards
come from (typed with ``melded`` and the cards taken from the table).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ... import i18n
from ...errors import AmbiguousActionError
from ..words import cards_text, describe_move

__all__ = ["Move", "list_moves", "find_move", "typed_form", "CARD_NOTATION"]

CARD_NOTATION = re.compile(r"\b([2-9TJQKA])([SHDC])[ab]?\b")


def typed_form(action: Any) -> str:
    """An action's notation as a person types it: ``discard 10s``, ``9d x 9s+4c``, ``play qh`` (no copy letters).

    >>> from cardtable.gin.actions import GinAction
    >>> from cardtable.cards import Card
    >>> typed_form(GinAction("discard", Card.parse("TS"))), typed_form("AD b10 5S+4S")
    ('discard 10s', 'ad b10 5s+4s')
    """
    return CARD_NOTATION.sub(lambda m: ("10" if m.group(1) == "T" else m.group(1)).lower() + m.group(2).lower(),
                              str(action))


@dataclass(frozen=True)
class Move:
    """One listed move: what it says, what to type, the engine's action."""

    text: str
    typed: str
    action: Any


def _cards(action: Any) -> tuple[Any, ...]:
    cards = tuple(getattr(action, "meld_cards", ()) or ())
    physical = getattr(action, "physical", None)
    return cards or ((physical,) if physical is not None else ())


def _player_key(action: Any, melded: set[str]) -> tuple[Any, ...]:
    """Equal for actions a player cannot tell apart (Pinochle copies in the same place)."""
    cards = _cards(action)
    if not cards or not hasattr(cards[0], "copy"):
        return (str(action),)
    return (action.kind, getattr(action, "meld", -1),
            tuple(sorted((str(c.card), str(c) in melded) for c in cards)))


def _uses_melded(action: Any, melded: set[str]) -> bool:
    return any(str(c) in melded for c in _cards(action))


def list_moves(state: Any, view: Any, actions: Sequence[Any], lang: str = "en") -> list[Move]:
    """The moves to show for ``actions`` (legal in ``state``), as the player at ``view`` tells them apart,
    in ``lang`` (the typed forms are the same in every language)."""
    t = i18n.translation(lang)
    melded = {str(c) for c in getattr(view, "melded", ()) or ()}
    unique: dict[tuple[Any, ...], Any] = {}
    for action in actions:
        unique.setdefault(_player_key(action, melded), action)
    said = [(describe_move(state, a, lang=lang), a) for a in unique.values()]
    counts: dict[str, int] = {}
    for text, _ in said:
        counts[text] = counts.get(text, 0) + 1
    moves = []
    for text, action in said:
        typed = typed_form(action)
        if counts[text] > 1:  # the same cards in two places: say which come from the table
            on_table = [c for c in _cards(action) if str(c) in melded]
            if not on_table:
                text = str(t.gettext("{move}, from your hand")).format(move=text)
            elif len(_cards(action)) == 1:
                text = str(t.gettext("{move}, the one melded on the table")).format(move=text)
                typed = f"{typed} melded"
            else:
                text = str(t.gettext("{move}, with {cards} from the table")).format(move=text,
                                                                                   cards=cards_text(on_table))
                typed = f"{typed} melded {' '.join(typed_form(c.card) for c in on_table)}"
        moves.append(Move(text, typed, action))
    return moves


def find_move(state: Any, view: Any, moves: Sequence[Move], text: str, lang: str = "en") -> Any:
    """The action ``text`` names: a listed move's words or typed form, else the engine's notation (English,
    or with ``lang``'s own rank letters: :func:`cardtable.i18n.english_notation`).

    Notation that fits both copies of a Pinochle card means the copy in the hand when
    the other lies melded, and either when both are in the same place; any other
    ambiguity, and anything the engine cannot read, raises the engine's error.
    """
    key = " ".join(text.lower().split()).rstrip(".。")
    english = i18n.english_notation(text, lang) if lang != "en" else text
    typed = " ".join(english.lower().split()).rstrip(".")
    for move in moves:
        if key == move.text.lower().rstrip(".。") or typed == move.typed:
            return move.action
    try:
        return state.parse_action(english)
    except AmbiguousActionError as exc:
        melded = {str(c) for c in getattr(view, "melded", ()) or ()}
        moves = state.legal_moves()
        named = getattr(moves, "named", None)  # a crowded Casino table: look the candidates up, never list
        candidates = ([a for t in exc.candidates if (a := named(t)) is not None] if named is not None
                      else [a for a in moves if str(a) in exc.candidates])
        if not candidates or len({_player_key(a, set()) for a in candidates}) != 1:
            raise  # really different moves: the player must say which
        in_hand = [a for a in candidates if not _uses_melded(a, melded)]
        return (in_hand or candidates)[0]
