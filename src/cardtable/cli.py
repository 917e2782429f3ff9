"""The ``cardtable`` command: ``play`` and ``simulate``."""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from .agents import make_agent
from .errors import CardtableError
from .match import Match
from .registry import GAMES, make_game

__all__ = ["main", "simulate"]

T = TypeVar("T")


def _progress(items: Iterable[T], total: int, desc: str, enabled: bool) -> Iterator[T]:
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


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise CardtableError(f"option must be NAME=VALUE, got {pair!r}")
        key, raw = pair.split("=", 1)
        value: Any = raw
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        elif raw.lower() == "none":
            value = None
        else:
            with contextlib.suppress(ValueError):
                value = int(raw)
        out[key] = value
    return out


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
    """Play ``games`` seeded matches (or single hands) between agent levels; return a summary."""
    game = make_game(game_name, preset=preset, **options)
    n = game.num_players
    if len(players) != n:
        raise CardtableError(f"{game_name} needs {n} players, got {len(players)}")
    wins = Counter[int]()
    points = [0] * game.num_sides
    hands = 0
    endings = Counter[str]()
    actions = 0
    start = time.perf_counter()
    for g in _progress(range(games), games, f"{game_name}", progress):
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
                    state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
                    actions += 1
            result = game.hand_result(state)
            hands += 1
            endings[result.summary] += 1
            for side, p in enumerate(result.points):
                points[side] += p
            if result.winner is not None:
                wins[result.winner] += 1
        else:
            match = Match(game, seed=rng_seed)
            outcome = match.play(agents)
            wins[outcome.winner] += 1
            for r in match.results:
                hands += 1
                endings[r.summary] += 1
                for side, p in enumerate(r.points):
                    points[side] += p
    elapsed = time.perf_counter() - start
    return {
        "game": game_name,
        "games": games,
        "hands": hands,
        "players": players,
        "wins": [wins[i] for i in range(game.num_sides)],
        "mean_points_per_hand": [p / max(hands, 1) for p in points],
        "endings": dict(endings.most_common()),
        "seconds": elapsed,
        "unit": "hands" if hands_only else "matches",
    }


