"""``cardtable build-static DIR``: the browser table as a folder of static files, with no server.

The folder holds the same front end as ``cardtable serve`` (``static/``), the ``cardtable`` package as
a zip, and Pyodide (CPython compiled to WebAssembly, from the npm package ``pyodide``). The page runs
the engines and the computer players in a Web Worker (``static/solo-worker.js``) and keeps its games in
IndexedDB; a service worker (``sw.js``) caches the whole folder on the first visit, so the site works
offline afterwards. Host it anywhere (any static file server, in any sub-folder): every address in it
is relative, and nothing is fetched from another host at run time.

Layout of the folder::

    index.html              the lobby and tables (static/index.html, marked as the static site)
    i18n/LANG.json          the page's messages in each language (the catalogs of the domain "web")
    rules.html, rules-GAME.html   the rules pages, their text built in, in every language (apps.player_rules)
    static/...              the front end, the same files as the server's
    pyodide/...             Pyodide's runtime files (the pinned npm version, integrity checked)
    cardtable.zip           the pure-Python cardtable package (no server modules, no models)
    sw.js, manifest*.webmanifest, icons/   offline and install (a manifest per language)
    build.json              what was built: versions, files, sizes

This module needs no web framework: only the standard library (the build downloads Pyodide's tarball
from registry.npmjs.org once and keeps it under ``~/.cache/cardtable/``).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import re
import shutil
import tarfile
import time
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ... import __version__
from ...errors import CardtableError
from ...i18n import LANGUAGES, N_, translation
from .catalogs import catalog_json

__all__ = ["PYODIDE_VERSION", "PYODIDE_INTEGRITY", "build_static", "pyodide_tarball", "cached_pyodide", "package_zip",
           "MARKER"]

PYODIDE_VERSION = "314.0.8"
# npm's dist.integrity of pyodide@314.0.8 (https://registry.npmjs.org/pyodide/314.0.8)
PYODIDE_INTEGRITY = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
REGISTRY = "https://registry.npmjs.org/pyodide/-/pyodide-{version}.tgz"
# the runtime files the page loads (no source maps, type declarations or consoles)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
MARKER = "build.json"

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
PACKAGE = HERE.parents[1]  # src/cardtable
# Modules the page never needs: the server and its storage (they import FastAPI, SQLAlchemy, ...).
_SERVER_ONLY = re.compile(r"^\s*(?:from|import)\s+(?:fastapi|starlette|sqlalchemy|uvicorn|psycopg|prometheus_client)\b",
                          re.M)
_SKIP_DIRS = {"__pycache__", "static", "models", "tui"}
_SKIP_FILES = {"conftest.py", "apps/web/static_site.py"}
# Files of static/ that belong to the server's pages only, or to the build (written elsewhere).
_STATIC_SKIP = {"sw.js"}

Say = Callable[[str], None]


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardtable"


def integrity_of(data: bytes) -> str:
    """npm's ``dist.integrity`` of a tarball: ``sha512-`` and the base64 digest."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def cached_pyodide() -> Path | None:
    """The pinned Pyodide tarball in the cache (:func:`pyodide_tarball` keeps it there), if it is there and whole."""
    cache = _cache_dir() / f"pyodide-{PYODIDE_VERSION}.tgz"
    return cache if cache.is_file() and integrity_of(cache.read_bytes()) == PYODIDE_INTEGRITY else None


def pyodide_tarball(say: Say = print) -> bytes:
    """The pinned Pyodide tarball: from the cache, else from registry.npmjs.org; its integrity checked."""
    cache = _cache_dir() / f"pyodide-{PYODIDE_VERSION}.tgz"
    if cache.exists():
        data = cache.read_bytes()
        if integrity_of(data) == PYODIDE_INTEGRITY:
            return data
        say(f"{cache}: not the expected file (integrity differs); downloading it again")
    url = REGISTRY.format(version=PYODIDE_VERSION)
    say(f"downloading {url}")
    try:
        with urllib.request.urlopen(url, timeout=120) as response:  # a fixed https address
            data = bytes(response.read())
    except OSError as exc:
        raise CardtableError(f"could not download Pyodide from {url}: {exc}. Give an unpacked copy or the "
                             f"tarball with --pyodide PATH") from None
    got = integrity_of(data)
    if got != PYODIDE_INTEGRITY:
        raise CardtableError(f"the Pyodide tarball from {url} is not the expected one: integrity {got}, "
                             f"expected {PYODIDE_INTEGRITY}")
    cache.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_suffix(".part")
    tmp.write_bytes(data)
    tmp.replace(cache)
    return data


