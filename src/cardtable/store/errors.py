"""Errors of the store. All derive from :class:`cardtable.errors.CardtableError`.

This module does not need SQLAlchemy, so callers can catch
:class:`StoreUnavailableError` without it installed.
"""

from __future__ import annotations

from ..errors import CardtableError, CorruptRecordError

__all__ = [
    "StoreError",
    "StoreRefusedError",
    "StoreConflictError",
    "StoreUnavailableError",
    "SchemaError",
    "GameNotFoundError",
    "CorruptRecordError",
]


class StoreError(CardtableError):
    """The database could not be opened, read or written."""


class StoreRefusedError(StoreError):
    """The database answered but refused the write (a value it cannot hold, a broken constraint):
    unlike an outage, trying again will not help, so callers report it instead of waiting for the database."""


class StoreConflictError(StoreRefusedError):
    """The game was saved by someone else meanwhile (another server process on the same database): the
    write was conditional on the stored move counter, so nothing changed; reload the game and decide again."""


class StoreUnavailableError(StoreError, ImportError):
    """SQLAlchemy (the ``store`` extra) is not installed."""


class SchemaError(StoreError):
    """The database is not a cardtable database, or its schema is newer than this program."""


class GameNotFoundError(StoreError, KeyError):
    """No saved game has that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "game not found"
