"""Hints that explain themselves in words: one to three short, true reasons for a suggested move.

:func:`hint_reasons` reads only what the player to act may see: that seat's view before the move
and after it (the move played on a copy of the state, which shows that same seat's view only).
The reasons are facts about the position ("keeps your 7♦ 8♦ 9♦ run", "a sweep: clears the
table", "melds a marriage for 20"), computed per game in :mod:`.gin`, :mod:`.casino` and
:mod:`.pinochle`; :func:`value_words` puts the hint player's values as points per hand.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from .casino import casino_reasons
from .gin import gin_reasons
from .pinochle import pinochle_reasons

__all__ = ["hint_reasons", "reasons_text", "value_words", "distinct", "NOT_COMPARED"]

log = logging.getLogger(__name__)

NOT_COMPARED = 500.0
"""A value gap this large is a solver's marker for "not the best" (no exact value computed)."""


def hint_reasons(state: Any, action: Any) -> list[str]:
    """Short reasons in words for the player to act playing ``action`` (a legal move of ``state``).

    Empty for a game without reasons or a move with nothing worth saying; a failure is logged and
    gives no reasons, never a failed hint.
    """
    try:
        seat = state.current_player()
        view = state.view(seat)
        game = state.game_name
        if game == "gin":
            return gin_reasons(view, action)
        after_state = state.clone()
        after_state.apply(action)
        after = after_state.view(seat)
        if game == "casino":
            return casino_reasons(view, action, after, list(state.legal_actions()))
        if game == "pinochle":
            return pinochle_reasons(view, action, after, list(state.legal_actions()))
    except Exception:  # reasons are a courtesy: the hint itself still stands
        log.exception("no reasons for %s", action)
    return []


def distinct(labels: Sequence[str]) -> list[int]:
    """Indices of the first hint of each move in words: two copies of a Pinochle card are one move to a player."""
    seen: set[str] = set()
    out = []
    for i, label in enumerate(labels):
        if label not in seen:
            seen.add(label)
            out.append(i)
    return out


def reasons_text(reasons: Sequence[str]) -> str:
    """The reasons as one clause list: ``keeps your 7♦ 8♦ 9♦ run; leaves 6 points of deadwood``."""
    return "; ".join(reasons)


def value_words(values: Sequence[float | None]) -> list[str]:
    """For hints ranked best first: each one's value against the next as ``≈ 1.5 points per hand better
    than the next move`` (empty when there is no next value to compare with)."""
    out: list[str] = []
    for i, value in enumerate(values):
        nxt = values[i + 1] if i + 1 < len(values) else None
        if value is None or nxt is None:
            out.append("")
            continue
        gap = value - nxt
        if gap >= NOT_COMPARED:
            out.append("better than the next move")
        elif gap < 0.05:
            out.append("about as good as the next move")
        else:
            amount = f"{gap:.1f}".removesuffix(".0")
            out.append(f"≈ {amount} {'point' if amount == '1' else 'points'} per hand better than the next move")
    return out
