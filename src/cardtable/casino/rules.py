"""Casino rules config: every option of ``casino.md`` section 14, with its presets."""

from __future__ import annotations

from typing import Any, ClassVar

from ..errors import InvalidRulesError
from ..rules import MAX_BONUS, MAX_TARGET, RulesBase, option, rules_config

__all__ = ["CasinoRules", "DEALS_PER_HAND"]

DEALS_PER_HAND = {2: 6, 3: 4, 4: 3}
"""Deals per hand by number of players (section 5.5)."""


@rules_config
class CasinoRules(RulesBase):
    """Frozen Casino configuration (``casino.md`` section 14).

    Numbers are bounded: the target 1 to :data:`~cardtable.rules.MAX_TARGET`, sweep points 0 to
    :data:`~cardtable.rules.MAX_BONUS`.

    >>> CasinoRules.preset("classic").sweep_points
    0
    >>> CasinoRules(num_players=4).num_sides
    2
    >>> CasinoRules(build_for_partner=True)
    Traceback (most recent call last):
    ...
    cardtable.errors.InvalidRulesError: CasinoRules.build_for_partner needs num_players=4 and partnerships=True
    """

    num_players: int = option(2, choices=(2, 3, 4), label="the number of players", doc="Number of players (deals per hand 6, 4 or 3).")
    partnerships: bool = option(True, doc="With 4 players: seats 0+2 against 1+3 (ignored with 2 or 3).")
    target_score: int = option(21, min=1, max=MAX_TARGET, doc="Game target (section 10).")
    sweep_points: int = option(1, min=0, max=MAX_BONUS, doc="Points per sweep; 0 records sweeps without scoring them.")
    court_capture: str = option("one", choices=("one", "all"), doc="A court card takes one or all matching court cards.")
    permissive_builds: bool = option(False, doc="Loose cards may join the played card in a raise (7.3.8).")
    allow_duplicate_value_builds: bool = option(False, doc="Several builds of one value may coexist (7.3.5).")
    raise_own_build: bool = option(True, doc="A player may raise a single build they control (7.3.8).")
    build_for_partner: bool = option(False, doc="Add to a partner's build without holding its value (7.3.8).")

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "classic": {"sweep_points": 0},
    }

    def validate(self) -> None:
        if self.build_for_partner and not self.partnership_game:
            raise InvalidRulesError.from_code("casino.rules.build_for_partner")

    @property
    def partnership_game(self) -> bool:
        """True when 4 players play as two partnerships."""
        return self.num_players == 4 and self.partnerships

    @property
    def num_sides(self) -> int:
        """Scoring sides: 2 in a partnership game, else one per player."""
        return 2 if self.partnership_game else self.num_players

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for (partners sit opposite: seats 0 and 2, 1 and 3)."""
        return seat % 2 if self.partnership_game else seat

    @property
    def num_deals(self) -> int:
        """How many deals empty the pack for this number of players."""
        return DEALS_PER_HAND[self.num_players]
