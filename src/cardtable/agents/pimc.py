"""Shared machinery of the ``hard`` players: paired sampling over hidden worlds, a process pool,
and cautious scores (mean paired advantage less ``confidence`` standard errors)."""

from __future__ import annotations

import atexit
import math
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

__all__ = ["pool", "paired_search", "merge", "spread", "cautious_scores"]

A = TypeVar("A")
W = TypeVar("W")

SearchResult = tuple[list[float], list[float], int]

_POOLS: dict[int, ProcessPoolExecutor] = {}


def pool(workers: int) -> ProcessPoolExecutor:
    """One process pool per size, shut down at exit."""
    found = _POOLS.get(workers)
    if found is None:
        found = ProcessPoolExecutor(workers)
        _POOLS[workers] = found
        atexit.register(found.shutdown, wait=False, cancel_futures=True)
    return found


def paired_search(
    candidates: Sequence[A],
    next_world: Callable[[], W],
    value: Callable[[W, A], float],
    budget: float | None,
    max_worlds: int | None,
    min_worlds: int = 2,
    default_worlds: int = 64,
) -> SearchResult:
    """Value every candidate in the same worlds drawn by ``next_world``.

    Returns per candidate the sum of values, the sum of squared paired differences
    against candidate 0, and the number of worlds. Stops after ``max_worlds`` worlds;
    or, with a ``budget`` in seconds, before a world that would likely end past it
    (one as long as the last one), once ``min_worlds`` were played; or after
    ``default_worlds`` when neither bound is given.
    """
    totals = [0.0] * len(candidates)
    squares = [0.0] * len(candidates)
    last = time.perf_counter()
    deadline = None if budget is None else last + budget
    n = 0
    while True:
        world = next_world()
        base = 0.0
        for i, a in enumerate(candidates):
            v = value(world, a)
            if i == 0:
                base = v
            totals[i] += v
            squares[i] += (v - base) ** 2
        n += 1
        if max_worlds is not None and n >= max_worlds:
            break
        if deadline is not None:
            now = time.perf_counter()
            if n >= min_worlds and 2 * now - last >= deadline:
                break
            last = now
        elif max_worlds is None and n >= default_worlds:
            break
    return totals, squares, n


def merge(parts: Iterable[SearchResult], size: int) -> SearchResult:
    """Add up the results of searches over disjoint worlds (one per worker)."""
    totals = [0.0] * size
    squares = [0.0] * size
    n = 0
    for t, q, k in parts:
        totals = [a + b for a, b in zip(totals, t)]
        squares = [a + b for a, b in zip(squares, q)]
        n += k
    return totals, squares, n


def spread(
    search: Callable[..., SearchResult],
    head: tuple[object, ...],
    seed: int,
    budget: float | None,
    max_worlds: int | None,
    tail: tuple[object, ...],
    workers: int,
    size: int,
) -> SearchResult:
    """Run ``search(*head, seed, budget, max_worlds, *tail)`` in-process, or with ``workers`` > 1 split
    it over the process pool (each worker its own seed and share of ``max_worlds``) and merge."""
    if workers <= 1:
        return search(*head, seed, budget, max_worlds, *tail)
    share = None if max_worlds is None else -(-max_worlds // workers)
    futures = [
        pool(workers).submit(search, *head, seed + 7919 * w, budget, share, *tail) for w in range(workers)
    ]
    return merge((f.result() for f in futures), size)


def cautious_scores(
    candidates: Sequence[A], result: SearchResult, confidence: float
) -> list[tuple[A, float]]:
    """Candidate 0 at its mean; every other at the mean plus its paired advantage less
    ``confidence`` standard errors of that advantage (unsorted)."""
    totals, squares, n = result
    base = totals[0] / n
    scored: list[tuple[A, float]] = [(candidates[0], base)]
    for i in range(1, len(candidates)):
        diff = (totals[i] - totals[0]) / n
        var = max(0.0, squares[i] / n - diff * diff)
        se = math.sqrt(var / max(1, n - 1))
        scored.append((candidates[i], base + diff - confidence * se))
    return scored