def _pyodide_files(source: Path | None, say: Say) -> dict[str, bytes]:
    """The runtime files by name: from ``source`` (an unpacked package or a .tgz) or the pinned tarball."""
    files: dict[str, bytes] = {}
    if source is not None and source.is_dir():
        root = source / "package" if (source / "package" / "pyodide.mjs").exists() else source
        for name in PYODIDE_FILES:
            if (root / name).exists():
                files[name] = (root / name).read_bytes()
    else:
        data = source.read_bytes() if source is not None else pyodide_tarball(say)
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            for member in tar.getmembers():
                name = member.name.split("/", 1)[-1]
                if name in PYODIDE_FILES and member.isfile():
                    handle = tar.extractfile(member)
                    if handle is not None:
                        files[name] = handle.read()
    missing = [n for n in PYODIDE_FILES if n not in files and n != "package.json"]
    if missing:
        raise CardtableError(f"the Pyodide package lacks {', '.join(missing)} (an npm pyodide package is needed, "
                             f"version {PYODIDE_VERSION})")
    return files


def package_files() -> list[Path]:
    """The files of the ``cardtable`` package the page needs: pure Python and its data, no server modules."""
    out = []
    for path in sorted(PACKAGE.rglob("*")):
        rel = path.relative_to(PACKAGE)
        if not path.is_file() or _SKIP_DIRS.intersection(rel.parts[:-1]) or path.suffix in (".pyc", ".pyo") \
                or rel.name in _SKIP_FILES or rel.as_posix() in _SKIP_FILES:
            continue
        if path.suffix == ".py" and _SERVER_ONLY.search(path.read_text(encoding="utf-8")):
            continue
        out.append(path)
    return out


