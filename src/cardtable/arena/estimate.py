"""How long an arena run will take, told before it starts (and a quicker default when it would be long).

The figures are measured by ``benchmarks/arena_costs.py`` (hands per match,
decisions per hand, seconds per decision of each level against itself) on a
loaded 2-core machine; the estimate scales them by the games the run plays
and the worker processes sharing them.

>>> e = estimate_run("gin", ["hard", "medium"], deals=10, unit="matches", workers=2)
>>> e.games, 240 < e.seconds < 600
(20, True)
>>> format_duration(0.4), format_duration(75), format_duration(4000)
('under a second', 'about 1 min 15 s', 'about 1 h 6 min')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..agents import parse_agent_spec
from ..registry import make_game
from .schedule import agents_per_table, seatings, table_groups

__all__ = ["LEVEL_COSTS", "RunEstimate", "estimate_run", "format_duration", "quicker_deals", "LONG_RUN"]

LEVEL_COSTS: dict[tuple[str, str], tuple[float, float, float]] = {
    # (game, level): (hands per match, decisions per hand for all seats, seconds per decision);
    # hard's matches are shaped like medium's (0.0 = take medium's); "random" measured under 0.01 ms.
    # benchmarks/arena_costs.py, 2026-12-01, the worse of two runs.
    ("casino", "random"): (3.7, 48.0, 0.00001),
    ("casino", "easy"): (3.2, 48.0, 0.00002),
    ("casino", "medium"): (3.7, 48.0, 0.00018),
    ("casino", "hard"): (0.0, 0.0, 0.609),
    ("gin", "random"): (91.0, 118.3, 0.00001),
    ("gin", "easy"): (12.0, 28.1, 0.00014),
    ("gin", "simple"): (11.5, 26.1, 0.00004),
    ("gin", "medium"): (8.5, 24.1, 0.0082),
    ("gin", "hard"): (0.0, 0.0, 0.361),
    ("pinochle", "random"): (5.7, 54.9, 0.00001),
    ("pinochle", "easy"): (4.5, 53.4, 0.00003),
    ("pinochle", "medium"): (3.8, 55.3, 0.0059),
    ("pinochle", "hard"): (0.0, 0.0, 0.640),
}
"""Measured cost per ``(game, level)``: ``(hands per match, decisions per hand for all seats, seconds per decision)``.

A level missing here costs as ``medium``; hands and decisions of ``0.0`` take medium's figures.
"""

HARD_BUDGET = 0.8
"""The default ``time_budget`` of the hard players, in seconds (their decision time scales with it)."""

LONG_RUN = 300.0
"""Seconds: a run expected to be longer than this, with no ``--deals`` given, plays fewer deals."""


@dataclass(frozen=True)
class RunEstimate:
    """The games a run plays and about how long they take."""

    games: int
    """Games the run plays (matches, or single hands with ``unit="hands"``)."""
    decisions: float
    """Expected decisions over all games and seats."""
    seconds: float
    """Expected wall-clock seconds, shared out over the worker processes."""
    slowest: tuple[str, float]
    """The slowest level and its seconds per decision."""


def _level_cost(game: str, spec: str) -> tuple[float, float, float]:
    level, options = parse_agent_spec(spec)
    medium = LEVEL_COSTS.get((game, "medium"), (5.0, 50.0, 0.005))
    hands, decisions, seconds = LEVEL_COSTS.get((game, level), medium)
    if not hands:
        hands, decisions = medium[0], medium[1]
    budget = options.get("time_budget")
    if isinstance(budget, (int, float)) and level == "hard":
        seconds *= max(float(budget), 0.0) / HARD_BUDGET
    return hands, decisions, seconds


def estimate_run(game: str, agents: Sequence[str], deals: int, unit: str = "matches", players: int | None = None,
                 options: dict[str, Any] | None = None, preset: str = "standard", workers: int = 1) -> RunEstimate:
    """The expected size and duration of ``cardtable arena`` with these arguments (before any game is played)."""
    opts = dict(options or {})
    if players is not None:
        opts["num_players"] = players
    g = make_game(game, preset=preset, **opts)
    levels = list(agents) or ["random"]
    if len(levels) == 1:
        levels = levels * agents_per_table(g.num_players, g.num_sides)
    per_deal = len(table_groups(len(levels), agents_per_table(g.num_players, g.num_sides))) \
        * len(seatings(g.num_players, g.num_sides, g.side_of))
    games = deals * per_deal
    costs = [_level_cost(game, spec) for spec in levels]
    hands = 1.0 if unit == "hands" else sum(c[0] for c in costs) / len(costs)
    per_hand = sum(c[1] for c in costs) / len(costs)  # Casino plays its 48 dealt cards with 2, 3 or 4 players
    per_decision = sum(c[2] for c in costs) / len(costs)  # every level sits at the table equally often
    decisions = games * hands * per_hand
    parallel = max(1, min(workers, games))
    slowest = max(zip(levels, (c[2] for c in costs)), key=lambda x: x[1])
    return RunEstimate(games, decisions, decisions * per_decision / parallel, slowest)


def quicker_deals(estimate: RunEstimate, deals: int, limit: float = LONG_RUN, floor: int = 10) -> int:
    """How many deals fit in about ``limit`` seconds (never fewer than ``floor``, never more than ``deals``)."""
    if estimate.seconds <= limit or deals <= floor:
        return deals
    return max(floor, min(deals, math.floor(deals * limit / estimate.seconds)))


def format_duration(seconds: float) -> str:
    """``under a second``, ``about 40 s``, ``about 7 min 20 s``, ``about 1 h 5 min``."""
    from ..i18n import _

    if seconds < 1:
        return _("under a second")
    s = round(seconds)
    if s < 60:
        return _("about %(s)s s") % {"s": s}
    if s < 3600:
        m, rest = divmod(s, 60)
        if rest and m < 10:
            return _("about %(min)s min %(s)s s") % {"min": m, "s": rest}
        return _("about %(min)s min") % {"min": m}
    h, rest = divmod(s, 3600)
    if rest // 60:
        return _("about %(h)s h %(min)s min") % {"h": h, "min": rest // 60}
    return _("about %(h)s h") % {"h": h}
