"""The 48 physical pinochle cards as bit indices, with rank order, suits and card points.

Index ``i = suit * 12 + order * 2 + copy`` where ``order`` is the trick rank
from high to low (A, 10, K, Q, J, 9 = 0..5) and ``copy`` is 0 for ``a`` and 1
for ``b``. So inside a suit's 12 bits a lower bit is a higher card, and the two
copies of a card sit side by side.

>>> str(CARDS[0]), str(CARDS[47]), index_of(PinochleCard.parse("QSb"))
('ASa', '9Cb', 7)
>>> format_mask(SUIT_MASKS[0] & RANK_MASKS[3])
'QSa QSb'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..cards import Card, PinochleCard
from ..errors import InvalidNotationError

__all__ = [
    "mask_of",
    "ACE",
    "TEN",
    "KING",
    "QUEEN",
    "JACK",
    "NINE",
    "RANKS",
    "CARDS",
    "FULL",
    "EVEN",
    "SUIT_MASKS",
    "RANK_MASKS",
    "COUNTING",
    "card_points",
    "index_of",
    "parse_card",
    "parse_mask",
    "format_mask",
    "iter_bits",
    "suit_of",
    "order_of",
    "higher_mask",
    "card_text",
    "card_name",
]

ACE = 0
"""Trick-rank order of the ace (the highest)."""
TEN = 1
"""Trick-rank order of the ten."""
KING = 2
"""Trick-rank order of the king."""
QUEEN = 3
"""Trick-rank order of the queen."""
JACK = 4
"""Trick-rank order of the jack."""
NINE = 5
"""Trick-rank order of the nine (the lowest)."""
RANKS = (1, 10, 13, 12, 11, 9)
"""``Card.rank`` of each trick-rank order A, 10, K, Q, J, 9."""

CARDS: tuple[PinochleCard, ...] = tuple(
    PinochleCard(Card(RANKS[order], suit), copy) for suit in range(4) for order in range(6) for copy in (0, 1)
)
"""The 48 physical cards, by index."""
_INDEX = {card.index: i for i, card in enumerate(CARDS)}
_TEXT = tuple(str(c) for c in CARDS)
_NAMES = tuple(c.card.pretty() for c in CARDS)
FULL = (1 << 48) - 1
"""The mask of all 48 cards."""
EVEN = int("01" * 24, 2)
"""The ``a`` copy of every card."""
SUIT_MASKS = tuple(0xFFF << (12 * s) for s in range(4))
"""The mask of each suit's 12 cards, by suit number."""
RANK_MASKS = tuple(sum(3 << (12 * s + 2 * o) for s in range(4)) for o in range(6))
"""The mask of each rank's 8 cards, by trick-rank order."""

COUNTING: dict[str, tuple[int, ...]] = {
    "simple": (10, 10, 5, 5, 0, 0),
    "classic": (11, 10, 4, 3, 2, 0),
    "modern": (10, 10, 10, 0, 0, 0),
}
"""Card points by trick-rank order for each ``counting`` option (section 9)."""


def card_points(counting: str) -> tuple[int, ...]:
    """Points of each of the 48 indices under ``counting``."""
    table = COUNTING[counting]
    return tuple(table[(i % 12) >> 1] for i in range(48))


def suit_of(i: int) -> int:
    """The suit number of card index ``i``."""
    return i // 12


def order_of(i: int) -> int:
    """The trick-rank order of card index ``i`` (0 ace .. 5 nine)."""
    return (i % 12) >> 1


def higher_mask(i: int) -> int:
    """The cards of ``i``'s suit that beat it (strictly higher rank)."""
    base = 12 * (i // 12)
    return ((1 << (base + ((i % 12) & ~1))) - 1) & ~((1 << base) - 1)


def index_of(card: PinochleCard) -> int:
    """The index (0..47) of a physical card in this module's order."""
    return _INDEX[card.index]


def mask_of(cards: Iterable[PinochleCard]) -> int:
    """The bit mask of physical cards."""
    m = 0
    for c in cards:
        m |= 1 << _INDEX[c.index]
    return m


def card_text(i: int) -> str:
    """The notation of card index ``i``, e.g. ``QSb``."""
    return _TEXT[i]


def card_name(i: int) -> str:
    """The card as a player reads it, with its suit symbol and no copy letter: ``Q♠``, ``10♦``.

    >>> card_name(parse_card("QSb")), card_name(parse_card("TDa"))
    ('Q♠', '10♦')
    """
    return _NAMES[i]


def parse_card(text: str) -> int:
    """The index of a physical card written ``ASa``, ``10♦b`` or ``TDb``."""
    return _INDEX[PinochleCard.parse(text).index]


def parse_mask(text: str) -> int:
    """A mask from space/comma separated physical cards; ``-`` or empty is no card. Repeats raise."""
    mask = 0
    items = text.replace(",", " ").split()
    if items == ["-"]:
        return 0
    for item in items:
        bit = 1 << parse_card(item)
        if mask & bit:
            raise InvalidNotationError.from_code("pinochle.card.twice", card=item)
        mask |= bit
    return mask


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def format_mask(mask: int | Iterable[int]) -> str:
    """Cards in index order separated by spaces, ``-`` when empty."""
    idx = iter_bits(mask) if isinstance(mask, int) else iter(sorted(mask))
    out = [_TEXT[i] for i in idx]
    return " ".join(out) if out else "-"
