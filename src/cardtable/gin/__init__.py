"""Gin Rummy, exactly as ``docs/rules/gin_rummy.md`` specifies."""

from .actions import GinAction
from .game import GinGame
from .melds import deadwood, minimal_arrangements
from .rules import GinRules
from .showdown import Showdown
from .state import GinState
from .view import GinView

__all__ = ["GinAction", "GinGame", "GinRules", "GinState", "GinView", "Showdown", "deadwood", "minimal_arrangements"]
