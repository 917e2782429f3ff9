"""cardtable: exact rules engines, computer players and apps for Casino, Gin Rummy and Pinochle.

The core (cards, engines, records) imports with no third-party dependency.
"""

from .cards import Card, PinochleCard, full_deck, pinochle_deck
from .core import CHANCE, TERMINAL, Game, GameState, HandResult, MatchOutcome
from .errors import (
    AmbiguousActionError,
    CardtableError,
    CorruptRecordError,
    IllegalActionError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
)
from .match import Match
from .record import GameRecord
from .registry import make_game


def _version() -> str:
    """The installed distribution's version; from a source checkout, ``pyproject.toml``'s (the one place it is written)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardtable")
    except PackageNotFoundError:
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
        try:
            return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "0+unknown"


__version__ = _version()

__all__ = [
    "AmbiguousActionError",
    "CHANCE",
    "Card",
    "CardtableError",
    "CorruptRecordError",
    "Game",
    "GameRecord",
    "GameState",
    "HandResult",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRulesError",
    "Match",
    "MatchOutcome",
    "PinochleCard",
    "TERMINAL",
    "full_deck",
    "make_game",
    "pinochle_deck",
]