def _print_summary(s: dict[str, Any]) -> None:
    unit = s["unit"]
    print(f"{s['game']}: {s['games']} {unit}, {s['hands']} hands in {s['seconds']:.1f} s")
    for side, (w, p) in enumerate(zip(s["wins"], s["mean_points_per_hand"])):
        label = s["players"][side] if side < len(s["players"]) else str(side)
        rate = w / max(s["games"], 1)
        noun = "hand" if unit == "hands" else "match"
        print(f"  side {side} ({label}): {noun} wins {w} ({rate:.1%}), mean points per hand {p:.2f}")
    print("  hand endings: " + ", ".join(f"{k} {v}" for k, v in s["endings"].items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardtable", description="Casino, Gin Rummy and two-handed Pinochle.")
    sub = parser.add_subparsers(dest="command")

    parser.add_argument("--database", default=None, metavar="URL_OR_PATH",
                        help="where games are saved (default: $CARDTABLE_DATABASE_URL or the user data directory)")
    play = sub.add_parser("play", help="play against the computer")
    play.add_argument("game", nargs="?", default=None, choices=sorted(GAMES))
    play.add_argument("--opponent", "-o", action="append", help="computer level (repeat for more players)")
    play.add_argument("--preset", default="standard")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--plain", action="store_true", help="line mode: print the view, read one action per line")
    play.add_argument("--no-save", action="store_true", help="do not save the game")

    resume = sub.add_parser("resume", help="continue an unfinished game")
    resume.add_argument("id", nargs="?", type=int, default=None, help="game id (default: the latest unfinished)")
    resume.add_argument("--plain", action="store_true")

    hist = sub.add_parser("history", help="list saved games")
    hist.add_argument("--game", choices=sorted(GAMES), default=None)
    hist.add_argument("--status", choices=("in_progress", "finished", "abandoned"), default=None)
    hist.add_argument("--limit", type=int, default=20)

    rep = sub.add_parser("replay", help="step through a saved game or a record file with all hands revealed")
    rep.add_argument("target", help="game id or record file (JSON)")
    rep.add_argument("--step", action="store_true", help="wait for Enter after each action")

    st = sub.add_parser("stats", help="results by game and opponent")
    st.add_argument("--game", choices=sorted(GAMES), default=None)

    sim = sub.add_parser("simulate", help="play seeded matches between computer players")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--games", "-n", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", default=None, help="comma-separated levels, e.g. random,simple")
    sim.add_argument("--preset", default="standard")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--hands", action="store_true", help="single hands instead of matches")
    sim.add_argument("--no-progress", action="store_true")

    srv = sub.add_parser("serve", help="play in the browser (needs the web extra)")
    srv.add_argument("--host", default="127.0.0.1")
    srv.add_argument("--port", type=int, default=8000)

    from .arena.cli import add_arena_parser

    add_arena_parser(sub)

    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            try:
                from .apps.web import server as web_server
            except ImportError as exc:
                print(f"cardtable serve needs the web extra (pip install 'cardtable[web]'): {exc}", file=sys.stderr)
                return 2
            print(f"cardtable: serving on http://{args.host}:{args.port}/", file=sys.stderr)
            web_server.serve(args.host, args.port, args.database)
            return 0
        if args.command == "arena":
            from .arena.cli import run_arena_command

            return run_arena_command(args, _options(args.option))
        if args.command == "simulate":
            options = _options(args.option)
            n = make_game(args.game, preset=args.preset, **options).num_players
            players = args.players.split(",") if args.players else ["random"] * n
            summary = simulate(args.game, args.games, args.seed, players, args.preset, args.hands,
                               progress=not args.no_progress, **options)
            _print_summary(summary)
            return 0
        if args.command in ("history", "replay", "stats"):
            return _store_command(args)
        if args.command == "resume":
            return _resume(args)
        if args.command in (None, "play"):
            return _play(args)
    except CardtableError as exc:
        print(f"cardtable: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    parser.print_help()
    return 0


def _open_store(database: str | None, required: bool) -> Any:
    """The game store, or ``None`` when SQLAlchemy is missing and the store is optional."""
    try:
        from .store import Store
    except ImportError:
        if required:
            raise CardtableError("saved games need SQLAlchemy: pip install 'cardtable[store]'") from None
        return None
    try:
        return Store.open(database)
    except CardtableError as exc:
        if required:
            raise
        print(f"cardtable: not saving this game ({exc})", file=sys.stderr)
        return None


def _store_command(args: argparse.Namespace) -> int:
    from .store import commands

    if args.command == "replay" and not args.target.isdigit():
        return commands.replay(None, args.target, sys.stdout, step=args.step)
    with _open_store(args.database, required=True) as store:
        if args.command == "history":
            return commands.history(store, sys.stdout, game=args.game, status=args.status, limit=args.limit)
        if args.command == "stats":
            return commands.stats(store, sys.stdout, game=args.game)
        return commands.replay(store, args.target, sys.stdout, step=args.step)


def _use_tui(plain: bool) -> bool:
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import textual  # noqa: F401
    except ImportError:
        print("cardtable: Textual is not installed; using line mode (pip install 'cardtable[tui]')", file=sys.stderr)
        return False
    return True


def _play(args: argparse.Namespace) -> int:
    game = getattr(args, "game", None)
    preset = getattr(args, "preset", "standard")
    options = _options(getattr(args, "option", []))
    seed = getattr(args, "seed", None)
    opponents = getattr(args, "opponent", None)
    if opponents and game:
        from .agents import make_agent

        for level in opponents:  # a bad level or agent option is an error now, not after the first move
            try:
                make_agent(game, level, seed=0)
            except ValueError as exc:
                raise CardtableError(str(exc)) from None
    store = None if getattr(args, "no_save", False) else _open_store(args.database, required=False)
    if _use_tui(getattr(args, "plain", False)):
        from .apps.tui import run_app

        return run_app(game, opponents, preset=preset, options=options, seed=seed, store=store)
    from .apps.plain import play_plain

    game = game or "gin"
    n = make_game(game, preset=preset, **options).num_players
    if opponents is None:
        from .agents import AGENT_LEVELS

        levels = AGENT_LEVELS.get(game, ("random",))
        default_level = "medium" if "medium" in levels else ("simple" if "simple" in levels else "random")
        opponents = [default_level] * (n - 1)
    return play_plain(game, opponents, seed=seed, preset=preset, store=store, **options)


def _resume(args: argparse.Namespace) -> int:
    from .store import commands

    store = _open_store(args.database, required=True)
    resumed = commands.resume(store, args.id)
    if resumed is None:
        print("cardtable: no unfinished game to resume")
        return 1
    if _use_tui(args.plain):
        from .apps.tui import run_app

        return run_app(resumed.match.game.name, store=store, resume_id=resumed.game_id)
    from .apps.plain import run_plain

    print(f"resuming game {resumed.game_id} ({resumed.match.game.name})")
    return run_plain(resumed.match, resumed.computer_levels, resumed.human_seats,
                     autosave=resumed.autosaver(store))


if __name__ == "__main__":
    sys.exit(main())
