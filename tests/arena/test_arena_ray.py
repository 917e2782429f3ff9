"""The Ray backend gives the same results as the local pool (needs the optional 'ray' extra)."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.arena import run_arena

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'cardtable[ray]')")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    # address="local": a new instance even if another Ray cluster runs on this machine
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_results_equal_the_local_run(local_ray: Any) -> None:
    local_records, ray_records = io.StringIO(), io.StringIO()
    local = run_arena("gin", ["random", "simple"], deals=4, seed=21, workers=1, records=local_records)
    remote = run_arena("gin", ["random", "simple"], deals=4, seed=21, use_ray=True, records=ray_records)
    assert remote.backend == "ray"
    assert remote.results() == local.results()
    assert ray_records.getvalue() == local_records.getvalue()
    assert local_ray.is_initialized()  # an instance the caller started is left running


def test_ray_sequential_stops_at_the_same_deal(local_ray: Any) -> None:
    kwargs: dict[str, Any] = dict(deals=100, seed=9, unit="hands", sequential=True, min_deals=10)
    local = run_arena("gin", ["simple", "random"], workers=2, **kwargs)
    remote = run_arena("gin", ["simple", "random"], use_ray=True, **kwargs)
    assert local.stopped_early and remote.results() == local.results()
