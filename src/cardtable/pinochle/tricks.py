"""Trick resolution and the stage-2 play obligations (``pinochle.md`` 4.2 and 5.3), on card indices.

>>> from cardtable.pinochle.deck import parse_card, parse_mask, format_mask
>>> follower_wins(parse_card("ASa"), parse_card("ASb"), trump=0)
False
>>> hand = parse_mask("TDa QDa ASa")
>>> format_mask(stage2_options(hand, parse_card("KDa"), trump=0))
'TDa'
"""

from __future__ import annotations

from typing import Any

from ..cards import SUIT_SYMBOLS
from .deck import CARDS, SUIT_MASKS, higher_mask

__all__ = ["follower_wins", "stage2_options", "stage2_violation"]


def follower_wins(lead: int, follow: int, trump: int) -> bool:
    """Whether the second card wins the trick (4.2): higher in the led suit, or a trump on a non-trump."""
    if lead // 12 == follow // 12:
        return (follow % 12) >> 1 < (lead % 12) >> 1
    return follow // 12 == trump


def stage2_options(hand: int, lead: int, trump: int) -> int:
    """The cards of ``hand`` that may follow ``lead`` in stage 2 (5.3 a-c)."""
    suit = lead // 12
    same = hand & SUIT_MASKS[suit]
    if same:
        return (same & higher_mask(lead)) or same
    if suit != trump:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return hand


def stage2_violation(hand: int, lead: int, card: int, trump: int) -> tuple[str, dict[str, Any], str] | None:
    """``(code, params, rule)`` when following ``lead`` with ``card`` breaks 5.3, else ``None``: the
    :mod:`~cardtable.error_codes` code, its params (the led card as a :class:`~cardtable.cards.Card`,
    never a copy letter) and the rule.

    >>> from cardtable.pinochle.deck import parse_card, parse_mask
    >>> code, params, rule = stage2_violation(parse_mask("TDa QDa ASa"), parse_card("KDa"), parse_card("ASa"), trump=0)
    >>> code, f"{params['led']:pretty}", params["suit"], rule
    ('pinochle.stage2.follow_beat', 'K♦', '♦', '5.3a')
    """
    if stage2_options(hand, lead, trump) >> card & 1:
        return None
    suit = lead // 12
    led = CARDS[lead].card
    same = hand & SUIT_MASKS[suit]
    if same and same & higher_mask(lead):
        return "pinochle.stage2.follow_beat", {"led": led, "suit": SUIT_SYMBOLS[led.suit]}, "5.3a"
    if same:
        return "pinochle.stage2.follow", {"led": led}, "5.3a"
    return "pinochle.stage2.trump", {"led": led}, "5.3b"
