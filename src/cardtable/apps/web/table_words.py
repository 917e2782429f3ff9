"""What the server says to a table's page, in the language that connection asked for (issue 25).

A page says its language when it opens the table (``{"t": "join", "token": T, "lang": "cs"}``); the
server answers that connection in it, never in its own process's language. The messages are the gettext
domain ``web`` (the page's own words are there too): refusals of requests (:func:`error_words`), the
room's news (:class:`News`), why undo is not available (:func:`undo_words`), why a card cannot be played
(:func:`blocked_words`) and the table's pause. English is the text as it always was.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass, field
from typing import Any

from ... import i18n
from ...i18n import N_
from ..words import refusal_text, refusal_text_of

__all__ = ["DOMAIN", "PAUSED", "language_of", "words", "error_words", "undo_words", "blocked_words", "News", "level_name",
           "seat_name"]

DOMAIN = "web"
PAUSED = N_("Reconnecting to the database: the table waits, and no saved move is lost.")
"""What every seat is told while its table waits for the database."""


def language_of(value: Any) -> str:
    """The language a page asked for (``"cs"``, ``"zh-Hans"``, ``"en_XA"``), English for anything else."""
    if not isinstance(value, str) or len(value) > 35:
        return "en"
    return i18n.normalize(value) or "en"


def words(lang: str) -> gettext.NullTranslations:
    """The ``web`` catalog of ``lang``."""
    return i18n.translation(lang, DOMAIN)


# The server's refusals a player can meet at the table, each said again in the page's language. A code with
# more than one English message is told apart by the message (the keys of _FIXED).
_BY_CODE: dict[str, str] = {
    "stale": N_("The table has moved on; your view is refreshed."),
    "over": N_("The match is over."),
    "turn": N_("It is not your turn."),
    "waiting": N_("The table is waiting for {names} to join."),
    "database": N_("The database is unavailable, so this did not happen; the table carries on when it is back."),
    "save-refused": N_("The database refused to save this move, so it was not made: the table is as it was."),
    "token": N_("This link does not open a seat at this table (an invite link opens its seat once)."),
    "no-table": N_("No such table."),
    "expired": N_("This table was closed after a long time without a move."),
    "full": N_("This seat is open in too many windows."),
    "spectator": N_("Spectators cannot play."),
    "host": N_("Only the person who set up the table can invite."),
    "occupied": N_("{name} is at the table: only an empty seat gets a new invite link."),
    "undo": N_("Undo is not available: {reason}."),
    "no-hints": N_("No computer player of this game can explain its moves yet."),
    "hint-budget": N_("Hints are rationed so that every table gets its turn: the next one in {seconds} s."),
    "busy": N_("The server is busy working out other hints; try again in a moment."),
    "hint-failed": N_("No hint could be worked out for this position."),
    "rate": N_("Too many messages: wait a moment."),
}
_FIXED: dict[str, str] = {
    PAUSED: PAUSED,
    "hints are for your turn": N_("Hints are for your turn."),
    "this table has as many spectators as it can take": N_("This table has as many spectators as it can take."),
}
_UNDO: dict[str, str] = {
    "the match is over: its result stands": N_("the match is over: its result stands"),
    "you have not moved yet": N_("you have not moved yet"),
    "a new hand has been dealt: the moves of an earlier hand stand":
        N_("a new hand has been dealt: the moves of an earlier hand stand"),
    "new cards have been dealt or drawn since your last move (undo would show the next ones again)":
        N_("new cards have been dealt or drawn since your last move (undo would show the next ones again)"),
    "undo is only for a person playing alone against the computer":
        N_("undo is only for a person playing alone against the computer"),
    "spectators cannot undo": N_("spectators cannot undo"),
}
_REPLIED = re.compile(r"^(.+) has replied to your move: it stands once you have seen the reply$")


_PLACE = re.compile(r"^(Computer|Left|Right|Partner|Across)(?: (\d+))?$")


def seat_name(name: str, lang: str) -> str:
    """A seat's name in ``lang``: the names the server gives computers (by their place: ``Left``, ``Computer 3``,
    ``Computer for Bea``) as the page says them (static/util.js ``computerName``); a person's name as it is."""
    if lang == "en":
        return name
    t = words(lang)
    m = _PLACE.match(name)
    if m:
        word = {"Computer": t.gettext("Computer"), "Left": t.pgettext("seat", "Left"), "Right": t.pgettext("seat", "Right"),
                "Partner": t.pgettext("seat", "Partner"), "Across": t.pgettext("seat", "Across")}[m[1]]
        return t.gettext("{name} {n}").format(name=word, n=m[2]) if m[2] else str(word)
    if name.startswith("Computer for "):
        return t.gettext("Computer for {name}").format(name=name[len("Computer for "):])
    return name


