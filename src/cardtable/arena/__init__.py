"""The arena: duplicate deals between computer players, with confidence intervals and records.

Game-agnostic: any game in :mod:`cardtable.registry` with any agent levels of
:func:`cardtable.agents.make_agent`. Runs in this process, on a local
process pool (the default, every core) or on Ray (optional extra ``ray``);
the results are the same for the same seed whatever runs them.
"""

from .play import ArenaSpec, GameOutcome, play_task
from .report import AgentStats, ArenaReport, PairStats, SequentialStatus
from .runner import run_arena
from .schedule import Task, make_tasks, seatings, table_groups

__all__ = [
    "AgentStats",
    "ArenaReport",
    "ArenaSpec",
    "GameOutcome",
    "PairStats",
    "SequentialStatus",
    "Task",
    "make_tasks",
    "play_task",
    "run_arena",
    "seatings",
    "table_groups",
]
