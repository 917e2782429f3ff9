"""Gin Rummy rules config: every option of the spec's table, with its presets."""

from __future__ import annotations

from typing import Any, ClassVar

from ..errors import InvalidRulesError
from ..rules import MAX_BONUS, MAX_TARGET, RulesBase, option, rules_config

__all__ = ["GinRules"]


@rules_config
class GinRules(RulesBase):
    """Frozen Gin Rummy configuration (``gin_rummy.md`` section 12).

    Numbers are bounded: the target 1 to :data:`~cardtable.rules.MAX_TARGET`, every bonus 0 to
    :data:`~cardtable.rules.MAX_BONUS`, ``max_discard_draws`` 1 to 1000, ``knock_limit`` 0 to 10.

    >>> GinRules.preset("openspiel").stock_end
    'wall'
    >>> GinRules.presets()
    ('standard', 'modern', 'classic', 'oklahoma', 'openspiel')
    """

    target_score: int = option(100, min=1, max=MAX_TARGET, doc="Running points that end the game.")
    knock_limit: int = option(10, min=0, max=10, doc="Maximum deadwood for a knock.")
    gin_bonus: int = option(25, min=0, max=MAX_BONUS, doc="Bonus for gin.")
    big_gin_bonus: int | None = option(31, min=0, max=MAX_BONUS, nullable=True, doc="Bonus for big gin; None: no big gin.")
    undercut_bonus: int = option(25, min=0, max=MAX_BONUS, doc="Bonus for an undercut.")
    undercut_on_tie: bool = option(True, doc="D = K is an undercut (else it scores nothing).")
    discard_taken_card: bool = option(False, doc="The card taken from the discard pile may be discarded.")
    offer_take_returns: bool = option(
        False, doc="A first-upcard take and return counts toward the repeated-upcard void (OpenSpiel; 4.6.3 says no)."
    )
    knocker_melds: str = option(
        "minimal", choices=("minimal", "within-limit"),
        doc="The knocker shows a minimal arrangement (5.1), or any melds leaving deadwood within the limit (OpenSpiel).",
    )
    knock_check: str = option(
        "exact", choices=("exact", "openspiel"),
        doc="A knock is offered when some discard allows it (4.3.2), or by OpenSpiel's quick 11-card deadwood figure.",
    )
    stock_end: str = option("standard", choices=("standard", "wall"), doc="What happens at a 2-card stock.")
    max_discard_draws: int = option(100, min=1, max=1000, doc="Upcard takes in normal turns that void the hand.",
                                    label="the number of upcard takes that voids a hand")
    oklahoma: bool = option(False, doc="Knock limit from the first upcard; spade upcard doubles.")
    game_bonus: int = option(0, min=0, max=MAX_BONUS, doc="Bonus to the player who reached the target.")
    box_bonus: int = option(0, min=0, max=MAX_BONUS, doc="Bonus per hand won, at game end.")
    shutout: str = option("none", choices=("none", "double", "flat"), doc="Effect of a shutout.")
    shutout_bonus: int = option(100, min=0, max=MAX_BONUS, doc="Extra points for a shutout with shutout='flat'.")

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "modern": {"game_bonus": 100, "box_bonus": 25, "shutout": "double"},
        "classic": {
            "gin_bonus": 20,
            "big_gin_bonus": None,
            "undercut_bonus": 10,
            "undercut_on_tie": True,
            "game_bonus": 100,
            "box_bonus": 20,
            "shutout": "flat",
            "shutout_bonus": 100,
        },
        "oklahoma": {"oklahoma": True},
        "openspiel": {
            "gin_bonus": 25,
            "big_gin_bonus": None,
            "undercut_bonus": 25,
            "undercut_on_tie": False,
            "discard_taken_card": True,
            "stock_end": "wall",
            "max_discard_draws": 50,
            "offer_take_returns": True,
            "knocker_melds": "within-limit",
            "knock_check": "openspiel",
        },
    }

    def validate(self) -> None:
        # Every combination of the table is valid (gin_rummy.md 4.6.4); only types and ranges matter.
        if self.big_gin_bonus is not None and self.big_gin_bonus < 0:
            raise InvalidRulesError.from_code("gin.rules.big_gin_bonus")
