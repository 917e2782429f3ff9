"""Finished matches, their replays and statistics, each as the visitor asking may see them.

* A finished match of a public table is anyone's to list and replay; one of a private table
  only its players': a request proves its seats by their tokens in the ``X-Cardtable-Seats``
  header, ``table_id:token`` pairs separated by commas (the browser sends the seats of "My
  tables"). Tokens never go into a URL, which servers and proxies log. A replay shows every
  hand (the match is over) to whoever may see the match; to anyone else the match does not exist.
* Statistics are the visitor's own: the finished matches of the seats it holds, each seen from
  that seat, and the server's totals as anonymous counts (games per game and status, no names).
* Games of the same database that were not played on this server (the terminal app's, imports)
  are not shown.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from sqlalchemy import or_, select

from ...errors import CardtableError
from ...registry import GAMES
from ...store import GameNotFoundError, Store
from ...store import schema as s
from ...store.migrations import side_margin
from ...store.store import start_match
from .replay_frames import hand_replay
from .table import SeatSpec, seat_for_token

__all__ = ["SEATS_HEADER", "MAX_SEATS", "parse_seats", "held_seats", "register"]

SEATS_HEADER = "X-Cardtable-Seats"
MAX_SEATS = 60
"""Seats one request may prove (the browser keeps 30)."""


def parse_seats(raw: str | None) -> dict[str, list[str]]:
    """Table id -> tokens, from the header's value (at most :data:`MAX_SEATS`; malformed pairs prove nothing).

    >>> parse_seats("ab12:tok-en_123, bad, :x, ab12:short, ab12:other123")
    {'ab12': ['tok-en_123', 'other123']}
    """
    claims: dict[str, list[str]] = {}
    for pair in (raw or "").split(",")[:MAX_SEATS]:
        table_id, _, token = pair.strip().partition(":")
        if table_id.isascii() and table_id.isalnum() and len(table_id) <= 32 and 8 <= len(token) <= 200:
            claims.setdefault(table_id, []).append(token)
    return claims


def held_seats(store: Store, claims: dict[str, list[str]]) -> dict[int, int]:
    """Game id -> the seat a claimed token opens at that game's table (a blocking query: run in a thread)."""
    if not claims:
        return {}
    with store.reading() as conn:
        rows = conn.execute(select(s.web_tables.c.id, s.web_tables.c.game_id, s.web_tables.c.seats)
                            .where(s.web_tables.c.id.in_(list(claims)))).all()
    held: dict[int, int] = {}
    for table_id, game_id, stored in rows:
        try:
            seats = [SeatSpec.from_json(x) for x in json.loads(stored)]
        except (ValueError, TypeError, KeyError):
            continue
        for token in claims.get(str(table_id), ()):
            seat = seat_for_token(seats, token)
            if seat is not None:
                held[int(game_id)] = seat
    return held


def _visible(held: dict[int, int]) -> Any:
    """The games a visitor holding ``held`` may see: those of public tables, and its own."""
    public = select(s.web_tables.c.game_id).where(s.web_tables.c.public.is_(True))
    return or_(s.games.c.id.in_(public), s.games.c.id.in_(list(held)))


def register(app: FastAPI, store: Store) -> None:
    """Add ``/api/finished``, ``/api/replay/{uid}`` and ``/api/stats`` to ``app``."""

    async def seats_of(request: Request) -> dict[int, int]:
        claims = parse_seats(request.headers.get(SEATS_HEADER))
        return await asyncio.to_thread(held_seats, store, claims) if claims else {}

    @app.get("/api/finished")
    async def finished(request: Request, game: str | None = None) -> dict[str, Any]:
        if game is not None and game not in GAMES:
            raise HTTPException(400, "unknown game")
        held = await seats_of(request)
        infos = await asyncio.to_thread(store.list_games, game, s.FINISHED, 200, where=_visible(held))
        return {"games": [{**info_json(i), "you": held.get(i.id)} for i in infos]}

    @app.get("/api/replay/{uid}")
    async def replay(request: Request, uid: str, hand: int = 1) -> dict[str, Any]:
        if not uid.isalnum() or len(uid) > 32:
            raise HTTPException(404, "no such game")
        held = await seats_of(request)
        try:
            return await asyncio.to_thread(_replay, store, uid, hand, held)
        except GameNotFoundError:
            raise HTTPException(404, "no such game") from None
        except CardtableError as exc:
            raise HTTPException(422, f"the record cannot be replayed: {exc}") from None

    @app.get("/api/stats")
    async def stats(request: Request) -> dict[str, Any]:
        held = await seats_of(request)
        return await asyncio.to_thread(_stats, store, held)


def info_json(info: Any) -> dict[str, Any]:
    return {
        "uid": info.uid, "game": info.game, "names": list(info.side_names()),
        "seat_names": list(info.seat_names), "kinds": [str(k) for k in info.seat_kinds],
        "final": None if info.final_totals is None else list(info.final_totals), "winner": info.winner,
        "margin": info.margin, "hands": info.hands, "updated": info.updated_at.isoformat(), "source": info.source,
    }


def _replay(store: Store, uid: str, hand: int, held: dict[int, int]) -> dict[str, Any]:
    """One hand of a finished match, move by move, with every seat's view (all hands revealed)."""
    info = store.find_uid(uid)
    if info.status == s.IN_PROGRESS:
        raise GameNotFoundError("the match is still being played")
    if not store.list_games(limit=1, where=(s.games.c.id == info.id) & _visible(held)):
        raise GameNotFoundError("no such game")  # private: as if it did not exist
    record = store.load_record(info.id)
    if not 1 <= hand <= len(record.hands):
        raise GameNotFoundError("no such hand")
    return {"info": {**info_json(info), "you": held.get(info.id)}, **hand_replay(start_match(record), record.hands, hand)}


def _stats(store: Store, held: dict[int, int]) -> dict[str, Any]:
    """The visitor's results (each match from the seat it holds) and the server's anonymous counts."""
    rows = [{"game": r.game, "opponent": r.opponent, "played": r.played, "won": r.won, "lost": r.lost,
             "abandoned": r.abandoned, "mean_margin": r.mean_margin} for r in store.stats(seats=held)] if held else []
    games = []
    infos = store.list_games(status=s.FINISHED, limit=500, where=s.games.c.id.in_(list(held))) if held else []
    for info in reversed(infos):
        seat = held[info.id]
        if info.final_totals is None or info.winner is None or not 0 <= seat < len(info.sides):
            continue
        side = info.sides[seat]
        games.append({"game": info.game, "uid": info.uid, "won": info.winner == side,
                      "margin": side_margin(list(info.final_totals), side), "hands": info.hands,
                      "when": info.updated_at.isoformat()})
    server = [{"game": game, **counts} for game, counts in sorted(store.counts().items())]
    return {"rows": rows, "games": games, "server": server}
