"""``cardtable arena``: its arguments and its command (hooked into :mod:`cardtable.cli`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import CardtableError
from ..i18n import _, format_number, ngettext
from ..registry import GAMES
from .estimate import LONG_RUN, estimate_run, format_duration, quicker_deals

__all__ = ["add_arena_parser", "run_arena_command", "plan_deals"]

LOCAL = "local"
DEFAULT_DEALS = 100


def add_arena_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` subcommand to an ``add_subparsers()`` object."""
    p: argparse.ArgumentParser = sub.add_parser(
        "arena", help=_("duplicate deals between computer players, with confidence intervals"),
        description=_("Play duplicate deals (the same shuffles with the seats rotated) between agent levels "
                      "and report points per hand, margins and win rates with 95%% confidence intervals.") % {})
    p.add_argument("game", choices=sorted(GAMES), help=_("the game"))
    p.add_argument("--agents", "-a", required=True, metavar=_("LEVELS"),
                   help=_("comma-separated levels, e.g. hard,medium (one per side; more make a round robin; one "
                          "plays itself); options after slashes, e.g. hard/time_budget=0.3/workers=2,medium"))
    p.add_argument("--deals", "-n", type=int, default=None, metavar="N",
                   help=_("duplicate deals (default: %(deals)s, or fewer when that would take more than "
                          "%(minutes)s min: the expected time is shown before the run)")
                   % {"deals": DEFAULT_DEALS, "minutes": f"{LONG_RUN / 60:.0f}"})
    p.add_argument("--seed", type=int, default=0, metavar=_("SEED"),
                   help=_("seed of the deals: the same seed deals the same cards (default: 0)"))
    p.add_argument("--preset", default="standard", metavar=_("PRESET"), help=_("rules preset (default: standard)"))
    p.add_argument("--option", action="append", default=[], metavar=_("NAME=VALUE"),
                   help=_("change one rule of the preset, e.g. target_score=50; repeat for more (default: none)"))
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help=_("number of players, for games that allow it: casino 2-4 (default: the preset's, 2)"))
    unit = p.add_mutually_exclusive_group()
    unit.add_argument("--matches", dest="unit", action="store_const", const="matches",
                      help=_("play whole matches to the target score (default)"))
    unit.add_argument("--hands", dest="unit", action="store_const", const="hands",
                      help=_("play single hands (default: whole matches, see --matches)"))
    p.set_defaults(unit="matches")
    p.add_argument("--workers", "-w", type=int, default=None, metavar="N",
                   help=_("local worker processes (default: every core; with --ray: CPUs of a new local Ray "
                          "instance)"))
    p.add_argument("--ray", nargs="?", const=LOCAL, default=None, metavar=_("ADDRESS"),
                   help=_("run on Ray: a new local instance, or the cluster at ADDRESS, e.g. auto or HOST:PORT "
                          "(needs the 'ray' extra; default: local processes)"))
    p.add_argument("--records", metavar=_("FILE"), default=None,
                   help=_("write every game as a JSON-lines record (default: not written)"))
    p.add_argument("--sequential", action="store_true",
                   help=_("stop early once every pair differs significantly, mSPRT (default: play every deal)"))
    p.add_argument("--alpha", type=float, default=0.05, metavar=_("ALPHA"),
                   help=_("sequential test level (default 0.05)"))
    p.add_argument("--min-deals", type=int, default=10, metavar="N",
                   help=_("no early stop before this many deals (default 10)"))
    p.add_argument("--json", action="store_true", help=_("print the report as JSON (default: a text table)"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar (default: a bar on stderr)"))
    return p


def run_arena_command(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """Run the parsed ``arena`` command; :class:`~cardtable.errors.CardtableError` propagates."""
    from .runner import check_agents, run_arena

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    check_agents(args.game, agents)  # a bad level is refused before any estimate is printed
    deals = plan_deals(args, agents, options)
    report = run_arena(
        args.game, agents, deals, seed=args.seed, preset=args.preset, options=options, unit=args.unit,
        players=args.players, workers=args.workers, use_ray=args.ray is not None,
        ray_address=None if args.ray in (None, LOCAL) else args.ray, records=args.records,
        sequential=args.sequential, alpha=args.alpha, min_deals=args.min_deals,
        progress=not args.no_progress,
    )
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, allow_nan=False))
    else:
        print(report.format_text())
    return 0


def plan_deals(args: argparse.Namespace, agents: list[str], options: dict[str, Any]) -> int:
    """The deals to play, after telling (on stderr) about how long they will take.

    Without ``--deals``, a run expected to last more than :data:`LONG_RUN` seconds plays fewer deals
    (at least 10) and says so; with ``--deals``, a long run gets the ways to make it quicker. With
    ``--no-progress`` a run expected to take under a minute is quiet.
    """
    from .backends import default_workers

    deals = DEFAULT_DEALS if args.deals is None else args.deals
    if deals < 1 or args.ray is not None:
        return deals  # run_arena refuses bad counts; a Ray cluster's speed is unknown here
    workers = default_workers() if args.workers is None else max(1, args.workers)
    try:
        est = estimate_run(args.game, agents, deals, args.unit, args.players, options, args.preset, workers)
    except (CardtableError, ValueError):
        return deals  # run_arena gives the precise error
    level, per = est.slowest
    games = (ngettext("%(n)s hand", "%(n)s hands", est.games) if args.unit == "hands"
             else ngettext("%(n)s match", "%(n)s matches", est.games)) % {"n": est.games}
    what = _("%(games)s, about %(decisions)s decisions; %(level)s thinks %(time)s a move; %(workers)s") % {
        "games": games, "decisions": format_number(round(est.decisions)), "level": level, "time": _ms(per),
        "workers": ngettext("%(n)s worker", "%(n)s workers", workers) % {"n": workers}}
    took = format_duration(est.seconds)
    if args.deals is None:
        fewer = quicker_deals(est, deals)
        if fewer < deals:
            short = estimate_run(args.game, agents, fewer, args.unit, args.players, options, args.preset, workers)
            took_short = format_duration(short.seconds)
            print((_("arena: %(deals)s deals would take %(time)s (%(what)s); playing %(fewer)s deals instead (at "
                     "most %(short)s). Give --deals %(deals)s to play them all.") if args.sequential else
                   _("arena: %(deals)s deals would take %(time)s (%(what)s); playing %(fewer)s deals instead "
                     "(%(short)s). Give --deals %(deals)s to play them all."))
                  % {"deals": deals, "time": took, "what": what, "fewer": fewer, "short": took_short},
                  file=sys.stderr, flush=True)
            return fewer
    if args.no_progress and est.seconds <= 60:
        return deals  # a quiet short run: nothing to tell
    print((_("arena: expected time at most %(time)s (%(what)s).") if args.sequential else
           _("arena: expected time %(time)s (%(what)s).")) % {"time": took, "what": what}, file=sys.stderr, flush=True)
    if est.seconds > 60 and args.deals is not None:
        print(_("arena: quicker: fewer --deals, --hands (single hands instead of matches), or hard/time_budget=0.2 "
                "(a quicker, weaker hard).") if level.split("/")[0] == "hard" else
              _("arena: quicker: fewer --deals, --hands (single hands instead of matches)."),
              file=sys.stderr, flush=True)
    return deals


def _ms(seconds: float) -> str:
    return _("under 1 ms") if seconds < 0.001 else _("about %(ms)s ms") % {"ms": f"{seconds * 1000:.0f}"}
