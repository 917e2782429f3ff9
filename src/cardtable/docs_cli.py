"""``cardtable docs``: build the documentation site when needed and say where it is, open it or serve it.

The site's sources (``mkdocs.yml`` and ``docs/``) are part of a source checkout, not of the
installed package; building needs the ``docs`` extra (MkDocs, Material, mkdocstrings).

``cardtable docs casino 7.4.1`` points at one rule (the numbers ``IllegalActionError`` cites):
the rules page of the game, at that rule's anchor.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import webbrowser
from pathlib import Path
from typing import Any

from .errors import CardtableError
from .i18n import _

__all__ = ["add_docs_parser", "find_project", "run_docs_command", "site_is_stale"]

CONFIG = "mkdocs.yml"
RULES_PAGES = {"gin": "gin_rummy", "casino": "casino", "pinochle": "pinochle"}


def add_docs_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``docs`` subcommand to an ``add_subparsers()`` object."""
    p: argparse.ArgumentParser = sub.add_parser(
        "docs", help=_("build the documentation site if needed and print where it is (or open / serve it)"),
        description=_("Build the documentation site (rules, guides, API reference) when its sources changed, "
                      "then print the path of its index.html. Needs a source checkout and the docs extra."))
    p.add_argument("game", nargs="?", choices=sorted(RULES_PAGES),
                   help=_("point at this game's rules page (default: the home page)"))
    p.add_argument("rule", nargs="?", metavar=_("rule"),
                   help=_("... at this rule or example, e.g. 7.4.1 or G-12, as errors cite them (default: the top "
                          "of the page)"))
    p.add_argument("--open", action="store_true",
                   help=_("open the built site in the web browser (default: only print where it is)"))
    p.add_argument("--serve", action="store_true",
                   help=_("live preview with 'mkdocs serve' instead of building (default: build)"))
    p.add_argument("--port", type=int, default=8001, metavar=_("PORT"), help=_("port for --serve (default 8001)"))
    p.add_argument("--rebuild", action="store_true",
                   help=_("build even when the site is up to date (default: only when pages, config or code "
                          "changed)"))
    p.add_argument("--root", default=None, metavar=_("DIR"),
                   help=_("the checkout holding mkdocs.yml (default: found from here)"))
    return p


def find_project(start: Path | None = None) -> Path | None:
    """The nearest folder at or above ``start`` (else above this package) with ``mkdocs.yml`` and ``docs/``."""
    places = [Path.cwd() if start is None else start]
    if start is None:
        places.append(Path(__file__).resolve().parent)
    for place in places:
        for folder in (place.resolve(), *place.resolve().parents):
            if (folder / CONFIG).is_file() and (folder / "docs").is_dir():
                return folder
    return None


def _newest(paths: list[Path]) -> float:
    newest = 0.0
    for path in paths:
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
        elif path.is_dir():
            for item in path.rglob("*"):
                if item.is_file() and "__pycache__" not in item.parts:
                    newest = max(newest, item.stat().st_mtime)
    return newest


def site_is_stale(root: Path) -> bool:
    """True when ``site/index.html`` is missing or older than the pages, the config or the code."""
    index = root / "site" / "index.html"
    if not index.is_file():
        return True
    return _newest([root / CONFIG, root / "docs", root / "src" / "cardtable"]) > index.stat().st_mtime


def _mkdocs(root: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "mkdocs", *args, "-f", str(root / CONFIG)]


def run_docs_command(args: argparse.Namespace) -> int:
    """Build (when stale), then print the site's path; ``--open`` opens it, ``--serve`` previews live."""
    root = Path(args.root).resolve() if args.root else find_project()
    if root is None or not (root / CONFIG).is_file():
        if args.root:
            raise CardtableError(_("no %(config)s in %(where)s: the documentation sources come with a source checkout "
                                   "of cardtable (run 'cardtable docs' inside it, or give --root)")
                                 % {"config": CONFIG, "where": args.root})
        raise CardtableError(_("no %(config)s in this folder or above: the documentation sources come with a source "
                               "checkout of cardtable (run 'cardtable docs' inside it, or give --root)")
                             % {"config": CONFIG})
    if importlib.util.find_spec("mkdocs") is None:
        raise CardtableError(_("building the documentation needs the docs extra: pip install -e '.[docs]'"))
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if args.serve:
        print(_("cardtable: serving the documentation on %(address)s (Ctrl-C stops)")
              % {"address": f"http://127.0.0.1:{args.port}/"}, file=sys.stderr)
        sys.stderr.flush()
        os.chdir(root)
        # Become mkdocs serve, so that stopping this process stops the server too.
        os.execve(sys.executable, _mkdocs(root, "serve", "-a", f"127.0.0.1:{args.port}"), env)
    index = root / "site" / "index.html"
    if args.rebuild or site_is_stale(root):
        print(_("cardtable: building the documentation in %(folder)s ...") % {"folder": root / "site"}, file=sys.stderr)
        built = subprocess.run(_mkdocs(root, "build", "-d", str(root / "site")), cwd=root, env=env,
                               capture_output=True, text=True)
        if built.returncode != 0 or not index.is_file():
            raise CardtableError(_("the documentation did not build:\n%(errors)s") % {"errors": built.stderr.strip()[-3000:]})
    target = index.as_uri()
    if args.game:
        target = _rule_uri(root / "site" / "rules" / f"{RULES_PAGES[args.game]}.html", args.game, args.rule)
    print(target if args.game else index)
    if args.open:
        webbrowser.open(target)
    return 0


def _rule_uri(page: Path, game: str, rule: str | None) -> str:
    """``file:///.../rules/casino.html#7.4.1``; a rule the page does not have is an error."""
    if not rule:
        return page.as_uri()
    found = re.search(r"\d+(?:\.\d+)*|[CGP]-\d+", rule)
    anchor = found.group(0) if found else rule
    if f'id="{anchor}"' not in page.read_text(encoding="utf-8"):
        raise CardtableError(_("the %(game)s rules have no rule or example %(rule)r (numbers look like 7.4.1 or C-09)")
                             % {"game": game, "rule": rule})
    return f"{page.as_uri()}#{anchor}"
