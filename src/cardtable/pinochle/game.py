"""The Pinochle game descriptor: new hands, positions, hand results and the game to 1000."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Game, HandResult, MatchOutcome, parse_fields
from ..errors import IllegalActionError
from .phases import DIX_KEYS
from .position import POSITION_FIELDS
from .rules import PinochleRules
from .state import PinochleState

__all__ = ["PinochleGame"]


class PinochleGame(Game[PinochleRules, PinochleState]):
    """Two-handed Pinochle with fixed rules.

    >>> import random
    >>> state = PinochleGame().new_hand(dealer=0)
    >>> _ = state.resolve_chance(random.Random(1))
    >>> state.current_player(), len(state.legal_actions())
    (1, 12)
    """

    name = "pinochle"
    rules_class = PinochleRules

    def __init__(self, rules: PinochleRules | None = None) -> None:
        self.rules = rules if rules is not None else PinochleRules()

    def new_hand(self, dealer: int = 0) -> PinochleState:
        return PinochleState(self.rules, dealer)

    def match_hand(self, dealer: int, totals: Sequence[int]) -> PinochleState:
        """A hand that knows the game totals before it (both players see them; declaring out uses them)."""
        return PinochleState(self.rules, dealer, (totals[0], totals[1]))

    def from_position(self, text: str | dict[str, str]) -> PinochleState:
        return PinochleState.from_fields(self.rules, parse_fields(text, POSITION_FIELDS))

    def hand_result(self, state: PinochleState) -> HandResult:
        """Points per seat, with the breakdown: meld by kind, dix events, counters, last trick."""
        if not state.is_terminal():
            raise IllegalActionError.from_code("hand.not_over", "terminal")
        meld = [{k: v for k, v in b.items() if k not in DIX_KEYS} for b in state.breakdown]
        dix = [{k: v for k, v in b.items() if k in DIX_KEYS} for b in state.breakdown]
        p0, p1 = state.points
        declared = state.declarer if state.declarer >= 0 else None
        if declared is not None:
            summary = f"seat {declared} declared out"
        else:
            summary = f"{p0} to {p1}"
        return HandResult(
            points=(p0, p1),
            winner=None if p0 == p1 else (0 if p0 > p1 else 1),
            summary=summary,
            details={
                "meld": meld,
                "dix": dix,
                "meld_points": [state.meld_points(0), state.meld_points(1)],
                "counters": [state.card_points_of(0), state.card_points_of(1)],
                "last_trick": state.last_winner if declared is None else None,
                "card_points": list(state.counters),
                "declared": declared,
            },
        )

    def match_outcome(self, totals: Sequence[int], results: Sequence[HandResult]) -> MatchOutcome | None:
        """Section 10: the end-of-hand test (ties at or above the target play on) and declaring out."""
        target = self.rules.target_score
        final = (totals[0], totals[1])
        declared = results[-1].details.get("declared") if results else None
        if declared is not None:
            winner = declared if totals[declared] >= target else 1 - declared
            return MatchOutcome(winner, final, abs(final[0] - final[1]),
                                {"declared": declared, "claim": totals[declared], "hands": len(results)})
        reached = [i for i in (0, 1) if totals[i] >= target]
        if not reached or (len(reached) == 2 and totals[0] == totals[1]):
            return None
        winner = reached[0] if len(reached) == 1 else (0 if totals[0] > totals[1] else 1)
        return MatchOutcome(winner, final, abs(final[0] - final[1]), {"hands": len(results)})
