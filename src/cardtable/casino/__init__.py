"""Casino for 2, 3 and 4 players, exactly as ``docs/rules/casino.md`` specifies.

Moves are written card first (full grammar in :mod:`cardtable.casino.actions`):

=============================  ==================================================
``KS trail``                   trail (also ``trail KS``)
``QD x QS``                    court card pairs one court card
``8S x 8D 5D+3C``              capture groups 8D and 5D+3C
``9C x 5D+4C [9]``             capture a loose group plus the 9-build
``3D b8 5C``                   build 8 from 3D and the loose 5C
``2S b9 [7] 9D``               raise the 7-build to 9, absorbing 9D
``8H b8 [8]``                  add 8H to the 8-build
``deal 7H`` / ``deal 7H last``  chance: dealt cards; "last" marks the final deal
=============================  ==================================================

Builds are referred to as ``[value]``, or ``[value:cards]`` when
``allow_duplicate_value_builds`` lets several share a value. Grouping
inside a move is cosmetic and ignored when reading.

Positions (:mod:`cardtable.casino.position`) are ``key: value`` lines (or
``;``-separated, or a JSON object); builds show kind, value, ``@controller``
and groups. Example C-09 of the rules:

>>> state = CasinoGame().from_position('''
...     dealer: 1
...     turn: 0
...     hand0: 9C 2H
...     hand1: 7S 7D
...     table: 5D 4C [single 9 @0: 6S+3H]
... ''')
>>> [str(a) for a in state.legal_actions()]
['9C x [9]', '9C x 5D+4C [9]']
>>> state.apply("2H trail")
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: 2H trail: you control the 9-build and may not trail [controller rule 7.4.1]
"""

from .actions import CasinoAction
from .builds import Build
from .game import CasinoGame
from .rules import CasinoRules
from .state import CasinoState
from .view import CasinoView

__all__ = ["Build", "CasinoAction", "CasinoGame", "CasinoRules", "CasinoState", "CasinoView"]
