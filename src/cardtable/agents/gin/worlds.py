"""Sampled Gin Rummy worlds: a guess at the hidden cards (the opponent's unknown cards and the stock)
that agrees with everything the view shows; :meth:`World.to_state` turns it into an engine position.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...cards import Card, cards_to_mask, format_cards, mask_to_cards
from ...gin.rules import GinRules
from ...gin.view import GinView
from .opponent import sample_opponent_hidden
from .tracking import Knowledge, bits

__all__ = ["World", "sample_world"]


@dataclass
class World:
    """One determinization: the opponent's whole hand and a stock order, consistent with the view."""

    seat: int
    """The seat the world is sampled for."""
    view: GinView
    """That seat's view, which the world agrees with."""
    my_hand: int
    """The seat's own cards (mask)."""
    opp_hand: int
    """The opponent's whole hand (mask): its known cards plus sampled ones."""
    stock: list[int]
    """Stock card indices; the next card drawn is ``stock[-1]``."""

    def to_state(self, rules: GinRules | None = None) -> object:
        """This world as an engine position (a :class:`~cardtable.gin.GinState`) for checks and tests."""
        from ...gin.state import GinState

        v = self.view
        me, opp = self.seat, 1 - self.seat
        pile = list(v.discard_pile)
        knock: Card | None = None
        if v.phase == "arrange" and pile:
            knock = pile.pop()
        hands = [0, 0]
        hands[me] = self.my_hand
        hands[opp] = self.opp_hand
        known = [0, 0]
        known[me] = cards_to_mask(v.own_known)
        known[opp] = cards_to_mask(v.opponent_known)
        offer = (
            v.taken_card is not None and v.taken_card == v.first_upcard and not pile
            and (v.current_player, "take") in v.upcard_decisions
        )
        fields = {
            "dealer": str(v.dealer),
            "phase": v.phase,
            "turn": str(v.current_player),
            "hand0": format_cards(mask_to_cards(hands[0])),
            "hand1": format_cards(mask_to_cards(hands[1])),
            "discard": format_cards(pile),
            "known0": format_cards(mask_to_cards(known[0])),
            "known1": format_cards(mask_to_cards(known[1])),
            "taken": str(v.taken_card) if v.taken_card else "-",
            "upcard": str(v.first_upcard) if v.first_upcard else "-",
            "limit": str(v.knock_limit),
            "draws": str(v.discard_draws),
            "offer": "yes" if offer else "no",
            "knock": str(knock) if knock else "-",
        }
        return GinState.from_fields(rules if rules is not None else GinRules(), fields)


def sample_world(view: GinView, kn: Knowledge, rng: random.Random, structured: bool = True) -> World:
    """A world consistent with ``view``: the opponent's known cards plus sampled hidden ones, the rest in the stock."""
    hidden = sample_opponent_hidden(kn, rng, structured)
    opp = kn.opp_known | hidden
    stock = bits(kn.unseen & ~hidden)
    rng.shuffle(stock)
    return World(kn.seat, view, kn.hand, opp, stock)
