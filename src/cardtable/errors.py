"""Exception classes. Every error the library raises on bad input derives from :class:`CardtableError`.

Errors raised for a player's or a caller's input carry a stable :attr:`~CardtableError.code` (a dotted
identifier such as ``card.not_held``, listed in :mod:`cardtable.error_codes`) and the
:attr:`~CardtableError.params` of their message (the move's notation, the cards, the numbers), so that a
front end can say the same thing in another language; ``str(error)`` is the English message.

>>> from cardtable import make_game
>>> state = make_game("gin").new_hand(0)
>>> try:
...     state.apply("discard 7H")
... except IllegalActionError as exc:
...     print(exc.code, exc.rule, sorted(exc.params))
chance.pending chance ['action']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Self

from .error_codes import message

__all__ = [
    "CardtableError",
    "InvalidRulesError",
    "IllegalActionError",
    "InvalidNotationError",
    "AmbiguousActionError",
    "InvalidPositionError",
    "CorruptRecordError",
]

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class CardtableError(Exception):
    """Base class of all cardtable errors.

    ``code`` and ``params`` are keyword-only and optional: ``CardtableError("text")`` still works.
    """

    code: str
    """The stable identifier of the message (see :mod:`cardtable.error_codes`); empty when it has none."""
    params: Mapping[str, Any]
    """The values in the message, by the names of the code's template placeholders: the move's
    notation (``action``), cards as :class:`~cardtable.cards.Card` objects, numbers, field names."""

    def __init__(self, *args: object, code: str = "", params: Mapping[str, Any] | None = None) -> None:
        super().__init__(*args)
        self.code = code
        self.params = MappingProxyType(dict(params)) if params else _EMPTY

    @classmethod
    def from_code(cls, code: str, /, **params: Any) -> Self:
        """The error whose message is the English template of ``code`` filled with ``params``."""
        return cls(message(code, params), code=code, params=params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self.args, {**self.__dict__, "params": dict(self.params)})

    def __setstate__(self, state: dict[str, Any] | None) -> None:
        state = dict(state or {})
        if "params" in state:
            state["params"] = MappingProxyType(dict(state["params"]))
        self.__dict__.update(state)


class InvalidRulesError(CardtableError, ValueError):
    """An unknown option, an invalid value or an invalid combination in a rules config."""


class IllegalActionError(CardtableError, ValueError):
    """An action that the rules do not allow here. ``rule`` names the rule broken.

    The message is the code's English text followed by `` [rule]``. The state is guaranteed to be
    unchanged when this is raised.
    """

    def __init__(self, message: str, rule: str = "", *, code: str = "",
                 params: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{message} [{rule}]" if rule else message, code=code, params=params)
        self.rule = rule
        """The rule broken: a rules-file number (``4.3.2``) or a short tag; may be empty."""

    @classmethod
    def from_code(cls, code: str, rule: str = "", /, **params: Any) -> Self:
        """The error for ``code`` filled with ``params``, citing ``rule``."""
        return cls(message(code, params), rule, code=code, params=params)


class InvalidNotationError(CardtableError, ValueError):
    """Text that cannot be parsed as a card, an action or a position."""


class AmbiguousActionError(InvalidNotationError):
    """Notation that matches more than one legal action."""

    def __init__(self, message: str, candidates: tuple[str, ...] = (), *, code: str = "",
                 params: Mapping[str, Any] | None = None) -> None:
        if candidates:
            message = f"{message}; candidates: {', '.join(candidates)}"
        super().__init__(message, code=code, params=params)
        self.candidates = candidates
        """The notations of the legal actions the text matched."""

    @classmethod
    def from_code(cls, code: str, /, candidates: tuple[str, ...] = (), **params: Any) -> Self:
        """The error for ``code`` filled with ``params``, listing the ``candidates``."""
        return cls(message(code, params), candidates, code=code, params=params)


class InvalidPositionError(InvalidNotationError):
    """A position description that is malformed or describes an impossible position."""


class CorruptRecordError(CardtableError, ValueError):
    """A game record that is malformed, tampered with, or does not replay."""
