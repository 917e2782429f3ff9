"""Two-handed Pinochle, exactly as ``docs/rules/pinochle.md`` specifies.

Modules: :mod:`~.deck` (the 48 physical cards as bit indices), :mod:`~.rules`
(options and presets), :mod:`~.melds` (meld kinds and the history rules),
:mod:`~.tricks` (trick winner, stage-2 obligations), :mod:`~.actions`
(notation), :mod:`~.state` (the hand), :mod:`~.view`, :mod:`~.position`,
:mod:`~.scoring`, :mod:`~.game` (matches to 1000) and :mod:`~.solver` (the
exact stage-2 endgame solver: ``solve(state)`` or ``solve_hands(...)``).
"""

from .actions import PinochleAction
from .game import PinochleGame
from .rules import PinochleRules
from .state import PinochleState
from .view import PinochleView

__all__ = ["PinochleAction", "PinochleGame", "PinochleRules", "PinochleState", "PinochleView"]
