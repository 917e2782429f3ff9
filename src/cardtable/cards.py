"""Playing cards: small immutable values, notation, decks and bitmask helpers.

A :class:`Card` is a rank (1 = ace ... 13 = king) and a suit (0..3 in the
order ♠ ♥ ♦ ♣). Cards are interned: there are exactly 52 instances, so
``Card.parse("QS") is Card(12, SPADES)``.

>>> Card.parse("Q♠"), Card.parse("10d"), Card.parse("TD")
(Card.parse('QS'), Card.parse('TD'), Card.parse('TD'))
>>> str(Card.parse("10♦")), Card.parse("10♦").pretty()
('TD', '10♦')
>>> PinochleCard.parse("ASb").card == PinochleCard.parse("ASa").card
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .errors import InvalidNotationError

__all__ = [
    "SPADES",
    "HEARTS",
    "DIAMONDS",
    "CLUBS",
    "SUITS",
    "SUIT_LETTERS",
    "SUIT_SYMBOLS",
    "RANK_LETTERS",
    "Card",
    "PinochleCard",
    "full_deck",
    "pinochle_deck",
    "parse_cards",
    "format_cards",
    "cards_to_mask",
    "mask_to_cards",
    "sort_by_suit",
    "sort_by_rank",
]

SPADES = 0
"""The suit number of spades (suits sort ♠ ♥ ♦ ♣)."""
HEARTS = 1
"""The suit number of hearts."""
DIAMONDS = 2
"""The suit number of diamonds."""
CLUBS = 3
"""The suit number of clubs."""
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
"""The four suit numbers in order."""
SUIT_LETTERS = "SHDC"
"""Each suit's letter in notation, by suit number."""
SUIT_SYMBOLS = "♠♥♦♣"
"""Each suit's symbol, by suit number."""
RANK_LETTERS = "A23456789TJQK"  # index = rank - 1
"""Each rank's letter in notation (``T`` for 10), at index ``rank - 1``."""
_RANK_PRETTY = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_RANK_PARSE = {letter: i + 1 for i, letter in enumerate(RANK_LETTERS)}
_RANK_PARSE["10"] = 10
_RANK_PARSE["1"] = 1  # tolerated: some sources write the ace as 1
_SUIT_PARSE = {letter: i for i, letter in enumerate(SUIT_LETTERS)}
_SUIT_PARSE.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
_SUIT_PARSE.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})


