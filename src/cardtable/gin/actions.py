"""Gin Rummy actions: small interned values with text notation.

=================  =============================================
notation           meaning
=================  =============================================
``deal 7H``        chance: the next dealt card (deal order 3.3)
``drawn 7H``       chance: the card drawn from the stock
``take``           take the upcard (first offer or normal turn)
``pass``           decline the first upcard / pass at the wall
``draw``           draw the top card of the stock
``discard 7H``     discard a card
``knock 7H``       knock, discarding 7H face down (gin if 0 left)
``big gin``        declare big gin (11 cards melded)
``take knock``     at the wall: take the upcard in order to knock
``arrange ...``    the knocker's arrangement, melds as card runs,
                   e.g. ``arrange 4D5D6D7D 7S7C7H``
=================  =============================================
"""

from __future__ import annotations

from ..cards import Card, mask_to_cards
from ..errors import InvalidNotationError

__all__ = [
    "GinAction",
    "DEAL",
    "DRAWN",
    "DISCARD",
    "KNOCK",
    "TAKE",
    "PASS",
    "DRAW",
    "BIG_GIN",
    "TAKE_KNOCK",
    "arrange",
]

_KINDS = ("deal", "drawn", "discard", "knock", "take", "pass", "draw", "big gin", "take knock", "arrange")


class GinAction:
    """One Gin Rummy action. ``kind`` is one of the notation verbs; ``card`` or ``melds`` its argument."""

    __slots__ = ("_key", "_text", "card", "kind", "melds")

    kind: str
    """The notation verb: ``deal``, ``drawn``, ``take``, ``pass``, ``draw``, ``discard``, ``knock``,
    ``big gin``, ``take knock`` or ``arrange``."""
    card: Card | None
    """The card of ``deal``, ``drawn``, ``discard`` and ``knock``, else ``None``."""
    melds: tuple[int, ...]
    """The melds of ``arrange`` as bitmasks, sorted; else ``()``."""

    def __init__(self, kind: str, card: Card | None = None, melds: tuple[int, ...] = ()) -> None:
        if kind not in _KINDS:
            raise InvalidNotationError.from_code("gin.action.unknown_kind", kind=kind)
        self.kind = kind
        self.card = card
        self.melds = tuple(sorted(melds))
        self._key = (kind, card.index if card is not None else -1, self.melds)
        if kind == "arrange":
            self._text = "arrange " + " ".join(
                "".join(str(c) for c in _meld_order(m)) for m in self.melds
            )
        elif card is not None:
            self._text = f"{kind} {card}"
        else:
            self._text = kind

    @property
    def is_chance(self) -> bool:
        """Whether chance makes this action (a dealt or drawn card)."""
        return self.kind in ("deal", "drawn")

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, GinAction) and self._key == other._key)

    def __hash__(self) -> int:
        return hash(self._key)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"GinAction({self._text!r})"

    def pretty(self) -> str:
        """The notation with suit symbols, e.g. ``discard 7♥``."""
        if self.kind == "arrange":
            return "arrange " + "  ".join(
                "".join(c.pretty() for c in _meld_order(m)) for m in self.melds
            )
        if self.card is not None:
            return f"{self.kind} {self.card.pretty()}"
        return self.kind


def _meld_order(meld: int) -> list[Card]:
    cards = mask_to_cards(meld)
    if len({c.rank for c in cards}) == 1:
        return sorted(cards, key=lambda c: c.suit)
    return sorted(cards, key=lambda c: c.rank)


DEAL = tuple(GinAction("deal", Card.from_index(i)) for i in range(52))
"""``deal <card>`` for each card, by card index."""
DRAWN = tuple(GinAction("drawn", Card.from_index(i)) for i in range(52))
"""``drawn <card>`` for each card, by card index."""
DISCARD = tuple(GinAction("discard", Card.from_index(i)) for i in range(52))
"""``discard <card>`` for each card, by card index."""
KNOCK = tuple(GinAction("knock", Card.from_index(i)) for i in range(52))
"""``knock <card>`` for each card, by card index."""
TAKE = GinAction("take")
"""Take the upcard."""
PASS = GinAction("pass")
"""Decline the first upcard, or pass at the wall."""
DRAW = GinAction("draw")
"""Draw from the stock."""
BIG_GIN = GinAction("big gin")
"""Declare big gin."""
TAKE_KNOCK = GinAction("take knock")
"""At the wall: take the upcard in order to knock."""


def arrange(melds: tuple[int, ...]) -> GinAction:
    """The knocker's ``arrange`` action showing ``melds`` (bitmasks)."""
    return GinAction("arrange", None, melds)
