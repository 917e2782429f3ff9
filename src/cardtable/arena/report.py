"""The arena report: per-agent results, the head-to-head table and the sequential test, as text or JSON."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .stats import Estimate

__all__ = ["AgentStats", "ArenaReport", "PairStats", "SequentialStatus"]


@dataclass(frozen=True)
class AgentStats:
    """One agent's results over the run: points and margin per hand, wins, and thinking time."""

    label: str
    """The agent's distinct display name (a repeated level gets ``#2``, ``#3``...)."""
    level: str
    """The agent level it was made from (:func:`cardtable.agents.make_agent`)."""
    points: Estimate
    """Mean points per hand (its side's points), over every hand the agent played."""
    margin: Estimate
    """Mean points per hand minus the mean of the opposing sides' points."""
    wins: float
    """Matches won (single hands won with ``--hands``)."""
    trials: int
    """Matches played (single hands with ``--hands``): the denominator of :attr:`win_rate`."""
    win_low: float
    """Lower end of the Wilson interval of the win rate."""
    win_high: float
    """Upper end of the Wilson interval of the win rate."""
    hands: int
    """Hands the agent played."""
    games: int
    """Games (matches, or single hands) the agent sat in."""
    decisions: int = 0
    """Decisions the agent made."""
    seconds_per_decision: float = 0.0
    """Mean thinking time per decision (wall clock, in the worker that played it)."""
    slowest: float = 0.0
    """The longest single decision, in seconds."""

    @property
    def win_rate(self) -> float:
        """``wins / trials``, from 0 to 1 (NaN with no trials)."""
        return self.wins / self.trials if self.trials else math.nan

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON (the ``agents`` entries of :meth:`ArenaReport.to_dict`); an undefined win rate is ``None``."""
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
    """The first agent's label."""
    b: str
    """The second agent's label."""
    margin: Estimate
    """Mean points per hand of ``a`` minus those of ``b``, over the hands they played together."""
    wins: float
    """Games (or hands) where ``a`` finished ahead of ``b``; ties count half."""
    trials: int
    """Games (or hands) ``a`` and ``b`` played together."""
    win_low: float
    """Lower end of the Wilson interval of ``a``'s win share."""
    win_high: float
    """Upper end of the Wilson interval of ``a``'s win share."""

    @property
    def win_rate(self) -> float:
        """``a``'s share of wins, ``wins / trials`` (NaN with no trials)."""
        return self.wins / self.trials if self.trials else math.nan

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON (the ``pairs`` entries of :meth:`ArenaReport.to_dict`); an undefined win rate is ``None``."""
        return {"a": self.a, "b": self.b, "margin_per_hand": self.margin.to_dict(), "wins": self.wins,
                "trials": self.trials, "win_rate": self.win_rate if self.trials else None, "win_interval": [self.win_low, self.win_high]}


@dataclass(frozen=True)
class SequentialStatus:
    """Where the sequential test (mSPRT) of one pair stands: ``a`` against ``b`` on their per-deal margin."""

    a: str
    """The first agent's label."""
    b: str
    """The second agent's label."""
    n: int
    """Deals the test has seen."""
    statistic: float
    """The mixture likelihood ratio (may be infinite)."""
    threshold: float
    """The ratio that rejects: ``1 / alpha`` for this pair (alpha split over the pairs)."""
    reject: bool
    """True once the difference is significant (the statistic reached the threshold after the minimum deals)."""
    direction: int
    """+1 if ``a`` is ahead on average, -1 if ``b`` is, 0 if neither."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON (``n`` as ``deals``, ``reject`` as ``significant``); an infinite statistic is ``None``."""
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
    """The result of one arena run (:func:`cardtable.arena.runner.run_arena`)."""

    game: str
    """The registered game name."""
    rules: str
    """The rules played: the preset name, or ``standard + option=value, ...``."""
    num_players: int
    """Seats at each table."""
    num_sides: int
    """Sides at each table (partnerships make fewer sides than seats)."""
    unit: str
    """``"matches"`` (to the target score) or ``"hands"`` (single hands)."""
    seed: int
    """The run's seed: the same seed plays the same deals."""
    deals_planned: int
    """Duplicate deals asked for."""
    deals_played: int
    """Duplicate deals played (fewer when the sequential test stopped early)."""
    seatings: int
    """Seatings per deal and group (each agent plays every side once)."""
    groups: int
    """Sets of agents that meet (more than one when there are more agents than a table takes)."""
    games: int
    """Games played in all (matches, or single hands)."""
    hands: int
    """Hands played in all."""
    decisions: int
    """Agent decisions made in all."""
    seconds: float
    """Wall-clock seconds the run took."""
    backend: str
    """Where the games ran: ``"local"``, ``"pool xN"`` (N worker processes) or ``"ray"``."""
    confidence: float
    """The confidence level of every interval, e.g. 0.95."""
    agents: list[AgentStats]
    """Each agent's results, in the order the agents were given."""
    pairs: list[PairStats]
    """Each pair of agents head to head (first given against later given)."""
    sequential: list[SequentialStatus] | None
    """The sequential test of each pair, or ``None`` when it was not asked for."""
    stopped_early: bool
    """True when the sequential test decided every pair before the planned deals were played."""
    alpha: float
    """The sequential test's type I error, shared out over the pairs."""
    records: str | None
    """The file the game records were written to, if a path was given."""

    def agent(self, label: str) -> AgentStats:
        """The results of the agent with this label (``KeyError`` if there is none)."""
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
        """The whole report as plain JSON (what ``cardtable arena --json`` prints)."""
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
