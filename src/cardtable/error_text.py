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
'discard 7H：先にカードを配るか引く必要があります [配る・引く]'

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

from .error_codes import (
    CODES,
    WORDS,
    BuildValues,
    CardList,
    Detail,
    Names,
    NotHeld,
    Requirement,
    Term,
)
from .i18n import LANGUAGES, PSEUDO, PseudoTranslations, compiled, format_list, language

__all__ = ["DOMAIN", "CANDIDATES", "PIECES", "JSON_MESSAGES", "catalog", "message_in", "error_text", "pot", "main"]

DOMAIN = "errors"
"""The gettext domain of the engine errors (``errors.po`` / ``errors.mo``)."""
CANDIDATES = ("error_text.candidates", "{message}; candidates: {candidates}",
              "An ambiguous move's message followed by the legal moves the text matched (their notation).")
"""The catalog entry (context, English, description) that lists an ambiguous move's candidates."""
_REQUIREMENT_NOTES = {
    "not_none": "A rules option that needs a value: '{label} must not be None'.",
    "bool": "A rules option that is a yes/no switch: '{label} must be True or False' (True, False as typed).",
    "int": "A rules option that is a whole number: '{label} must be an integer'.",
    "str": "A rules option that is a word: '{label} must be a string'.",
    "one_of": "A rules option with fixed choices, as typed: '{label} must be one of 'none', 'double', 'flat''.",
    "one_of_or_none": "The same, where no value (None) is allowed too.",
    "range": "A rules option's range: '{label} must be from 0 to 10'.",
    "at_least": "A rules option's lowest value: '{label} must be at least 1'.",
    "at_most": "A rules option's highest value: '{label} must be at most 10'.",
}
PIECES: tuple[tuple[str, str, str], ...] = (
    ("error_text.separator", ", ", "Between the items of a list, before its last one (a comma and a space in English)."),
    ("error_text.or", "{head} or {last}", "Alternatives: the last one joined to the others ('the 7♥ or the 8♥')."),
    ("error_text.and", "{head} and {last}", "A list: the last item joined to the others ('the 7-build and the 9-build')."),
    ("error_text.the_card", NotHeld.ENGLISH["card"], "One card among alternatives: 'you do not hold the 7♥ or the 8♥'."),
    ("error_text.not_held.both", NotHeld.ENGLISH["both"], "Both copies of a Pinochle card the mover does not hold."),
    ("error_text.not_held.copy", NotHeld.ENGLISH["copy"],
     "The copy of a Pinochle card (a or b) that the mover does not hold while it holds the other one."),
    ("error_text.build", "the {value}-build", "A Casino build named by its value: 'you control the 7-build and the 9-build'."),
    *((f"error_text.requirement.{kind}", english, _REQUIREMENT_NOTES[kind])
      for kind, english in Requirement.ENGLISH.items()),
    ("error_text.detail.int", "invalid literal for int() with base 10: {text}",
     "A position field that should be a whole number; {text} is what was written, quoted."),
    ("error_text.detail.json", "{message}: line {line} column {column} (char {char})",
     "Where a game record's JSON is broken; {message} says what is wrong (its own entries, context json)."),
)
"""The catalog entries (context, English, description) that say the structured params: lists, the cards
a Pinochle move lacks, Casino builds, what a rules option must be, why text could not be read."""
JSON_MESSAGES: tuple[str, ...] = (
    "Expecting value", "Expecting property name enclosed in double quotes", "Expecting ':' delimiter",
    "Expecting ',' delimiter", "Unterminated string starting at", "Invalid control character at", "Invalid \\escape",
    "Invalid \\uXXXX escape", "Extra data", "Illegal trailing comma before end of object",
    "Illegal trailing comma before end of array",
)
"""The messages of the JSON decoder (:mod:`json`) a broken record can meet, translated in context ``json``."""
_RULES = frozenset(WORDS["rule"])
_WORD_NOTES = {
    "rule": "A rule a refusal cites, after it in brackets: the rules section's number and its name in words.",
    "phase": "A phase of a hand (Gin Rummy, Casino or Pinochle), as refusals name it: 'not possible in the {phase} phase'.",
    "meld": "A Pinochle meld (its notation name), as refusals name it: 'those cards do not form a {name}'.",
    "chance step": "The chance step a Pinochle hand waits for: 'the next chance step is a {step}' (a dealt card, the turn-up).",
    "option": "A rules option in a player's words (the option's own name follows it in the message).",
}


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
    found: gettext.NullTranslations = compiled(lang, DOMAIN) or gettext.NullTranslations()
    found.add_fallback(_Missing())
    return found


