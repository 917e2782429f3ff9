"""Where the games run: in this process, on a local process pool, or on a Ray cluster.

Each backend takes the tasks lazily, keeps a bounded number in flight and
yields outcomes as they finish (in any order: the arena sorts them by
task index). Closing the generator stops it and drops the rest, which is
how a sequential test ends a run early.
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import os
from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import CardtableError
from .play import ArenaSpec, GameOutcome, play_task
from .schedule import Task

__all__ = ["default_workers", "run_local", "run_pool", "run_ray", "run_tasks"]


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def run_local(spec: ArenaSpec, tasks: Iterable[Task]) -> Iterator[GameOutcome]:
    """One game after another in this process."""
    for task in tasks:
        yield play_task(spec, task)


def run_pool(spec: ArenaSpec, tasks: Iterable[Task], workers: int) -> Iterator[GameOutcome]:
    """A local process pool with ``workers`` processes."""
    window = max(4, workers * 4)
    it = iter(tasks)
    pool = cf.ProcessPoolExecutor(max_workers=workers)
    pending: set[cf.Future[GameOutcome]] = set()
    try:
        for task in it:
            pending.add(pool.submit(play_task, spec, task))
            if len(pending) >= window:
                break
        while pending:
            done, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: f.result().task.index):
                yield fut.result()
            for task in it:
                pending.add(pool.submit(play_task, spec, task))
                if len(pending) >= window:
                    break
    finally:
        for fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise CardtableError(
            "the Ray backend needs Ray: pip install 'cardtable[ray]' (or pip install ray)"
        ) from None


def run_ray(
    spec: ArenaSpec, tasks: Iterable[Task], address: str | None = None, workers: int | None = None
) -> Iterator[GameOutcome]:
    """Ray tasks: on the running Ray instance, the cluster at ``address``, or a new local one.

    ``address`` is what ``ray.init`` takes (``auto``, ``HOST:PORT``, ``ray://HOST:10001``). The
    cluster's workers import :mod:`cardtable`, so it must be installed there (the same version).
    A Ray instance started here is shut down at the end; one already running is left alone.
    """
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address)
            else:
                ray.init(address="local", num_cpus=workers, include_dashboard=False)
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, its own errors...
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise CardtableError(f"cannot start or reach {where}: {exc}") from None
        started = True
    pending: list[Any] = []
    try:
        remote = ray.remote(play_task)
        spec_ref = ray.put(spec)
        try:
            cpus = int(ray.cluster_resources().get("CPU", 1))
        except Exception:  # pragma: no cover - resource query is best effort
            cpus = 1
        window = max(4, cpus * 4)
        it = iter(tasks)
        for task in it:
            pending.append(remote.remote(spec_ref, task))
            if len(pending) >= window:
                break
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
            for task in it:
                pending.append(remote.remote(spec_ref, task))
                if len(pending) >= window:
                    break
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started:
            ray.shutdown()


def run_tasks(
    spec: ArenaSpec,
    tasks: Iterable[Task],
    workers: int | None = None,
    ray_address: str | None = None,
    use_ray: bool = False,
) -> Iterator[GameOutcome]:
    """Dispatch to a backend: Ray when asked, else a process pool (or this process for one worker)."""
    if use_ray:
        return run_ray(spec, tasks, ray_address, workers)
    n = default_workers() if workers is None else workers
    if n < 1:
        raise CardtableError("--workers must be at least 1")
    if n == 1:
        return run_local(spec, tasks)
    return run_pool(spec, tasks, n)
