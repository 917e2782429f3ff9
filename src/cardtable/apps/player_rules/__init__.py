"""Rules for players, one data file per game (``gin.json``, ``casino.json``, ``pinochle.json``).

Short texts a player reads in a few minutes (not the specification in ``docs/rules/``): how to
play, scoring, the end of the match and, for the rules in force, every option in words. Every
sentence is a translatable string with a stable id (:mod:`.data`); :mod:`.render` lays them out
for the browser (JSON) and the terminal (Markdown). :func:`anchor_for` names the paragraph that
explains a rule an engine cites when it refuses a move.
"""

from __future__ import annotations

from .data import GAMES, PlayerRules, PlayerRulesError, anchor_for, catalog, load, validate
from .render import markdown, option_rows, page

__all__ = ["GAMES", "PlayerRules", "PlayerRulesError", "anchor_for", "catalog", "load", "validate", "markdown",
           "option_rows", "page"]
