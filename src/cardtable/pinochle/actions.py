"""Pinochle actions: small interned values with text notation.

=============================  ==================================================
notation                       meaning
=============================  ==================================================
``deal ASa``                   chance: the next dealt card (packets of four, 3.3)
``turnup 9Ca``                 chance: the trump card turned up (3.4)
``draw KHb``                   chance: the card drawn from the stock (4.3.4)
``play QSa``                   lead or follow with a physical card
``exchange 9Ca``               exchange that dix for the trump card (7.1)
``no exchange``                decline the exchange
``meld pinochle QSa JDb``      make one meld: kind, then its physical cards
``no meld``                    decline to meld
``declare out``                claim the game (option ``declare_out``, 10.3)
=============================  ==================================================

Meld kinds are written ``run``, ``royal-marriage``, ``marriage``, ``dix``,
``aces-around``, ``kings-around``, ``queens-around``, ``jacks-around``,
``pinochle`` and ``double-pinochle``.
"""

from __future__ import annotations

from ..cards import PinochleCard
from ..errors import InvalidNotationError
from .deck import CARDS, card_text, format_mask, iter_bits
from .melds import KIND_NAMES

__all__ = [
    "PinochleAction",
    "DEAL",
    "TURNUP",
    "DRAW",
    "PLAY",
    "EXCHANGE",
    "NO_EXCHANGE",
    "NO_MELD",
    "DECLARE_OUT",
    "CHANCE_KINDS",
    "CARD_TABLES",
    "meld_action",
]

_CARD_KINDS = ("deal", "turnup", "draw", "play", "exchange")
CHANCE_KINDS = ("deal", "turnup", "draw")
"""The kinds of action chance makes."""
_KINDS = (*_CARD_KINDS, "no exchange", "meld", "no meld", "declare out")


class PinochleAction:
    """One action. ``card`` is a physical card index (0..47, else -1); a meld has ``meld`` (kind) and ``cards``."""

    __slots__ = ("_hash", "_key", "_text", "card", "cards", "kind", "meld")

    kind: str
    """The notation verb (``deal``, ``turnup``, ``draw``, ``play``, ``exchange``, ``no exchange``,
    ``meld``, ``no meld``, ``declare out``)."""
    card: int
    """The physical card index (0..47) of a card action, else -1."""
    meld: int
    """The meld kind (index into :data:`~cardtable.pinochle.melds.KIND_NAMES`) of ``meld``, else -1."""
    cards: int
    """The meld's physical cards as a mask, else 0."""

    def __init__(self, kind: str, card: int = -1, meld: int = -1, cards: int = 0) -> None:
        if kind not in _KINDS:
            raise InvalidNotationError.from_code("pinochle.action.unknown_kind", kind=kind)
        self.kind = kind
        self.card = card
        self.meld = meld
        self.cards = cards
        self._key = (kind, card, meld, cards)
        self._hash = hash(self._key)
        if kind == "meld":
            self._text = f"meld {KIND_NAMES[meld]} {format_mask(cards)}"
        elif card >= 0:
            self._text = f"{kind} {card_text(card)}"
        else:
            self._text = kind

    @property
    def is_chance(self) -> bool:
        """Whether chance makes this action (a dealt, turned-up or drawn card)."""
        return self.kind in CHANCE_KINDS

    @property
    def physical(self) -> PinochleCard | None:
        """The physical card of a card action."""
        return CARDS[self.card] if self.card >= 0 else None

    @property
    def meld_cards(self) -> tuple[PinochleCard, ...]:
        """The meld's physical cards (empty for other actions)."""
        return tuple(CARDS[i] for i in iter_bits(self.cards))

    @property
    def meld_name(self) -> str | None:
        """The meld kind's notation name (e.g. ``pinochle``), ``None`` for other actions."""
        return KIND_NAMES[self.meld] if self.meld >= 0 else None

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, PinochleAction) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"PinochleAction({self._text!r})"

    def pretty(self) -> str:
        """The notation with suit symbols, e.g. ``meld pinochle Q♠a J♦b``."""
        if self.kind == "meld":
            return f"meld {KIND_NAMES[self.meld]} " + " ".join(c.pretty() for c in self.meld_cards)
        if self.card >= 0:
            return f"{self.kind} {CARDS[self.card].pretty()}"
        return self.kind


DEAL = tuple(PinochleAction("deal", i) for i in range(48))
"""``deal <card>`` for each physical card, by index."""
TURNUP = tuple(PinochleAction("turnup", i) for i in range(48))
"""``turnup <card>`` for each physical card, by index."""
DRAW = tuple(PinochleAction("draw", i) for i in range(48))
"""``draw <card>`` for each physical card, by index."""
PLAY = tuple(PinochleAction("play", i) for i in range(48))
"""``play <card>`` for each physical card, by index."""
EXCHANGE = tuple(PinochleAction("exchange", i) for i in range(48))
"""``exchange <card>`` (a dix) for each physical card, by index."""
NO_EXCHANGE = PinochleAction("no exchange")
"""Decline the exchange."""
NO_MELD = PinochleAction("no meld")
"""Decline to meld."""
DECLARE_OUT = PinochleAction("declare out")
"""Claim the game (option ``declare_out``)."""
CARD_TABLES = {"deal": DEAL, "turnup": TURNUP, "draw": DRAW, "play": PLAY, "exchange": EXCHANGE}
"""Each card action's kind and its table of actions by card index."""

_MELDS: dict[tuple[int, int], PinochleAction] = {}


def meld_action(kind: int, cards: int) -> PinochleAction:
    """The (interned) meld action of ``kind`` with the physical cards ``cards``."""
    act = _MELDS.get((kind, cards))
    if act is None:
        act = _MELDS[kind, cards] = PinochleAction("meld", -1, kind, cards)
    return act
