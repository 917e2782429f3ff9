"""The Gin Rummy game descriptor: new hands, positions, hand results and match scoring."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Game, HandResult, MatchOutcome, parse_fields
from ..errors import IllegalActionError
from .position import POSITION_FIELDS
from .rules import GinRules
from .state import GinState

__all__ = ["GinGame"]


class GinGame(Game[GinRules, GinState]):
    """Gin Rummy with fixed rules.

    >>> import random
    >>> game = GinGame(GinRules.preset("standard"))
    >>> state = game.new_hand(dealer=0)
    >>> _ = state.resolve_chance(random.Random(1))
    >>> [str(a) for a in state.legal_actions()]
    ['take', 'pass']
    """

    name = "gin"
    rules_class = GinRules

    def __init__(self, rules: GinRules | None = None) -> None:
        self.rules = rules if rules is not None else GinRules()

    def new_hand(self, dealer: int = 0) -> GinState:
        return GinState(self.rules, dealer)

    def from_position(self, text: str | dict[str, str]) -> GinState:
        return GinState.from_fields(self.rules, parse_fields(text, POSITION_FIELDS))

    def hand_result(self, state: GinState) -> HandResult:
        if not state.is_terminal() or state.showdown is None:
            raise IllegalActionError.from_code("hand.not_over", "terminal")
        sd = state.showdown
        return HandResult(
            points=sd.points,
            void=sd.outcome == "void",
            winner=sd.winner,
            summary=sd.void_reason if sd.outcome == "void" else sd.result,
            details={"outcome": sd.outcome, "result": sd.result, "knocker": sd.knocker,
                     "knocker_deadwood": sd.knocker_deadwood, "defender_deadwood": sd.defender_deadwood,
                     "doubled": sd.doubled},
        )

    def next_dealer(self, dealer: int, result: HandResult) -> int:
        """The other player deals after a completed hand; the same dealer after a void hand (section 8)."""
        return dealer if result.void else 1 - dealer

    def match_outcome(self, totals: Sequence[int], results: Sequence[HandResult]) -> MatchOutcome | None:
        """Section 7: the game ends when a player reaches the target; bonuses are then added."""
        rules = self.rules
        reached = [i for i in (0, 1) if totals[i] >= rules.target_score]
        if not reached:
            return None
        first = reached[0]
        won = [sum(1 for r in results if r.winner == i) for i in (0, 1)]
        final = [totals[i] + won[i] * rules.box_bonus for i in (0, 1)]
        final[first] += rules.game_bonus
        loser = 1 - first
        shutout = won[loser] == 0 and totals[loser] == 0
        if shutout and rules.shutout == "double":
            final[first] *= 2
        elif shutout and rules.shutout == "flat":
            final[first] += rules.shutout_bonus
        if final[0] != final[1]:
            winner = 0 if final[0] > final[1] else 1
        else:
            winner = first
        return MatchOutcome(
            winner=winner,
            final_totals=(final[0], final[1]),
            margin=abs(final[0] - final[1]),
            details={"hands_won": won, "shutout": shutout, "reached_target": first},
        )
