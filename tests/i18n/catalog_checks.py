"""Checks every gettext domain's catalogs share (issue 25): read a catalog, compare placeholders, find
untranslated entries, tell whether a committed ``.mo`` says what its ``.po`` says, and what ``pybabel
extract`` would find in some sources now. One place for them, used by each domain's tests."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, check_and_call_extract_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "cardtable" / "locale"
PLACEHOLDER = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|%[-#0 +]*\d*(?:\.\d+)?([diouxXeEfFgGcrsa%])"
                         r"|\{(\w*)\}")

__all__ = ["ROOT", "LOCALE", "read", "po_path", "placeholders", "untranslated", "compiled_differences", "extracted"]


def read(path: Path, locale: str | None = None) -> Catalog:
    """The catalog (``.po`` or ``.pot``) at ``path``."""
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def po_path(lang: str, domain: str) -> Path:
    """Where ``lang``'s catalog of ``domain`` is."""
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def placeholders(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The named placeholders (``%(n)s``, ``{n}``) as a set and the positional ones (``%s``, ``%r``) in order;
    ``%%`` is a literal percent sign, not a placeholder.

    >>> named, positional = placeholders("%(n)s of %(m)d, %s and %r, 95%% {x}")
    >>> sorted(named), positional
    (['m', 'n', 'x'], ('s', 'r'))
    """
    named: set[str] = set()
    positional: list[str] = []
    for m in PLACEHOLDER.finditer(text):
        if m.group(1) is not None:
            named.add(m.group(1))
        elif m.group(2) is not None and m.group(2) != "%":
            positional.append(m.group(2))
        elif m.group(3) is not None:
            named.add(m.group(3))
    return frozenset(named), tuple(positional)


def untranslated(cat: Catalog) -> list[tuple[object, str]]:
    """The entries of ``cat`` a player would read wrong: fuzzy, empty (any plural form), a wrong number of
    plural forms, placeholders not those of the English, or a trailing newline lost or added."""
    problems: list[tuple[object, str]] = []
    for m in cat:
        if not m.id:
            continue
        if m.fuzzy:
            problems.append((m.id, "fuzzy"))
        elif isinstance(m.id, tuple):
            forms = m.string
            if not isinstance(forms, tuple) or len(forms) != cat.num_plurals:
                problems.append((m.id, f"{cat.num_plurals} plural forms wanted"))
                continue
            want = placeholders(m.id[1])
            for form in forms:  # the singular may name its one item in words; every form keeps the plural's
                if not form.strip():
                    problems.append((m.id, "an empty plural form"))
                elif placeholders(form) != want:
                    problems.append((m.id, f"placeholders of {form!r}"))
        elif not (isinstance(m.string, str) and m.string.strip()):
            problems.append((m.id, "not translated"))
        elif placeholders(m.string) != placeholders(m.id):
            problems.append((m.id, f"placeholders of {m.string!r}"))
        elif m.string.endswith("\n") != m.id.endswith("\n"):
            problems.append((m.id, "trailing newline"))
    return problems


def compiled_differences(lang: str, domain: str) -> set[object]:
    """The keys on which the committed ``.mo`` of ``lang`` and ``domain`` and its ``.po`` disagree
    (empty when ``pybabel compile`` was run after the last edit)."""
    po = read(po_path(lang, domain), lang)
    with po_path(lang, domain).with_suffix(".mo").open("rb") as f:
        compiled = dict(gettext.GNUTranslations(f)._catalog)  # type: ignore[attr-defined]
    compiled.pop("", None)  # the header
    expected: dict[object, str] = {}
    for m in po:
        if not m.id or m.fuzzy:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        key = f"{m.context}\x04{key}" if m.context else key
        if isinstance(m.id, tuple):
            expected.update({(key, i): form for i, form in enumerate(m.string) if form})
        elif m.string:
            expected[key] = m.string
    return {k for k in compiled.keys() | expected.keys() if compiled.get(k) != expected.get(k)}


def extracted(paths: Iterable[Path], dirpath: Path) -> set[tuple[str | None, str]]:
    """``(context, msgid)`` of every message ``pybabel extract -F babel.cfg`` finds in ``paths`` now, each path
    matched against ``babel.cfg``'s patterns relative to ``dirpath`` (a plural message by its singular)."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: set[tuple[str | None, str]] = set()
    for path in sorted(paths):
        for _file, _line, msgid, _comments, context in check_and_call_extract_file(
                str(path), method_map, options_map, callback=None, keywords=DEFAULT_KEYWORDS, comment_tags=(),
                strip_comment_tags=False, dirpath=str(dirpath)):
            found.add((context, msgid if isinstance(msgid, str) else msgid[0]))
    return found
