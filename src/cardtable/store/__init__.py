"""Persistence: saved and finished matches in SQLite (default) or PostgreSQL, via SQLAlchemy 2.

Needs the ``store`` extra (``pip install 'cardtable[store]'``); without it,
importing this package raises :class:`StoreUnavailableError` (a
:class:`~cardtable.errors.CardtableError` and an :class:`ImportError`).

- :class:`Store` — ``Store.open(url_or_path=None)``, ``save_match`` (the whole record),
  ``save_moves`` (an append of the moves since the last save), ``check_writable``, ``load_match``,
  ``latest_unfinished``, ``list_games``, ``stats``, ``delete``, ``import_record``, ``export_record``.
- :class:`Autosaver` — call after every move.
- :mod:`cardtable.store.commands` — ``history``, ``replay``, ``stats``, ``resume`` for the CLI.
- Location: argument, else ``$CARDTABLE_DATABASE_URL``, else ``$XDG_DATA_HOME/cardtable/cardtable.db``.
"""

from __future__ import annotations

from .errors import (
    CorruptRecordError,
    GameNotFoundError,
    SchemaError,
    StoreConflictError,
    StoreError,
    StoreRefusedError,
    StoreUnavailableError,
)
from .location import ENV_VAR, database_url, default_database_path
from .seats import SeatKind

try:
    import sqlalchemy  # noqa: F401
except ImportError as _exc:  # pragma: no cover - exercised without the extra
    raise StoreUnavailableError(
        "saved games need SQLAlchemy 2: pip install 'cardtable[store]'"
    ) from _exc

from .autosave import Autosaver
from .schema import ABANDONED, FINISHED, IN_PROGRESS, LATEST_VERSION
from .store import GameInfo, StatRow, Store, read_record_file, replay_record, start_match

__all__ = [
    "Store",
    "GameInfo",
    "StatRow",
    "Autosaver",
    "SeatKind",
    "StoreError",
    "StoreRefusedError",
    "StoreConflictError",
    "StoreUnavailableError",
    "SchemaError",
    "GameNotFoundError",
    "CorruptRecordError",
    "ENV_VAR",
    "database_url",
    "default_database_path",
    "replay_record",
    "start_match",
    "read_record_file",
    "LATEST_VERSION",
    "IN_PROGRESS",
    "FINISHED",
    "ABANDONED",
]
