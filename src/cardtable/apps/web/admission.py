"""Who may set up a new table: a rate per client address and caps on the tables in play.

* at most ``per_minute`` new tables a minute from one address (429);
* at most ``per_address`` tables in play (their match not over) set up from one address (429);
* at most ``total`` tables in play on the whole server (503).

Each limit comes from the caller, else the environment (``CARDTABLE_WEB_CREATE_LIMIT``,
``CARDTABLE_WEB_MAX_TABLES_PER_ADDRESS``, ``CARDTABLE_WEB_MAX_TABLES``), else the default here. The
address is the connection's, or the client address forwarded by a proxy the server trusts
(``cardtable serve --forwarded-allow-ips``). Needs the standard library only.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

__all__ = ["Admission", "Refused", "limit", "CREATE_PER_MINUTE", "MAX_TABLES", "MAX_TABLES_PER_ADDRESS"]

CREATE_PER_MINUTE = 30
MAX_TABLES_PER_ADDRESS = 20
MAX_TABLES = 2000
MAX_ADDRESSES = 10_000
"""Addresses remembered at most (more are forgotten, all at once)."""


class Refused(Exception):
    """A new table refused; ``status`` is the HTTP status, the message says why, for people; ``code`` and
    ``params`` say it for a page in another language (``too-many-new``, ``too-many-mine``, ``server-full``)."""

    def __init__(self, status: int, message: str, code: str = "refused", params: dict[str, int] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.params = dict(params or {})


def limit(value: int | None, env: str, default: int) -> int:
    """``value``, else the whole number in environment variable ``env``, else ``default``.

    >>> limit(5, "CARDTABLE_NOT_SET", 30), limit(None, "CARDTABLE_NOT_SET", 30)
    (5, 30)
    """
    source = "--" + env.removeprefix("CARDTABLE_WEB_").lower().replace("_", "-")
    if value is None:
        raw = os.environ.get(env, "").strip()
        if not raw:
            return default
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
            raise ValueError(f"{env} must be a whole number, not {raw[:20]!r}")
        value, source = int(raw), env
    if value < 1:
        raise ValueError(f"{source} must be at least 1, not {value}")
    return value


class Admission:
    """The limits of :mod:`this module <.admission>` for one server.

    >>> a = Admission(per_minute=10, per_address=1, total=5, clock=lambda: 0.0)
    >>> a.admit("10.0.0.1", in_play=lambda t: True, playing=0); a.record("10.0.0.1", "t1")
    >>> a.admit("10.0.0.1", in_play=lambda t: True, playing=1)
    Traceback (most recent call last):
    ...
    cardtable.apps.web.admission.Refused: you already have 1 table in play from this address, ...
    >>> a.admit("10.0.0.1", in_play=lambda t: False, playing=1)  # t1 is over: a new one is fine
    """

    def __init__(self, per_minute: int | None = None, per_address: int | None = None, total: int | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = limit(per_minute, "CARDTABLE_WEB_CREATE_LIMIT", CREATE_PER_MINUTE)
        self.per_address = limit(per_address, "CARDTABLE_WEB_MAX_TABLES_PER_ADDRESS", MAX_TABLES_PER_ADDRESS)
        self.total = limit(total, "CARDTABLE_WEB_MAX_TABLES", MAX_TABLES)
        self.clock = clock
        self._recent: dict[str, list[float]] = {}
        self._tables: dict[str, list[str]] = {}

    def admit(self, address: str, in_play: Callable[[str], bool], playing: int) -> None:
        """May ``address`` set up a table now? Raises :class:`Refused` if not; counts the attempt.

        ``in_play(table_id)``: whether a table is still in play; ``playing``: how many are, in all.
        """
        now = self.clock()
        recent = [t for t in self._recent.get(address, ()) if now - t < 60.0]
        if len(recent) >= self.per_minute:
            raise Refused(429, f"at most {self.per_minute} new tables a minute; try again in a minute",
                          "too-many-new", {"n": self.per_minute, "wait": 60})
        if len(self._recent) > MAX_ADDRESSES:
            self._recent.clear()
        self._recent[address] = [*recent, now]
        if len(self._tables) > MAX_ADDRESSES:
            self._tables = {a: live for a, ts in self._tables.items() if (live := [t for t in ts if in_play(t)])}
        mine = [t for t in self._tables.get(address, ()) if in_play(t)]
        self._tables[address] = mine
        if len(mine) >= self.per_address:
            raise Refused(429, f"you already have {len(mine)} table{'s' if len(mine) > 1 else ''} in play from this "
                               f"address, the most one address may have; finish one first (a table nobody plays "
                               f"at closes by itself after a while)", "too-many-mine", {"n": len(mine)})
        if playing >= self.total:
            raise Refused(503, f"the server is full: {playing} table{'s' if playing != 1 else ''} in play, the most "
                               "it takes; try again later", "server-full", {"n": playing})

    def record(self, address: str, table_id: str) -> None:
        """``address`` has set up table ``table_id``."""
        self._tables.setdefault(address, []).append(table_id)
