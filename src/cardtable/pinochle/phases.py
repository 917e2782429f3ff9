"""Names of the phases of a Pinochle hand (the ``phase`` field of states, views and positions)."""

from __future__ import annotations

__all__ = ["DEALING", "PLAY_PHASE", "EXCHANGE_PHASE", "MELD_PHASE", "DRAW_WINNER", "DRAW_LOSER", "OVER", "PHASES",
           "CHANCE_PHASES", "DIX_KEYS"]

DEALING = "deal"
"""Chance: the 24 dealt cards, then the turn-up."""
PLAY_PHASE = "play"
"""A lead or a follow."""
EXCHANGE_PHASE = "exchange"
"""The trick winner may exchange a dix for the trump card (7.1)."""
MELD_PHASE = "meld"
"""The trick winner may make one meld (6.1)."""
DRAW_WINNER = "draw-winner"
"""Chance: the trick winner draws from the stock."""
DRAW_LOSER = "draw-loser"
"""Chance: the trick loser draws from the stock."""
OVER = "over"
"""The hand is over."""
PHASES = (DEALING, PLAY_PHASE, EXCHANGE_PHASE, MELD_PHASE, DRAW_WINNER, DRAW_LOSER, OVER)
"""Every phase."""
CHANCE_PHASES = (DEALING, DRAW_WINNER, DRAW_LOSER)
"""The phases whose next step is chance."""
DIX_KEYS = ("dix-turnup", "dix-exchange", "dix-played")
"""Breakdown keys of dix points other than the shown meld ``dix``."""
