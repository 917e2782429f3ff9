"""Languages: choosing one, translating messages, card and game terms, numbers, dates and lists.

cardtable speaks English (``en``), Japanese (``ja``), Simplified Chinese (``zh``), Bulgarian (``bg``)
and Czech (``cs``). Messages are gettext catalogs in ``cardtable/locale/<lang>/LC_MESSAGES/`` (the
``.po`` sources next to the compiled ``.mo``), so this module needs only the standard library; with
Babel installed, numbers, dates and lists follow the locale's conventions (CLDR).

The language comes from, in order: an explicit choice (``--lang``), then ``LC_ALL``, ``LC_MESSAGES``
and ``LANG`` (the first one set and non-empty, as POSIX says; ``C`` and ``POSIX`` mean English). A
language cardtable does not speak means English, and so does any message a catalog lacks: English
is the msgid itself, never a blank.

``en_XA`` is a pseudo-locale for tests: every translated message comes out accented, lengthened
and wrapped in ``⟦ ⟧``, so text that did not go through a catalog stands out.

>>> normalize("cs_CZ.UTF-8"), normalize("zh-Hans-CN"), normalize("C"), normalize("de_DE")
('cs', 'zh', 'en', None)
>>> choose(environ={"LC_ALL": "", "LC_MESSAGES": "bg_BG.UTF-8", "LANG": "ja_JP.UTF-8"})
'bg'
>>> [translation("cs").ngettext("%(n)s match", "%(n)s matches", n) % {"n": n} for n in (1, 3, 5)]
['1 zápas', '3 zápasy', '5 zápasů']
>>> pseudo("%(n)d games")
'⟦%(n)d ĝáámééš⟧'
"""

from __future__ import annotations

import argparse
import contextlib
import contextvars
import datetime
import decimal
import functools
import gettext
import os
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

__all__ = [
    "DOMAIN",
    "DOMAINS",
    "LANGUAGES",
    "LOCALE_DIR",
    "PSEUDO",
    "UnknownLanguage",
    "normalize",
    "choose",
    "from_environment",
    "translation",
    "compiled",
    "activate",
    "using",
    "language",
    "gettext_",
    "_",
    "N_",
    "ngettext",
    "pgettext",
    "npgettext",
    "pseudo",
    "PseudoTranslations",
    "argparse_translated",
    "lang_in_argv",
    "HelpFormatter",
    "display_width",
    "pad",
    "wrap",
    "rank_name",
    "suit_name",
    "card_name",
    "term",
    "TERMS",
    "RANK_LETTERS",
    "english_notation",
    "format_number",
    "format_decimal",
    "format_percent",
    "format_date",
    "format_datetime",
    "format_list",
]

DOMAIN = "cardtable"
"""The gettext domain of cardtable's messages (``cardtable.po`` / ``cardtable.mo``)."""
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the catalogs are: ``LOCALE_DIR/<lang>/LC_MESSAGES/cardtable.mo``."""
LANGUAGES: dict[str, str] = {  # code -> the language's name in that language
    "en": "English",
    "ja": "日本語",
    "zh": "简体中文",
    "bg": "Български",
    "cs": "Čeština",
}
"""The languages cardtable speaks: code -> the language's name in that language."""
PSEUDO = "en_XA"
"""The pseudo-locale for tests (see :func:`pseudo`)."""
_BABEL_LOCALE = {"en": "en", "ja": "ja", "zh": "zh_Hans_CN", "bg": "bg", "cs": "cs", PSEUDO: "en"}


class UnknownLanguage(ValueError):
    """A language was asked for explicitly that cardtable does not speak."""


