"""Two-handed Pinochle, exactly as ``shared/rules/pinochle.md`` specifies."""

from .actions import PinochleAction
from .game import PinochleGame
from .rules import PinochleRules
from .state import PinochleState
from .view import PinochleView

__all__ = ["PinochleAction", "PinochleGame", "PinochleRules", "PinochleState", "PinochleView"]
