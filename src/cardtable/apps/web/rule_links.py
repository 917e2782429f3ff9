"""Where the rules pages explain a rule: ``/rules/pinochle#follow-suit``. Pure Python, no web framework,
so the server (:mod:`.rules_pages`, :mod:`.table`) and the page's own engine (:mod:`.solo`) link alike."""

from __future__ import annotations

from ..player_rules import GAMES, anchor_for

__all__ = ["rule_href", "rule_link"]


def rule_href(game: str, rule: str) -> str | None:
    """The rules page paragraph that explains the engine citation ``rule`` of ``game``, if any."""
    if not isinstance(rule, str) or not rule or game not in GAMES:
        return None
    anchor = anchor_for(game, rule)
    return None if anchor is None else f"/rules/{game}#{anchor}"


def rule_link(game: str, error: BaseException) -> str | None:
    """The rules page paragraph that explains ``error``'s rule (an engine's ``IllegalActionError.rule``)."""
    return rule_href(game, getattr(error, "rule", ""))
