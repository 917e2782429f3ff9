"""Meld kinds, points, enumeration and the history rules of ``pinochle.md`` 6.2-6.4.

A player's meld history is kept as one mask per kind: ``scored[k]`` holds the
physical cards that have already scored in kind ``k`` (the per-card record of
6.3.3, stored by kind). A meld is a ``(kind, mask)`` pair.

>>> from cardtable.pinochle.deck import format_mask, parse_mask
>>> own = parse_mask("KHa QHa KSa QSa JDa")
>>> [(KIND_NAMES[k], format_mask(m)) for k, m in legal_melds(1, own, own, EMPTY_RECORD, 0, False, False)]
[('royal-marriage', 'KHa QHa'), ('marriage', 'KSa QSa'), ('pinochle', 'QSa JDa')]
"""

from __future__ import annotations

from itertools import product
from typing import Any

from ..error_codes import MeldKind
from .deck import ACE, JACK, KING, NINE, QUEEN, TEN, iter_bits

__all__ = [
    "RUN",
    "ROYAL",
    "MARRIAGE",
    "DIX",
    "ACES",
    "KINGS",
    "QUEENS",
    "JACKS",
    "PINOCHLE",
    "DOUBLE",
    "KINDS",
    "KIND_NAMES",
    "KIND_POINTS",
    "EMPTY_RECORD",
    "kind_from_name",
    "legal_melds",
    "meld_problem",
    "record_add",
    "kinds_of",
    "is_meld_shape",
]

RUN = 0
"""Meld kind: the run (A 10 K Q J of trumps)."""
ROYAL = 1
"""Meld kind: the royal marriage (K Q of trumps)."""
MARRIAGE = 2
"""Meld kind: a marriage (K Q of another suit)."""
DIX = 3
"""Meld kind: the dix (the nine of trumps)."""
ACES = 4
"""Meld kind: aces around (one ace of each suit)."""
KINGS = 5
"""Meld kind: kings around."""
QUEENS = 6
"""Meld kind: queens around."""
JACKS = 7
"""Meld kind: jacks around."""
PINOCHLE = 8
"""Meld kind: pinochle (Q♠ J♦)."""
DOUBLE = 9
"""Meld kind: double pinochle (both Q♠ and both J♦; only with ``double_pinochle_300``)."""
KINDS = tuple(range(10))
"""Every meld kind, in order."""
KIND_NAMES = (
    "run", "royal-marriage", "marriage", "dix", "aces-around", "kings-around",
    "queens-around", "jacks-around", "pinochle", "double-pinochle",
)
"""Each kind's name in notation, by kind."""
KIND_POINTS = (150, 40, 20, 10, 100, 80, 60, 40, 40, 300)
"""Each kind's points, by kind."""
EMPTY_RECORD: tuple[int, ...] = (0,) * 10
"""No card has scored in any kind."""

_ALIASES = {
    "royal": ROYAL, "royal-marriage": ROYAL, "royalmarriage": ROYAL, "flush": RUN,
    "aces": ACES, "kings": KINGS, "queens": QUEENS, "jacks": JACKS,
    "double": DOUBLE, "doublepinochle": DOUBLE,
    **{name: k for k, name in enumerate(KIND_NAMES)},
}
_SPADES, _DIAMONDS = 0, 2


def _pair(suit: int, order: int) -> int:
    return 3 << (12 * suit + 2 * order)


_PINOCHLE_PAIRS = (_pair(_SPADES, QUEEN), _pair(_DIAMONDS, JACK))
_DOUBLE_MASK = _PINOCHLE_PAIRS[0] | _PINOCHLE_PAIRS[1]


def kind_from_name(name: str) -> int | None:
    """The kind written ``name`` (``royal``, ``aces``, ``double`` are accepted too), else ``None``."""
    return _ALIASES.get(name.strip().lower().replace(" ", "-"))


