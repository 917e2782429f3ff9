"""Gin Rummy, exactly as ``docs/rules/gin_rummy.md`` specifies."""

from .actions import GinAction
from .game import GinGame
from .melds import deadwood, minimal_arrangements
from .rules import GinRules
from .state import GinState, GinView, Showdown

__all__ = ["GinAction", "GinGame", "GinRules", "GinState", "GinView", "Showdown", "deadwood", "minimal_arrangements"]
