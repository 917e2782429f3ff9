"""MkDocs hook: the browser table with no server (``cardtable build-static``) under ``play/`` of the built site,
so that "Try it in your browser" on the pages opens a table where one plays against the computer.

The site needs Pyodide's npm tarball (about 6.5 MB; the site is about 16 MB). ``CARDTABLE_DOCS_PLAY`` says where
it may come from:

* ``fetch`` (the default): the cache (``~/.cache/cardtable/``), else registry.npmjs.org (then cached);
* ``cached``: the cache only (the test suite: it downloads nothing);
* ``off``: no table.

When there is no table (``off``, nothing cached, no network), ``play/index.html`` is a short page that says how
to build one, so the link never leads nowhere. This is an information, never a warning: a strict build passes
without the network.
"""

from __future__ import annotations

import html
import logging
import os
from pathlib import Path
from typing import Any

__all__ = ["FOLDER", "MODES", "build_play", "on_post_build"]

FOLDER = "play"
"""The table's folder in the built site (the pages link to ``play/index.html``)."""
MODES = ("fetch", "cached", "off")
log = logging.getLogger("mkdocs.hooks.play_site")

_MISSING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>cardtable: the browser table is not in this build</title>
<style>body {{ font: 1rem/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }}
code, pre {{ background: #eee; padding: 0 .2em; }}</style></head>
<body><h1>The browser table is not in this build</h1>
<p>This copy of the documentation was built without the table that plays in the browser ({why}).</p>
<p>Build it into this folder with cardtable (it downloads Pyodide, about 6.5 MB, once):</p>
<pre>cardtable build-static site/play
python3 -m http.server -d site/play 8000</pre>
<p>or build the documentation with the table: <code>mkdocs build</code> (it fetches Pyodide from the npm
registry unless <code>CARDTABLE_DOCS_PLAY</code> is <code>cached</code> or <code>off</code>).
See <a href="../guides/static-site.html">Play in the browser with no server</a>.</p></body></html>
"""


def build_play(out: Path, mode: str = "fetch") -> str | None:
    """Write the table into ``out`` (a folder the docs build owns); ``None`` when built, else why not (then
    ``out/index.html`` says how to build it)."""
    if mode not in MODES:
        raise ValueError(f"CARDTABLE_DOCS_PLAY is one of {', '.join(MODES)}, not {mode!r}")
    why = _build(out, mode)
    if why is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "index.html").write_text(_MISSING.format(why=html.escape(why)), encoding="utf-8")
    return why


def _build(out: Path, mode: str) -> str | None:
    if mode == "off":
        return "CARDTABLE_DOCS_PLAY=off"
    try:
        from cardtable.apps.web.static_site import build_static, cached_pyodide
        from cardtable.errors import CardtableError
    except ImportError as exc:
        return f"cardtable cannot be imported: {exc}"
    tarball = cached_pyodide()
    if tarball is None and mode == "cached":
        return "Pyodide is not in the cache and CARDTABLE_DOCS_PLAY=cached"
    try:
        build_static(out, tarball, force=True, say=log.info)
    except (CardtableError, OSError) as exc:
        return str(exc)
    return None


def on_post_build(config: Any, **kwargs: Any) -> None:
    out = Path(config["site_dir"]) / FOLDER
    why = build_play(out, os.environ.get("CARDTABLE_DOCS_PLAY", "fetch").strip().lower() or "fetch")
    if why is not None:
        log.info("%s/index.html: the browser table is not built (%s); it says how to build it", FOLDER, why)
