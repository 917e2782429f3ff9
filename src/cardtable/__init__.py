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

__version__ = "0.1.0"

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
