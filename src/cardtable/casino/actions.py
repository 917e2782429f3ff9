"""Casino actions: small immutable values whose ``str()`` is their notation.

=============================  ==================================================
notation                       meaning
=============================  ==================================================
``deal 7H``                    chance: the next card of the deal (order 5.3/5.4)
``deal 7H last``               chance: first card of the final deal ("last", 5.6)
``KS trail``                   trail KS (``trail KS`` and ``KS t`` are read too)
``QD x QS``                    capture the loose QS with QD
``8S x 8D 5D+3C``              capture with 8S: groups 8D and 5D+3C
``9C x 5D+4C [9]``             capture the group 5D+4C and the 9-build
``3D b8 5C``                   build 8: 3D with the loose 5C
``2C b7 5H 7C 4S+3D``          build 7: 2C+5H, plus loose groups 7C and 4S+3D
``2S b9 [7] 9D``               raise the 7-build to 9 with 2S, absorbing 9D
``8H b8 [8]``                  add 8H to the 8-build
=============================  ==================================================

The written text is canonical: single-card groups before sums, the cards
of a sum from high to low, build references last. In a build the first
group listed is the one the played card joins (its loose partners, or the
raised build ``[B]`` plus partners under ``permissive_builds``).
Groupings are cosmetic: a move is identified by its card, kind, value and
the *sets* of loose cards and builds used (7.2.3, 7.3.6), so the parser
accepts any grouping and order (``8s x 3c+5d | 8d``), suit symbols and
``10`` for ``T``.

A build is referred to by its value, ``[8]``. With
``allow_duplicate_value_builds`` several builds may share a value, so every
reference also names the build's cards: ``[8:5C,3D]``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Card
from .partitions import partition, split_partners
from .values import VALUE, bits

__all__ = ["CasinoAction", "DEAL", "DEAL_LAST", "TRAIL", "capture", "build", "format_ref"]

_KIND_ORDER = {"deal": 0, "capture": 1, "build": 2, "trail": 3}


class CasinoAction:
    """One Casino action.

    ``kind`` is ``deal``, ``trail``, ``capture`` or ``build``; ``card`` the
    dealt or played card; ``value`` the announced build value (the card's
    value for a numeral capture); ``loose`` the bitmask of loose table cards
    used; ``builds`` the builds used as ``(value, cards mask)`` pairs.
    """

    __slots__ = ("_hash", "_key", "_text", "builds", "card", "full_refs", "kind", "last", "loose", "value")

    kind: str
    """``deal``, ``trail``, ``capture`` or ``build``."""
    card: Card
    """The dealt or played card."""
    value: int
    """The announced build value (a capture: the played card's value; 0 for deal and trail)."""
    loose: int
    """The loose table cards used, as a bitmask."""
    builds: tuple[tuple[int, int], ...]
    """The builds used, as ``(value, cards mask)`` pairs."""
    last: bool
    """A deal's card is the first of the final deal (written ``last``)."""
    full_refs: bool
    """Build references name their cards (``[8:5C,3D]``), as ``allow_duplicate_value_builds`` needs."""

    def __init__(
        self,
        kind: str,
        card: Card,
        value: int = 0,
        loose: int = 0,
        builds: tuple[tuple[int, int], ...] = (),
        last: bool = False,
        full_refs: bool = False,
    ) -> None:
        self.kind = kind
        self.card = card
        self.value = value
        self.loose = loose
        self.builds = tuple(sorted(builds, key=lambda b: b[1])) if len(builds) > 1 else builds
        self.last = last
        self.full_refs = full_refs
        bmask = 0
        for _, m in self.builds:
            bmask |= m
        self._key = (_KIND_ORDER[kind], card.index, value, loose, bmask, last)
        self._hash = hash(self._key)
        self._text: str | None = None

    # --- identity ------------------------------------------------------------
    @property
    def sort_key(self) -> tuple[int, int, int, int, int]:
        """Canonical order of legal actions: card, kind, value, builds, loose cards."""
        k = self._key
        return (k[1], k[0], k[2], k[4], k[3])

    @property
    def builds_mask(self) -> int:
        """The cards of every build used, as one bitmask."""
        return self._key[4]

    @property
    def is_chance(self) -> bool:
        """Whether chance makes this action (a dealt card)."""
        return self.kind == "deal"

    @property
    def raised(self) -> tuple[int, int] | None:
        """The raised build of a build move, if any (a build whose value differs from the announced one)."""
        if self.kind != "build":
            return None
        for ref in self.builds:
            if ref[0] != self.value:
                return ref
        return None

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, CasinoAction) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    # --- text ----------------------------------------------------------------
    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = self._format(str)
        return text

    def __repr__(self) -> str:
        return f"CasinoAction({str(self)!r})"

    def pretty(self) -> str:
        """The notation with suit symbols, e.g. ``8♠ x 5♦+3♣ 8♦``."""
        return self._format(Card.pretty)

    def _format(self, fmt: Callable[[Card], str]) -> str:
        c = fmt(self.card)
        kind = self.kind
        if kind == "deal":
            return f"deal {c} last" if self.last else f"deal {c}"
        if kind == "trail":
            return f"{c} trail"

        def group(mask: int) -> str:
            return "+".join(fmt(Card.from_index(i)) for i in sorted(bits(mask), key=lambda i: (-VALUE[i], i)))

        refs = {m: format_ref(v, m, self.full_refs, fmt) for v, m in self.builds}
        if kind == "capture":
            if self.card.is_court:
                parts = [fmt(Card.from_index(i)) for i in bits(self.loose)]
            else:
                groups = partition(self.loose, self.value)
                parts = [group(g) for g in (groups if groups is not None else [self.loose])]
            parts.extend(refs[m] for _, m in self.builds)
            return f"{c} x " + " ".join(parts)
        # build: the played card's group first
        raised = self.raised
        need = self.value - VALUE[self.card.index] - (raised[0] if raised else 0)
        partners, rest = split_partners(self.loose, need, self.value)
        first = [refs[raised[1]]] if raised else []
        if partners:
            first.append(group(partners))
        parts = ["+".join(first)] if first else []
        groups = partition(rest, self.value)
        parts.extend(group(g) for g in (groups if groups is not None else [rest]))
        parts.extend(refs[m] for v, m in self.builds if raised is None or m != raised[1])
        return f"{c} b{self.value} " + " ".join(parts)