def package_zip() -> bytes:
    """``cardtable.zip``: the package files under ``cardtable/``, with fixed dates (the same bytes each build)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in package_files():
            info = zipfile.ZipInfo("cardtable/" + path.relative_to(PACKAGE).as_posix(), (2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return buf.getvalue()


# ----------------------------------------------------------------------------------- the front end
_IMPORT = re.compile(r'''((?:\bfrom|\bimport)\s*\(?\s*)"/static/([^"]+)"''')


def relative_js(text: str, depth: int) -> str:
    """A front-end file for a site in any folder: imports relative to the module, other ``/static/`` (card
    pictures, drawn into the page at the site's root) relative to the page."""
    up = "./" if depth == 0 else "../" * depth
    text = _IMPORT.sub(lambda m: f'{m.group(1)}"{up}{m.group(2)}"', text)
    return text.replace('"/static/', '"static/').replace("`/static/", "`static/")


def _meta() -> dict[str, Any]:
    """What the lobby's form needs (the server's /api/meta): games, presets, levels, targets, players."""
    from ...agents import AGENT_LEVELS
    from ...registry import GAMES, game_class

    games: dict[str, Any] = {}
    for name in GAMES:
        rules_class = game_class(name).rules_class
        default = rules_class.preset("standard")
        levels = [lv for lv in AGENT_LEVELS.get(name, ()) if lv in ("easy", "medium", "hard")]
        games[name] = {"presets": list(rules_class.presets()), "levels": levels,
                       "target": getattr(default, "target_score", None),
                       "players": [2, 3, 4] if name == "casino" else [2]}
    return {"games": games, "peers": []}


def _rules_data() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The rules pages' data in every language of the rules, as the server's /api/rules?lang=L and
    /api/rules/GAME?preset=P&lang=L answer it: ``({lang: listing}, {game: {"presets": {lang: {preset: page}},
    "options": {preset: values}}})``."""
    from ...registry import game_class
    from ..player_rules import GAMES, page
    from ..player_rules.translations import LANGS, load_translated

    listing: dict[str, Any] = {}
    pages: dict[str, dict[str, Any]] = {name: {"presets": {}, "options": {}} for name in GAMES}
    for lang in LANGS:
        games = []
        for name in GAMES:
            doc = load_translated(name, lang)
            rules_class = game_class(name).rules_class
            presets = rules_class.presets()
            games.append({"game": name, "title": doc.text(doc.data["title"]), "intro": doc.text(doc.data["intro"]),
                          "presets": [{"name": p, "text": doc.text(doc.data["presets"][p])} for p in presets]})
            pages[name]["presets"][lang] = {}
            for p in presets:
                rules = rules_class.preset(p)
                pages[name]["presets"][lang][p] = {**page(rules, name, doc), "lang": lang}
                pages[name]["options"][p] = rules.to_dict()
        listing[lang] = {"games": games, "lang": lang}
    return listing, pages


def _data_tag(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/json" id="cardtable-data">{text}</script>'


def _page(source: str, data: Any, title: str | None = None, body_attrs: str = "") -> str:
    """A page of the static site from one of the server's pages (static/index.html, static/rules.html)."""
    html = source
    subs = [
        ('<meta charset="utf-8">', '<meta charset="utf-8">\n<meta name="cardtable-site" content="solo">'),
        ('<link rel="icon"', '<link rel="manifest" href="manifest.webmanifest">\n'
                             '<link rel="apple-touch-icon" href="icons/icon-192.png">\n<link rel="icon"'),
        ("</head>", f"{_data_tag(data)}\n</head>"),
        ('<a href="/#/stats">Statistics</a>', ""),  # the statistics are the server's (its saved games)
        ('<a href="#/stats">Statistics</a>', ""),
        ('href="/rules"', 'href="rules.html"'),
        ('href="/#/', 'href="index.html#/'),
        ('"/static/', '"static/'),
    ]
    for old, new in subs:
        html = html.replace(old, new)
    if title:
        html = re.sub(r"<title>.*?</title>", f"<title>{title}</title>", html)
    if body_attrs:
        html = html.replace("<body", f"<body {body_attrs}", 1) if "<body>" in html else html.replace(
            '<body data-page="rules"', f'<body data-page="rules" {body_attrs}', 1)
    if "/static/" in html or 'href="/' in html or 'src="/' in html:
        raise CardtableError("a page of the static site still has an absolute address (the build needs updating)")
    return html


def _icons(out: Path) -> list[str]:
    names = []
    (out / "icons").mkdir(parents=True, exist_ok=True)
    for src in sorted((STATIC / "icons").glob("*.png")):
        shutil.copyfile(src, out / "icons" / src.name)
        names.append(f"icons/{src.name}")
    return names


APP_NAME = N_("cardtable: Gin Rummy, Casino and Pinochle")
APP_DESCRIPTION = N_("Play Gin Rummy, Casino and Pinochle against the computer, offline, in the browser.")


def manifest_name(lang: str) -> str:
    """The web app manifest of the page in ``lang``: ``manifest.webmanifest`` (English), else
    ``manifest-LANG.webmanifest`` (static/i18n.js links the page to the one of the language it speaks)."""
    return "manifest.webmanifest" if lang == "en" else f"manifest-{lang}.webmanifest"


def _manifest(icons: list[str], lang: str = "en") -> dict[str, Any]:
    entries = []
    for icon in icons:
        size = re.search(r"(\d+)", icon)
        px = size.group(1) if size else "192"
        entries.append({"src": icon, "sizes": f"{px}x{px}", "type": "image/png",
                        "purpose": "maskable" if "maskable" in icon else "any"})
    entries.append({"src": "static/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"})
    t = translation(lang, "web")
    return {"name": t.gettext(APP_NAME), "short_name": "cardtable", "description": t.gettext(APP_DESCRIPTION),
            "lang": "zh-Hans" if lang == "zh" else lang, "dir": "ltr",
            "start_url": "./index.html#/", "scope": "./", "display": "standalone", "background_color": "#0b4f2c",
            "theme_color": "#0b4f2c", "icons": entries}


def _clear(out: Path, force: bool) -> None:
    if out.exists() and not out.is_dir():
        raise CardtableError(f"{out} is a file, not a folder")
    if out.exists() and any(out.iterdir()):
        if not force and not (out / MARKER).exists():
            raise CardtableError(f"{out} is not empty and is not a site built before; choose an empty folder "
                                 f"or add --force to replace what is in it")
        for child in out.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
    out.mkdir(parents=True, exist_ok=True)


def build_static(out_dir: str | os.PathLike[str], pyodide: str | os.PathLike[str] | None = None, *,
                 force: bool = False, say: Say = print) -> dict[str, Any]:
    """Write the static site into ``out_dir``; returns what :data:`MARKER` (``build.json``) records."""
    started = time.monotonic()
    out = Path(out_dir)
    runtime = _pyodide_files(Path(pyodide) if pyodide is not None else None, say)
    _clear(out, force)
    written: dict[str, bytes] = {}

    def put(rel: str, data: bytes | str) -> None:
        raw = data.encode("utf-8") if isinstance(data, str) else data
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        written[rel] = raw

    # the front end: static/ as the server serves it, every address made relative
    for src in sorted(STATIC.rglob("*")):
        rel = src.relative_to(STATIC)
        if not src.is_file() or rel.name in _STATIC_SKIP or rel.parts[0] == "icons" or rel.name in ("index.html",
                                                                                                    "rules.html"):
            continue
        if src.suffix in (".js", ".mjs"):
            put(f"static/{rel.as_posix()}", relative_js(src.read_text(encoding="utf-8"), len(rel.parts) - 1))
        else:
            put(f"static/{rel.as_posix()}", src.read_bytes())
    put("index.html", _page((STATIC / "index.html").read_text(encoding="utf-8"), {"/api/meta": _meta()}))
    for lang in LANGUAGES:  # the page's messages (static/i18n.js), as the server's /i18n/<lang>.json
        put(f"i18n/{lang}.json", catalog_json(lang))
    listing, rule_pages = _rules_data()
    rules_shell = (STATIC / "rules.html").read_text(encoding="utf-8")
    put("rules.html", _page(rules_shell, {"rules_index": listing}))
    for game, data in rule_pages.items():
        put(f"rules-{game}.html", _page(rules_shell, {"rules": data}, body_attrs=f'data-game="{game}"'))
    # the engine
    for name, blob in runtime.items():
        put(f"pyodide/{name}", blob)
    put("cardtable.zip", package_zip())
    icons = _icons(out)
    for icon in icons:
        written[icon] = (out / icon).read_bytes()
    for lang in LANGUAGES:  # the name and description the browser shows when the site is installed, per language
        put(manifest_name(lang), json.dumps(_manifest(icons, lang), indent=1, ensure_ascii=False))
    # the service worker: every file above, under a cache name that changes with any of them
    digest = hashlib.sha256()
    for name in sorted(written):
        digest.update(name.encode() + b"\0" + hashlib.sha256(written[name]).digest())
    version = digest.hexdigest()[:16]
    files = ["./"] + sorted(written)
    sw = (STATIC / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace('"__CACHE__"', json.dumps(f"cardtable-{version}")).replace("[/*__FILES__*/]", json.dumps(files))
    put("sw.js", sw)
    info: dict[str, Any] = {"cardtable": __version__, "pyodide": PYODIDE_VERSION, "cache": f"cardtable-{version}",
            "files": {name: len(raw) for name, raw in sorted(written.items())},
            "bytes": sum(len(d) for d in written.values())}
    (out / MARKER).write_text(json.dumps(info, indent=1), encoding="utf-8")
    say(f"wrote {len(written)} files, {info['bytes'] / 1e6:.1f} MB, to {out} in {time.monotonic() - started:.1f} s")
    return info


def run_build_static(directory: str, pyodide: str | None, force: bool) -> int:
    """The ``cardtable build-static`` command."""
    info = build_static(directory, pyodide, force=force)
    print(f"serve it with any static file server, e.g. `python3 -m http.server -d {directory}`, and open "
          f"http://localhost:8000/ (cache {info['cache']})")
    return 0
