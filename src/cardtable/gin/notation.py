"""Gin Rummy move notation: reading typed moves (``discard 7h``, ``k 7H``, ``take upcard``,
``arrange 4D5D6D7D 7S7C7H``) into actions, including moves that are not legal now."""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card, cards_to_mask
from ..errors import InvalidNotationError
from .actions import BIG_GIN, DEAL, DISCARD, DRAW, DRAWN, KNOCK, PASS, TAKE, TAKE_KNOCK, GinAction, arrange

__all__ = ["normalize", "match_action", "parse_arrangement", "parse_unlisted"]

_ALIASES = {"draw stock": "draw", "stock": "draw", "take upcard": "take", "upcard": "take", "biggin": "big gin", "wall knock": "take knock"}


def normalize(text: str) -> str:
    """Lower case, ``10`` as ``t``, suit symbols as letters, single spaces."""
    s = " ".join(text.strip().lower().replace("10", "t").replace("-", " ").split())
    for sym, letter in (("♠", "s"), ("♥", "h"), ("♦", "d"), ("♣", "c")):
        s = s.replace(sym, letter)
    return s


def match_action(key: str, legal: Iterable[GinAction]) -> list[GinAction]:
    """The actions of ``legal`` that the normalized ``key`` names (aliases and short forms included)."""
    key = _ALIASES.get(key, key)
    words = key.split()
    if len(words) == 2 and words[0] in ("gin", "d", "k"):
        words[0] = {"gin": "knock", "d": "discard", "k": "knock"}[words[0]]
    if words and words[0] == "arrange":
        want = parse_arrangement(words[1:])
        return [a for a in legal if a.kind == "arrange" and a.melds == want]
    key = " ".join(words)
    return [a for a in legal if normalize(str(a)) == key]


def parse_arrangement(groups: list[str]) -> tuple[int, ...]:
    """Melds written as runs of card texts (``4d5d6d7d``), as sorted card masks."""
    melds = []
    for g in groups:
        cards, i = [], 0
        while i < len(g):
            cards.append(Card.parse(g[i:i + 2]))
            i += 2
        melds.append(cards_to_mask(cards))
    return tuple(sorted(melds))


def parse_unlisted(text: str) -> GinAction:
    """Parse an action that is not legal now so that :meth:`~cardtable.gin.state.GinState.apply` can say which
    rule forbids it."""
    key = normalize(text)
    words = key.split()
    simple = {"take": TAKE, "pass": PASS, "draw": DRAW, "big gin": BIG_GIN, "take knock": TAKE_KNOCK}
    if key in simple:
        return simple[key]
    if len(words) == 2 and words[0] in ("discard", "knock", "gin", "deal", "drawn", "d", "k"):
        card = Card.parse(words[1])
        table = {"discard": DISCARD, "d": DISCARD, "knock": KNOCK, "k": KNOCK, "gin": KNOCK, "deal": DEAL, "drawn": DRAWN}
        return table[words[0]][card.index]
    if words and words[0] == "arrange":
        return arrange(parse_arrangement(words[1:]))
    raise InvalidNotationError.from_code("gin.notation.unreadable", text=text)