def undo_words(reason: str, lang: str) -> str:
    """Why undo is not available (:mod:`cardtable.undo`'s English ``reason``) in ``lang``."""
    if lang == "en" or not reason:
        return reason
    t = words(lang)
    if reason in _UNDO:
        return t.gettext(_UNDO[reason])
    m = _REPLIED.match(reason)
    if m:
        return t.gettext("{name} has replied to your move: it stands once you have seen the reply").format(
            name=seat_name(m[1], lang))
    return reason


def error_words(exc: Any, lang: str) -> str:
    """A :class:`~.table.WebError` (or a hint refusal) as the page of ``lang`` says it: a refused move in the
    engine's words of that language (:func:`~..words.refusal_text_of`), the others by their code and
    params. English, and a protocol error a page never makes, stay the server's words."""
    english = str(exc)
    if lang == "en":
        return english
    error = getattr(exc, "error", None)
    if error is not None:
        return refusal_text_of(error, lang)
    t = words(lang)
    fixed = _FIXED.get(english)
    if fixed is not None:
        return t.gettext(fixed)
    template = _BY_CODE.get(getattr(exc, "code", ""))
    if template is None:
        return english
    params = dict(getattr(exc, "params", None) or {})
    if "reason" in params:
        params["reason"] = undo_words(str(params["reason"]), lang)
    if "names" in params and isinstance(params["names"], list):
        params["names"] = _join([str(n) for n in params["names"]], lang)
    try:
        return t.gettext(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return english


def _join(items: list[str], lang: str) -> str:
    if lang in ("en", i18n.PSEUDO) or len(items) < 2:
        return " and ".join(items) if lang == "en" else ", ".join(items)
    return i18n.format_list(items, lang)


def blocked_words(error: Any, action: str, lang: str) -> str:
    """Why a card cannot be played (the engine's ``error`` for the move ``action``, e.g. ``discard QS``) in
    ``lang``: the reason alone, without the move's notation in front and the rule number after it."""
    text = refusal_text_of(error, lang)
    head = refusal_text(action)
    if text.startswith(head):
        text = re.sub(r"^\s*[:：]\s*", "", text[len(head):])
    else:
        text = re.split(r":\s|：", text, maxsplit=1)[-1]
    return re.sub(r"\s*\[[^\]]*\]\s*$", "", text)


def level_name(level: str, lang: str) -> str:
    """A computer level's name in ``lang`` (``medium``); a level added to this server, as it is."""
    t = words(lang)
    names = {"random": t.pgettext("level", "random"), "easy": t.pgettext("level", "easy"),
             "simple": t.pgettext("level", "simple"), "medium": t.pgettext("level", "medium"),
             "hard": t.pgettext("level", "hard")}
    return str(names.get(level, level))


@dataclass(frozen=True)
class News:
    """What the room tells everyone at a table (:mod:`.room`): a message of the catalog and its params, said in
    each connection's language (``str()``: English)."""

    message: str
    params: dict[str, Any] = field(default_factory=dict)

    def words(self, lang: str = "en") -> str:
        params = {k: level_name(v, lang) if k == "level" else v for k, v in self.params.items()}
        return words(lang).gettext(self.message).format(**params)

    def __str__(self) -> str:
        return self.words()