class _Formatter(string.Formatter):
    """``str.format`` with the structured params (words of the games, lists, the English-producing
    specs) said the way ``lang`` says them; English is their own ``format``."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.english = lang == "en" or (lang not in LANGUAGES and lang != PSEUDO)
        self.catalog = catalog(lang)

    def piece(self, context: str, english: str, **values: Any) -> str:
        """A catalog entry filled with ``values`` (each said in the language); English when it is missing."""
        pattern = self.catalog.pgettext(context, english) or english
        return self.vformat(pattern, (), values)

    def joined(self, items: Sequence[str], how: str) -> str:
        """``items`` as a list of alternatives (``how="or"``) or of things together (``"and"``)."""
        if len(items) < 2:
            return "".join(items)
        separator = self.catalog.pgettext("error_text.separator", ", ") or ", "
        return self.piece(f"error_text.{how}", f"{{head}} {how} {{last}}",
                          head=_Said(separator.join(items[:-1])), last=_Said(items[-1]))

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, BaseException) and getattr(value, "code", None):
            return error_text(value, self.lang)
        if self.english or isinstance(value, _Said):
            return format(value, format_spec)
        if isinstance(value, Term):
            return (self.catalog.pgettext(value.context, str(value)) or str(value)) if value.context else str(value)
        if isinstance(value, CardList) and format_spec == "the_or":
            return self.joined([self.piece(*_not_held("card"), card=c) for c in value], "or")
        if isinstance(value, NotHeld):
            return self.joined([self.piece(*_not_held(how), card=card) for how, card in value], "or")
        if isinstance(value, BuildValues):
            return self.joined([self.piece("error_text.build", "the {value}-build", value=v) for v in value], "and")
        if isinstance(value, Requirement):
            return self.piece(f"error_text.requirement.{value.kind}", Requirement.ENGLISH[value.kind], **value.values)
        if isinstance(value, Detail):
            return self.detail(value)
        if isinstance(value, Names):
            said = [format(item, format_spec) for item in value]
            return (", ".join(said) if self.lang == PSEUDO else format_list(said, self.lang)) if value else ""
        return format(value, format_spec)

    def detail(self, value: Detail) -> str:
        """Why text could not be read, in the language (the decoder's message in context ``json``)."""
        if value.kind == "int":
            return self.piece("error_text.detail.int", "invalid literal for int() with base 10: {text}",
                              text=_Said(str(value[2])))
        if value.kind == "json":
            said = self.catalog.pgettext("json", str(value[2])) or str(value[2])
            return self.piece("error_text.detail.json", "{message}: line {line} column {column} (char {char})",
                              message=_Said(said), line=value[3], column=value[4], char=value[5])
        return str(value)


class _Said(str):
    """Text already said in the language: filled in as it is."""

    __slots__ = ()


def _not_held(how: str) -> tuple[str, str]:
    if how == "card":
        return "error_text.the_card", NotHeld.ENGLISH["card"]
    return f"error_text.not_held.{how}", NotHeld.ENGLISH[how]


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
        said = (catalog(lang).pgettext("rule", rule) or rule) if rule in _RULES else rule
        text = f"{text} [{said}]"
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
    yield from PIECES
    for message in JSON_MESSAGES:
        yield "json", message, "A message of the JSON decoder: what is wrong where a game record's text breaks off."
    for context, words in WORDS.items():
        for word in words:
            yield context, word, _WORD_NOTES[context]


def pot() -> str:
    """The text of ``locale/errors.pot``: one entry per code (``msgctxt`` the code, ``msgid`` its English
    template, the description as an extracted comment), then :data:`CANDIDATES`, the :data:`PIECES` of
    structured params, the :data:`JSON_MESSAGES` and the words of the games (:data:`~cardtable.error_codes.WORDS`,
    ``msgctxt`` their kind)."""
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
