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

from ... import i18n
from .casino import casino_reasons
from .gin import gin_reasons
from .pinochle import pinochle_reasons

__all__ = ["hint_reasons", "reasons_text", "value_words", "distinct", "NOT_COMPARED"]

log = logging.getLogger(__name__)

NOT_COMPARED = 500.0
"""A value gap this large is a solver's marker for "not the best" (no exact value computed)."""


def hint_reasons(state: Any, action: Any, lang: str = "en") -> list[str]:
    """Short reasons in words for the player to act playing ``action`` (a legal move of ``state``), in
    ``lang`` (English unless told).

    Empty for a game without reasons or a move with nothing worth saying; a failure is logged and
    gives no reasons, never a failed hint.
    """
    try:
        seat = state.current_player()
        view = state.view(seat)
        game = state.game_name
        if game == "gin":
            return gin_reasons(view, action, lang)
        after_state = state.clone()
        after_state.apply(action)
        after = after_state.view(seat)
        if game == "casino":
            return casino_reasons(view, action, after, list(state.legal_actions()), lang)
        if game == "pinochle":
            return pinochle_reasons(view, action, after, list(state.legal_actions()), lang)
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


def reasons_text(reasons: Sequence[str], lang: str = "en") -> str:
    """The reasons as one clause list: ``keeps your 7♦ 8♦ 9♦ run; leaves 6 points of deadwood``."""
    return str(i18n.translation(lang).pgettext("reasons", "; ")).join(reasons)


def value_words(values: Sequence[float | None], lang: str = "en") -> list[str]:
    """For hints ranked best first: each one's value against the next as ``≈ 1.5 points per hand better
    than the next move`` (empty when there is no next value to compare with), in ``lang``."""
    t = i18n.translation(lang)
    out: list[str] = []
    for i, value in enumerate(values):
        nxt = values[i + 1] if i + 1 < len(values) else None
        if value is None or nxt is None:
            out.append("")
            continue
        gap = value - nxt
        if gap >= NOT_COMPARED:
            out.append(str(t.gettext("better than the next move")))
        elif gap < 0.05:
            out.append(str(t.gettext("about as good as the next move")))
        else:
            amount = f"{gap:.1f}".removesuffix(".0")
            if lang != "en":
                amount = i18n.format_decimal(round(gap, 1), 1 if "." in amount else 0, lang)
            msg = (t.gettext("≈ {amount} point per hand better than the next move") if amount == "1"
                   else t.gettext("≈ {amount} points per hand better than the next move"))
            out.append(str(msg).format(amount=amount))
    return out
