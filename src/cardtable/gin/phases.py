"""The phases of a Gin Rummy hand, in the order a hand passes through them (see the position format)."""

__all__ = [
    "DEALING", "OFFER", "OFFER_DEALER", "FORCED_DRAW", "DRAW_PHASE", "DRAWING", "DISCARD_PHASE", "WALL", "WALL_KNOCK",
    "ARRANGE", "OVER", "PHASES", "CHANCE_PHASES",
]

DEALING = "dealing"
"""Chance deals the 20 cards and turns the first upcard."""
OFFER = "offer"
"""The non-dealer takes the first upcard or passes."""
OFFER_DEALER = "offer-dealer"
"""The non-dealer passed: the dealer takes the first upcard or passes."""
FORCED_DRAW = "forced-draw"
"""Both passed: the non-dealer must draw from the stock."""
DRAW_PHASE = "draw"
"""A normal turn begins: draw from the stock or take the upcard."""
DRAWING = "drawing"
"""Chance turns the card drawn from the stock."""
DISCARD_PHASE = "discard"
"""The player discards, knocks or goes gin (or big gin)."""
WALL = "wall"
"""``stock_end="wall"``: two stock cards are left; take the upcard to knock, or pass (which voids the hand)."""
WALL_KNOCK = "wall-knock"
"""At the wall, the upcard was taken: the player must knock."""
ARRANGE = "arrange"
"""The knocker chooses the melds to show."""
OVER = "over"
"""The hand is over."""
PHASES = (DEALING, OFFER, OFFER_DEALER, FORCED_DRAW, DRAW_PHASE, DRAWING, DISCARD_PHASE, WALL, WALL_KNOCK, ARRANGE, OVER)
"""Every phase, in the order a hand passes through them."""
CHANCE_PHASES = (DEALING, DRAWING)
"""The phases whose next step is chance: a dealt card or the card drawn from the stock."""
