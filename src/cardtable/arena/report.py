"""The arena report: per-agent results, the head-to-head table and the sequential test, as text or JSON."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .stats import Estimate

__all__ = ["AgentStats", "ArenaReport", "PairStats", "SequentialStatus"]


@dataclass(frozen=True)
class AgentStats:
    label: str
    level: str
    points: Estimate
    """Mean points per hand (its side's points), over every hand the agent played."""
    margin: Estimate
    """Mean points per hand minus the mean of the opposing sides' points."""
    wins: float
    """Matches won (single hands won with ``--hands``)."""
    trials: int
    win_low: float
    win_high: float
    hands: int
    games: int
    decisions: int = 0
    seconds_per_decision: float = 0.0
    """Mean thinking time per decision (wall clock, in the worker that played it)."""
    slowest: float = 0.0
    """The longest single decision, in seconds."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.trials if self.trials else math.nan

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label, "level": self.level, "points_per_hand": self.points.to_dict(),
            "margin_per_hand": self.margin.to_dict(), "wins": self.wins, "trials": self.trials,
            "win_rate": self.win_rate if self.trials else None, "win_interval": [self.win_low, self.win_high],
            "hands": self.hands, "games": self.games, "decisions": self.decisions,
            "seconds_per_decision": self.seconds_per_decision, "slowest_decision": self.slowest,
        }


@dataclass(frozen=True)
class PairStats:
    """``a`` against ``b`` on the same deals: margin per hand (a minus b) and a's share of wins."""

    a: str
    b: str
    margin: Estimate
    wins: float
    """Games (or hands) where ``a`` finished ahead of ``b``; ties count half."""
    trials: int
    win_low: float
    win_high: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.trials if self.trials else math.nan

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "margin_per_hand": self.margin.to_dict(), "wins": self.wins,
                "trials": self.trials, "win_rate": self.win_rate if self.trials else None, "win_interval": [self.win_low, self.win_high]}


@dataclass(frozen=True)
class SequentialStatus:
    a: str
    b: str
    n: int
    statistic: float
    threshold: float
    reject: bool
    direction: int

    def to_dict(self) -> dict[str, Any]:
        stat = self.statistic if math.isfinite(self.statistic) else None
        return {"a": self.a, "b": self.b, "deals": self.n, "statistic": stat,
                "threshold": self.threshold, "significant": self.reject, "direction": self.direction}


def _num(x: float, signed: bool = False, digits: int = 2) -> str:
    if math.isnan(x):
        return "n/a"
    if math.isinf(x):
        return "-inf" if x < 0 else "inf"
    if round(x, digits) == 0:
        x = 0.0
    return f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"


def _ci(e: Estimate, signed: bool = False) -> str:
    return f"{_num(e.mean, signed)} [{_num(e.low, signed)}, {_num(e.high, signed)}]"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths)))]
    for row in rows:
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
    return lines


