"""The ``cardtable`` command: play, resume, history, delete, replay, stats, simulate, arena, serve.

Every option says what it does and its default (``cardtable COMMAND --help``).
Output piped into ``head`` and friends ends quietly: a closed pipe is not an error.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import io
import os
import re
import sys
from collections.abc import Callable
from typing import Any

from . import __version__, i18n
from .errors import CardtableError
from .i18n import _
from .registry import GAMES, make_game
from .simulate import fit_players, format_summary, players_for, simulate

__all__ = ["main", "simulate", "build_parser"]

def _database_help() -> str:
    return _("where games are saved: a file path or a database URL such as postgresql://user@host/db "
             "(default: $CARDTABLE_DATABASE_URL, else ~/.local/share/cardtable/cardtable.db)")


def _lang_help() -> str:
    return _("the language of every message: en (English), ja (日本語), zh (简体中文), bg (Български) or "
             "cs (Čeština) (default: from $LC_ALL, $LC_MESSAGES or $LANG, else English)")


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise CardtableError(_("option must be NAME=VALUE, got %(pair)r") % {"pair": pair})
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


def _presets_help() -> str:
    parts = []
    for game in sorted(GAMES):
        try:
            parts.append(f"{game}: {', '.join(make_game(game).rules.presets())}")
        except CardtableError:  # a game that cannot load must not break --help
            continue
    return "; ".join(parts)


def _add_rules_options(p: argparse.ArgumentParser, presets: str) -> None:
    p.add_argument("--preset", default="standard", metavar=_("PRESET"),
                   help=_("rules preset (default: standard). Presets: %(presets)s") % {"presets": presets})
    p.add_argument("--option", action="append", default=[], metavar=_("NAME=VALUE"),
                   help=_("change one rule of the preset, e.g. target_score=50 or num_players=4 for Casino; "
                          "repeat for more (default: none, the preset as it is)"))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cardtable`` (every option with its help and default), in the language
    spoken now (:func:`cardtable.i18n.using`); argparse's own words need :func:`~cardtable.i18n.argparse_translated`."""
    parser = argparse.ArgumentParser(prog="cardtable", description=_("Casino, Gin Rummy and two-handed Pinochle."),
                                     formatter_class=i18n.HelpFormatter)
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}",
                        help=_("print the version of cardtable and stop"))
    parser.add_argument("--lang", default=None, metavar=_("LANG"), help=_lang_help())
    parser.add_argument("--database", default=None, metavar=_("URL_OR_PATH"), help=_database_help())
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    # --database and --lang are accepted after the command too; SUPPRESS keeps a value given before it
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument("--database", default=argparse.SUPPRESS, metavar=_("URL_OR_PATH"), help=_database_help())
    presets = _presets_help()
    games = sorted(GAMES)

    play = sub.add_parser("play", parents=[db], help=_("play against the computer (the default command)"),
                          description=_("Play a match against computer players: the card table in a terminal, "
                                        "or line mode with --plain (also used when input or output is not a "
                                        "terminal)."))
    play.add_argument("game", nargs="?", default=None, choices=games,
                      help=_("the game (default: you pick it, in the app or in line mode; gin when the input is "
                             "piped)"))
    play.add_argument("--opponent", "-o", action="append", metavar=_("LEVEL"),
                      help=_("computer level, once per computer seat (in Casino their number sets the players, "
                             "1 to 3 computers): random, easy, medium, hard (Gin also simple), with options after "
                             "slashes, e.g. hard/time_budget=0.3 (default: medium at every other seat)"))
    _add_rules_options(play, presets)
    play.add_argument("--seed", type=int, default=None, metavar=_("SEED"),
                      help=_("seed of the shuffles, to replay the same deals (default: a random seed)"))
    play.add_argument("--plain", action="store_true",
                      help=_("line mode: the table in sentences and one move per line, for screen readers and "
                             "scripts (default: the full-screen table when run in a terminal)"))
    play.add_argument("--no-save", action="store_true",
                      help=_("do not save the game (default: saved after every move)"))
    play.add_argument("--spoken-cards", action="store_true",
                      help=_("line mode says cards in full, '10 of spades', which screen readers read better "
                             "(default: short names like 10♠)"))

    resume = sub.add_parser("resume", parents=[db], help=_("continue an unfinished game"),
                            description=_("Continue an unfinished game where it was left."))
    resume.add_argument("id", nargs="?", type=int, default=None, metavar=_("id"),
                        help=_("game id from `cardtable history` (default: the latest unfinished game)"))
    resume.add_argument("--plain", action="store_true",
                        help=_("continue in line mode (default: the full-screen table when run in a terminal)"))
    resume.add_argument("--spoken-cards", action="store_true",
                        help=_("line mode says cards in full, '10 of spades' (default: short names like 10♠)"))

    hist = sub.add_parser("history", parents=[db], help=_("list saved games"),
                          description=_("List saved games, newest first."))
    hist.add_argument("--game", choices=games, default=None, help=_("only this game (default: every game)"))
    hist.add_argument("--status", choices=("in_progress", "finished", "abandoned"), default=None,
                      help=_("only games in this state (default: any)"))
    hist.add_argument("--limit", type=int, default=20, metavar="N",
                      help=_("how many games to list, newest first (default: 20)"))

    dele = sub.add_parser("delete", parents=[db], help=_("delete a saved game (asks first)"),
                          description=_("Delete a saved game for good: its record, moves and result."))
    dele.add_argument("id", type=int, metavar=_("id"), help=_("game id from `cardtable history`"))
    dele.add_argument("--yes", "-y", action="store_true", help=_("delete without asking (default: ask first)"))

    rep = sub.add_parser("replay", parents=[db],
                         help=_("step through a saved game or a record file: a finished one with every hand shown, "
                                "an unfinished one only as its player saw it"))
    rep.add_argument("target", metavar=_("target"),
                     help=_("game id (from `cardtable history`) or a record file (JSON)"))
    rep.add_argument("--step", action="store_true",
                     help=_("wait for Enter after each action, q stops (default: print the whole game)"))

    st = sub.add_parser("stats", parents=[db], help=_("results by game and opponent"),
                        description=_("Results of the saved games by game and opponent."))
    st.add_argument("--game", choices=games, default=None, help=_("only this game (default: every game)"))

    sim = sub.add_parser("simulate",
                         help=_("play seeded matches between computer players (default: random vs random)"),
                         description=_("Play seeded matches (or single hands) between computer players and "
                                       "summarise wins, points and how hands ended. Without --players every seat "
                                       "is random."))
    sim.add_argument("game", choices=games, help=_("the game"))
    sim.add_argument("--games", "-n", type=int, default=100, metavar="N",
                     help=_("how many matches (or hands) to play (default: 100)"))
    sim.add_argument("--seed", type=int, default=0, metavar=_("SEED"),
                     help=_("seed of the deals: the same seed plays the same games (default: 0)"))
    sim.add_argument("--players", default=None, metavar=_("LEVELS"),
                     help=_("comma-separated levels, one per seat, e.g. random,simple; for Casino the list sets "
                            "the number of players, e.g. random,easy,medium (default: random at every seat)"))
    _add_rules_options(sim, presets)
    sim.add_argument("--hands", action="store_true",
                     help=_("play single hands (default: whole matches to the target)"))
    sim.add_argument("--no-progress", action="store_true", help=_("no progress bar (default: a bar on stderr)"))

    srv = sub.add_parser("serve", parents=[db], help=_("play in the browser: start the web server"),
                         description=_("Serve the browser card table. `python3 run.py serve` sets up what it "
                                       "needs."))
    srv.add_argument("--host", default="127.0.0.1", metavar=_("ADDRESS"),
                     help=_("address to listen on; 0.0.0.0 for every interface (default: 127.0.0.1, this machine "
                            "only)"))
    srv.add_argument("--port", type=int, default=8000, metavar=_("PORT"),
                     help=_("port to listen on (default: %(port)s)") % {"port": 8000})
    srv.add_argument("--allow-origin", action="append", default=[], metavar=_("ORIGIN"),
                     help=_("a web site (e.g. https://cards.example.org) whose pages may open tables and sockets "
                            "here besides this server's own pages; repeat for more (default: none)"))
    srv.add_argument("--allow-host", action="append", default=[], metavar=_("NAME"),
                     help=_("a host name or address browsers may reach this server by, e.g. 192.168.1.20 or "
                            "cards.lan (*.lan for every name under lan); repeat for more. Others are refused, "
                            "against DNS rebinding (default: localhost, the --host address unless it is 0.0.0.0 "
                            "or ::, and the hosts of --allow-origin)"))
    srv.add_argument("--forwarded-allow-ips", action="append", default=[], metavar=_("ADDRESSES"),
                     help=_("proxies whose X-Forwarded-For and X-Forwarded-Proto headers are believed: addresses "
                            "or networks separated by commas, e.g. 127.0.0.1 when a reverse proxy on this machine "
                            "passes requests on, * for any (default: none, every client is its connection's "
                            "address)"))
    srv.add_argument("--max-tables", type=int, default=None, metavar="N",
                     help=_("tables in play at once on the server; more are refused until one ends "
                            "(default: $CARDTABLE_WEB_MAX_TABLES, else 2000)"))
    srv.add_argument("--max-tables-per-address", type=int, default=None, metavar="N",
                     help=_("tables in play at once set up from one client address "
                            "(default: $CARDTABLE_WEB_MAX_TABLES_PER_ADDRESS, else 20)"))
    srv.add_argument("--computer", action="append", default=[], metavar=_("GAME:NAME=SPEC"),
                     help=_("offer another computer player by name in the browser's level list, e.g. a trained "
                            "policy: gin:ppo=cardtable.adapters.policy:SB3Policy/path=runs/gin_ppo.zip; repeat "
                            "for more (default: none, the built-in levels only)"))
    srv.add_argument("--workers", type=int, default=1, metavar="N",
                     help=_("serve the port with N processes (PostgreSQL only: they share its tables; a process "
                            "that dies is started again and its players reconnect to the others) (default: 1)"))
    srv.add_argument("--peer", action="append", default=[], metavar=_("ORIGIN"),
                     help=_("another server on the same PostgreSQL, e.g. http://cards.lan:8001: pages reconnect "
                            "there if this one stops; repeat for more (default: none)"))
    srv.add_argument("--api-docs", action="store_true",
                     help=_("also serve the API description at /docs and /openapi.json (default: off)"))
    srv.add_argument("--metrics-token", default=None, metavar=_("TOKEN"),
                     help=_("let a Prometheus anywhere read /metrics with 'Authorization: Bearer TOKEN' (default: "
                            "$CARDTABLE_METRICS_TOKEN, which keeps it out of the process list; without either, "
                            "/metrics answers only this machine's requests that came through no proxy)"))

    bst = sub.add_parser("build-static", help=_("write the browser table as static files: play alone, no server"),
                         description=_("Write a folder of static files (the browser table, the cardtable package "
                                       "and Pyodide) where one person plays the computer with no server, offline "
                                       "too."))
    bst.add_argument("directory", metavar=_("DIR"), help=_("the folder to write (made if missing)"))
    bst.add_argument("--pyodide", default=None, metavar=_("PATH"),
                     help=_("an unpacked npm pyodide package or its .tgz (default: the pinned version, downloaded "
                            "once from registry.npmjs.org into ~/.cache/cardtable/)"))
    bst.add_argument("--force", action="store_true",
                     help=_("replace what is in DIR even if it is not a site built before (default: refuse)"))

    from .arena.cli import add_arena_parser

    add_arena_parser(sub)
    from .docs_cli import add_docs_parser

    add_docs_parser(sub)
    for command in sub.choices.values():  # --lang after the command too (read before parsing: see main)
        command.add_argument("--lang", default=argparse.SUPPRESS, metavar=_("LANG"), help=_lang_help())
        command.formatter_class = i18n.HelpFormatter  # CJK text wraps by terminal columns
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``cardtable``; returns the exit code. A closed output pipe (``| head``) ends quietly.

    Every message is in the language of ``--lang``, else of the environment (:func:`cardtable.i18n.choose`).
    """
    words = sys.argv[1:] if argv is None else argv
    _tolerant_output()
    try:
        lang = i18n.choose(i18n.lang_in_argv(words))
    except i18n.UnknownLanguage as exc:
        with i18n.using(i18n.from_environment()):
            print(_("cardtable: --lang %(lang)s: not a language cardtable speaks; choose one of %(languages)s")
                  % {"lang": exc.args[0], "languages": ", ".join(i18n.LANGUAGES)}, file=sys.stderr)
        return 2
    try:
        with i18n.using(lang), i18n.argparse_translated(lang):
            code = _main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        return _pipe_closed()
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        return _pipe_closed()
    return code


def _tolerant_output() -> None:
    """On a terminal or pipe whose encoding lacks some characters (ASCII, Latin-2, EUC-JP), print ``?``
    for them instead of failing: every help page names the languages in their own scripts."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if encoding not in ("utf8", "utf16", "utf32", "utf8sig") and isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="replace")


