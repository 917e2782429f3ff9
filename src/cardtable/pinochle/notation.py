"""Reading action notation: exact forms, cards without a copy suffix, and illegal actions to explain.

``play QS`` means ``play QSa`` or ``play QSb``, whichever is legal; when both
are, the text is ambiguous. A lone card means ``play``; ``royal marriage``,
``aces around`` and the short kind names ``royal``, ``aces``, ``double`` are
accepted for meld kinds.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InvalidNotationError
from .actions import CARD_TABLES, DECLARE_OUT, NO_EXCHANGE, NO_MELD, PinochleAction, meld_action
from .deck import card_text, parse_card
from .hand_state import HandState
from .melds import kind_from_name

__all__ = ["normalize", "loose_matches", "parse_any"]

_SYMBOLS = (("♠", "s"), ("♥", "h"), ("♦", "d"), ("♣", "c"), ("♤", "s"), ("♡", "h"), ("♢", "d"), ("♧", "c"))
_SIMPLE = {
    "no exchange": NO_EXCHANGE, "noexchange": NO_EXCHANGE, "no meld": NO_MELD, "nomeld": NO_MELD,
    "declare out": DECLARE_OUT, "declare": DECLARE_OUT, "out": DECLARE_OUT,
}
_TEXT_LOWER = tuple(card_text(i).lower() for i in range(48))
_HINT = "try: play QSa, exchange 9Ca, no exchange, meld pinochle QSa JDb, no meld, declare out"


def normalize(text: str) -> str:
    """``text`` as notation is matched: lower case, single spaces, ``10`` as ``t``, suit symbols as letters."""
    s = text.strip().lower().replace("10", "t").replace(",", " ")
    for sym, letter in _SYMBOLS:
        s = s.replace(sym, letter)
    return " ".join(s.split())


def _is_card_token(tok: str) -> bool:
    return len(tok) in (2, 3) and tok[0] in "atkqj9" and tok[1] in "shdc" and (len(tok) == 2 or tok[2] in "ab")


def _split(key: str) -> tuple[str, int, list[str]] | None:
    """``(verb, meld kind or -1, card tokens)`` of normalized text, ``None`` when it is no card action."""
    words = key.split()
    if len(words) == 1 and _is_card_token(words[0]):
        return "play", -1, words
    if not words or words[0] not in (*CARD_TABLES, "meld"):
        return None
    if words[0] != "meld":
        return words[0], -1, words[1:]
    for n in (2, 1):
        kind = kind_from_name("-".join(words[1:1 + n]))
        if kind is not None and len(words) > n:
            return "meld", kind, words[1 + n:]
    return None


def _cards_match(tokens: Sequence[str], cards: Sequence[int]) -> bool:
    if len(tokens) != len(cards):
        return False
    left = [_TEXT_LOWER[c] for c in cards]
    for tok in sorted(tokens, key=len, reverse=True):
        found = next((t for t in left if t == tok or t[:2] == tok), None)
        if found is None:
            return False
        left.remove(found)
    return True


def loose_matches(state: HandState, key: str, legal: Sequence[PinochleAction]) -> list[PinochleAction]:
    """Legal actions that ``key`` names, copy suffixes optional."""
    if key in _SIMPLE:
        return [a for a in legal if a is _SIMPLE[key]]
    split = _split(key)
    if split is None:
        return []
    verb, kind, tokens = split
    if not all(_is_card_token(t) for t in tokens):
        return []
    out = []
    for a in legal:
        if a.kind != verb or a.meld != kind:
            continue
        cards = [a.card] if a.card >= 0 else [i for i in range(48) if a.cards >> i & 1]
        if _cards_match(tokens, cards):
            out.append(a)
    return out


def _resolve(state: HandState, tok: str, taken: int) -> int:
    if len(tok) == 3:
        return parse_card(tok)
    base = parse_card(tok + "a")
    seat = state.current_player()
    held = state.hand(seat) if seat in (0, 1) else 0
    for i in (base, base + 1):
        if held >> i & 1 and not taken >> i & 1:
            return i
    return base + 1 if taken >> base & 1 else base


def parse_any(state: HandState, text: str) -> PinochleAction:
    """The action written ``text``, legal or not, so that :meth:`apply` can say which rule forbids it."""
    key = normalize(text)
    if key in _SIMPLE:
        return _SIMPLE[key]
    split = _split(key)
    if split is None or not split[2] or not all(_is_card_token(t) for t in split[2]):
        raise InvalidNotationError.from_code("pinochle.notation.unreadable", text=text)
    verb, kind, tokens = split
    mask = 0
    for tok in tokens:
        mask |= 1 << _resolve(state, tok, mask)
    if verb == "meld":
        return meld_action(kind, mask)
    if len(tokens) != 1:
        raise InvalidNotationError.from_code("pinochle.notation.one_card", text=text, verb=verb)
    return CARD_TABLES[verb][mask.bit_length() - 1]