@dataclass(frozen=True)
class ArenaReport:
    game: str
    rules: str
    num_players: int
    num_sides: int
    unit: str
    seed: int
    deals_planned: int
    deals_played: int
    seatings: int
    groups: int
    games: int
    hands: int
    decisions: int
    seconds: float
    backend: str
    confidence: float
    agents: list[AgentStats]
    pairs: list[PairStats]
    sequential: list[SequentialStatus] | None
    stopped_early: bool
    alpha: float
    records: str | None

    def agent(self, label: str) -> AgentStats:
        for a in self.agents:
            if a.label == label:
                return a
        raise KeyError(label)

    def pair(self, a: str, b: str) -> PairStats:
        """``a`` against ``b`` (either order: the numbers are turned round as needed)."""
        for p in self.pairs:
            if (p.a, p.b) == (a, b):
                return p
            if (p.a, p.b) == (b, a):
                m = p.margin
                return PairStats(a, b, Estimate(-m.mean, -m.high, -m.low, m.n, m.stderr), p.trials - p.wins,
                                 p.trials, 1 - p.win_high, 1 - p.win_low)
        raise KeyError((a, b))

    def results(self) -> dict[str, Any]:
        """Everything that does not depend on timing or the backend (equal for equal seeds)."""
        data = self.to_dict()
        for key in ("seconds", "backend", "records"):
            data.pop(key)
        for agent in data["agents"]:
            for key in ("seconds_per_decision", "slowest_decision"):
                agent.pop(key)
        return data

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "rules": self.rules, "num_players": self.num_players, "num_sides": self.num_sides,
            "unit": self.unit, "seed": self.seed, "deals_planned": self.deals_planned,
            "deals_played": self.deals_played, "seatings": self.seatings, "groups": self.groups,
            "games": self.games, "hands": self.hands, "decisions": self.decisions, "seconds": self.seconds,
            "backend": self.backend, "confidence": self.confidence,
            "agents": [a.to_dict() for a in self.agents], "pairs": [p.to_dict() for p in self.pairs],
            "sequential": None if self.sequential is None else [s.to_dict() for s in self.sequential],
            "stopped_early": self.stopped_early, "alpha": self.alpha, "records": self.records,
        }

    def format_text(self) -> str:
        """The report as text for an 80-column terminal: the run, two tables per agent, then each pair."""
        pct = f"{self.confidence:.0%}"
        unit = "hands" if self.unit == "hands" else "matches"
        win_noun = "hand wins" if self.unit == "hands" else "match wins"
        played = f"{self.games} {unit}" + (f", {self.hands} hands" if self.unit != "hands" else "")
        lines = [
            f"arena: {self.game} ({self.rules}, {self.num_players} players)",
            f"{self.deals_played} duplicate deals x {self.seatings} seatings"
            + (f" x {self.groups} tables" if self.groups > 1 else "")
            + f" = {played}; seed {self.seed}; {self.backend}; {self.seconds:.1f} s",
            "",
        ]
        points = [[a.label, _ci(a.points), _ci(a.margin, signed=True), str(a.hands)] for a in self.agents]
        lines += _table(["agent", f"points/hand [{pct} CI]", f"margin/hand [{pct} CI]", "hands"], points)
        lines.append("")
        wins = [[a.label, f"{a.wins:g}/{a.trials}", f"{_num(100 * a.win_rate, digits=1)}%",
                 f"[{_num(100 * a.win_low, digits=1)}, {_num(100 * a.win_high, digits=1)}]",
                 f"{1000 * a.seconds_per_decision:.1f}", f"{1000 * a.slowest:.0f}"] for a in self.agents]
        lines += _table(["agent", win_noun, "rate", f"Wilson {pct}", "ms/move", "max ms"], wins)
        if self.pairs:
            labels = [a.label for a in self.agents]
            lines += ["", f"head-to-head (same deals): margin/hand [{pct} CI]; share of {unit} ahead"]
            for i, x in enumerate(labels):
                for y in labels[i + 1:]:
                    p = self.pair(x, y)
                    lines.append(f"  {x} vs {y}: {_ci(p.margin, signed=True)}; {_num(100 * p.win_rate, digits=1)}%")
        if self.sequential is not None:
            lines.append("")
            head = (f"sequential test (mSPRT, alpha {self.alpha:g}"
                    + (f" split over {len(self.sequential)} pairs" if len(self.sequential) > 1 else "") + "): ")
            if self.stopped_early:
                head += f"stopped early after {self.deals_played} of {self.deals_planned} deals"
            else:
                head += f"ran all {self.deals_played} deals"
            lines.append(head)
            for s in self.sequential:
                verdict = (f"{s.a if s.direction > 0 else s.b} is better" if s.reject else "not decided")
                lines.append(f"  {s.a} vs {s.b}: likelihood ratio {s.statistic:.3g} (threshold {s.threshold:.3g}) "
                             f"after {s.n} deals: {verdict}")
        if self.records:
            lines += ["", f"records: {self.games} games written to {self.records}"]
        return "\n".join(lines)
