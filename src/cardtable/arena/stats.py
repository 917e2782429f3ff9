"""Statistics for the arena: Student-t intervals, ratio estimates, Wilson intervals, a sequential test.

Only the standard library is used.

>>> round(t_quantile(0.975, 10), 4)
2.2281
>>> lo, hi = wilson_interval(8, 10)
>>> round(lo, 4), round(hi, 4)
(0.4902, 0.9433)
>>> ci = mean_ci([1.0, 2.0, 3.0, 4.0])
>>> ci.mean, round(ci.low, 3), round(ci.high, 3)
(2.5, 0.446, 4.554)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

__all__ = [
    "Estimate",
    "SequentialDecision",
    "mean_ci",
    "msprt_likelihood_ratio",
    "msprt_decision",
    "msprt_from_moments",
    "RunningMoments",
    "normal_quantile",
    "ratio_ci",
    "student_t_cdf",
    "t_quantile",
    "wilson_interval",
]


@dataclass(frozen=True)
class Estimate:
    """A point estimate with a two-sided confidence interval."""

    mean: float
    """The point estimate (NaN with no data)."""
    low: float
    """Lower end of the interval (``-inf`` with fewer than two units)."""
    high: float
    """Upper end of the interval (``inf`` with fewer than two units)."""
    n: int
    """Number of independent units (deals) behind the estimate."""
    stderr: float
    """Standard error of the mean (``inf`` with fewer than two units)."""

    @property
    def half_width(self) -> float:
        """Half the interval's width (``high - low`` over 2)."""
        return (self.high - self.low) / 2

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies in the interval (ends included)."""
        return self.low <= value <= self.high

    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly above or below zero (the difference is significant)."""
        return self.low > 0 or self.high < 0

    def to_dict(self) -> dict[str, float | int | None]:
        """Plain JSON: undefined or unbounded values (fewer than two deals) become ``None``."""

        def finite(x: float) -> float | None:
            return x if math.isfinite(x) else None

        return {"mean": finite(self.mean), "low": finite(self.low), "high": finite(self.high), "n": self.n,
                "stderr": finite(self.stderr)}


def normal_quantile(p: float) -> float:
    """The standard normal quantile (``normal_quantile(0.975)`` is 1.95996...)."""
    return NormalDist().inv_cdf(p)


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = tiny if abs(d) < tiny else d
    d = 1.0 / d
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(ln_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def student_t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    x = df / (df + t * t)
    tail = 0.5 * _betainc(df / 2.0, 0.5, x)
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (``t_quantile(0.975, 1)`` is 12.706...)."""
    if not 0.0 < p < 1.0:
        raise ValueError("p must be in (0, 1)")
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    if df > 1e7:
        return normal_quantile(p)
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if p == 0.5:
        return 0.0
    lo, hi = 0.0, max(1.0, normal_quantile(p))
    while student_t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if student_t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2.0


def mean_ci(values: Sequence[float], confidence: float = 0.95) -> Estimate:
    """The mean with a Student-t confidence interval (infinite width with fewer than two values)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, -math.inf, math.inf, 0, math.inf)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1, math.inf)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    se = math.sqrt(var / n)
    q = t_quantile(0.5 + confidence / 2.0, n - 1)
    return Estimate(mean, mean - q * se, mean + q * se, n, se)


def ratio_ci(numerators: Sequence[float], denominators: Sequence[float], confidence: float = 0.95) -> Estimate:
    """``sum(num) / sum(den)`` with a cluster (delta-method) Student-t interval.

    Each pair is one independent unit, e.g. the points and the hands of one
    duplicate deal. With all denominators equal this is exactly :func:`mean_ci`
    of ``num / den``.
    """
    if len(numerators) != len(denominators):
        raise ValueError("numerators and denominators differ in length")
    n = len(numerators)
    total_den = math.fsum(denominators)
    if n == 0 or total_den <= 0:
        return Estimate(math.nan, -math.inf, math.inf, n, math.inf)
    ratio = math.fsum(numerators) / total_den
    if n == 1:
        return Estimate(ratio, -math.inf, math.inf, 1, math.inf)
    mean_den = total_den / n
    resid = [x - ratio * d for x, d in zip(numerators, denominators)]
    var = math.fsum(r * r for r in resid) / (n - 1)
    se = math.sqrt(var / n) / mean_den
    q = t_quantile(0.5 + confidence / 2.0, n - 1)
    return Estimate(ratio, ratio - q * se, ratio + q * se, n, se)


