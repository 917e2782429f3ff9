"""Names and defaults shared by the screens of the terminal app."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .speech import N_, Speech

__all__ = ["GAME_TITLES", "SHORT_TITLES", "GAME_BLURBS", "DEFAULT_PACE", "option_name", "option_value_text",
           "short_name", "team_names", "game_title", "short_title", "game_blurb", "level_name", "option_label",
           "option_value_words", "preset_name", "display_name"]

GAME_TITLES = {"gin": N_("Gin Rummy"), "casino": N_("Casino"), "pinochle": N_("Pinochle (two-handed)")}
SHORT_TITLES = {"gin": N_("Gin"), "casino": N_("Casino"), "pinochle": N_("Pinochle")}
GAME_BLURBS = {
    "gin": N_("Draw, discard, meld; knock when your deadwood is low. 2 players."),
    "casino": N_("Capture and build with the cards on the table. 2-4 players."),
    "pinochle": N_("Tricks and melds with a 48-card pack. 2 players."),
}


def _level_words(sp: Speech) -> dict[str, str]:
    """The computer levels as the lobby and the seat names say them."""
    return {"random": sp.pgettext("level", "random"), "easy": sp.pgettext("level", "easy"),
            "simple": sp.pgettext("level", "simple"), "medium": sp.pgettext("level", "medium"),
            "hard": sp.pgettext("level", "hard")}


def _preset_words(sp: Speech) -> dict[str, str]:
    return {"standard": sp.pgettext("preset", "standard"), "modern": sp.pgettext("preset", "modern"),
            "classic": sp.pgettext("preset", "classic"), "oklahoma": sp.pgettext("preset", "oklahoma"),
            "openspiel": sp.pgettext("preset", "openspiel"), "hoyle": sp.pgettext("preset", "hoyle")}


def _value_words(sp: Speech) -> dict[str, str]:
    """The words of the options' choices (``stock_end: wall``)."""
    return {"minimal": sp.pgettext("option value", "minimal"),
            "within-limit": sp.pgettext("option value", "within-limit"),
            "exact": sp.pgettext("option value", "exact"), "openspiel": sp.pgettext("option value", "openspiel"),
            "standard": sp.pgettext("option value", "standard"), "wall": sp.pgettext("option value", "wall"),
            "none": sp.pgettext("option value", "none"), "double": sp.pgettext("option value", "double"),
            "flat": sp.pgettext("option value", "flat"), "one": sp.pgettext("option value", "one"),
            "all": sp.pgettext("option value", "all"), "simple": sp.pgettext("option value", "simple"),
            "classic": sp.pgettext("option value", "classic"), "modern": sp.pgettext("option value", "modern")}


def _place_words(sp: Speech) -> dict[str, str]:
    """The seats the app names, by where they sit."""
    return {"Computer": sp.pgettext("seat", "Computer"), "Left": sp.pgettext("seat", "Left"),
            "Right": sp.pgettext("seat", "Right"), "Across": sp.pgettext("seat", "Across"),
            "You": sp.pgettext("seat", "You")}


_SEAT_NAME = re.compile(r"^(Computer|Left|Right|Across|You|Seat (\d+))(?: \((\w+)\))?$")
DEFAULT_PACE = 0.8


def option_name(name: str) -> str:
    """A rules option as a player reads it: ``allow_duplicate_value_builds`` -> ``allow duplicate value builds``."""
    return name.replace("_", " ")


def option_value_text(value: Any, sp: Speech | None = None) -> str:
    """An option's value in words, never Python: ``on``/``off``, ``none``, ``simple``, ``2, 3``
    (in ``sp``'s language when given)."""
    if sp is not None and not sp.english:
        return option_value_words(value, sp)
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    if isinstance(value, (tuple, list)):
        return ", ".join(option_value_text(v) for v in value) or "none"
    return str(value)


def option_value_words(value: Any, sp: Speech) -> str:
    """:func:`option_value_text` in ``sp``'s language."""
    if isinstance(value, bool):
        return sp.pgettext("option", "on") if value else sp.pgettext("option", "off")
    if value is None:
        return sp.pgettext("option", "none")
    if isinstance(value, (tuple, list)):
        return sp.join(option_value_words(v, sp) for v in value) or sp.pgettext("option", "none")
    if isinstance(value, str):
        return _value_words(sp).get(value, value)
    return str(value)


def option_label(game: str, name: str, sp: Speech) -> str:
    """A rules option's name as the player rules of ``sp``'s language call it (English: ``knock limit``)."""
    if sp.english:
        return option_name(name)
    from ... import i18n
    from ..player_rules.translations import load_translated

    if sp.lang == i18n.PSEUDO:
        return i18n.pseudo(option_name(name))
    try:
        label = load_translated(game, sp.lang).strings.get(f"option-{name}")
    except Exception:  # a game without player rules
        label = None
    return str(label) if label else option_name(name)


def game_title(game: str, sp: Speech) -> str:
    """The game's full name (``Gin Rummy``) in ``sp``'s language."""
    return sp._(GAME_TITLES[game]) if game in GAME_TITLES else game


def short_title(game: str, sp: Speech) -> str:
    """The game's short name (``Gin``) in ``sp``'s language."""
    return sp._(SHORT_TITLES[game]) if game in SHORT_TITLES else game


def game_blurb(game: str, sp: Speech) -> str:
    """One line on what the game is, for the lobby."""
    return sp._(GAME_BLURBS[game]) if game in GAME_BLURBS else ""


def level_name(level: str, sp: Speech) -> str:
    """A computer level's name in ``sp``'s language (a level of a plug-in as it is)."""
    return _level_words(sp).get(level, level)


def preset_name(preset: str, sp: Speech) -> str:
    """A rules preset's name in ``sp``'s language."""
    return _preset_words(sp).get(preset, preset)


def display_name(name: str, sp: Speech) -> str:
    """A seat name the app made (``You``, ``Computer (medium)``, ``Left (hard)``, ``Seat 2``) in ``sp``'s
    language; other names (a saved game's players) as they are. The match keeps the English name."""
    if sp.english:
        return name
    m = _SEAT_NAME.match(name)
    if m is None:
        return name
    place = sp._("Seat {number}", number=m.group(2)) if m.group(2) else _place_words(sp)[m.group(1)]
    level = m.group(3)
    return sp._("{place} ({level})", place=place, level=level_name(level, sp)) if level else place


def short_name(name: str) -> str:
    """``"Left (medium)"`` -> ``"Left"``: seat names without the level, for tight spots."""
    return name.split(" (", 1)[0]


def team_names(names: Sequence[str], n_sides: int) -> list[str]:
    """One name per side: the seat names when everyone plays alone, else ``You & Across``, ``Left & Right``.

    Partners sit across the table: seat ``s`` plays for side ``s % n_sides``.
    """
    if n_sides >= len(names):
        return list(names)
    return [" & ".join(short_name(n) for s, n in enumerate(names) if s % n_sides == side) for side in range(n_sides)]
