"""Duplicate scheduling: which agent sits where, for every deal, and the seeds that make it repeatable.

Every deal is one Match seed, played once per seating so that each agent
gets every seat's cards:

- 2 players: the seats swapped;
- 3 players (or 4 without partnerships): every cyclic rotation;
- partnerships (4 players, 2 sides): each agent plays a whole side, the sides swapped.

With more agents than a table takes, every combination of agents meets
(a round robin), each on the same deals.

>>> seatings(2, 2, lambda s: s)
[(0, 1), (1, 0)]
>>> seatings(3, 3, lambda s: s)
[(0, 1, 2), (1, 2, 0), (2, 0, 1)]
>>> seatings(4, 2, lambda s: s % 2)
[(0, 1, 0, 1), (1, 0, 1, 0)]
>>> table_groups(3, 2)
[(0, 1), (0, 2), (1, 2)]
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..errors import CardtableError

__all__ = ["Task", "agents_per_table", "derive_seed", "make_tasks", "seatings", "table_groups"]


def agents_per_table(num_players: int, num_sides: int) -> int:
    """How many distinct agents one table holds: one per side."""
    return num_sides


def seatings(num_players: int, num_sides: int, side_of: Callable[[int], int]) -> list[tuple[int, ...]]:
    """The duplicate seatings: for each, the (table-local) agent index in each seat.

    Agent ``i`` plays side ``i`` in the first seating; later seatings rotate
    the agents round the sides, so each agent plays every side once.
    """
    if num_players < 2 or num_sides < 2:
        raise CardtableError("a table needs at least two sides")
    sides = [side_of(seat) for seat in range(num_players)]
    if sorted(set(sides)) != list(range(num_sides)):
        raise CardtableError(f"side_of must map the seats onto 0..{num_sides - 1}, got {sides}")
    return [tuple((side + r) % num_sides for side in sides) for r in range(num_sides)]


def table_groups(num_agents: int, per_table: int) -> list[tuple[int, ...]]:
    """The sets of agents that meet: all of them, or every combination when there are more."""
    if num_agents < per_table:
        raise CardtableError(f"need at least {per_table} agents, got {num_agents}")
    return list(itertools.combinations(range(num_agents), per_table))


def derive_seed(*parts: int | str) -> int:
    """A stable 63-bit seed from the parts (the same on every machine and Python version)."""
    text = ":".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


@dataclass(frozen=True)
class Task:
    """One game (a match, or a single hand) of the arena."""

    index: int
    """Position in the schedule: deal-major, then group, then seating."""
    deal: int
    """The duplicate deal this game belongs to (0-based)."""
    group: int
    """Which set of agents meets, an index into :func:`table_groups`."""
    seating: int
    """Which seating of the group, an index into :func:`seatings`."""
    seats: tuple[int, ...]
    """The (global) agent index in each seat."""
    match_seed: int
    """The same for every game of the deal: the same shuffles."""
    agent_seeds: tuple[int, ...]
    """The seed of the agent in each seat."""


def make_tasks(
    seed: int,
    deals: int,
    num_agents: int,
    num_players: int,
    num_sides: int,
    side_of: Callable[[int], int],
    start_deal: int = 0,
) -> Iterator[Task]:
    """Every game of ``deals`` duplicate deals, deal by deal."""
    groups = table_groups(num_agents, agents_per_table(num_players, num_sides))
    local = seatings(num_players, num_sides, side_of)
    per_deal = len(groups) * len(local)
    for deal in range(start_deal, start_deal + deals):
        match_seed = derive_seed("arena-deal", seed, deal)
        k = 0
        for g, members in enumerate(groups):
            for r, seating in enumerate(local):
                seats = tuple(members[i] for i in seating)
                agent_seeds = tuple(derive_seed("arena-agent", seed, deal, g, r, s) for s in range(num_players))
                yield Task(deal * per_deal + k, deal, g, r, seats, match_seed, agent_seeds)
                k += 1
