"""A simple rule Casino player (level ``easy``).

It captures whenever it can, taking the capture worth most by a fixed count
(10♦ 2, 2♠ and aces 1, then spades and cards as tie-breaks), and otherwise
trails its lowest card that carries no points. It never builds. Since it never
builds it never controls a build, so a trail is always allowed. On a crowded
table it picks among the natural candidates (:func:`.playout.choices`),
which include every maximal capture.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...casino.actions import CasinoAction
from ...casino.scoring import SPADES_MASK
from ...casino.view import CasinoView
from .evaluation import card_points
from .playout import choices

__all__ = ["EasyCasinoAgent"]


def capture_worth(action: CasinoAction) -> tuple[int, int, int]:
    taken = action.card.bit | action.loose | action.builds_mask
    return (card_points(taken), (taken & SPADES_MASK).bit_count(), taken.bit_count())


def trail_cost(action: CasinoAction) -> tuple[int, int, int]:
    card = action.card
    return (card_points(card.bit), int(card.bit & SPADES_MASK != 0), card.rank)


class EasyCasinoAgent:
    """Deterministic rule player: the richest capture, else the cheapest trail; never builds."""

    name = "easy"
    """Level name: ``"easy"``."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        """Unused (the player is deterministic); accepted like every level's ``seed``."""

    def act(self, view: CasinoView, legal_actions: Sequence[CasinoAction]) -> CasinoAction:
        """The capture taking the most fixed points (then spades, then cards), else the trail of its cheapest card
        (fewest points, then not a spade, then lowest rank); ``ValueError`` if there is no legal action."""
        if not legal_actions:
            raise ValueError("no legal actions to choose from")
        moves = choices(legal_actions)
        captures = [a for a in moves if a.kind == "capture"]
        if captures:
            return max(captures, key=capture_worth)
        trails = [a for a in moves if a.kind == "trail"]
        if trails:
            return min(trails, key=trail_cost)
        return legal_actions[0]