class Card:
    """One of the 52 cards. Immutable, hashable, interned.

    ``index`` is ``suit * 13 + rank - 1`` (0..51) and ``bit`` is ``1 << index``;
    engines keep hands as integer bitmasks of these bits.
    """

    __slots__ = ("bit", "index", "rank", "suit")
    rank: int
    """1 (ace) to 13 (king)."""
    suit: int
    """0..3: :data:`SPADES`, :data:`HEARTS`, :data:`DIAMONDS`, :data:`CLUBS`."""
    index: int
    """``suit * 13 + rank - 1`` (0..51)."""
    bit: int
    """``1 << index``: the card in a bitmask."""

    _all: list[Card] = []

    def __new__(cls, rank: int, suit: int) -> Card:
        if not (isinstance(rank, int) and 1 <= rank <= 13):
            raise ValueError(f"rank must be 1..13, got {rank!r}")
        if not (isinstance(suit, int) and 0 <= suit <= 3):
            raise ValueError(f"suit must be 0..3, got {suit!r}")
        return cls._all[suit * 13 + rank - 1]

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", suit * 13 + rank - 1)
        object.__setattr__(card, "bit", 1 << (suit * 13 + rank - 1))
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with bit index ``index`` (0..51)."""
        return _CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``QS``, ``Q♠``, ``10D``, ``TD``, ``td``, ``10♦``."""
        s = text.strip()
        if len(s) < 2:
            raise InvalidNotationError.from_code("card.unreadable", text=text)
        rank = _RANK_PARSE.get(s[:-1].upper())
        suit = _SUIT_PARSE.get(s[-1].upper())
        if rank is None or suit is None:
            raise InvalidNotationError.from_code("card.unreadable_hint", text=text)
        return _CARDS[suit * 13 + rank - 1]

    @property
    def value(self) -> int:
        """Counting value for rummy/casino sums: A = 1, 2-10 face, J/Q/K = 10."""
        return self.rank if self.rank < 10 else 10

    @property
    def is_court(self) -> bool:
        """Whether the card is a jack, queen or king."""
        return self.rank > 10

    def pretty(self) -> str:
        """Display form with a suit symbol, e.g. ``10♦``."""
        return _RANK_PRETTY[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    def __format__(self, spec: str) -> str:
        """``format(card)`` is the notation (``TD``); ``format(card, "pretty")`` is ``10♦``."""
        return self.pretty() if spec == "pretty" else format(str(self), spec)

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + SUIT_LETTERS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index


Card._all = [Card._make(r, s) for s in SUITS for r in range(1, 14)]
_CARDS: tuple[Card, ...] = tuple(Card._all)


class PinochleCard:
    """A physical card of the 48-card pinochle pack: a :class:`Card` plus a copy (0 = ``a``, 1 = ``b``).

    Two copies are equal *as cards* (``x.card == y.card``) but are different
    physical cards (``x != y``), which meld bookkeeping needs.
    ``index`` is ``card.index * 2 + copy`` (0..103).
    """

    __slots__ = ("card", "copy", "index")
    card: Card
    """The card it is a copy of."""
    copy: int
    """0 for copy ``a``, 1 for copy ``b``."""
    index: int
    """``card.index * 2 + copy`` (0..103)."""

    _all: dict[int, PinochleCard] = {}

    def __new__(cls, card: Card, copy: int) -> PinochleCard:
        if copy not in (0, 1):
            raise ValueError(f"copy must be 0 or 1, got {copy!r}")
        if not (card.rank == 1 or card.rank >= 9):
            raise ValueError(f"{card} is not in the pinochle pack")
        key = card.index * 2 + copy
        found = cls._all.get(key)
        if found is None:
            found = object.__new__(cls)
            object.__setattr__(found, "card", card)
            object.__setattr__(found, "copy", copy)
            object.__setattr__(found, "index", key)
            cls._all[key] = found
        return found

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("PinochleCard is immutable")

    def __reduce__(self) -> tuple[type[PinochleCard], tuple[Card, int]]:
        return (PinochleCard, (self.card, self.copy))

    def __copy__(self) -> PinochleCard:
        return self

    def __deepcopy__(self, memo: object) -> PinochleCard:
        return self

    @staticmethod
    def parse(text: str) -> PinochleCard:
        """Parse ``ASa``, ``10♦b``, ``TDb`` (the copy suffix is required)."""
        s = text.strip()
        if len(s) < 3 or s[-1].lower() not in "ab":
            raise InvalidNotationError.from_code("pinochle.card.unreadable", text=text)
        card = Card.parse(s[:-1])
        if not (card.rank == 1 or card.rank >= 9):
            raise InvalidNotationError.from_code("pinochle.card.not_in_pack", card=card)
        return PinochleCard(card, "ab".index(s[-1].lower()))

    @property
    def rank(self) -> int:
        """The card's rank (1 ace .. 13 king)."""
        return self.card.rank

    @property
    def suit(self) -> int:
        """The card's suit number."""
        return self.card.suit

    def pretty(self) -> str:
        """Display form with a suit symbol and the copy letter, e.g. ``10♦a``."""
        return self.card.pretty() + "ab"[self.copy]

    def __format__(self, spec: str) -> str:
        """``format(card)`` is the notation (``TDa``); ``format(card, "pretty")`` is ``10♦a``."""
        return self.pretty() if spec == "pretty" else format(str(self), spec)

    def __str__(self) -> str:
        return str(self.card) + "ab"[self.copy]

    def __repr__(self) -> str:
        return f"PinochleCard.parse({str(self)!r})"

    def __lt__(self, other: PinochleCard) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index + 1000


def full_deck() -> list[Card]:
    """The 52-card pack in index order (♠A..♠K, ♥A..♥K, ♦A..♦K, ♣A..♣K)."""
    return list(_CARDS)


def pinochle_deck() -> list[PinochleCard]:
    """The 48-card pinochle pack: A, 10, K, Q, J, 9 of each suit, two copies each."""
    return [
        PinochleCard(card, copy)
        for card in _CARDS
        if card.rank == 1 or card.rank >= 9
        for copy in (0, 1)
    ]


def parse_cards(text: str) -> list[Card]:
    """Parse whitespace/comma separated cards; ``-`` or an empty string is no cards."""
    items = text.replace(",", " ").split()
    if items == ["-"]:
        return []
    return [Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card | PinochleCard], pretty: bool = False) -> str:
    """Cards separated by spaces, ``-`` when empty."""
    out = [c.pretty() if pretty else str(c) for c in cards]
    return " ".join(out) if out else "-"


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The bitmask of ``cards`` (each card's :attr:`~Card.bit`)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def mask_to_cards(mask: int) -> list[Card]:
    """The cards of a 52-bit mask, in index order."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def iter_mask(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield _CARDS[low.bit_length() - 1]
        mask ^= low


def sort_by_suit(cards: Iterable[Card]) -> list[Card]:
    """Suits in ♠♥♦♣ order, ranks ascending within a suit."""
    return sorted(cards, key=lambda c: c.index)


def sort_by_rank(cards: Iterable[Card]) -> list[Card]:
    """Ranks ascending (ace low), then suit."""
    return sorted(cards, key=lambda c: (c.rank, c.suit))
