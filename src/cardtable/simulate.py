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

from . import i18n
from .agents import make_agent
from .core import HandResult
from .errors import CardtableError
from .i18n import N_, _, ngettext, pgettext
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
        raise CardtableError(ngettext("%(game)s is played by %(n)s player here, but %(what)s",
                                      "%(game)s is played by %(n)s players here, but %(what)s", game.num_players)
                             % {"game": game_name, "n": game.num_players, "what": what})
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
        raise CardtableError(_("--players %(players)r: an empty level; write levels separated by commas, e.g. "
                               "random,easy") % {"players": players})
    # TRANSLATORS: ends "gin is played by 2 players here, but ...": the count and the levels of --players
    what = _("--players lists %(n)s (%(levels)s)") % {"n": len(levels), "levels": ", ".join(levels)}
    fit_players(game_name, len(levels), preset, options, what)
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
        raise CardtableError(_("--games must be at least 1"))
    game = make_game(game_name, preset=preset, **options)
    n = game.num_players
    if len(players) != n:
        raise CardtableError(ngettext("%(game)s needs %(n)s player, got %(got)s", "%(game)s needs %(n)s players, got %(got)s",
                                      n) % {"game": game_name, "n": n, "got": len(players)})
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
        "side_players": side_players_of(game, players),
        "wins": [wins[i] for i in range(game.num_sides)],
        "mean_points_per_hand": [p / max(hands, 1) for p in points],
        "endings": dict(_endings(game_name, results, labels).most_common()),
        "hand_stats": _hand_stats(game_name, results, game.num_sides),
        "seconds": time.perf_counter() - start,
        "unit": "hands" if hands_only else "matches",
    }


def side_players_of(game: Any, players: Sequence[str]) -> list[list[str]]:
    """The levels of each side's seats: ``[["random"], ["easy"]]``, ``[["random", "easy"], ...]`` for partners."""
    sides: list[list[str]] = [[] for _ in range(game.num_sides)]
    for seat, level in enumerate(players):
        sides[game.side_of(seat)].append(level)
    return sides


def side_labels_of(game: Any, players: Sequence[str]) -> list[str]:
    """``side 1 (random)``, or ``side 1 (random & easy)`` for partners (in English: the summary's keys)."""
    return [f"side {i + 1} ({' & '.join(s)})" for i, s in enumerate(side_players_of(game, players))]


def _side_label(number: int, levels: Sequence[str]) -> str:
    """``side 1 (random)`` in the language spoken now."""
    # TRANSLATORS: a side in `cardtable simulate`'s summary, with the computer levels of its seats ("random & easy")
    return _("side %(number)s (%(levels)s)") % {"number": number, "levels": pgettext("partners", " & ").join(levels)}


def _endings(game_name: str, results: Sequence[HandResult], labels: Sequence[str]) -> Counter[str]:
    if game_name == "gin":
        return Counter(r.summary for r in results)
    out = Counter[str]()
    for r in results:
        best = max(r.points)
        top = [i for i, p in enumerate(r.points) if p == best]
        out["void" if r.void else f"won by {labels[top[0]]}" if len(top) == 1 else "tied"] += 1
    return out


# Gin's ways for a hand to end without a score (``cardtable.gin``'s void reasons), for the summary
_VOID_REASONS = (N_("stock down to 2 cards (4.5)"), N_("discard-draw cap reached (4.6.2)"),
                 N_("the wall: no knock (4.5)"), N_("repeated upcard (4.6.1)"))
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


def _ending(key: str, sides: Sequence[str], labels: Sequence[str]) -> str:
    """A key of the summary's ``endings`` in the language spoken now (``labels``: the sides' shown names)."""
    if key in ("knock", "gin", "big gin", "undercut"):
        return i18n.term(key)
    if key in _VOID_REASONS:
        return _(key)
    words = {"tie": pgettext("hand ending", "tie"), "tied": pgettext("hand ending", "tied"),
             "void": pgettext("hand ending", "void")}
    if key in words:
        return words[key]
    for side, label in zip(sides, labels):
        if key == f"won by {side}":
            return _("won by %(side)s") % {"side": label}
    return key


def _stat_name(key: str) -> str:
    """A per-hand statistic's name in the language spoken now."""
    names = {"cards": pgettext("casino", "cards"), "spades": pgettext("casino", "spades"),
             "sweeps": pgettext("casino", "sweeps"), "aces": pgettext("casino", "aces"),
             "meld points": pgettext("pinochle", "meld points"), "card points": pgettext("pinochle", "card points")}
    if key in names:
        return names[key]
    return i18n.term(key) if key in i18n.TERMS else key


def format_summary(s: dict[str, Any]) -> str:
    """The summary of :func:`simulate` as a few readable lines, in the language spoken now."""
    num = i18n.format_number
    # TRANSLATORS: between the items of a list in `cardtable simulate`'s summary ("knock 11, gin 3")
    sep = pgettext("list", ", ")
    hands, games = s["hands"], s["games"]
    played = ngettext("%(hands)s hand", "%(hands)s hands", hands) % {"hands": num(hands)}
    if s["unit"] != "hands":
        played = sep.join((ngettext("%(matches)s match", "%(matches)s matches", games) % {"matches": num(games)},
                           played))
    # TRANSLATORS: the first line of `cardtable simulate`'s summary: "gin: 3 matches, 366 hands in 0.6 s (random, random)"
    lines = [_("%(game)s: %(played)s in %(seconds)s s (%(players)s)")
             % {"game": s["game"], "played": played, "seconds": i18n.format_decimal(s["seconds"], 1),
                "players": sep.join(s["players"])}]
    levels = s.get("side_players") or [[label] for label in s["sides"]]
    labels = [_side_label(i + 1, lv) for i, lv in enumerate(levels)] if "side_players" in s else list(s["sides"])
    for side, (w, p) in enumerate(zip(s["wins"], s["mean_points_per_hand"])):
        fill = {"side": labels[side], "wins": num(w), "rate": i18n.format_percent(w / max(games, 1), digits=1),
                "points": i18n.format_decimal(p, 2)}
        if s["unit"] == "hands":
            lines.append("  " + _("%(side)s: hand wins %(wins)s (%(rate)s), mean points per hand %(points)s") % fill)
        else:
            lines.append("  " + _("%(side)s: match wins %(wins)s (%(rate)s), mean points per hand %(points)s") % fill)
    endings = sep.join(f"{_ending(k, s['sides'], labels)} {num(v)}" for k, v in s["endings"].items())
    lines.append("  " + _("hand endings: %(endings)s") % {"endings": endings})
    for side, st in enumerate(s.get("hand_stats") or []):
        parts = [f"{_stat_name(k)} {i18n.format_decimal(v, 1)}" if k in _CASINO_STATS or k.endswith("points")
                 else f"{_stat_name(k)} {i18n.format_percent(v)}" for k, v in st.items()]
        lines.append("  " + _("%(side)s per hand: %(stats)s") % {"side": labels[side], "stats": sep.join(parts)})
    return "\n".join(lines)
