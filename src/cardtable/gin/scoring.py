"""How a Gin Rummy hand is scored (section 6): knock, undercut, tie, gin and big gin, and Oklahoma's
doubling when the first upcard is a spade."""

from __future__ import annotations

from ..cards import SPADES, Card
from .rules import GinRules

__all__ = ["hand_score"]


def hand_score(rules: GinRules, outcome: str, knocker: int, knocker_deadwood: int, defender_deadwood: int,
               defender_deadwood_no_layoffs: int, first_upcard: Card | None) -> tuple[int | None, str, int, bool]:
    """``(winner, result, points, doubled)`` of a hand that ended in ``outcome`` (``"knock"``, ``"gin"`` or
    ``"big gin"``) by ``knocker``: the defender's deadwood counts after its layoffs for a knock and
    without them for gin (the bonus is added). ``result`` is ``"knock"``, ``"undercut"``, ``"tie"``
    (no winner, 0 points), ``"gin"`` or ``"big gin"``; a winner of 0 points is no winner.
    """
    k, d, d0 = knocker_deadwood, defender_deadwood, defender_deadwood_no_layoffs
    winner: int | None
    if outcome == "big gin":
        assert rules.big_gin_bonus is not None
        winner, result, score = knocker, "big gin", rules.big_gin_bonus + d0
    elif outcome == "gin":
        winner, result, score = knocker, "gin", rules.gin_bonus + d0
    elif k < d:
        winner, result, score = knocker, "knock", d - k
    elif d < k or rules.undercut_on_tie:
        winner, result, score = 1 - knocker, "undercut", rules.undercut_bonus + (k - d)
    else:
        winner, result, score = None, "tie", 0
    doubled = bool(rules.oklahoma and first_upcard is not None and first_upcard.suit == SPADES)
    if doubled:
        score *= 2
    if winner is not None and score <= 0:
        winner = None
    return winner, result, score if winner is not None else 0, doubled
