"""Each game's table adapter: the one module that knows them all (the adapters import only their base)."""

from __future__ import annotations

from .adapters import CasinoAdapter, GameAdapter
from .gin_table import GinAdapter
from .pinochle_table import PinochleAdapter

__all__ = ["adapter_for"]

ADAPTERS: dict[str, type[GameAdapter]] = {"gin": GinAdapter, "casino": CasinoAdapter, "pinochle": PinochleAdapter}


def adapter_for(game: str) -> GameAdapter:
    """The table adapter of ``game`` (the generic one for games without their own)."""
    cls = ADAPTERS.get(game, GameAdapter)
    adapter = cls()
    if cls is GameAdapter:
        adapter.game = game
    return adapter
