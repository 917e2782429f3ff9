"""Exception classes. Every error the library raises on bad input derives from :class:`CardtableError`."""

from __future__ import annotations

__all__ = [
    "CardtableError",
    "InvalidRulesError",
    "IllegalActionError",
    "InvalidNotationError",
    "AmbiguousActionError",
    "InvalidPositionError",
    "CorruptRecordError",
]


class CardtableError(Exception):
    """Base class of all cardtable errors."""


class InvalidRulesError(CardtableError, ValueError):
    """An unknown option, an invalid value or an invalid combination in a rules config."""


class IllegalActionError(CardtableError, ValueError):
    """An action that the rules do not allow here. ``rule`` names the rule broken.

    The state is guaranteed to be unchanged when this is raised.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} [{rule}]" if rule else message)
        self.rule = rule
        """The rule broken: a rules-file number (``4.3.2``) or a short tag; may be empty."""


class InvalidNotationError(CardtableError, ValueError):
    """Text that cannot be parsed as a card, an action or a position."""


class AmbiguousActionError(InvalidNotationError):
    """Notation that matches more than one legal action."""

    def __init__(self, message: str, candidates: tuple[str, ...] = ()) -> None:
        if candidates:
            message = f"{message}; candidates: {', '.join(candidates)}"
        super().__init__(message)
        self.candidates = candidates
        """The notations of the legal actions the text matched."""


class InvalidPositionError(InvalidNotationError):
    """A position description that is malformed or describes an impossible position."""


class CorruptRecordError(CardtableError, ValueError):
    """A game record that is malformed, tampered with, or does not replay."""
