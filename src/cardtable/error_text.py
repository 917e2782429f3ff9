"""An engine error's message in any language cardtable speaks (issue 25).

Every coded :class:`~cardtable.errors.CardtableError` carries a ``code`` and the ``params`` of its
message. :func:`error_text` looks the code up in the ``errors`` gettext catalog of a language
(``locale/<lang>/LC_MESSAGES/errors.mo``: one entry per code, ``msgctxt`` the code, ``msgid`` the
English template) and fills the translated template with the same params. Cards are their universal
symbols (``7♥``); what the English formats spell out in words (``{cards:the_or}``: "the 7♥ or the 8♥",
lists of names: "a, b, c") is spelled the language's way; an error behind the error (the ``error``
param) is worded in the same language. An :class:`~cardtable.errors.IllegalActionError` keeps its
`` [rule]``, an :class:`~cardtable.errors.AmbiguousActionError` lists its candidates.

English is ``str(error)``, and so is any error without a code, whose code a catalog lacks or whose
params do not fill the translated template: never a blank, never a half-translated template. The text
depends on the error's code, params, rule and candidates only, as the English message does.

>>> from cardtable import make_game
>>> from cardtable.errors import IllegalActionError
>>> try:
...     make_game("gin").new_hand(0).apply("discard 7H")
... except IllegalActionError as exc:
...     error = exc
>>> error_text(error, "en") == str(error)
True
>>> error_text(error, "ja")
'discard 7H：先にカードを配るか引く必要があります [chance]'

The template every catalog translates, ``locale/errors.pot``, is made from
:data:`~cardtable.error_codes.CODES`: ``python -m cardtable.error_text pot``.
"""

from __future__ import annotations

import argparse
import functools
import gettext
import string
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .error_codes import CODES, CardList, Names
from .i18n import LANGUAGES, LOCALE_DIR, PSEUDO, PseudoTranslations, format_list, language

__all__ = ["DOMAIN", "CANDIDATES", "OR_WORDS", "catalog", "message_in", "error_text", "pot", "main"]

DOMAIN = "errors"
"""The gettext domain of the engine errors (``errors.po`` / ``errors.mo``)."""
CANDIDATES = ("error_text.candidates", "{message}; candidates: {candidates}",
              "An ambiguous move's message followed by the legal moves the text matched (their notation).")
"""The catalog entry (context, English, description) that lists an ambiguous move's candidates."""
OR_WORDS: dict[str, str] = {"ja": " または ", "zh": " 或 ", "bg": " или ", "cs": " nebo "}
"""How each language joins alternative cards (``{cards:the_or}``); English says "the 7♥ or the 8♥"."""


class _Missing(gettext.NullTranslations):
    """The last fallback of a catalog: an empty string says the message is not translated."""

    def pgettext(self, context: str, message: str) -> str:
        return ""


@functools.cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The ``errors`` catalog of ``lang``; ``pgettext`` gives ``""`` for a message it lacks.

    English is the msgid itself, the pseudo-locale ``en_XA`` its accented form.
    """
    if lang == PSEUDO:
        return PseudoTranslations()
    if lang == "en":
        return gettext.NullTranslations()
    try:
        found: gettext.NullTranslations = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    except OSError:
        found = gettext.NullTranslations()
    found.add_fallback(_Missing())
    return found


class _Formatter(string.Formatter):
    """``str.format`` with the English-producing specs spelled the way ``lang`` spells them."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.english = lang in ("en", PSEUDO) or lang not in LANGUAGES

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, BaseException) and getattr(value, "code", None):
            return error_text(value, self.lang)
        if self.english:
            return format(value, format_spec)
        if isinstance(value, CardList) and format_spec == "the_or":
            return OR_WORDS.get(self.lang, " or ").join(format(card, "pretty") for card in value)
        if isinstance(value, Names):
            return format_list([format(item, format_spec) for item in value], self.lang) if value else ""
        return format(value, format_spec)


def message_in(code: str, params: Mapping[str, Any], lang: str | None = None) -> str | None:
    """The message of ``code`` with ``params`` in ``lang`` (default: the language spoken now), or
    ``None`` when the code is unknown, the catalog lacks it or its translation does not fit the params.

    >>> from cardtable.cards import Card
    >>> message_in("card.not_held", {"action": "discard 7H", "card": Card.parse("7H")}, "ja")
    'discard 7H：7♥ を持っていません'
    """
    lang = lang or language()
    entry = CODES.get(code)
    if entry is None:
        return None
    template = catalog(lang).pgettext(code, entry.template)
    if not template:
        return None
    try:
        return _Formatter(lang).vformat(template, (), dict(params))
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return None


def error_text(error: BaseException, lang: str | None = None) -> str:
    """``error``'s message in ``lang`` (default: the language spoken now, see :mod:`cardtable.i18n`).

    A coded error is its code's translated template filled with its params, then `` [rule]`` (a refused
    move) or its candidates (an ambiguous one); anything else, a code the catalog lacks and params that
    do not fill the template are ``str(error)``. In English it is ``str(error)`` for every error the
    library raises (the same template, params, rule and candidates).
    """
    lang = lang or language()
    code = getattr(error, "code", "")
    params = getattr(error, "params", None)
    text = message_in(code, params, lang) if code and isinstance(params, Mapping) else None
    if text is None:
        return str(error)
    rule = getattr(error, "rule", "")
    if isinstance(rule, str) and rule:
        text = f"{text} [{rule}]"
    candidates = getattr(error, "candidates", ())
    if isinstance(candidates, tuple) and candidates:
        context, english, _ = CANDIDATES
        pattern = catalog(lang).pgettext(context, english) or english
        try:
            text = pattern.format(message=text, candidates=", ".join(map(str, candidates)))
        except (KeyError, IndexError, ValueError):
            text = english.format(message=text, candidates=", ".join(map(str, candidates)))
    return text


# --- the template catalog ------------------------------------------------------------------------------
def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _entries() -> Iterable[tuple[str, str, str]]:
    for entry in sorted(CODES.values()):
        yield entry.code, entry.template, entry.description
    yield CANDIDATES


def pot() -> str:
    """The text of ``locale/errors.pot``: one entry per code (``msgctxt`` the code, ``msgid`` its English
    template, the description as an extracted comment), then :data:`CANDIDATES`."""
    lines = [
        "# The engine errors of cardtable (issue 25): one entry per code of cardtable.error_codes.CODES.",
        "# Generated by `python -m cardtable.error_text pot`; do not edit. Translations keep every",
        "# placeholder with its conversion and format spec ({card:pretty}, {text!r}); the order may change.",
        "#",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: cardtable errors\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        "",
    ]
    for code, template, description in _entries():
        lines.append(f"#. {description}")
        if any(name is not None for _, name, _, _ in string.Formatter().parse(template)):
            lines.append("#, python-brace-format")
        lines += [f"msgctxt {_quote(code)}", f"msgid {_quote(template)}", 'msgstr ""', ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardtable.error_text pot [-o FILE]``: write the template catalog (stdout by default)."""
    parser = argparse.ArgumentParser(prog="python -m cardtable.error_text",
                                     description="The engine errors' message catalog template.")
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("pot", help="write locale/errors.pot's text")
    make.add_argument("-o", "--output", help="the file to write (default: standard output)")
    args = parser.parse_args(argv)
    text = pot()
    if args.output:
        with open(args.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    raise SystemExit(main())