def _slot_groups(kind: int, trump: int) -> list[tuple[int, ...]]:
    """Each way to fill ``kind``: a tuple of card pairs, one physical copy taken from each."""
    if kind == RUN:
        return [tuple(_pair(trump, o) for o in (ACE, TEN, KING, QUEEN, JACK))]
    if kind == ROYAL:
        return [(_pair(trump, KING), _pair(trump, QUEEN))]
    if kind == MARRIAGE:
        return [(_pair(s, KING), _pair(s, QUEEN)) for s in range(4) if s != trump]
    if kind == DIX:
        return [(_pair(trump, NINE),)]
    if kind in (ACES, KINGS, QUEENS, JACKS):
        order = {ACES: ACE, KINGS: KING, QUEENS: QUEEN, JACKS: JACK}[kind]
        return [tuple(_pair(s, order) for s in range(4))]
    if kind == PINOCHLE:
        return [_PINOCHLE_PAIRS]
    return []


_GROUPS = {(k, t): _slot_groups(k, t) for k in KINDS for t in range(4)}


def meld_problem(
    kind: int, mask: int, scored: tuple[int, ...], dix_scored: int, concealed: int, requires_hand_card: bool
) -> tuple[str, dict[str, Any], str] | None:
    """``(code, params, rule)`` when ``mask`` may not score as ``kind`` under the history rules (6.3.2-6.3.5),
    else ``None``; the code and params are those of :mod:`~cardtable.error_codes`, without the move."""
    if kind == DIX and mask & dix_scored:
        return "pinochle.meld.dix_scored", {}, "7.2"
    if kind == DOUBLE:
        if mask & scored[DOUBLE]:
            return "pinochle.meld.double_scored", {}, "6.3.3"
        if (mask & scored[PINOCHLE]).bit_count() > 2:
            return "pinochle.meld.double_pinochles", {}, "6.3.5"
    elif mask & scored[kind]:
        return "pinochle.meld.same_kind", {"name": MeldKind(KIND_NAMES[kind])}, "6.3.3"
    if kind == ROYAL and mask & scored[RUN]:
        return "pinochle.meld.run_royal", {}, "6.3.5"
    if kind == PINOCHLE and mask & scored[DOUBLE]:
        return "pinochle.meld.double_pinochle", {}, "6.3.5"
    if requires_hand_card and not mask & concealed:
        return "pinochle.meld.concealed", {}, "6.3.2"
    return None


def legal_melds(
    trump: int,
    own: int,
    concealed: int,
    scored: tuple[int, ...],
    dix_scored: int,
    requires_hand_card: bool,
    double_pinochle: bool,
) -> list[tuple[int, int]]:
    """Every legal ``(kind, mask)`` for a player whose cards (concealed and melded) are ``own`` (6.4)."""
    out: list[tuple[int, int]] = []
    for kind in KINDS:
        if kind == DOUBLE:
            if double_pinochle and own & _DOUBLE_MASK == _DOUBLE_MASK:
                cands = [_DOUBLE_MASK]
            else:
                cands = []
        else:
            cands = []
            for group in _GROUPS[kind, trump]:
                avail = [own & pair for pair in group]
                if not all(avail):
                    continue
                choices = [tuple(1 << i for i in iter_bits(a)) for a in avail]
                cands.extend(sum(combo) for combo in product(*choices))
        for mask in sorted(cands):
            if meld_problem(kind, mask, scored, dix_scored, concealed, requires_hand_card) is None:
                out.append((kind, mask))
    return out


def is_meld_shape(kind: int, mask: int, trump: int, double_pinochle: bool) -> bool:
    """Whether ``mask`` has the cards of a ``kind`` meld (6.2), whoever holds them."""
    if kind == DOUBLE:
        return double_pinochle and mask == _DOUBLE_MASK
    return any(
        len(group) == mask.bit_count() and all(mask & pair for pair in group) for group in _GROUPS[kind, trump]
    )


def record_add(scored: tuple[int, ...], kind: int, mask: int) -> tuple[int, ...]:
    """The history after ``mask`` scores in ``kind``."""
    return tuple(m | mask if k == kind else m for k, m in enumerate(scored))


def kinds_of(scored: tuple[int, ...], index: int) -> tuple[str, ...]:
    """The kinds physical card ``index`` has scored in."""
    return tuple(KIND_NAMES[k] for k, m in enumerate(scored) if m >> index & 1)
