"""Builds on the table: value, cards, groups and controller, with their text form.

A build is written ``[single 8 @1: 5C+3D]`` or ``[multiple 7 @0: 5H+2C | 3D+4S | 7C]``:
kind (optional when reading: it follows from the cards), value, ``@`` and the
controlling seat, then the groups separated by ``|``, the cards of a group
joined by ``+``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..cards import Card
from ..errors import InvalidPositionError
from .values import VALUE, bits, mask_value

__all__ = ["Build", "format_group", "parse_build"]


@dataclass(frozen=True, slots=True)
class Build:
    """A build (section 4.2). ``groups`` is cosmetic for a multiple build (4.6)."""

    value: int
    """The build's value (at most 10): the value a card captures it with."""
    cards: int
    """Bitmask of its cards."""
    groups: tuple[int, ...]
    """Bitmasks of its groups, each worth :attr:`value`, in display order."""
    controller: int
    """The seat that controls the build."""

    @property
    def kind(self) -> str:
        """``single`` (one group) or ``multiple``."""
        return "single" if len(self.groups) == 1 else "multiple"

    @property
    def is_single(self) -> bool:
        """Whether the build is one group."""
        return len(self.groups) == 1

    def card_list(self) -> list[Card]:
        """Its cards, group by group in display order."""
        return [Card.from_index(i) for g in self.groups for i in _group_order(g)]

    def __str__(self) -> str:
        body = " | ".join(format_group(g) for g in self.groups)
        return f"[{self.kind} {self.value} @{self.controller}: {body}]"

    def pretty(self) -> str:
        """The build with suit symbols, e.g. ``[single 8: 5♣+3♦]``."""
        body = " | ".join("+".join(Card.from_index(i).pretty() for i in _group_order(g)) for g in self.groups)
        return f"[{self.kind} {self.value}: {body}]"

    def check(self) -> None:
        """Raise :class:`InvalidPositionError` unless this is a well-formed build (12.2, 12.3)."""
        if not 1 <= self.value <= 10:
            raise InvalidPositionError.from_code("casino.build.bad_value", value=self.value)
        if self.cards.bit_count() < 2:
            raise InvalidPositionError.from_code("casino.build.too_small")
        union = 0
        for g in self.groups:
            if not g or g & union:
                raise InvalidPositionError.from_code("casino.build.groups_overlap")
            union |= g
            if any(VALUE[i] == 0 for i in bits(g)):
                raise InvalidPositionError.from_code("casino.build.court_card")
            if mask_value(g) != self.value:
                raise InvalidPositionError.from_code("casino.build.group_value", group=format_group(g), value=self.value)
        if union != self.cards:
            raise InvalidPositionError.from_code("casino.build.groups_mismatch")


def _group_order(group: int) -> list[int]:
    return sorted(bits(group), key=lambda i: (-VALUE[i], i))


def format_group(group: int) -> str:
    """A group (bitmask) in notation, its cards joined by ``+`` from high to low."""
    return "+".join(str(Card.from_index(i)) for i in _group_order(group))


_BUILD_RE = re.compile(r"^\s*(?:(single|multiple)\s+)?(\d+)\s*@\s*(\d+)\s*:\s*(.+?)\s*$", re.IGNORECASE)


def parse_build(text: str) -> Build:
    """Parse the inside of ``[...]``, e.g. ``single 8 @1: 5C+3D``."""
    m = _BUILD_RE.match(text)
    if not m:
        raise InvalidPositionError.from_code("casino.build.unreadable", text=text)
    kind, value, ctl, body = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    groups = []
    cards = 0
    for part in body.split("|"):
        g = 0
        for tok in part.replace(",", "+").split("+"):
            tok = tok.strip()
            if not tok:
                raise InvalidPositionError.from_code("casino.build.empty_card", text=text)
            card = Card.parse(tok)
            if (g | cards) & card.bit:
                raise InvalidPositionError.from_code("casino.build.card_twice", card=card, text=text)
            g |= card.bit
        groups.append(g)
        cards |= g
    build = Build(value, cards, tuple(groups), ctl)
    build.check()
    if kind is not None and kind.lower() != build.kind:
        raise InvalidPositionError.from_code("casino.build.wrong_kind", text=text, kind=build.kind, expected=kind.lower())
    return build
