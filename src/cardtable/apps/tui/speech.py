"""The terminal app's words in the player's language: the gettext domain ``tui``.

The app keeps its language explicitly (``CardtableApp.lang``, ``TableSession.lang``): the language
spoken when the app starts (``cardtable --lang``, else the environment's, chosen by the command)
is read once, and every screen asks :func:`speech` for that language's words, also in the threads
that work out the computer's moves and the hints, where the spoken language would not follow.

Messages are whole sentences with ``{named}`` placeholders, marked for extraction with ``_``,
``ngettext`` and ``pgettext`` (on a :class:`Speech`) or :func:`N_` (a word translated later, such
as a key binding's description)::

    sp = speech("cs")
    sp._("Hand {number} is over", number=3)
    sp.ngettext("{n} card", "{n} cards", 5)   # "5 karet"
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from typing import Any

from ... import i18n

__all__ = ["DOMAIN", "Speech", "speech", "N_", "translate_bindings", "SLOT", "split_at", "error_words"]

DOMAIN = "tui"
"""The gettext domain of the terminal app's messages."""


SLOT = "\x00"
"""A placeholder's value that marks where a styled part goes (:func:`split_at`)."""


def split_at(text: str) -> tuple[str, str]:
    """A message filled with :data:`SLOT` for one placeholder, as the words before and after it
    (so the part can be drawn in its own style wherever the language puts it)."""
    before, _, after = text.partition(SLOT)
    return before, after


def N_(message: str) -> str:
    """Mark ``message`` for the catalog; it is translated where it is shown (:meth:`Speech._`)."""
    return message


class Speech:
    """The ``tui`` messages of one language, filled with named values (``{name}``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.t = i18n.translation(lang, DOMAIN)

    def _(self, message: str, **values: Any) -> str:
        """``message`` in this language, its ``{placeholders}`` filled from ``values``."""
        text = self.t.gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        """The form for ``count`` (``{n}`` is filled with it, unless ``values`` says otherwise)."""
        values.setdefault("n", count)
        return self.t.ngettext(singular, plural, count).format(**values)

    def pgettext(self, context: str, message: str, **values: Any) -> str:
        """``message`` in the sense ``context`` gives it."""
        text = self.t.pgettext(context, message)
        return text.format(**values) if values else text

    @property
    def english(self) -> bool:
        """Whether this is plain English (whose screens keep their exact historic wording)."""
        return self.lang == "en"

    def join(self, items: Iterable[str]) -> str:
        """Items of a list as this language separates them (``a, b`` / ``a、b``)."""
        return self.pgettext("list separator", ", ").join(items)

    def decimal(self, value: float, digits: int = 1) -> str:
        """A decimal number as the locale writes it (``0.8``, Czech ``0,8``)."""
        if self.lang in ("en", i18n.PSEUDO):
            return f"{value:.{digits}f}"
        return i18n.format_decimal(value, digits, self.lang)

    def term(self, key: str) -> str:
        """A game term as the players of this language say it (:func:`cardtable.i18n.term`)."""
        return i18n.term(key, self.lang)


@functools.cache
def speech(lang: str) -> Speech:
    """The :class:`Speech` of ``lang`` (English for a language cardtable does not speak)."""
    return Speech(lang if lang in i18n.LANGUAGES or lang == i18n.PSEUDO else "en")


def error_words(error: BaseException, sp: Speech) -> str:
    """An error in ``sp``'s language: an engine error by its code and params
    (:func:`cardtable.apps.words.refusal_text_of`), any other as it is written."""
    from ...errors import CardtableError

    if sp.english or not isinstance(error, CardtableError):
        return str(error)
    from ..words import refusal_text_of

    return refusal_text_of(error, sp.lang)


def translate_bindings(node: Any, sp: Speech) -> None:
    """Give the key bindings of ``node`` (a screen or the app) their descriptions in ``sp``'s language:
    the footer shows them. The descriptions are marked with :func:`N_` where they are declared."""
    if sp.english:
        return
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [dataclasses.replace(b, description=sp._(b.description)) if b.description else b
                      for b in bindings]
