"""The arena's statistics against known values."""

from __future__ import annotations

import math
import statistics

import pytest

from cardtable.arena.stats import (
    RunningMoments,
    mean_ci,
    msprt_decision,
    msprt_likelihood_ratio,
    normal_quantile,
    ratio_ci,
    student_t_cdf,
    t_quantile,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("df", "q"),
    [(1, 12.706204736), (2, 4.302652730), (5, 2.570581836), (10, 2.228138852), (30, 2.042272456),
     (100, 1.983971519), (1e9, 1.959963985)],
)
def test_t_quantile_975(df: float, q: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(q, abs=1e-6)
    assert t_quantile(0.025, df) == pytest.approx(-q, abs=1e-6)


def test_t_quantile_other_levels() -> None:
    assert t_quantile(0.995, 10) == pytest.approx(3.169272673, abs=1e-6)
    assert t_quantile(0.95, 20) == pytest.approx(1.724718243, abs=1e-6)
    assert t_quantile(0.5, 7) == 0.0


def test_t_cdf() -> None:
    assert student_t_cdf(0.0, 3) == pytest.approx(0.5)
    # df = 1 is the Cauchy distribution
    assert student_t_cdf(1.0, 1) == pytest.approx(0.75, abs=1e-12)
    assert student_t_cdf(-1.0, 1) == pytest.approx(0.25, abs=1e-12)
    # df = 2 has a closed form: 1/2 + t / (2 sqrt(2 + t^2))
    t = 1.3
    assert student_t_cdf(t, 2) == pytest.approx(0.5 + t / (2 * math.sqrt(2 + t * t)), abs=1e-12)


def test_normal_quantile() -> None:
    assert normal_quantile(0.975) == pytest.approx(1.959963985, abs=1e-9)


def test_mean_ci_known() -> None:
    ci = mean_ci([1.0, 2.0, 3.0, 4.0])
    # sd = 1.290994, se = 0.645497, t(0.975, 3) = 3.182446
    assert ci.mean == 2.5
    assert ci.stderr == pytest.approx(0.6454972244)
    assert ci.low == pytest.approx(2.5 - 3.182446305 * 0.6454972244, abs=1e-6)
    assert ci.high == pytest.approx(2.5 + 3.182446305 * 0.6454972244, abs=1e-6)
    assert ci.contains(2.5) and ci.excludes_zero()
    ci90 = mean_ci([1.0, 2.0, 3.0, 4.0], confidence=0.90)
    assert ci90.high == pytest.approx(2.5 + 2.353363435 * 0.6454972244, abs=1e-6)


def test_mean_ci_degenerate() -> None:
    assert mean_ci([]).n == 0 and math.isnan(mean_ci([]).mean)
    one = mean_ci([3.0])
    assert one.mean == 3.0 and math.isinf(one.high)
    same = mean_ci([2.0, 2.0, 2.0])
    assert (same.low, same.high) == (2.0, 2.0)


def test_ratio_ci_equal_denominators_is_mean_ci() -> None:
    nums = [3.0, -1.0, 4.0, 1.0, -5.0, 9.0]
    r = ratio_ci([2 * x for x in nums], [2.0] * len(nums))
    m = mean_ci(nums)
    assert r.mean == pytest.approx(m.mean)
    assert (r.low, r.high) == (pytest.approx(m.low), pytest.approx(m.high))


def test_ratio_ci_known() -> None:
    # R = 20 / 10 = 2; residuals 4-2*2=0, 6-2*3=0, 10-2*5=0 -> zero width
    exact = ratio_ci([4.0, 6.0, 10.0], [2.0, 3.0, 5.0])
    assert exact.mean == 2.0 and exact.low == exact.high == 2.0
    # R = 12 / 6 = 2; residuals 1, -2, 1 -> var 3, se = sqrt(3/3) / 2 = 0.5
    r = ratio_ci([3.0, 2.0, 7.0], [1.0, 2.0, 3.0])
    assert r.mean == 2.0
    assert r.stderr == pytest.approx(0.5)
    assert r.high == pytest.approx(2.0 + 4.302652730 * 0.5, abs=1e-6)
    with pytest.raises(ValueError):
        ratio_ci([1.0], [1.0, 2.0])


def test_wilson_known() -> None:
    lo, hi = wilson_interval(8, 10)
    assert (lo, hi) == (pytest.approx(0.4901624, abs=1e-6), pytest.approx(0.9433178, abs=1e-6))
    lo, hi = wilson_interval(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.2775328, abs=1e-6)
    lo, hi = wilson_interval(50, 100)
    assert (lo, hi) == (pytest.approx(0.4038315, abs=1e-6), pytest.approx(0.5961685, abs=1e-6))
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_msprt_known_value() -> None:
    # n=10, mean=1, variance=4, tau2=1: sqrt(4/14) * exp(100 / (2*4*14))
    expected = math.sqrt(4 / 14) * math.exp(100 / 112)
    assert msprt_likelihood_ratio(10, 1.0, 4.0, 1.0) == pytest.approx(expected)
    assert expected == pytest.approx(1.3053558, abs=1e-6)
    assert msprt_likelihood_ratio(0, 1.0, 4.0, 1.0) == 1.0
    assert msprt_likelihood_ratio(5, 0.0, 0.0, 1.0) == 1.0
    assert math.isinf(msprt_likelihood_ratio(5, 1.0, 0.0, 1.0))


def test_msprt_decision_rejects_clear_difference_only_after_min_n() -> None:
    values = [1.0 + 0.1 * ((i * 7) % 5 - 2) for i in range(30)]
    assert not msprt_decision(values[:5], min_n=10).reject
    d = msprt_decision(values, min_n=10)
    assert d.reject and d.direction == 1 and d.statistic >= d.threshold == 20.0


def test_msprt_decision_keeps_null() -> None:
    values = [(-1.0) ** i for i in range(200)]
    d = msprt_decision(values)
    assert not d.reject and d.statistic < 1.0


def test_msprt_type_one_error_is_controlled() -> None:
    """Under H0 (fair coin flips of +-1), peeking after every value rejects rarely."""
    import random

    rng = random.Random(11)
    rejections = 0
    for _ in range(200):
        values: list[float] = []
        m = RunningMoments()
        for _ in range(150):
            x = rng.choice((-1.0, 1.0))
            values.append(x)
            m.add(x)
            if msprt_decision(values, alpha=0.05, min_n=10).reject:
                rejections += 1
                break
    assert rejections <= 20  # alpha = 0.05 of 200 is 10; allow sampling noise


def test_running_moments() -> None:
    data = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
    m = RunningMoments()
    for x in data:
        m.add(x)
    assert m.n == 8 and m.mean == pytest.approx(5.0)
    assert m.variance == pytest.approx(statistics.variance(data))
