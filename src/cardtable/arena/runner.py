"""The arena run: schedule duplicate deals, play them anywhere, tally them in deal order.

Outcomes are committed deal by deal in schedule order, whatever order the
workers finish in, so the statistics, the sequential stopping point and the
records file are the same for any number of workers and on Ray.

>>> report = run_arena("gin", ["random", "simple"], deals=2, seed=1, unit="hands", workers=1)
>>> report.deals_played, report.games, [a.label for a in report.agents]
(2, 4, ['random', 'simple'])
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..agents import make_agent
from ..errors import CardtableError
from ..registry import make_game
from .backends import default_workers, run_tasks
from .play import ArenaSpec, GameOutcome
from .report import AgentStats, ArenaReport, PairStats, SequentialStatus
from .schedule import agents_per_table, make_tasks, seatings, table_groups
from .stats import RunningMoments, msprt_from_moments, ratio_ci, wilson_interval

__all__ = ["Progress", "Tally", "run_arena", "agent_labels"]


def check_agents(game: str, levels: Sequence[str]) -> None:
    """Raise :class:`CardtableError` naming the first level (or agent option) that makes no agent for ``game``."""
    for level in dict.fromkeys(levels):
        try:
            make_agent(game, level, seed=0)
        except (ValueError, ImportError) as exc:
            raise CardtableError(f"agent {level!r} for {game}: {exc}") from None


def agent_labels(levels: Sequence[str]) -> list[str]:
    """Distinct display names: a repeated level gets ``#2``, ``#3``...

    >>> agent_labels(["simple", "random", "simple"])
    ['simple', 'random', 'simple#2']
    """
    seen: Counter[str] = Counter()
    out = []
    for level in levels:
        seen[level] += 1
        out.append(level if seen[level] == 1 else f"{level}#{seen[level]}")
    return out


class Progress:
    """A progress bar: tqdm when installed, else a small one on stderr; silent when disabled."""

    def __init__(self, total: int, desc: str, enabled: bool = True, stream: IO[str] | None = None) -> None:
        self.total = max(total, 1)
        """The number of games the bar runs to (at least 1)."""
        self.desc = desc
        """The label shown before the bar."""
        self.enabled = enabled
        """False for a silent bar: :meth:`update` only counts."""
        self.count = 0
        """Games counted so far."""
        self.stream = stream if stream is not None else sys.stderr
        """Where the bar is drawn (stderr by default)."""
        self._start = time.perf_counter()
        self._bar: Any = None
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                self._bar = None
            else:
                self._bar = tqdm(total=total, desc=desc, unit="game", file=self.stream)

    def update(self, n: int = 1) -> None:
        """Count ``n`` more finished games and redraw (the fallback bar redraws about 50 times in all)."""
        self.count += n
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.update(n)
            return
        if self.count == self.total or self.count % max(1, self.total // 50) == 0:
            done = int(30 * min(self.count, self.total) / self.total)
            rate = self.count / max(time.perf_counter() - self._start, 1e-9)
            print(f"\r{self.desc} [{'#' * done}{'.' * (30 - done)}] {self.count}/{self.total} games {rate:.1f}/s",
                  end="", file=self.stream, flush=True)

    def close(self) -> None:
        """Finish the bar (ends its line); nothing when disabled."""
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.close()
        else:
            print(file=self.stream, flush=True)


def _own(sides: set[int], points: Sequence[int]) -> float:
    """An agent's points: its side's (averaged if it played several sides)."""
    return sum(points[s] for s in sides) / len(sides)


@dataclass
class _AgentTally:
    points: list[float] = field(default_factory=list)
    margin: list[float] = field(default_factory=list)
    hands: list[float] = field(default_factory=list)
    wins: float = 0.0
    trials: int = 0
    games: int = 0
    decisions: int = 0
    thinking: float = 0.0
    slowest: float = 0.0


@dataclass
class _PairTally:
    diff: list[float] = field(default_factory=list)
    hands: list[float] = field(default_factory=list)
    wins: float = 0.0
    trials: int = 0
    moments: RunningMoments = field(default_factory=RunningMoments)


class Tally:
    """Per-agent and head-to-head sums, one entry per deal (the independent unit)."""

    def __init__(self, labels: Sequence[str], side_of: Callable[[int], int], unit: str) -> None:
        self.labels = list(labels)
        """Agent display names, by agent index."""
        self.side_of = side_of
        """The game's seat-to-side map."""
        self.unit = unit
        """``"matches"`` or ``"hands"``: what a win counts."""
        n = len(labels)
        self.agents = [_AgentTally() for _ in range(n)]
        """Running sums per agent index (per-deal points, margins and hands; wins, games, decisions, time)."""
        self.pairs = {(a, b): _PairTally() for a in range(n) for b in range(a + 1, n)}
        """Running sums per pair of agent indexes ``(a, b)`` with ``a < b`` (per-deal margins, wins)."""
        self.games = 0
        """Games booked so far."""
        self.hands = 0
        """Hands booked so far."""
        self.decisions = 0
        """Agent decisions booked so far."""
        self.deals = 0
        """Deals booked so far (each by one :meth:`add_deal`)."""
        self.endings: Counter[str] = Counter()
        """A count of hands by how they ended; :meth:`add_deal` does not fill it, so it stays empty."""

    def add_deal(self, outcomes: Sequence[GameOutcome]) -> None:
        """Book every game of one deal (all seatings and groups)."""
        n = len(self.labels)
        pts = [0.0] * n
        mar = [0.0] * n
        hands = [0.0] * n
        present = [False] * n
        diff: dict[tuple[int, int], float] = {}
        phands: dict[tuple[int, int], float] = {}
        for out in outcomes:
            self.games += 1
            self.hands += len(out.hand_points)
            self.decisions += out.decisions
            sides: dict[int, set[int]] = {}
            for seat, agent in enumerate(out.task.seats):
                sides.setdefault(agent, set()).add(self.side_of(seat))
            members = sorted(sides)
            for agent in members:
                present[agent] = True
                self.agents[agent].games += 1
            for agent, count, seconds, slowest in out.thinking:
                book = self.agents[agent]
                book.decisions += count
                book.thinking += seconds
                book.slowest = max(book.slowest, slowest)

            for points, winner in zip(out.hand_points, out.hand_winners):
                mine = {a: _own(sides[a], points) for a in members}
                for a in members:
                    others = [points[s] for s in range(len(points)) if s not in sides[a]]
                    pts[a] += mine[a]
                    mar[a] += mine[a] - (sum(others) / len(others) if others else 0.0)
                    hands[a] += 1
                    if self.unit == "hands":
                        self.agents[a].trials += 1
                        self.agents[a].wins += 1.0 if winner is not None and winner in sides[a] else 0.0
                for i, a in enumerate(members):
                    for b in members[i + 1:]:
                        diff[(a, b)] = diff.get((a, b), 0.0) + mine[a] - mine[b]
                        phands[(a, b)] = phands.get((a, b), 0.0) + 1
                        if self.unit == "hands":
                            pair = self.pairs[(a, b)]
                            pair.trials += 1
                            pair.wins += 1.0 if mine[a] > mine[b] else 0.5 if mine[a] == mine[b] else 0.0
            if self.unit == "matches" and out.final_totals is not None:
                totals = out.final_totals
                for a in members:
                    self.agents[a].trials += 1
                    self.agents[a].wins += 1.0 if out.winner in sides[a] else 0.0
                for i, a in enumerate(members):
                    for b in members[i + 1:]:
                        ta, tb = _own(sides[a], totals), _own(sides[b], totals)
                        pair = self.pairs[(a, b)]
                        pair.trials += 1
                        pair.wins += 1.0 if ta > tb else 0.5 if ta == tb else 0.0
        for a in range(n):
            if present[a]:
                tally = self.agents[a]
                tally.points.append(pts[a])
                tally.margin.append(mar[a])
                tally.hands.append(hands[a])
        for key, value in diff.items():
            pair = self.pairs[key]
            pair.diff.append(value)
            pair.hands.append(phands[key])
            if phands[key] > 0:
                pair.moments.add(value / phands[key])
        self.deals += 1

    def sequential(self, alpha: float, min_deals: int, effect: float) -> list[SequentialStatus]:
        """The mSPRT on each pair's per-deal margin (alpha split over the pairs)."""
        per = alpha / max(1, len(self.pairs))
        out = []
        for (a, b), pair in self.pairs.items():
            m = pair.moments
            decision = msprt_from_moments(m.n, m.mean, m.variance, per, min_deals, effect)
            out.append(SequentialStatus(self.labels[a], self.labels[b], decision.n, decision.statistic,
                                        decision.threshold, decision.reject, decision.direction))
        return out

    def agent_stats(self, levels: Sequence[str], confidence: float = 0.95) -> list[AgentStats]:
        """Each agent's results so far, by agent index; ``levels`` are the agents' levels in the same order."""
        out = []
        for i, t in enumerate(self.agents):
            lo, hi = wilson_interval(t.wins, t.trials, confidence)
            out.append(AgentStats(
                label=self.labels[i],
                level=levels[i],
                points=ratio_ci(t.points, t.hands, confidence),
                margin=ratio_ci(t.margin, t.hands, confidence),
                wins=t.wins,
                trials=t.trials,
                win_low=lo,
                win_high=hi,
                hands=int(sum(t.hands)),
                games=t.games,
                decisions=t.decisions,
                seconds_per_decision=t.thinking / t.decisions if t.decisions else 0.0,
                slowest=t.slowest,
            ))
        return out

    def pair_stats(self, confidence: float = 0.95) -> list[PairStats]:
        """Each pair's head-to-head results so far (lower agent index as ``a``)."""
        out = []
        for (a, b), p in self.pairs.items():
            lo, hi = wilson_interval(p.wins, p.trials, confidence)
            out.append(PairStats(self.labels[a], self.labels[b], ratio_ci(p.diff, p.hands, confidence),
                                 p.wins, p.trials, lo, hi))
        return out


