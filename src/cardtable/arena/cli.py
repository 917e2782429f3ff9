"""``cardtable arena``: its arguments and its command (hooked into :mod:`cardtable.cli`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..registry import GAMES

__all__ = ["add_arena_parser", "run_arena_command"]

LOCAL = "local"


def add_arena_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` subcommand to an ``add_subparsers()`` object."""
    p: argparse.ArgumentParser = sub.add_parser(
        "arena", help="duplicate deals between computer players, with confidence intervals",
        description="Play duplicate deals (the same shuffles with the seats rotated) between agent levels "
                    "and report points per hand, margins and win rates with 95% confidence intervals.")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--agents", "-a", required=True, help="comma-separated levels, e.g. hard,medium "
                   "(one per side; more make a round robin; one plays itself); options after slashes, "
                   "e.g. hard/time_budget=0.3/workers=2,medium")
    p.add_argument("--deals", "-n", type=int, default=100, help="duplicate deals (default 100)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--preset", default="standard")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--players", type=int, default=None, help="number of players (games that allow it: casino)")
    unit = p.add_mutually_exclusive_group()
    unit.add_argument("--matches", dest="unit", action="store_const", const="matches",
                      help="play whole matches to the target score (default)")
    unit.add_argument("--hands", dest="unit", action="store_const", const="hands", help="play single hands")
    p.set_defaults(unit="matches")
    p.add_argument("--workers", "-w", type=int, default=None, help="local worker processes (default: every core; with --ray: CPUs of a new local Ray instance)")
    p.add_argument("--ray", nargs="?", const=LOCAL, default=None, metavar="ADDRESS",
                   help="run on Ray: a new local instance, or the cluster at ADDRESS, e.g. auto or HOST:PORT (needs the 'ray' extra)")
    p.add_argument("--records", metavar="FILE", default=None, help="write every game as a JSON-lines record")
    p.add_argument("--sequential", action="store_true",
                   help="stop early once every pair differs significantly (mSPRT)")
    p.add_argument("--alpha", type=float, default=0.05, help="sequential test level (default 0.05)")
    p.add_argument("--min-deals", type=int, default=10, help="no early stop before this many deals (default 10)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-progress", action="store_true")
    return p


def run_arena_command(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """Run the parsed ``arena`` command; :class:`~cardtable.errors.CardtableError` propagates."""
    from .runner import run_arena

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    report = run_arena(
        args.game, agents, args.deals, seed=args.seed, preset=args.preset, options=options, unit=args.unit,
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
