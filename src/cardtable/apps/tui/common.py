"""Names and defaults shared by the screens of the terminal app."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["GAME_TITLES", "SHORT_TITLES", "GAME_BLURBS", "DEFAULT_PACE", "option_name", "option_value_text",
           "short_name", "team_names"]

GAME_TITLES = {"gin": "Gin Rummy", "casino": "Casino", "pinochle": "Pinochle (two-handed)"}
SHORT_TITLES = {"gin": "Gin", "casino": "Casino", "pinochle": "Pinochle"}
GAME_BLURBS = {
    "gin": "Draw, discard, meld; knock when your deadwood is low. 2 players.",
    "casino": "Capture and build with the cards on the table. 2-4 players.",
    "pinochle": "Tricks and melds with a 48-card pack. 2 players.",
}
DEFAULT_PACE = 0.8


def option_name(name: str) -> str:
    """A rules option as a player reads it: ``allow_duplicate_value_builds`` -> ``allow duplicate value builds``."""
    return name.replace("_", " ")


def option_value_text(value: Any) -> str:
    """An option's value in words, never Python: ``on``/``off``, ``none``, ``simple``, ``2, 3``."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    if isinstance(value, (tuple, list)):
        return ", ".join(option_value_text(v) for v in value) or "none"
    return str(value)


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
