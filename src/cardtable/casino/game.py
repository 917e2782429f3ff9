"""The Casino game descriptor: seats and sides, new hands, positions, hand results and the match to 21."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import mask_to_cards
from ..core import Game, HandResult, MatchOutcome, parse_fields
from ..errors import IllegalActionError
from .position import POSITION_FIELDS
from .rules import CasinoRules
from .state import CasinoState

__all__ = ["CasinoGame"]


class CasinoGame(Game[CasinoRules, CasinoState]):
    """Casino with fixed rules, for 2, 3 or 4 players.

    >>> import random
    >>> game = CasinoGame(CasinoRules(num_players=4))
    >>> game.num_sides, [game.side_of(s) for s in range(4)]
    (2, [0, 1, 0, 1])
    >>> state = game.new_hand(dealer=3)
    >>> _ = state.resolve_chance(random.Random(1))
    >>> state.current_player(), len(state.table), [len(state.hand(s)) for s in range(4)]
    (0, 4, [4, 4, 4, 4])
    """

    name = "casino"
    rules_class = CasinoRules

    def __init__(self, rules: CasinoRules | None = None) -> None:
        self.rules = rules if rules is not None else CasinoRules()

    @property
    def num_players(self) -> int:
        return self.rules.num_players

    @property
    def num_sides(self) -> int:
        return self.rules.num_sides

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def new_hand(self, dealer: int = 0) -> CasinoState:
        return CasinoState(self.rules, dealer)

    def from_position(self, text: str | dict[str, str]) -> CasinoState:
        return CasinoState.from_fields(self.rules, parse_fields(text, POSITION_FIELDS))

    def hand_result(self, state: CasinoState) -> HandResult:
        """Points per side, with the breakdown (cards, spades, casinos, aces, sweeps) in ``details``."""
        if not state.is_terminal() or state.scores is None:
            raise IllegalActionError.from_code("hand.not_over", "terminal")
        sides = state.breakdown()
        points = tuple(state.points)
        top = max(points)
        winner = points.index(top) if points.count(top) == 1 else None
        summary = "; ".join(
            f"side {i}: {s['total']} ({s['cards']} cards, {s['spades']} spades, {s['sweeps']} sweeps)"
            for i, s in enumerate(sides)
        )
        residue_side = self.side_of(state.last_capturer if state.last_capturer is not None else state.dealer)
        return HandResult(
            points=points,
            winner=winner,
            summary=summary,
            details={
                "sides": sides,
                "side_of_seat": [self.side_of(seat) for seat in range(self.num_players)],
                "residue": [str(c) for c in mask_to_cards(state.residue)],
                "residue_side": residue_side,
            },
        )

    def next_dealer(self, dealer: int, result: HandResult) -> int:
        """The deal passes to the left (5.1)."""
        return (dealer + 1) % self.num_players

    def match_outcome(self, totals: Sequence[int], results: Sequence[HandResult]) -> MatchOutcome | None:
        """Section 10: a side wins alone with the highest total at or above the target; a shared top means another hand."""
        top = max(totals)
        if top < self.rules.target_score or list(totals).count(top) > 1:
            return None
        winner = list(totals).index(top)
        second = max((t for i, t in enumerate(totals) if i != winner), default=0)
        return MatchOutcome(
            winner=winner,
            final_totals=tuple(totals),
            margin=top - second,
            details={"hands": len(results)},
        )

