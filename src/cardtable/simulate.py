"""``cardtable simulate``: seeded matches (or single hands) between computer players, summarised.

>>> s = simulate("gin", 2, seed=1, players=["random", "random"], progress=False)
>>> s["games"], sum(s["wins"]), sum(s["endings"].values()) == s["hands"]
(2, 2, True)
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar

from .agents import make_agent
from .core import HandResult
from .errors import CardtableError
from .match import Match
from .registry import make_game

__all__ = ["simulate", "format_summary", "players_for", "fit_players", "progress_bar"]

T = TypeVar("T")


def progress_bar(items: Iterable[T], total: int, desc: str, enabled: bool) -> Iterator[T]:
    """tqdm when installed, otherwise a small built-in bar on stderr."""
    if not enabled:
        yield from items
        return
    try:
        from tqdm import tqdm
    except ImportError:
        start = time.perf_counter()
        for i, item in enumerate(items, 1):
            yield item
            if i == total or i % max(1, total // 50) == 0:
                done = int(30 * i / total)
                rate = i / max(time.perf_counter() - start, 1e-9)
                print(f"\r{desc} [{'#' * done}{'.' * (30 - done)}] {i}/{total} {rate:.1f}/s", end="", file=sys.stderr)
        print(file=sys.stderr)
        return
    yield from tqdm(items, total=total, desc=desc, unit="game")


def fit_players(game_name: str, count: int, preset: str, options: dict[str, Any], what: str) -> None:
    """Make ``options`` seat ``count`` players: Casino takes ``num_players`` from it; other games must match.

    ``what`` names the list the count came from, for the error message.
    """
    game = make_game(game_name, preset=preset, **options)
    if count == game.num_players:
        return
    if "num_players" in options or "num_players" not in game.rules.options():
        raise CardtableError(f"{game_name} is played by {game.num_players} players here, but {what}")
    make_game(game_name, preset=preset, **{**options, "num_players": count})  # 2-4 players, or a clear error
    options["num_players"] = count


def players_for(game_name: str, players: str | None, preset: str, options: dict[str, Any]) -> list[str]:
    """The levels of ``--players`` (default: random at every seat), checked; with Casino the list sets the player count.

    ``options`` gains ``num_players`` when the list implies it (and the game allows it).
    """
    if not players:
        return ["random"] * make_game(game_name, preset=preset, **options).num_players
    levels = [p.strip() for p in players.split(",")]
    if any(not p for p in levels):
        raise CardtableError(f"--players {players!r}: an empty level; write levels separated by commas, e.g. random,easy")
    fit_players(game_name, len(levels), preset, options, f"--players lists {len(levels)} ({', '.join(levels)})")
    for level in dict.fromkeys(levels):
        try:
            make_agent(game_name, level, seed=0)
        except (ValueError, ImportError) as exc:
            raise CardtableError(str(exc)) from None
    return levels


def simulate(
    game_name: str,
    games: int,
    seed: int,
    players: list[str],
    preset: str = "standard",
    hands_only: bool = False,
    progress: bool = True,
    **options: Any,
) -> dict[str, Any]:
    """Play ``games`` seeded matches (or single hands) between agent levels; return a summary.

    ``endings`` counts how hands ended: Gin's outcomes (knock, gin, undercut ...),
    for the other games the side that won each hand. ``hand_stats`` holds the
    per-hand means of each side's scoring details (cards, spades, sweeps; meld, tricks).
    """
    if games < 1:
        raise CardtableError("--games must be at least 1")
    game = make_game(game_name, preset=preset, **options)
    n = game.num_players
    if len(players) != n:
        raise CardtableError(f"{game_name} needs {n} players, got {len(players)}")
    labels = side_labels_of(game, players)
    wins = Counter[int]()
    points = [0] * game.num_sides
    results: list[HandResult] = []
    start = time.perf_counter()
    for g in progress_bar(range(games), games, f"{game_name}", progress):
        rng_seed = seed * 1_000_003 + g
        agents = [make_agent(game_name, lvl, seed=rng_seed * 7 + i) for i, lvl in enumerate(players)]
        if hands_only:
            rng = random.Random(rng_seed)
            state = game.new_hand(game.first_dealer(rng))
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                else:
                    seat = state.current_player()
                    state.apply(agents[seat].act(state.view(seat), state.legal_moves()))
            result = game.hand_result(state)
            results.append(result)
            if result.winner is not None:
                wins[result.winner] += 1
        else:
            match = Match(game, seed=rng_seed)
            outcome = match.play(agents)
            wins[outcome.winner] += 1
            results.extend(match.results)
    for r in results:
        for side, p in enumerate(r.points):
            points[side] += p
    hands = len(results)
    return {
        "game": game_name,
        "games": games,
        "hands": hands,
        "players": players,
        "sides": labels,
        "wins": [wins[i] for i in range(game.num_sides)],
        "mean_points_per_hand": [p / max(hands, 1) for p in points],
        "endings": dict(_endings(game_name, results, labels).most_common()),
        "hand_stats": _hand_stats(game_name, results, game.num_sides),
        "seconds": time.perf_counter() - start,
        "unit": "hands" if hands_only else "matches",
    }


def side_labels_of(game: Any, players: Sequence[str]) -> list[str]:
    """``side 1 (random)``, or ``side 1 (random & easy)`` for partners."""
    sides: list[list[str]] = [[] for _ in range(game.num_sides)]
    for seat, level in enumerate(players):
        sides[game.side_of(seat)].append(level)
    return [f"side {i + 1} ({' & '.join(s)})" for i, s in enumerate(sides)]


def _endings(game_name: str, results: Sequence[HandResult], labels: Sequence[str]) -> Counter[str]:
    if game_name == "gin":
        return Counter(r.summary for r in results)
    out = Counter[str]()
    for r in results:
        best = max(r.points)
        top = [i for i, p in enumerate(r.points) if p == best]
        out["void" if r.void else f"won by {labels[top[0]]}" if len(top) == 1 else "tied"] += 1
    return out


_CASINO_STATS = ("cards", "spades", "sweeps", "aces")
_CASINO_SHARES = (("most cards", "most_cards"), ("most spades", "most_spades"), ("big casino", "big_casino"),
                  ("little casino", "little_casino"))


def _hand_stats(game_name: str, results: Sequence[HandResult], num_sides: int) -> list[dict[str, float]]:
    """Per side, the mean of each scoring detail per hand (and how often it took each scoring point)."""
    stats: list[dict[str, float]] = [{} for _ in range(num_sides)]
    hands = max(len(results), 1)
    for r in results:
        d = r.details if isinstance(r.details, dict) else {}
        if game_name == "casino" and d.get("sides"):
            for side, sd in enumerate(d["sides"]):
                for key in _CASINO_STATS:
                    stats[side][key] = stats[side].get(key, 0.0) + sd.get(key, 0) / hands
                for label, key in _CASINO_SHARES:
                    stats[side][label] = stats[side].get(label, 0.0) + (1 if sd.get(key) else 0) / hands
        elif game_name == "pinochle" and "meld_points" in d:
            for side in range(num_sides):
                for key in ("meld_points", "card_points"):
                    stats[side][key.replace("_", " ")] = stats[side].get(key.replace("_", " "), 0.0) \
                        + d[key][side] / hands
                stats[side]["last trick"] = stats[side].get("last trick", 0.0) + (d.get("last_trick") == side) / hands
    return stats if any(stats) else []


def format_summary(s: dict[str, Any]) -> str:
    """The summary of :func:`simulate` as a few readable lines."""
    unit = s["unit"]
    noun = "hand" if unit == "hands" else "match"
    played = f"{s['hands']} hands" if unit == "hands" else f"{s['games']} matches, {s['hands']} hands"
    lines = [f"{s['game']}: {played} in {s['seconds']:.1f} s ({', '.join(s['players'])})"]
    for side, (w, p) in enumerate(zip(s["wins"], s["mean_points_per_hand"])):
        label = s["sides"][side]
        rate = w / max(s["games"], 1)
        lines.append(f"  {label}: {noun} wins {w} ({rate:.1%}), mean points per hand {p:.2f}")
    lines.append("  hand endings: " + ", ".join(f"{k} {v}" for k, v in s["endings"].items()))
    for side, st in enumerate(s.get("hand_stats") or []):
        parts = [f"{k} {v:.1f}" if k in _CASINO_STATS or k.endswith("points") else f"{k} {v:.0%}"
                 for k, v in st.items()]
        lines.append(f"  {s['sides'][side]} per hand: " + ", ".join(parts))
    return "\n".join(lines)