# --- choosing the language ------------------------------------------------------------------------------
def normalize(tag: str) -> str | None:
    """The supported language a locale name or language tag means, or ``None``.

    ``cs_CZ.UTF-8``, ``cs-CZ`` and ``cs`` are ``cs``; every Chinese (``zh``, ``zh_CN``, ``zh-Hans``,
    also ``zh_TW``: Simplified reads far better than English) is ``zh``; ``C``, ``POSIX`` and any
    English are ``en``; ``en_XA`` (or ``en-XA``) is the pseudo-locale.
    """
    name = tag.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    if not name:
        return None
    if name in ("C", "POSIX"):
        return "en"
    parts = name.split("_")
    lang = parts[0].lower()
    if lang == "en" and len(parts) > 1 and parts[1].upper() == "XA":
        return PSEUDO
    return lang if lang in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of the environment: the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set
    and non-empty decides; unset, ``C``/``POSIX`` or a language cardtable lacks is English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return normalize(value) or "en"
    return "en"


def choose(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``explicit`` (``--lang``) when given, else the environment's.

    An explicit language cardtable does not speak raises :class:`UnknownLanguage`.
    """
    if explicit:
        lang = normalize(explicit)
        if lang is None:
            raise UnknownLanguage(explicit)
        return lang
    return from_environment(environ)


# --- translations ---------------------------------------------------------------------------------------
_PLACEHOLDER = re.compile(r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|%[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]"
                          r"|\{[^{}]*\}|(?<![\w-])--?[a-z][a-z-]*|\$[A-Z_]+|`[^`]*`")
_ACCENTS = str.maketrans("abcdeghijklnoprstuwyzABCDEGHIJKLNOPRSTUWYZ",
                         "áƀçđéĝĥîĵķļñöþŕšţüŵýžÅßÇĐÉĜĤÎĴĶĻÑÖÞŔŠŢÜŴÝŽ")
_VOWELS = re.compile(r"([aeiouAEIOU])")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: accented, vowels doubled (about a third longer, no new spaces),
    inside ``⟦ ⟧``; placeholders, options (``--plain``), ``$VARIABLES`` and `code` stay as they are."""
    out: list[str] = []
    last = 0
    for m in _PLACEHOLDER.finditer(text):
        out.append(_VOWELS.sub(r"\1\1", text[last:m.start()]).translate(_ACCENTS))
        out.append(m.group(0))
        last = m.end()
    out.append(_VOWELS.sub(r"\1\1", text[last:]).translate(_ACCENTS))
    return "⟦" + "".join(out) + "⟧"


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-locale: every message through :func:`pseudo`, English plurals."""

    def gettext(self, message: str) -> str:
        """``message`` in the pseudo-locale."""
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The English form for ``n`` in the pseudo-locale."""
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the pseudo-locale (the context changes nothing)."""
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        """The English form for ``n`` in the pseudo-locale."""
        return pseudo(msgid1 if n == 1 else msgid2)


DOMAINS = ("cardtable", "tui", "web", "errors", "rules")
"""The gettext domains: ``cardtable`` (the command, line mode, the words shared by the apps), ``tui``
(the terminal app), ``web`` (the browser's page and its server), ``errors`` (engine refusals by code),
``rules`` (the player rules)."""


@functools.cache
def translation(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The translations of ``lang`` (a supported code or ``en_XA``) in ``domain``, falling back to English.

    English, a language without a compiled catalog and any message a catalog lacks are the msgid.
    """
    if domain not in DOMAINS:
        raise ValueError(f"unknown gettext domain {domain!r}; one of {', '.join(DOMAINS)}")
    if lang == PSEUDO:
        return PseudoTranslations()
    return compiled(lang, domain) or gettext.NullTranslations()


def compiled(lang: str, domain: str = DOMAIN, localedir: str | Path | None = None) -> gettext.GNUTranslations | None:
    """The compiled catalog of ``lang`` in ``domain`` alone, without the English fallback (a message it
    lacks is its msgid, unless the caller adds a fallback of its own); ``None`` for English, a language
    cardtable does not speak or one without that catalog. A new object each call; ``localedir`` is
    :data:`LOCALE_DIR` unless given."""
    if domain not in DOMAINS:
        raise ValueError(f"unknown gettext domain {domain!r}; one of {', '.join(DOMAINS)}")
    if lang == "en" or lang not in LANGUAGES:
        return None
    try:
        found = gettext.translation(domain, localedir or LOCALE_DIR, languages=[lang])
    except OSError:
        return None
    return found if isinstance(found, gettext.GNUTranslations) else None


_ACTIVE: contextvars.ContextVar[str] = contextvars.ContextVar("cardtable_language", default="en")


def activate(lang: str) -> None:
    """Speak ``lang`` from now on (in this thread or task; library users get English until then)."""
    _ACTIVE.set(lang if lang in LANGUAGES or lang == PSEUDO else "en")


@contextlib.contextmanager
def using(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block, then what was spoken before."""
    token = _ACTIVE.set(lang if lang in LANGUAGES or lang == PSEUDO else "en")
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def language() -> str:
    """The language spoken now (``en`` unless :func:`activate` or :func:`using` said otherwise)."""
    return _ACTIVE.get()


def gettext_(message: str) -> str:
    """``message`` in the language spoken now."""
    return translation(_ACTIVE.get()).gettext(message)


_ = gettext_
"""``_(message)``: :func:`gettext_`, the name the catalogs' extraction looks for."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (translate it later with ``_``)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` (the catalog's Plural-Forms: cs 3 forms, bg 2, ja/zh 1)."""
    return translation(_ACTIVE.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it (a word with more than one meaning)."""
    return translation(_ACTIVE.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return translation(_ACTIVE.get()).npgettext(context, singular, plural, n)


# --- argparse -------------------------------------------------------------------------------------------
@contextlib.contextmanager
def argparse_translated(lang: str | None = None) -> Iterator[None]:
    """argparse's own words ("usage:", "options", its errors) in ``lang`` (default: the one spoken now)
    inside the ``with`` block: argparse looks up ``_`` and ``ngettext`` in its module when it speaks."""
    t = translation(lang or _ACTIVE.get())
    saved = {name: getattr(argparse, name) for name in ("_", "ngettext")}
    argparse._ = t.gettext  # type: ignore[attr-defined]
    argparse.ngettext = t.ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(argparse, name, value)


def lang_in_argv(argv: list[str]) -> str | None:
    """The value of ``--lang`` in a command line (before ``--``), read before the parser is built."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


# --- text width (CJK characters take two columns; Japanese and Chinese break between characters) ---------
_NO_LINE_START = frozenset("、。，．,.)]}）」』】〕〉》！？!?：:；;ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…・％%")
_NO_LINE_END = frozenset("（「『【〔〈《([{")


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def display_width(text: str) -> int:
    """The columns ``text`` takes in a terminal: two for a CJK character, none for a combining mark.

    >>> display_width("ジン"), display_width("gin"), display_width("Čeština")
    (4, 3, 7)
    """
    return sum(0 if unicodedata.combining(c) else 2 if _wide(c) else 1 for c in text)


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` filled with spaces to ``width`` columns (``<`` left, ``>`` right, ``^`` centred), for
    tables whose cells hold CJK text; longer text is returned as it is.

    >>> pad("ジン", 6) + "|", pad("gin", 6, ">") + "|"
    ('ジン  |', '   gin|')
    """
    space = max(0, width - display_width(text))
    if align == ">":
        return " " * space + text
    if align == "^":
        return " " * (space // 2) + text + " " * (space - space // 2)
    return text + " " * space


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns: broken at spaces, and between CJK characters where
    Japanese and Chinese allow it (not before 、。） and the like, not after （「); spaces runs become one.

    >>> wrap("一二三四五、六七八九", 10)
    ['一二三四', '五、六七八', '九']
    >>> wrap("play a match", 7)
    ['play a', 'match']
    """
    atoms: list[tuple[str, bool]] = []  # (unbreakable piece, a space before it)
    space = False
    for char in text:
        if char.isspace():
            space = True
            continue
        if atoms and not space and (char in _NO_LINE_START or atoms[-1][0][-1] in _NO_LINE_END
                                    or not (_wide(char) or _wide(atoms[-1][0][-1]))):
            atoms[-1] = (atoms[-1][0] + char, atoms[-1][1])
        else:
            atoms.append((char, space and bool(atoms)))
        space = False
    lines: list[str] = []
    line = ""
    for atom, spaced in atoms:
        glue = " " if spaced and line else ""
        if line and display_width(line + glue + atom) > width:
            lines.append(line)
            line, glue = "", ""
        line += glue + atom
        while display_width(line) > width:  # a piece longer than a line: cut it
            cut = len(line)
            while cut > 1 and display_width(line[:cut]) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    if line:
        lines.append(line)
    return lines


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, wrapping text by terminal columns (:func:`wrap`), so Japanese and
    Chinese help fits the terminal and breaks between characters."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)

    def _format_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None) -> str:
        shown = vars(argparse)["_"]("usage: ") if prefix is None else prefix
        extra = max(0, display_width(shown) - len(shown))  # "使い方: " is 5 characters but 8 columns
        self._width -= extra  # wrap as if the terminal were narrower by that, then indent by it
        try:
            text = super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += extra
        if not extra:
            return text
        first, *rest = text.split("\n")
        return "\n".join([first, *[(" " * extra + line) if line.strip() else line for line in rest]])

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap(text, width - len(indent)))


def _argparse_messages() -> None:  # pragma: no cover - never called: argparse's words, for the catalogs
    _("usage: ")
    _("%(heading)s:")
    _("positional arguments")
    _("options")
    _("subcommands")
    _("show this help message and exit")
    _("show program's version number and exit")
    _(" (default: %(default)s)")
    _("%(prog)s: error: %(message)s\n")
    _("argument %(argument_name)s: %(message)s")
    _("the following arguments are required: %s")
    _("one of the arguments %s is required")
    _("unrecognized arguments: %s")
    _("invalid choice: %(value)r (choose from %(choices)s)")
    _("invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)")
    _("invalid %(type)s value: %(value)r")
    _("expected one argument")
    _("expected at most one argument")
    _("expected at least one argument")
    ngettext("expected %s argument", "expected %s arguments", 2)
    _("not allowed with argument %s")
    _("ignored explicit argument %r")
    _("ambiguous option: %(option)s could match %(matches)s")
    _("unexpected option string: %s")
    _("unknown parser %(parser_name)r (choices: %(choices)s)")
    _("option %(option)s is deprecated")
    _("argument %(argument_name)s is deprecated")
    _("command %(parser_name)r is deprecated")
    _("can't open '%(filename)s': %(error)s")
    _("argument \"-\" with mode %r")
    _("cannot have multiple subparser arguments")
    _("conflicting subparser: %s")
    _("conflicting subparser alias: %s")
    ngettext("conflicting option string: %s", "conflicting option strings: %s", 2)
    _("%r is not callable")
    _("'required' is an invalid argument for positionals")
    _("dest= is required for options like %r")
    _("invalid conflict_resolution value: %r")
    _("invalid option string %(option)r: must start with a character %(prefix_chars)r")
    _("mutually exclusive arguments must be optional")
    _("cannot merge actions - two groups are named %r")
    _(".__call__() not defined")


# --- card and game terms --------------------------------------------------------------------------------
def _t(lang: str | None) -> gettext.NullTranslations:
    return translation(lang or _ACTIVE.get())


def rank_name(rank: int, lang: str | None = None) -> str:
    """The name of a rank (1 = ace ... 13 = king) as players of ``lang`` say it.

    >>> rank_name(12, "cs"), rank_name(11, "bg"), rank_name(1, "ja")
    ('dáma', 'вале', 'エース')
    """
    t = _t(lang)
    names = (t.pgettext("rank", "ace"), t.pgettext("rank", "two"), t.pgettext("rank", "three"), t.pgettext("rank", "four"), t.pgettext("rank", "five"),
             t.pgettext("rank", "six"), t.pgettext("rank", "seven"), t.pgettext("rank", "eight"), t.pgettext("rank", "nine"), t.pgettext("rank", "ten"),
             t.pgettext("rank", "jack"), t.pgettext("rank", "queen"), t.pgettext("rank", "king"))
    return names[rank - 1]


def suit_name(suit: int, lang: str | None = None) -> str:
    """The name of a suit (0 spades, 1 hearts, 2 diamonds, 3 clubs), as a noun.

    >>> [suit_name(s, "bg") for s in range(4)]
    ['пика', 'купа', 'каро', 'спатия']
    """
    t = _t(lang)
    return (t.pgettext("suit", "spades"), t.pgettext("suit", "hearts"), t.pgettext("suit", "diamonds"), t.pgettext("suit", "clubs"))[suit]


def card_name(rank: int, suit: int, lang: str | None = None) -> str:
    """A card's full name, as a screen reader should say it ("10 of spades"); whole phrases per
    language (Czech suit adjectives agree with the rank's gender, Japanese puts the suit first).

    >>> card_name(12, 0, "cs"), card_name(1, 1, "ja"), card_name(10, 3, "zh")
    ('piková dáma', 'ハートのエース', '梅花10')
    """
    t = _t(lang)
    names = {
        0: (t.pgettext("card", "ace of spades"), t.pgettext("card", "2 of spades"), t.pgettext("card", "3 of spades"),
            t.pgettext("card", "4 of spades"), t.pgettext("card", "5 of spades"), t.pgettext("card", "6 of spades"),
            t.pgettext("card", "7 of spades"), t.pgettext("card", "8 of spades"), t.pgettext("card", "9 of spades"),
            t.pgettext("card", "10 of spades"), t.pgettext("card", "jack of spades"), t.pgettext("card", "queen of spades"),
            t.pgettext("card", "king of spades")),
        1: (t.pgettext("card", "ace of hearts"), t.pgettext("card", "2 of hearts"), t.pgettext("card", "3 of hearts"),
            t.pgettext("card", "4 of hearts"), t.pgettext("card", "5 of hearts"), t.pgettext("card", "6 of hearts"),
            t.pgettext("card", "7 of hearts"), t.pgettext("card", "8 of hearts"), t.pgettext("card", "9 of hearts"),
            t.pgettext("card", "10 of hearts"), t.pgettext("card", "jack of hearts"), t.pgettext("card", "queen of hearts"),
            t.pgettext("card", "king of hearts")),
        2: (t.pgettext("card", "ace of diamonds"), t.pgettext("card", "2 of diamonds"), t.pgettext("card", "3 of diamonds"),
            t.pgettext("card", "4 of diamonds"), t.pgettext("card", "5 of diamonds"), t.pgettext("card", "6 of diamonds"),
            t.pgettext("card", "7 of diamonds"), t.pgettext("card", "8 of diamonds"), t.pgettext("card", "9 of diamonds"),
            t.pgettext("card", "10 of diamonds"), t.pgettext("card", "jack of diamonds"), t.pgettext("card", "queen of diamonds"),
            t.pgettext("card", "king of diamonds")),
        3: (t.pgettext("card", "ace of clubs"), t.pgettext("card", "2 of clubs"), t.pgettext("card", "3 of clubs"),
            t.pgettext("card", "4 of clubs"), t.pgettext("card", "5 of clubs"), t.pgettext("card", "6 of clubs"),
            t.pgettext("card", "7 of clubs"), t.pgettext("card", "8 of clubs"), t.pgettext("card", "9 of clubs"),
            t.pgettext("card", "10 of clubs"), t.pgettext("card", "jack of clubs"), t.pgettext("card", "queen of clubs"),
            t.pgettext("card", "king of clubs")),
    }
    return names[suit][rank - 1]


def _terms(t: gettext.NullTranslations) -> dict[str, str]:
    return {
        # every game
        "card": t.pgettext("term", "card"),
        "deck": t.pgettext("term", "deck"),
        "hand": t.pgettext("term", "hand"),
        "deal": t.pgettext("term", "deal"),
        "dealer": t.pgettext("term", "dealer"),
        "suit": t.pgettext("term", "suit"),
        "rank": t.pgettext("term", "rank"),
        "stock": t.pgettext("term", "stock"),
        "discard pile": t.pgettext("term", "discard pile"),
        "match": t.pgettext("term", "match"),
        "target score": t.pgettext("term", "target score"),
        "court card": t.pgettext("term", "court card"),
        # Gin Rummy
        "gin rummy": t.pgettext("game", "Gin Rummy"),
        "knock": t.pgettext("gin", "knock"),
        "gin": t.pgettext("gin", "gin"),
        "big gin": t.pgettext("gin", "big gin"),
        "undercut": t.pgettext("gin", "undercut"),
        "deadwood": t.pgettext("gin", "deadwood"),
        "layoff": t.pgettext("gin", "layoff"),
        "meld (gin)": t.pgettext("gin", "meld"),
        "set": t.pgettext("gin", "set"),
        "run": t.pgettext("gin", "run"),
        "upcard": t.pgettext("gin", "upcard"),
        "knock card": t.pgettext("gin", "knock card"),
        # Casino
        "casino": t.pgettext("game", "Casino"),
        "build": t.pgettext("casino", "build"),
        "sweep": t.pgettext("casino", "sweep"),
        "capture": t.pgettext("casino", "capture"),
        "trail": t.pgettext("casino", "trail"),
        "big casino": t.pgettext("casino", "big casino"),
        "little casino": t.pgettext("casino", "little casino"),
        "most cards": t.pgettext("casino", "most cards"),
        "most spades": t.pgettext("casino", "most spades"),
        # Pinochle
        "pinochle (game)": t.pgettext("game", "Pinochle"),
        "meld (pinochle)": t.pgettext("pinochle", "meld"),
        "marriage": t.pgettext("pinochle", "marriage"),
        "royal marriage": t.pgettext("pinochle", "royal marriage"),
        "dix": t.pgettext("pinochle", "dix"),
        "trump": t.pgettext("pinochle", "trump"),
        "trick": t.pgettext("pinochle", "trick"),
        "pinochle": t.pgettext("pinochle", "pinochle"),
        "double pinochle": t.pgettext("pinochle", "double pinochle"),
        "flush": t.pgettext("pinochle", "flush"),
        "aces around": t.pgettext("pinochle", "aces around"),
        "kings around": t.pgettext("pinochle", "kings around"),
        "queens around": t.pgettext("pinochle", "queens around"),
        "jacks around": t.pgettext("pinochle", "jacks around"),
        "last trick": t.pgettext("pinochle", "last trick"),
        "counters": t.pgettext("pinochle", "counters"),
        "turn-up": t.pgettext("pinochle", "turn-up"),
    }


TERMS: tuple[str, ...] = tuple(_terms(gettext.NullTranslations()))
"""The keys :func:`term` knows: every game's terms (``knock``, ``sweep``, ``marriage`` ...)."""


def term(key: str, lang: str | None = None) -> str:
    """A game term (a key of :data:`TERMS`) as players of ``lang`` say it.

    >>> term("knock", "bg"), term("trump", "cs"), term("sweep", "zh"), term("deadwood", "ja")
    ('чукане', 'trumf', '扫台', 'デッドウッド')
    """
    return _terms(_t(lang))[key]


# --- typed notation -------------------------------------------------------------------------------------
RANK_LETTERS: dict[str, dict[str, str]] = {
    # Bulgarian cards are indexed А (асо), К (поп), Д (дама), В (вале)
    "bg": {"А": "A", "К": "K", "Д": "Q", "В": "J"},
    # Czech: D for dáma (K for král and J for kluk are the English letters already)
    "cs": {"D": "Q"},
}
"""A language's own rank letters and the English letters they stand for (see :func:`english_notation`)."""
_CARD_TOKEN = re.compile(r"(?<![\w])([^\W\d_]|10|[2-9])(?=[♠♥♦♣♤♡♢♧SHDCshdc](?![\w]))")


def english_notation(text: str, lang: str | None = None) -> str:
    """Typed cards with ``lang``'s own rank letters rewritten in English notation; English stays.

    Only a letter directly before a suit (a symbol or S/H/D/C) is a rank letter; the engines'
    parsers then read the result as usual.

    >>> english_notation("Д♥ В♠ 10♦ К♣", "bg")
    'Q♥ J♠ 10♦ K♣'
    >>> english_notation("DH K♠ QS", "cs")
    'QH K♠ QS'
    """
    letters = RANK_LETTERS.get(lang or _ACTIVE.get(), {})
    if not letters:
        return text
    upper = {k.upper(): v for k, v in letters.items()}
    return _CARD_TOKEN.sub(lambda m: upper.get(m.group(1).upper(), m.group(1)), text)


# --- numbers, dates, lists ------------------------------------------------------------------------------
def _babel(lang: str | None) -> str | None:
    """Babel's locale name for ``lang``, or ``None`` when Babel is not installed."""
    try:
        import babel  # noqa: F401
    except ImportError:
        return None
    return _BABEL_LOCALE.get(lang or _ACTIVE.get(), "en")


def format_number(value: int, lang: str | None = None) -> str:
    """A whole number with the locale's grouping (``1,234``, ``1 234`` in Czech); plain without Babel.

    >>> format_number(12345, "en")
    '12,345'
    """
    loc = _babel(lang)
    if loc is None:
        return f"{value:,}" if (lang or _ACTIVE.get()) in ("en", PSEUDO) else str(value)
    from babel.numbers import format_decimal as fmt

    return str(fmt(value, locale=loc))


def format_decimal(value: float, digits: int = 1, lang: str | None = None) -> str:
    """A number with ``digits`` decimals, the locale's decimal sign (``2.5``, ``2,5`` in Czech)."""
    loc = _babel(lang)
    if loc is None:
        return f"{value:.{digits}f}"
    from babel.numbers import format_decimal as fmt

    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return str(fmt(_exact(value), format=pattern, locale=loc))


def _exact(value: float) -> decimal.Decimal:
    """The float's exact value, so Babel rounds it as Python's ``format`` does (``0.125`` is ``0.12``)."""
    return decimal.Decimal(value)


def format_percent(value: float, lang: str | None = None, digits: int = 0) -> str:
    """A fraction as a percentage with ``digits`` decimals (``0.25`` is ``25%``; ``25 %`` in Czech,
    ``0.525`` with one decimal ``52,5 %``); ``f"{value:.{digits}%}"`` without Babel."""
    loc = _babel(lang)
    if loc is None:
        return f"{value:.{digits}%}"
    from babel.core import Locale
    from babel.numbers import format_percent as fmt

    pattern = Locale.parse(loc).percent_formats[None].pattern
    if digits:  # the locale's pattern (its sign and spacing) with the decimals: "#,##0 %" -> "#,##0.0 %"
        pattern = re.sub(r"0(?=[^0#]*$)", "0." + "0" * digits, pattern.split(";")[0], count=1)
    with decimal.localcontext() as ctx:  # Python's % multiplies by 100 in floating point first, then rounds
        ctx.prec = 80
        scaled = _exact(value * 100) / 100
    return str(fmt(scaled, format=pattern, locale=loc))


def format_date(value: datetime.date, lang: str | None = None, format: str = "medium") -> str:
    """A date as the locale writes it (``format``: short, medium, long, full); ISO without Babel."""
    loc = _babel(lang)
    if loc is None:
        return value.isoformat()
    from babel.dates import format_date as fmt

    return str(fmt(value, format=format, locale=loc))


def format_datetime(value: datetime.datetime, lang: str | None = None, format: str = "medium") -> str:
    """A date and time as the locale writes it; ``YYYY-MM-DD HH:MM`` without Babel."""
    loc = _babel(lang)
    if loc is None:
        return value.strftime("%Y-%m-%d %H:%M")
    from babel.dates import format_datetime as fmt

    return str(fmt(value, format=format, locale=loc))


def format_list(items: Iterable[str], lang: str | None = None, style: str = "standard") -> str:
    """Items joined as the locale joins a list (``a, b and c``, ``a、b和c``); commas without Babel."""
    words = list(items)
    loc = _babel(lang)
    if loc is None:
        return ", ".join(words)
    from babel.lists import format_list as fmt

    return str(fmt(words, style=style, locale=loc))  # type: ignore[arg-type]
