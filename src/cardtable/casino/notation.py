"""Reading move notation (see :mod:`cardtable.casino.actions` for the grammar).

Matching ignores case, extra spaces, ``10`` versus ``T``, suit symbols and
how the captured or built cards are grouped: ``8S x 5D+3C 8D``,
``8s x 8d 3c 5d`` and ``8♠ x 3♣+5♦ | 8♦`` are the same move.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations, product
from typing import TYPE_CHECKING

from ..cards import Card
from ..errors import IllegalActionError, InvalidNotationError
from .actions import DEAL, DEAL_LAST, TRAIL, CasinoAction, build, capture
from .hand_state import HandState

if TYPE_CHECKING:
    from .moves import MoveSet

__all__ = ["Parsed", "normalize", "parse_text", "match_action", "parse_unlisted", "resolve_refs", "resolve_choices"]

_SYMBOLS = (("♠", "s"), ("♥", "h"), ("♦", "d"), ("♣", "c"), ("♤", "s"), ("♡", "h"), ("♢", "d"), ("♧", "c"))
_REF = re.compile(r"\[([^\]]*)\]")
_CAPTURE_WORDS = ("x", "capture", "captures", "take", "takes")
_TRAIL_WORDS = ("trail", "t", "trails")


def normalize(text: str) -> str:
    """``text`` as notation is matched: lower case, single spaces, ``10`` as ``t``, suit symbols as letters."""
    s = text.strip().lower().replace("10", "t")
    for sym, letter in _SYMBOLS:
        s = s.replace(sym, letter)
    return " ".join(s.split())


@dataclass(frozen=True)
class Parsed:
    """Notation read without a position: build references are still unresolved."""

    kind: str
    """``deal``, ``trail``, ``capture`` or ``build``."""
    card: Card
    """The dealt or played card."""
    value: int = 0
    """The announced build value (a capture: the card's value)."""
    loose: int = 0
    """The loose cards named, as a bitmask."""
    refs: tuple[tuple[int | None, int | None], ...] = ()
    """(value or None, cards mask or None) per referenced build."""
    last: bool = False
    """A deal written with ``last`` (the first card of the final deal)."""


def _card(tok: str) -> Card:
    try:
        return Card.parse(tok)
    except InvalidNotationError:
        raise InvalidNotationError.from_code("card.unreadable", text=tok) from None


def _value(tok: str) -> int:
    tok = tok.strip()
    if tok == "t":
        return 10
    if tok == "a":
        return 1
    if not tok.isdigit():
        raise InvalidNotationError.from_code("casino.notation.bad_value", text=tok)
    return int(tok)


def _ref(body: str) -> tuple[int | None, int | None]:
    body = body.strip()
    value: int | None = None
    cards = body
    if ":" in body:
        head, cards = body.split(":", 1)
        value = _value(head)
    elif re.fullmatch(r"\d+|t|a", body):
        return _value(body), None
    mask = 0
    for tok in re.split(r"[\s,+|]+", cards.strip()):
        if tok:
            mask |= _card(tok).bit
    return value, (mask or None)


def parse_text(text: str) -> Parsed:
    """Parse normalized or raw notation into a :class:`Parsed` move."""
    key = normalize(text)
    refs: list[tuple[int | None, int | None]] = []

    def keep(m: re.Match[str]) -> str:
        refs.append(_ref(m.group(1)))
        return f" @{len(refs) - 1} "

    words = _REF.sub(keep, key).replace("|", " ").split()
    if not words:
        raise InvalidNotationError.from_code("action.empty")
    if words[0] == "deal":
        if len(words) not in (2, 3) or (len(words) == 3 and words[2] != "last"):
            raise InvalidNotationError.from_code("casino.notation.deal", text=text)
        return Parsed("deal", _card(words[1]), last=len(words) == 3)
    if len(words) == 2 and words[0] in _TRAIL_WORDS:
        return Parsed("trail", _card(words[1]))
    card = _card(words[0])
    if len(words) == 2 and words[1] in _TRAIL_WORDS:
        return Parsed("trail", card)
    if len(words) < 2:
        raise InvalidNotationError.from_code("casino.notation.after_card", text=text)
    verb, rest = words[1], words[2:]
    value = 0
    if verb in _CAPTURE_WORDS:
        kind = "capture"
    elif verb.startswith("b") and verb not in ("b", "build", "builds"):
        kind, value = "build", _value(verb[1:])
    elif verb in ("b", "build", "builds") and rest:
        kind, value = "build", _value(rest[0])
        rest = rest[1:]
    else:
        raise InvalidNotationError.from_code("casino.notation.move_kind", text=text)
    loose = 0
    used: list[tuple[int | None, int | None]] = []
    for item in rest:
        for tok in item.split("+"):
            if not tok:
                continue
            if tok.startswith("@"):
                used.append(refs[int(tok[1:])])
                continue
            c = _card(tok)
            if loose & c.bit:
                raise InvalidNotationError.from_code("casino.notation.card_twice", card=c, text=text)
            loose |= c.bit
    return Parsed(kind, card, value, loose, tuple(used))


def _refs_match(refs: Sequence[tuple[int | None, int | None]], builds: Sequence[tuple[int, int]]) -> bool:
    if len(refs) != len(builds):
        return False
    for perm in permutations(builds):
        if all((v is None or v == b[0]) and (m is None or m == b[1]) for (v, m), b in zip(refs, perm)):
            return True
    return False


def match_action(state: HandState, key: str, legal: Sequence[CasinoAction]) -> list[CasinoAction]:
    """Legal actions matching ``key`` regardless of grouping and of how builds are referred to.

    ``deal 7H`` also matches the announcing ``deal 7H last``.
    """
    try:
        p = parse_text(key)
    except InvalidNotationError:
        return []
    return [
        a for a in legal
        if a.kind == p.kind and a.card is p.card and a.value == (p.value if p.kind == "build" else a.value)
        and a.loose == p.loose and (a.last == p.last or not p.last) and _refs_match(p.refs, a.builds)
    ]


def resolve_refs(state: HandState, refs: Sequence[tuple[int | None, int | None]]) -> tuple[tuple[int, int], ...]:
    """Turn written build references into the builds on the table; unknown or ambiguous ones raise."""
    out: list[tuple[int, int]] = []
    for value, mask in refs:
        found = [b for b in state.builds if (value is None or b.value == value) and (mask is None or b.cards == mask)]
        what = f"[{value if value is not None else ''}{':' if value is not None and mask is not None else ''}...]"
        if not found:
            raise IllegalActionError.from_code("casino.notation.no_such_build", "4.2 builds", what=what)
        if len(found) > 1:
            raise InvalidNotationError.from_code("casino.notation.ambiguous_build", what=what, example=state.ref(found[0]))
        out.append((found[0].value, found[0].cards))
    return tuple(out)


def parse_unlisted(state: HandState, text: str) -> CasinoAction:
    """Parse a move that is not legal now, so that :meth:`~CasinoState.apply` can name the rule it breaks."""
    p = parse_text(text)
    if p.kind == "deal":
        return (DEAL_LAST if p.last else DEAL)[p.card.index]
    if p.kind == "trail":
        return TRAIL[p.card.index]
    full = state.rules.allow_duplicate_value_builds
    builds = resolve_refs(state, p.refs)
    if p.kind == "capture":
        return capture(p.card, p.loose, builds, full)
    return build(p.card, p.value, p.loose, builds, full)


def resolve_choices(state: HandState | MoveSet, p: Parsed) -> list[CasinoAction]:
    """Every move ``p`` may mean on this table: each way of matching its build references to distinct builds.

    Used by :meth:`~CasinoState.parse_action`, which keeps the legal ones; a
    reference that fits no build gives no move.
    """
    if p.kind == "trail":
        return [TRAIL[p.card.index]]
    if p.kind == "deal":
        return []
    fits = [
        [b for b in state.builds if (value is None or b.value == value) and (mask is None or b.cards == mask)]
        for value, mask in p.refs
    ]
    full = state.rules.allow_duplicate_value_builds
    out: list[CasinoAction] = []
    seen: set[CasinoAction] = set()
    for combo in product(*fits):
        if len({b.cards for b in combo}) != len(combo):
            continue
        refs = tuple((b.value, b.cards) for b in combo)
        action = capture(p.card, p.loose, refs, full) if p.kind == "capture" else build(p.card, p.value, p.loose, refs, full)
        if action not in seen:
            seen.add(action)
            out.append(action)
    return out
