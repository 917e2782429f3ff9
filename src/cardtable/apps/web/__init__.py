"""Play in the browser: ``cardtable serve`` (needs the ``web`` extra: FastAPI, uvicorn, SQLAlchemy).

- :mod:`.serialize` — views to JSON (and the spectators' public view); no web framework needed.
- :mod:`.tables` — tables, seats, tokens, computer players, persistence.
- :mod:`.server` — the ASGI app (:func:`create_app`) and :func:`serve`.
- :mod:`.solo` — a person against the computer with no server (the page's own engine, under Pyodide):
  the table's messages answered by the server's :mod:`.table`; needs no third-party package.
- :mod:`.replay_frames` — a finished hand frame by frame (the server's and the page's replays); no web framework needed.
- :mod:`.rule_links` — where the rules pages explain a rule; no web framework needed.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app", "serve"]


def create_app(database: str | None = None, **kwargs: Any) -> Any:
    from .server import create_app as _create

    return _create(database, **kwargs)


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None) -> None:
    from .server import serve as _serve

    _serve(host, port, database)
