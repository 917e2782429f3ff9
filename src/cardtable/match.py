"""Matches: hands played to the target score, with dealer rotation and a score sheet.

>>> from cardtable.agents import RandomAgent
>>> match = Match("gin", seed=3)
>>> outcome = match.play([RandomAgent(1), RandomAgent(2)])
>>> match.is_over() and max(match.totals) >= 100
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .core import TERMINAL, Game, GameState, HandResult, MatchOutcome
from .errors import IllegalActionError
from .registry import make_game

__all__ = ["Match", "HandEntry"]


@dataclass
class HandEntry:
    """One hand of a match: who dealt, every action (chance included) and the result."""

    dealer: int
    """The seat that dealt the hand."""
    actions: list[str] = field(default_factory=list)
    """Every action of the hand in notation, chance steps included."""
    result: HandResult | None = None
    """The hand's result once it is over."""
    totals_after: tuple[int, ...] = ()
    """The running totals per side after this hand (empty until it is over)."""


class Match:
    """A whole game to the target score. Chance steps use the match's own seeded generator.

    The first dealer is drawn from that generator too, unless ``first_dealer`` is given
    (records of unseeded matches use it to replay).
    """

    recorder: ClassVar[Callable[[Match], Any] | None] = None
    """What :meth:`record` calls: :mod:`cardtable.record` sets it to ``GameRecord.from_match`` when it is
    imported (importing :mod:`cardtable` does), so the dependency runs one way: record -> match."""

    def __init__(
        self,
        game: Game[Any, Any] | str,
        seed: int | None = None,
        seat_names: Sequence[str] | None = None,
        first_dealer: int | None = None,
        **rules_options: Any,
    ) -> None:
        self.game: Game[Any, Any] = make_game(game, **rules_options) if isinstance(game, str) else game
        """The game and its rules."""
        self.seed = seed
        """The seed of the match's generator (``None``: unseeded)."""
        self.rng = random.Random(seed)
        """The generator that draws the first dealer and every chance step."""
        n = self.game.num_players
        self.seat_names = list(seat_names) if seat_names is not None else [f"seat {i}" for i in range(n)]
        """One name per seat (``"seat 0"``... unless given)."""
        if len(self.seat_names) != n:
            raise ValueError(f"{self.game.name} needs {n} seat names")
        drawn = self.game.first_dealer(self.rng)
        if first_dealer is not None and not 0 <= first_dealer < n:
            raise ValueError(f"first_dealer must be a seat 0..{n - 1}")
        self.first_dealer = drawn if first_dealer is None else first_dealer
        """The seat that dealt the first hand."""
        self.hands: list[HandEntry] = [HandEntry(self.first_dealer)]
        """Every hand so far, the one in progress last."""
        self.totals = [0] * self.game.num_sides
        """Running points per side."""
        self.outcome: MatchOutcome | None = None
        """The match's result once it is over."""
        self.state: GameState[Any, Any, Any] = self.game.match_hand(self.first_dealer, self.totals)
        """The hand in progress (the last hand, once the match is over)."""

    # --- driving ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        """Whether a side has won the match."""
        return self.outcome is not None

    def current_player(self) -> int:
        """The seat to act in the current hand, :data:`~cardtable.core.CHANCE`, or
        :data:`~cardtable.core.TERMINAL` once the match is over."""
        return TERMINAL if self.outcome is not None else self.state.current_player()

    def apply(self, action: Any) -> Any:
        """Apply an action (or its notation) to the current hand; a finished hand is booked at once."""
        if self.outcome is not None:
            raise IllegalActionError.from_code("match.over", "terminal")
        act = self.state.apply(action)
        self.hands[-1].actions.append(str(act))
        if self.state.is_terminal():
            self._finish_hand()
        return act

    def resolve_chance(self) -> None:
        """Apply pending chance steps with the match generator."""
        while self.outcome is None and self.state.is_chance_node():
            self.apply(self.state.sample_chance(self.rng))

    def _finish_hand(self) -> None:
        result = self.game.hand_result(self.state)
        entry = self.hands[-1]
        entry.result = result
        for side, pts in enumerate(result.points):
            self.totals[side] += pts
        entry.totals_after = tuple(self.totals)
        self.outcome = self.game.match_outcome(self.totals, self.results)
        if self.outcome is None:
            dealer = self.game.next_dealer(entry.dealer, result)
            self.hands.append(HandEntry(dealer))
            self.state = self.game.match_hand(dealer, self.totals)

    @property
    def results(self) -> list[HandResult]:
        """The results of the finished hands, in order."""
        return [h.result for h in self.hands if h.result is not None]

    def play(self, agents: Sequence[Any], max_hands: int = 10_000) -> MatchOutcome:
        """Play to the end with one agent per seat (each sees only its view)."""
        if len(agents) != self.game.num_players:
            raise ValueError(f"need {self.game.num_players} agents")
        while self.outcome is None:
            if len(self.hands) > max_hands:
                raise RuntimeError("match did not finish")
            self.resolve_chance()
            if self.outcome is not None:
                break
            seat = self.state.current_player()
            view = self.state.view(seat)
            self.apply(agents[seat].act(view, self.state.legal_moves()))
        return self.outcome

    # --- reporting --------------------------------------------------------------------------
    def score_sheet(self) -> list[dict[str, Any]]:
        """One row per finished hand: number, dealer, points per side, running totals, summary."""
        rows = []
        for i, h in enumerate(self.hands):
            if h.result is None:
                continue
            rows.append({
                "hand": i + 1,
                "dealer": h.dealer,
                "points": list(h.result.points),
                "totals": list(h.totals_after),
                "void": h.result.void,
                "summary": h.result.summary,
            })
        return rows

    def format_score_sheet(self) -> str:
        """:meth:`score_sheet` as a text table: points and running totals per side, one line per hand,
        and the final line once the match is over."""
        names = self.side_names()
        lines = ["hand  " + "".join(f"{n[:12]:>14}" for n in names) + "  result"]
        for row in self.score_sheet():
            pts = "".join(f"{p:>6} ({t:>5})" for p, t in zip(row["points"], row["totals"]))
            lines.append(f"{row['hand']:>4}  {pts}  {row['summary']}")
        if self.outcome is not None:
            lines.append("final " + "".join(f"{t:>14}" for t in self.outcome.final_totals)
                         + f"  {names[self.outcome.winner]} wins by {self.outcome.margin}")
        return "\n".join(lines)

    def side_names(self) -> list[str]:
        """One name per scoring side: its seats' names joined by ``&``."""
        sides: list[list[str]] = [[] for _ in range(self.game.num_sides)]
        for seat, name in enumerate(self.seat_names):
            sides[self.game.side_of(seat)].append(name)
        return [" & ".join(s) for s in sides]

    def record(self) -> Any:
        """The match so far as a :class:`~cardtable.record.GameRecord` (rules, seed, seat names, every action)."""
        if Match.recorder is None:  # pragma: no cover - cardtable/__init__ imports cardtable.record
            raise RuntimeError("match records come from cardtable.record: import it first")
        return Match.recorder(self)