def _deal_commits(outcomes: Iterator[GameOutcome], per_deal: int, first_deal: int) -> Iterator[list[GameOutcome]]:
    """Regroup outcomes (in any order) into whole deals, in deal order."""
    buffer: dict[int, list[GameOutcome]] = {}
    next_deal = first_deal
    for out in outcomes:
        buffer.setdefault(out.task.deal, []).append(out)
        while len(buffer.get(next_deal, ())) == per_deal:
            games = sorted(buffer.pop(next_deal), key=lambda o: o.task.index)
            yield games
            next_deal += 1


def run_arena(
    game: str,
    agents: Sequence[str],
    deals: int,
    seed: int = 0,
    preset: str = "standard",
    options: dict[str, Any] | None = None,
    unit: str = "matches",
    players: int | None = None,
    workers: int | None = None,
    use_ray: bool = False,
    ray_address: str | None = None,
    records: str | Path | IO[str] | None = None,
    sequential: bool = False,
    alpha: float = 0.05,
    min_deals: int = 10,
    effect: float = 0.3,
    confidence: float = 0.95,
    progress: bool = False,
) -> ArenaReport:
    """Play ``deals`` duplicate deals between agent levels and return the report.

    ``agents`` are levels for :func:`cardtable.agents.make_agent`; with one
    level it plays itself. ``records`` (a path or an open text file) receives
    one :class:`~cardtable.record.GameRecord` JSON line per game.
    """
    if unit not in ("matches", "hands"):
        raise CardtableError(f"unit must be 'matches' or 'hands', got {unit!r}")
    if deals < 1:
        raise CardtableError("--deals must be at least 1")
    if not 0 < alpha < 1:
        raise CardtableError("alpha must be between 0 and 1")
    opts = dict(options or {})
    if players is not None:
        probe = make_game(game, preset=preset)
        if "num_players" not in probe.rules.options():
            if players != probe.num_players:
                raise CardtableError(f"{game} is for {probe.num_players} players only")
        else:
            opts["num_players"] = players
    g = make_game(game, preset=preset, **opts)
    per_table = agents_per_table(g.num_players, g.num_sides)
    levels = list(agents)
    if not levels:
        raise CardtableError("name at least one agent")
    if len(levels) == 1:
        levels = levels * per_table
    check_agents(game, levels)
    labels = agent_labels(levels)
    groups = table_groups(len(levels), per_table)
    seats = seatings(g.num_players, g.num_sides, g.side_of)
    per_deal = len(groups) * len(seats)
    spec = ArenaSpec(game=game, agents=tuple(levels), labels=tuple(labels), preset=preset,
                     options=tuple(sorted(opts.items())), unit=unit, records=records is not None, seed=seed)
    n_workers = default_workers() if workers is None else workers
    tally = Tally(labels, g.side_of, unit)
    start = time.perf_counter()
    stopped_early = False
    status: list[SequentialStatus] = []
    with ExitStack() as stack:
        sink: IO[str] | None = None
        if isinstance(records, (str, Path)):
            try:
                sink = stack.enter_context(open(records, "w", encoding="utf-8"))
            except OSError as exc:
                raise CardtableError(f"cannot write records to {records}: {exc.strerror or exc}") from None
        elif records is not None:
            sink = records
        tasks = make_tasks(seed, deals, len(levels), g.num_players, g.num_sides, g.side_of)
        stream = run_tasks(spec, tasks, workers=n_workers, ray_address=ray_address, use_ray=use_ray)
        bar = Progress(deals * per_deal, f"{game} arena", enabled=progress)
        stack.callback(bar.close)
        stack.callback(getattr(stream, "close", lambda: None))

        def counted() -> Iterator[GameOutcome]:
            for out in stream:
                bar.update()
                yield out

        for deal_games in _deal_commits(counted(), per_deal, 0):
            tally.add_deal(deal_games)
            if sink is not None:
                for out in deal_games:
                    if out.record is not None:
                        sink.write(out.record + "\n")
            if sequential:
                status = tally.sequential(alpha, min_deals, effect)
                if status and all(s.reject for s in status) and tally.deals < deals:
                    stopped_early = True
                    break
    if sequential and not status:
        status = tally.sequential(alpha, min_deals, effect)
    return ArenaReport(
        game=game,
        rules=g.rules.describe(),
        num_players=g.num_players,
        num_sides=g.num_sides,
        unit=unit,
        seed=seed,
        deals_planned=deals,
        deals_played=tally.deals,
        seatings=len(seats),
        groups=len(groups),
        games=tally.games,
        hands=tally.hands,
        decisions=tally.decisions,
        seconds=time.perf_counter() - start,
        backend="ray" if use_ray else ("local" if n_workers == 1 else f"pool x{n_workers}"),
        confidence=confidence,
        agents=tally.agent_stats(levels, confidence),
        pairs=tally.pair_stats(confidence),
        sequential=status if sequential else None,
        stopped_early=stopped_early,
        alpha=alpha,
        records=str(records) if isinstance(records, (str, Path)) else None,
    )
