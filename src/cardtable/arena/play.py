"""Playing one scheduled game; runs in worker processes (or Ray tasks), so everything here pickles."""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agent
from ..core import Game
from ..match import Match
from ..record import GameRecord
from ..registry import make_game
from .schedule import Task

__all__ = ["ArenaSpec", "GameOutcome", "play_task", "play_tasks"]

MAX_DECISIONS = 1_000_000


@dataclass(frozen=True)
class ArenaSpec:
    """What every game of one arena run shares."""

    game: str
    """The registered game name (:func:`cardtable.registry.make_game`)."""
    agents: tuple[str, ...]
    """Agent levels, by agent index."""
    labels: tuple[str, ...]
    """Distinct display names, by agent index."""
    preset: str = "standard"
    """The rules preset the game is made with."""
    options: tuple[tuple[str, Any], ...] = ()
    """Rule options as sorted ``(name, value)`` pairs (hashable, so the game can be cached)."""
    unit: str = "matches"
    """``"matches"`` (to the target score) or ``"hands"`` (single hands)."""
    records: bool = False
    """Whether each game returns its :class:`~cardtable.record.GameRecord` as a JSON line."""
    seed: int = 0
    """The run's seed (kept in each record's ``meta``; the tasks' seeds derive from it)."""

    def make_game(self) -> Game[Any, Any]:
        """The game with these rules (one instance per process is cached and reused)."""
        return _cached_game(self.game, self.preset, self.options)


@functools.lru_cache(maxsize=8)
def _cached_game(name: str, preset: str, options: tuple[tuple[str, Any], ...]) -> Game[Any, Any]:
    return make_game(name, preset=preset, **dict(options))


@dataclass(frozen=True)
class GameOutcome:
    """The result of one game: points per hand and side, and (for matches) the final result."""

    task: Task
    """The scheduled game this is the result of."""
    hand_points: tuple[tuple[int, ...], ...]
    """Points scored in each hand played, by side."""
    hand_winners: tuple[int | None, ...]
    """The winning side of each hand played (``None`` for a hand with no winner)."""
    final_totals: tuple[int, ...] | None
    """A match's final score by side (``None`` for single hands)."""
    winner: int | None
    """The winning side of a match (``None`` for single hands)."""
    decisions: int
    """Agent decisions made in the game, all seats together (chance moves not counted)."""
    record: str | None = None
    """The game as one JSON line (:meth:`GameRecord.dumps`), when records are asked for."""
    seconds: float = field(default=0.0, compare=False)
    """Wall-clock seconds the game took to play, in the worker that played it."""
    thinking: tuple[tuple[int, int, float, float], ...] = field(default=(), compare=False)
    """Per agent index at the table: ``(agent, decisions, seconds in total, slowest decision)``."""


def play_task(spec: ArenaSpec, task: Task) -> GameOutcome:
    """Play one game of the schedule. Agents get only their seat's view and the legal actions.

    An error is raised with a note naming the deal, the seats and the match seed, to reproduce it.
    """
    try:
        return _play(spec, task)
    except Exception as exc:
        seats = ", ".join(spec.labels[a] for a in task.seats)
        exc.add_note(f"arena: {spec.game} deal {task.deal} (match seed {task.match_seed}), seats: {seats}")
        raise


def _play(spec: ArenaSpec, task: Task) -> GameOutcome:
    start = time.perf_counter()
    game = spec.make_game()
    names = [spec.labels[a] for a in task.seats]
    agents = [make_agent(spec.game, spec.agents[a], seed=s) for a, s in zip(task.seats, task.agent_seeds)]
    match = Match(game, seed=task.match_seed, seat_names=names)
    decisions = 0
    clock: dict[int, list[float]] = {a: [0, 0.0, 0.0] for a in task.seats}
    while match.outcome is None and not (spec.unit == "hands" and match.results):
        state = match.state
        if state.is_chance_node():
            match.apply(state.sample_chance(match.rng))
            continue
        seat = state.current_player()
        view, legal = state.view(seat), state.legal_moves()
        t0 = time.perf_counter()
        action = agents[seat].act(view, legal)
        dt = time.perf_counter() - t0
        mine = clock[task.seats[seat]]
        mine[0] += 1
        mine[1] += dt
        mine[2] = max(mine[2], dt)
        match.apply(action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"deal {task.deal}: the game did not finish")
    results = match.results
    record_text = None
    if spec.records:
        rec = GameRecord.from_match(match)
        if spec.unit == "hands":
            rec.hands = rec.hands[: len(results)]
        rec.meta = {
            "arena": {
                "seed": spec.seed,
                "deal": task.deal,
                "group": task.group,
                "seating": task.seating,
                "unit": spec.unit,
                "preset": spec.preset,
                "agents": [spec.agents[a] for a in task.seats],
                "agent_seeds": list(task.agent_seeds),
            }
        }
        record_text = rec.dumps()
    outcome = match.outcome if spec.unit == "matches" else None
    return GameOutcome(
        task=task,
        hand_points=tuple(tuple(r.points) for r in results),
        hand_winners=tuple(r.winner for r in results),
        final_totals=tuple(outcome.final_totals) if outcome is not None else None,
        winner=outcome.winner if outcome is not None else None,
        decisions=decisions,
        record=record_text,
        seconds=time.perf_counter() - start,
        thinking=tuple((a, int(c[0]), c[1], c[2]) for a, c in sorted(clock.items())),
    )


def play_tasks(spec: ArenaSpec, tasks: list[Task]) -> list[GameOutcome]:
    """Several games in one call (one remote round trip)."""
    return [play_task(spec, t) for t in tasks]
