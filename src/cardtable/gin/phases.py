"""The phases of a Gin Rummy hand, in the order a hand passes through them (see the position format)."""

__all__ = [
    "DEALING", "OFFER", "OFFER_DEALER", "FORCED_DRAW", "DRAW_PHASE", "DRAWING", "DISCARD_PHASE", "WALL", "WALL_KNOCK",
    "ARRANGE", "OVER", "PHASES", "CHANCE_PHASES",
]

DEALING = "dealing"
OFFER = "offer"
OFFER_DEALER = "offer-dealer"
FORCED_DRAW = "forced-draw"
DRAW_PHASE = "draw"
DRAWING = "drawing"
DISCARD_PHASE = "discard"
WALL = "wall"
WALL_KNOCK = "wall-knock"
ARRANGE = "arrange"
OVER = "over"
PHASES = (DEALING, OFFER, OFFER_DEALER, FORCED_DRAW, DRAW_PHASE, DRAWING, DISCARD_PHASE, WALL, WALL_KNOCK, ARRANGE, OVER)
CHANCE_PHASES = (DEALING, DRAWING)
"""The phases whose next step is chance: a dealt card or the card drawn from the stock."""
