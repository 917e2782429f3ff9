"""Find games by name: ``make_game("gin", preset="classic", target_score=50)``."""

from __future__ import annotations

import importlib
from typing import Any

from .core import Game
from .error_codes import Detail, Names
from .errors import InvalidRulesError

__all__ = ["GAMES", "make_game", "game_class"]

GAMES: dict[str, str] = {
    "gin": "cardtable.gin:GinGame",
    "casino": "cardtable.casino:CasinoGame",
    "pinochle": "cardtable.pinochle:PinochleGame",
}
"""Each game's registry name and where its :class:`~cardtable.core.Game` class lives (``module:Class``)."""


def game_class(name: str) -> type[Game[Any, Any]]:
    """The :class:`~cardtable.core.Game` class registered as ``name``; an unknown name raises
    :class:`~cardtable.errors.InvalidRulesError`."""
    if name not in GAMES:
        raise InvalidRulesError.from_code("game.unknown", name=name, games=Names(GAMES))
    module, attr = GAMES[name].split(":")
    try:
        cls: type[Game[Any, Any]] = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:  # a game not built yet
        raise InvalidRulesError.from_code("game.unavailable", name=name, detail=Detail.of(exc)) from None
    return cls


def make_game(name: str, preset: str = "standard", rules: Any = None, **options: Any) -> Game[Any, Any]:
    """A game descriptor with the named preset (plus overrides) or an explicit rules object/dict."""
    cls = game_class(name)
    rules_class = cls.rules_class
    if rules is None:
        rules = rules_class.preset(preset, **options)
    elif isinstance(rules, dict):
        rules = rules_class.from_dict(rules)
    elif not isinstance(rules, rules_class):
        raise InvalidRulesError.from_code("game.rules_type", name=name, type_name=rules_class.__name__)
    return cls(rules)  # type: ignore[call-arg]