def wilson_interval(successes: float, trials: float, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion (ties may be counted as half successes)."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError("successes must be between 0 and trials")
    z = normal_quantile(0.5 + confidence / 2.0)
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    center = (p + z2 / (2.0 * trials)) / denom
    half = z * math.sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)) / denom
    return (max(0.0, center - half), min(1.0, center + half))


def msprt_likelihood_ratio(n: int, mean: float, variance: float, tau2: float) -> float:
    """The mixture SPRT statistic for H0: mean = 0 with a N(0, tau2) mixing distribution.

    For n observations with sample mean ``mean`` and (plug-in) variance
    ``variance`` (Robbins 1970; Johari, Pekelis and Walsh, "Always valid
    inference", 2017)::

        sqrt(v / (v + n tau2)) * exp(n^2 tau2 mean^2 / (2 v (v + n tau2)))

    Stopping the first time it reaches ``1 / alpha`` keeps the type I error at
    most ``alpha`` however long one keeps looking.
    """
    if n <= 0:
        return 1.0
    if variance <= 0.0:
        return math.inf if mean != 0.0 else 1.0
    if tau2 <= 0.0:
        raise ValueError("tau2 must be positive")
    s = variance + n * tau2
    log_lr = 0.5 * math.log(variance / s) + (n * n * tau2 * mean * mean) / (2.0 * variance * s)
    return math.exp(log_lr) if log_lr < 700 else math.inf


@dataclass(frozen=True)
class SequentialDecision:
    """The state of a sequential test after ``n`` observations."""

    n: int
    """Observations seen."""
    statistic: float
    """The mixture likelihood ratio (1.0 with fewer than two observations; may be infinite)."""
    threshold: float
    """The ratio that rejects: ``1 / alpha``."""
    reject: bool
    """True once H0 (no difference) is rejected: stop, the difference is significant."""
    direction: int
    """+1 if the observed mean is positive, -1 if negative, 0 otherwise."""


def msprt_decision(
    values: Sequence[float], alpha: float = 0.05, min_n: int = 10, effect: float = 0.3
) -> SequentialDecision:
    """mSPRT on paired differences with the plug-in sample variance.

    ``effect`` sets the mixing scale as a fraction of the standard deviation
    (``tau = effect * sd``): the size of difference the test is tuned to find
    fastest. No rejection before ``min_n`` observations, which also steadies
    the variance estimate.
    """
    n = len(values)
    if n == 0:
        return msprt_from_moments(0, 0.0, 0.0, alpha, min_n, effect)
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return msprt_from_moments(n, mean, variance, alpha, min_n, effect)


def msprt_from_moments(
    n: int, mean: float, variance: float, alpha: float = 0.05, min_n: int = 10, effect: float = 0.3
) -> SequentialDecision:
    """:func:`msprt_decision` from the count, mean and sample variance (for running updates)."""
    threshold = 1.0 / alpha
    direction = (mean > 0) - (mean < 0) if n else 0
    if n < 2:
        return SequentialDecision(n, 1.0, threshold, False, direction)
    if variance > 0:
        stat = msprt_likelihood_ratio(n, mean, variance, effect * effect * variance)
    else:
        stat = math.inf if mean != 0 else 1.0
    return SequentialDecision(n, stat, threshold, n >= min_n and stat >= threshold, direction)


class RunningMoments:
    """Count, mean and sample variance updated one value at a time (Welford)."""

    def __init__(self) -> None:
        self.n = 0
        """Values added so far."""
        self.mean = 0.0
        """Mean of the values added (0.0 before the first)."""
        self._m2 = 0.0

    def add(self, x: float) -> None:
        """Take one more value into the count, mean and variance."""
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self._m2 += delta * (x - self.mean)

    @property
    def variance(self) -> float:
        """Sample variance (divisor ``n - 1``); 0.0 with fewer than two values."""
        return self._m2 / (self.n - 1) if self.n > 1 else 0.0