def format_ref(value: int, mask: int, full: bool, fmt: Callable[[Card], str] = str) -> str:
    """A build reference: ``[8]``, or ``[8:5C,3D]`` when builds may share a value."""
    if not full:
        return f"[{value}]"
    cards = sorted(bits(mask), key=lambda i: (-VALUE[i], i))
    return f"[{value}:" + ",".join(fmt(Card.from_index(i)) for i in cards) + "]"


DEAL = tuple(CasinoAction("deal", Card.from_index(i)) for i in range(52))
"""``deal <card>`` for each card, by card index."""
DEAL_LAST = tuple(CasinoAction("deal", Card.from_index(i), last=True) for i in range(52))
"""``deal <card> last`` (the first card of the final deal) for each card, by card index."""
TRAIL = tuple(CasinoAction("trail", Card.from_index(i)) for i in range(52))
"""``<card> trail`` for each card, by card index."""


def capture(card: Card, loose: int, builds: tuple[tuple[int, int], ...] = (), full_refs: bool = False) -> CasinoAction:
    """The capture with ``card`` of the ``loose`` cards (bitmask) and ``builds`` (``(value, mask)`` pairs)."""
    return CasinoAction("capture", card, VALUE[card.index], loose, builds, full_refs=full_refs)


def build(
    card: Card, value: int, loose: int, builds: tuple[tuple[int, int], ...] = (), full_refs: bool = False
) -> CasinoAction:
    """The build of ``value`` with ``card``, the ``loose`` cards (bitmask) and ``builds`` (``(value, mask)`` pairs)."""
    return CasinoAction("build", card, value, loose, builds, full_refs=full_refs)
