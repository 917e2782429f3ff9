"""A simple rule Gin Rummy player (level ``easy``): about as strong as ``simple``, never stronger.

It looks only at its own 11-card arrangement: it takes the upcard when that
card joins a meld, discards the highest card left outside its melds, and
knocks as soon as it may. Unlike ``simple`` it does not compare every discard
by the deadwood that would remain.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import cards_to_mask
from ...gin.actions import GinAction
from ...gin.melds import canonical_arrangement, deadwood, deadwood_cards, joins_meld
from ...gin.view import GinView

__all__ = ["EasyGinAgent"]


class EasyGinAgent:
    """Deterministic rule player that acts on its canonical arrangement only."""

    name = "easy"
    """Level name: ``"easy"``."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        """Unused (the player is deterministic); accepted like every level's ``seed``."""

    def act(self, view: GinView, legal_actions: Sequence[GinAction]) -> GinAction:
        """Big gin or a wall knock when legal; the upcard if it joins a meld of the canonical arrangement, else
        a draw; then the highest card outside its melds goes: knocked with if it may (else the knock leaving the
        least deadwood), otherwise discarded."""
        if not legal_actions:
            raise ValueError("no legal actions to choose from")
        by_kind = {a.kind: a for a in legal_actions}
        hand = cards_to_mask(view.hand)
        for kind in ("big gin", "take knock"):
            if kind in by_kind:
                return by_kind[kind]
        if "take" in by_kind and view.upcard is not None:
            up = view.upcard
            if joins_meld(hand, up.bit):
                return by_kind["take"]
            return by_kind.get("pass") or by_kind.get("draw") or legal_actions[0]
        for kind in ("draw", "pass"):
            if kind in by_kind:
                return by_kind[kind]
        if "arrange" in by_kind:
            return legal_actions[0]
        allowed = {a.card for a in legal_actions if a.kind in ("discard", "knock") and a.card is not None}
        dead = [c for c in view.hand if c.bit & deadwood_cards(hand, canonical_arrangement(hand)) and c in allowed]
        pool = dead or [c for c in view.hand if c in allowed]
        card = max(pool, key=lambda c: (c.value, c.rank, c.index))
        knocks = {a.card: a for a in legal_actions if a.kind == "knock"}
        if knocks:
            return knocks.get(card) or min(knocks.values(), key=lambda a: deadwood(hand & ~a.card.bit) if a.card else 99)
        for a in legal_actions:
            if a.kind == "discard" and a.card is card:
                return a
        return legal_actions[0]
