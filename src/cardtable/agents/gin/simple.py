"""The widely used simple Gin bot, as a baseline.

It takes the upcard only if the upcard joins a meld, knocks at the first
chance (gin when it can), discards its highest deadwood card, and never
plans layoffs.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import cards_to_mask
from ...gin.actions import GinAction
from ...gin.melds import deadwood, joins_meld
from ...gin.view import GinView

__all__ = ["SimpleGinAgent"]


class SimpleGinAgent:
    """Deterministic baseline: no lookahead, no card tracking."""

    name = "simple"
    """Level name: ``"simple"``."""

    def act(self, view: GinView, legal_actions: Sequence[GinAction]) -> GinAction:
        """A wall knock or big gin when legal; the upcard only if it joins a meld, else a stock draw (or a pass);
        then a knock if one is legal, else a discard, either leaving the least deadwood (highest card on ties)."""
        kinds = {a.kind: a for a in legal_actions}
        hand = cards_to_mask(view.hand)
        if "take knock" in kinds:
            return kinds["take knock"]
        if "big gin" in kinds:
            return kinds["big gin"]
        if "take" in kinds and view.upcard is not None:
            up = view.upcard
            joined = joins_meld(hand, up.bit)
            if joined:
                return kinds["take"]
            return kinds.get("pass") or kinds["draw"]
        if "draw" in kinds:
            return kinds["draw"]
        if "pass" in kinds:
            return kinds["pass"]
        knocks = [a for a in legal_actions if a.kind == "knock"]
        if knocks:
            return min(knocks, key=lambda a: (deadwood(hand & ~a.card.bit), -a.card.value) if a.card else (99, 0))
        discards = [a for a in legal_actions if a.kind == "discard"]
        if discards:
            return min(discards, key=lambda a: (deadwood(hand & ~a.card.bit), -a.card.value, a.card.index) if a.card else (99, 0, 0))
        return legal_actions[0]