def _pipe_closed() -> int:
    """The reader of our output went away: stop quietly (no traceback, nothing more written)."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 141  # as a process killed by SIGPIPE


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "database"):
        args.database = None
    try:
        if args.command == "serve":
            return _serve(args)
        if args.command == "build-static":
            from .apps.web.static_site import run_build_static

            return run_build_static(args.directory, args.pyodide, args.force)
        if args.command == "docs":
            from .docs_cli import run_docs_command

            return run_docs_command(args)
        if args.command == "arena":
            from .arena.cli import run_arena_command

            return run_arena_command(args, _options(args.option))
        if args.command == "simulate":
            options = _options(args.option)
            players = players_for(args.game, args.players, args.preset, options)
            summary = simulate(args.game, args.games, args.seed, players, args.preset, args.hands,
                               progress=not args.no_progress, **options)
            print(format_summary(summary))
            return 0
        if args.command in ("history", "replay", "stats", "delete"):
            return _store_command(args)
        if args.command == "resume":
            return _resume(args)
        if args.command in (None, "play"):
            return _play(args)
    except CardtableError as exc:
        print(_("cardtable: %(message)s") % {"message": in_words(str(exc))}, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    parser.print_help()
    return 0


_RULE_FIELD = re.compile(r"\b[A-Z]\w*Rules\.(\w+)")
_RULE_OPTION = re.compile(r"\(\w*Rules option (\w+)\)")
_BOUND = {"<=": "at most", ">=": "at least"}


def in_words(message: str) -> str:
    """An engine's message in a player's words: no class names, rule options by name, bounds in words.

    >>> in_words("GinRules.knock_limit must be <= 10, got 11")
    'knock limit must be at most 10, not 11'
    >>> in_words("the knock limit must be from 0 to 10 (GinRules option knock_limit), got 11")
    'the knock limit must be from 0 to 10 (option knock_limit), not 11'
    >>> in_words("unknown CasinoRules option(s): foo; valid: num_players")
    'unknown rule option(s): foo; valid: num_players'
    """
    text = re.sub(r"unknown \w*Rules option", "unknown rule option", message)
    if not (_RULE_FIELD.search(text) or _RULE_OPTION.search(text)):
        return text
    text = _RULE_OPTION.sub(lambda m: f"(option {m.group(1)})", text)
    text = _RULE_FIELD.sub(lambda m: m.group(1).replace("_", " "), text)
    text = re.sub(r"must be (<=|>=) ", lambda m: f"must be {_BOUND[m.group(1)]} ", text)
    return text.replace(", got ", ", not ")


def add_named_level(entry: str) -> tuple[str, str, str]:
    """``GAME:NAME=SPEC`` (``serve --computer``): make the agent spec a named level of the game; return the three."""
    from .agents import add_level

    head, eq, spec = entry.partition("=")
    game, colon, name = head.partition(":")
    if not (eq and colon and spec.strip()):
        raise ValueError(_("write GAME:NAME=SPEC, e.g. gin:ppo=cardtable.adapters.policy:SB3Policy/path=runs/gin_ppo.zip"))
    add_level(game.strip(), name.strip(), spec.strip())
    return game.strip(), name.strip(), spec.strip()


def _serve(args: argparse.Namespace) -> int:
    try:
        from .apps.web import server as web_server
    except ImportError as exc:
        print(_("cardtable serve needs the web server packages (FastAPI, uvicorn), which are not installed "
                "(%(error)s).\nRun `python3 run.py serve` from the cardtable folder: it installs them in .venv "
                "and starts the server.") % {"error": exc}, file=sys.stderr)
        return 2
    from .apps.web.admission import Admission
    from .apps.web.security import normalize_origin, trusted_proxies

    def checked(option: str | None, check: Callable[[], Any]) -> Any:
        """``check()``; a bad value (option or environment) is refused now, not a traceback later."""
        try:
            return check()
        except (ValueError, ImportError) as exc:
            if option is None:
                raise _Refused(_("cardtable serve: %(error)s") % {"error": exc}) from None
            raise _Refused(_("cardtable serve: %(option)s: %(error)s") % {"option": option, "error": exc}) from None

    try:
        origins = checked("--allow-origin", lambda: [normalize_origin(o) for o in args.allow_origin])
        checked(None, lambda: (trusted_proxies(args.forwarded_allow_ips),
                               Admission(None, args.max_tables_per_address, args.max_tables)))
        levels = [checked(f"--computer {entry}", functools.partial(add_named_level, entry)) for entry in args.computer]
        peers = checked("--peer", lambda: [normalize_origin(o) for o in args.peer])
        if args.workers < 1:
            raise _Refused(_("cardtable serve: --workers must be at least 1"))
        host = "localhost" if args.host in ("127.0.0.1", "::1", "0.0.0.0", "::") else args.host
        checked(None, lambda: web_server.serve(  # (a ValueError here: --workers with SQLite)
            args.host, args.port, args.database, ready=lambda: print(  # once the database is open
                _("cardtable: serving the card table; open %(address)s in a browser (Ctrl-C stops)")
                % {"address": f"http://{host}:{args.port}/"}, file=sys.stderr, flush=True),
            allow_origins=origins, allow_hosts=args.allow_host, forwarded_allow_ips=args.forwarded_allow_ips,
            max_tables=args.max_tables, max_tables_per_address=args.max_tables_per_address, api_docs=args.api_docs,
            metrics_token=args.metrics_token, peers=peers, workers=args.workers, computers=levels))
    except _Refused as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


class _Refused(Exception):
    """A ``cardtable serve`` setting that cannot work, in the words printed before the server starts."""


def _open_store(database: str | None, required: bool) -> Any:
    """The game store, or ``None`` when SQLAlchemy is missing and the store is optional."""
    try:
        from .store import Store
    except ImportError:
        if required:
            raise CardtableError(_("saved games need SQLAlchemy, which is not installed: `python3 run.py play` "
                                   "sets it up in .venv (or pip install -e '.[cli]' in the cardtable folder)")) from None
        return None
    try:
        return Store.open(database)
    except CardtableError as exc:
        if required:
            raise
        print(_("cardtable: not saving this game (%(error)s)") % {"error": exc}, file=sys.stderr)
        return None


def _store_command(args: argparse.Namespace) -> int:
    from .apps.plain.replay import replay
    from .store import commands

    if args.command == "replay" and not args.target.isdigit():
        return replay(None, args.target, sys.stdout, i18n.language(), step=args.step)
    with _open_store(args.database, required=True) as store:
        if args.command == "history":
            return commands.history(store, sys.stdout, game=args.game, status=args.status, limit=args.limit)
        if args.command == "stats":
            return commands.stats(store, sys.stdout, game=args.game)
        if args.command == "delete":
            return commands.delete(store, args.id, sys.stdout, yes=args.yes)
        return replay(store, args.target, sys.stdout, i18n.language(), step=args.step)


def _use_tui(plain: bool) -> bool:
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import textual  # noqa: F401
    except ImportError:
        print(_("cardtable: Textual is not installed, so this is line mode; `python3 run.py play` sets up the "
                "full-screen table"), file=sys.stderr)
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
    if opponents and game:  # Casino: the computers listed set the number of players
        fit_players(game, len(opponents) + 1, preset, options,
                    f"--opponent names {len(opponents)} computer(s), which makes {len(opponents) + 1} players")
    store = None if getattr(args, "no_save", False) else _open_store(args.database, required=False)
    if _use_tui(getattr(args, "plain", False)):
        from .apps.tui import run_app

        return run_app(game, opponents, preset=preset, options=options, seed=seed, store=store)
    from .apps.plain import choose_game, play_plain

    if game is None:  # a person at a terminal picks the game; a script gets Gin Rummy
        game = choose_game(lang=i18n.language()) if sys.stdin.isatty() else "gin"
        if game is None:
            return 1
    n = make_game(game, preset=preset, **options).num_players
    if opponents is None:
        from .agents import AGENT_LEVELS

        levels = AGENT_LEVELS.get(game, ("random",))
        default_level = "medium" if "medium" in levels else ("simple" if "simple" in levels else "random")
        opponents = [default_level] * (n - 1)
    return play_plain(game, opponents, seed=seed, preset=preset, store=store,
                      spoken=getattr(args, "spoken_cards", False), lang=i18n.language(), **options)


def _resume(args: argparse.Namespace) -> int:
    from .store import commands

    store = _open_store(args.database, required=True)
    resumed = commands.resume(store, args.id)
    if resumed is None:
        print(_("cardtable: no unfinished game to resume (`cardtable history` lists the saved ones)"), file=sys.stderr)
        return 1
    if _use_tui(args.plain):
        from .apps.tui import run_app

        return run_app(resumed.match.game.name, store=store, resume_id=resumed.game_id)
    from .apps.plain import run_plain
    from .apps.tui import load_resumed

    print(_("Resuming game %(id)s (%(game)s).") % {"id": resumed.game_id, "game": resumed.match.game.name})
    return run_plain(load_resumed(store, resumed.game_id, lang=i18n.language()), spoken=args.spoken_cards)


if __name__ == "__main__":
    sys.exit(main())
