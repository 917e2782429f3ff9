"""Where the database lives: an explicit argument, ``$CARDTABLE_DATABASE_URL``, or the XDG data directory.

Needs no SQLAlchemy.

>>> database_url("/tmp/x/games.db")
'sqlite:////tmp/x/games.db'
>>> database_url("postgresql://u:p@127.0.0.1/db")
'postgresql+psycopg://u:p@127.0.0.1/db'
>>> database_url(":memory:")
'sqlite://'
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ENV_VAR", "default_database_path", "database_url", "sqlite_path"]

ENV_VAR = "CARDTABLE_DATABASE_URL"
"""Environment variable with a database URL (``sqlite:///...``, ``postgresql://...``) or a file path."""


def default_database_path() -> Path:
    """``$XDG_DATA_HOME/cardtable/cardtable.db``, by default ``~/.local/share/cardtable/cardtable.db``."""
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "cardtable" / "cardtable.db"


def database_url(url_or_path: str | os.PathLike[str] | None = None) -> str:
    """The SQLAlchemy URL to open.

    In order: ``url_or_path`` if given, else ``$CARDTABLE_DATABASE_URL`` if set
    and not empty, else :func:`default_database_path`. A value containing
    ``://`` is a URL; anything else is a file path (``:memory:`` is an
    in-memory SQLite database). ``postgresql://`` and ``postgres://`` without a
    driver use psycopg 3.
    """
    if url_or_path is None:
        env = os.environ.get(ENV_VAR, "").strip()
        url_or_path = env or default_database_path()
    text = os.fspath(url_or_path)
    if text == ":memory:":
        return "sqlite://"
    if "://" not in text:
        return "sqlite:///" + str(Path(text).expanduser().absolute())
    scheme, rest = text.split("://", 1)
    if scheme in ("postgresql", "postgres"):
        return "postgresql+psycopg://" + rest
    return text


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (``None`` for in-memory or other databases)."""
    if not url.startswith("sqlite"):
        return None
    rest = url.split("://", 1)[1] if "://" in url else ""
    path = rest[1:] if rest.startswith("/") else rest
    path = path.split("?", 1)[0]
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    return Path(path)
