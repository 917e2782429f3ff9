"""When undo is allowed: the rule shared by the terminal app and the web table.

Undo rebuilds the match from its record cut before a move (same seed, so the
same cards come again). That is only fair while the player has learned nothing
since that move, so undo never crosses

* a chance step: a card drawn from the stock, a new deal (undo would show the
  next card again and again);
* another seat's move: the opponent's reply (a discard, a trick's card, a take
  of the upcard) tells something about hidden cards;
* the end of a hand or of the match: a showdown has shown every hand, and a
  finished match stays finished (its result is saved and listed).

What is left is the player's own run of moves since the last such point, e.g.
a Gin discard before the computer replies, or a take of the upcard and the
discard after it. :func:`undo_check` says which move undo takes back next, the
earliest point it may reach, and, when it is not available, why.

>>> from cardtable.match import Match
>>> m = Match("gin", seed=3, seat_names=["You", "Computer"])
>>> actors = [[]]
>>> while m.state.is_chance_node():
...     actors[0].append(m.state.current_player()); _ = m.apply(m.state.sample_chance(m.rng))
>>> undo_check(m, actors, 0).reason
'you have not moved yet'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .core import CHANCE
from .match import Match
from .record import GameRecord

__all__ = ["UndoCheck", "undo_check", "take_back", "cut_actors"]


@dataclass(frozen=True)
class UndoCheck:
    """Where undo stands for one seat. Points are ``(hand, action)`` cuts of the record (0-based)."""

    point: tuple[int, int] | None
    """The cut undo makes now (just before the seat's latest move), ``None`` when undo is not available."""
    earliest: tuple[int, int] | None
    """The earliest cut undo may reach by taking back moves one by one from here."""
    reason: str
    """Why undo is not available (empty when it is), for people."""

    @property
    def available(self) -> bool:
        """Whether the seat may undo now."""
        return self.point is not None


def undo_check(match: Match, actors: Sequence[Sequence[int]], seat: int) -> UndoCheck:
    """May ``seat`` take back its latest move? ``actors[h][i]`` is who made action ``i`` of hand ``h``
    (:data:`~cardtable.core.CHANCE` for chance steps), as recorded alongside ``match``."""
    if match.is_over():
        return UndoCheck(None, None, "the match is over: its result stands")
    h = len(match.hands) - 1
    row = list(actors[h]) if h < len(actors) else []
    if len(row) != len(match.hands[h].actions):
        raise ValueError("actors do not match the match's actions")
    start = len(row)
    while start > 0 and row[start - 1] == seat:
        start -= 1
    if start < len(row):
        return UndoCheck((h, len(row) - 1), (h, start), "")
    if start == 0:  # nothing at all in this hand yet
        return UndoCheck(None, None, "you have not moved yet" if h == 0 else _NEW_HAND)
    return UndoCheck(None, None, _barrier_reason(match, row, start - 1, seat, h))


_NEW_HAND = "a new hand has been dealt: the moves of an earlier hand stand"


def _barrier_reason(match: Match, row: list[int], k: int, seat: int, h: int) -> str:
    """Why action ``k`` of the current hand (not ``seat``'s) blocks undo."""
    if seat not in row[:k]:
        return "you have not moved yet" if h == 0 else _NEW_HAND
    if row[k] == CHANCE:
        return "new cards have been dealt or drawn since your last move (undo would show the next ones again)"
    name = match.seat_names[row[k]] if 0 <= row[k] < len(match.seat_names) else f"seat {row[k]}"
    return f"{name} has replied to your move: it stands once you have seen the reply"


def take_back(match: Match, check: UndoCheck) -> Match:
    """The match rebuilt from its record cut at ``check.point`` (same seed: the same cards come again)."""
    if check.point is None:
        raise ValueError(f"undo is not available: {check.reason}")
    hand, action = check.point
    return GameRecord.from_match(match).prefix(hand, action).replay()


def cut_actors(actors: Sequence[Sequence[int]], check: UndoCheck) -> list[list[int]]:
    """``actors`` cut at ``check.point`` like the record (see :func:`take_back`)."""
    if check.point is None:
        raise ValueError(f"undo is not available: {check.reason}")
    hand, action = check.point
    return [list(a) for a in actors[:hand]] + [list(actors[hand][:action])]
