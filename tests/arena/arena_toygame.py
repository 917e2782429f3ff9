"""A tiny 2-4 player game with optional partnerships, to test the arena without unfinished engines.

Each seat is dealt two cards from 1..12 (explicit chance steps), then each
plays one, starting left of the dealer; the side with the highest card scores
a point. First side to the target wins the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core import CHANCE, TERMINAL, Game, GameState, HandResult, MatchOutcome
from cardtable.errors import InvalidPositionError
from cardtable.rules import RulesBase, option, rules_config

CARDS = tuple(range(1, 13))


@rules_config
class ToyRules(RulesBase):
    num_players: int = option(2, choices=(2, 3, 4))
    partnerships: bool = option(True)
    target: int = option(3, min=1)


class ToyState(GameState[ToyRules, str, dict[str, Any]]):
    game_name = "toy"

    def __init__(self, rules: ToyRules, dealer: int, sides: int, side_of: Any) -> None:
        self.rules = rules
        self.num_players = rules.num_players
        self.history = []
        self.dealer = dealer
        self.sides = sides
        self.side_of = side_of
        self.hands: list[list[int]] = [[] for _ in range(self.num_players)]
        self.played: list[int | None] = [None] * self.num_players
        self.dealt = 0

    def _seat_to_act(self) -> int:
        return (self.dealer + 1 + sum(p is not None for p in self.played)) % self.num_players

    def current_player(self) -> int:
        if self.dealt < 2 * self.num_players:
            return CHANCE
        if all(p is not None for p in self.played):
            return TERMINAL
        return self._seat_to_act()

    def legal_actions(self) -> list[str]:
        p = self.current_player()
        if p == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if p == TERMINAL:
            return []
        return [f"play {c}" for c in sorted(self.hands[p])]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.current_player() != CHANCE:
            return []
        used = {c for h in self.hands for c in h}
        rest = [c for c in CARDS if c not in used]
        return [(f"deal {c}", 1 / len(rest)) for c in rest]

    def _apply_unchecked(self, action: str) -> None:
        kind, value = action.split()
        card = int(value)
        if kind == "deal":
            self.hands[self.dealt % self.num_players].append(card)
            self.dealt += 1
        else:
            seat = self._seat_to_act()
            self.hands[seat].remove(card)
            self.played[seat] = card

    def returns(self) -> list[int]:
        if not self.is_terminal():
            return [0] * self.num_players
        best = max(range(self.num_players), key=lambda s: self.played[s] or 0)
        return [1 if self.side_of(s) == self.side_of(best) else 0 for s in range(self.num_players)]

    def clone(self) -> ToyState:
        other = ToyState(self.rules, self.dealer, self.sides, self.side_of)
        other.history = list(self.history)
        other.hands = [list(h) for h in self.hands]
        other.played = list(self.played)
        other.dealt = self.dealt
        return other

    def view(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "hand": tuple(sorted(self.hands[seat])), "played": tuple(self.played)}

    def to_fields(self) -> dict[str, str]:
        return {"dealer": str(self.dealer)}


class ToyGame(Game[ToyRules, ToyState]):
    name = "toy"
    rules_class = ToyRules

    def __init__(self, rules: ToyRules | None = None) -> None:
        self.rules = rules if rules is not None else ToyRules()

    @property
    def num_players(self) -> int:
        return self.rules.num_players

    @property
    def num_sides(self) -> int:
        return 2 if self.rules.num_players == 4 and self.rules.partnerships else self.rules.num_players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.num_sides == 2 and self.num_players == 4 else seat

    def new_hand(self, dealer: int = 0) -> ToyState:
        return ToyState(self.rules, dealer, self.num_sides, self.side_of)

    def from_position(self, text: str | dict[str, str]) -> ToyState:
        raise InvalidPositionError("toy positions are not supported")

    def hand_result(self, state: ToyState) -> HandResult:
        per_seat = state.returns()
        points = [0] * self.num_sides
        for seat, p in enumerate(per_seat):
            points[self.side_of(seat)] = max(points[self.side_of(seat)], p)
        winner = points.index(1)
        return HandResult(points=tuple(points), winner=winner, summary="high card")

    def match_outcome(self, totals: Sequence[int], results: Sequence[HandResult]) -> MatchOutcome | None:
        if max(totals) < self.rules.target:
            return None
        winner = list(totals).index(max(totals))
        ordered = sorted(totals, reverse=True)
        return MatchOutcome(winner=winner, final_totals=tuple(totals), margin=ordered[0] - ordered[1])


class HighCardAgent:
    """Plays its highest card: beats random in every seat."""

    name = "high"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: dict[str, Any], legal_actions: Sequence[str]) -> str:
        return max(legal_actions, key=lambda a: int(a.split()[1]))
