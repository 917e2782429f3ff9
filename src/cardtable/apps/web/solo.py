"""Play alone against the computer with no server: the table's protocol answered in the same process.

A :class:`SoloDesk` keeps tables of one person against computer players and answers the messages the
page would send the server's WebSocket (see :mod:`.server`) with the very messages the server would send:
it drives the server's own :class:`~.table.Table` (its checks, undo, hints, picks and
:meth:`~.table.Table.message_for`), with no store, no asyncio task and no web framework, so it runs inside
a browser page (Pyodide, in a Web Worker). The page keeps :meth:`SoloDesk.save`'s dict after every move
(IndexedDB) and opens it again with :meth:`SoloDesk.restore`.

One move at a time: :meth:`SoloDesk.receive` answers the person's message, then the page calls
:meth:`SoloDesk.step` until it returns ``[]``, each call making one computer move (the computers are the
server's: same levels, seeded from the match's seed as the server seeds them). Imports nothing beyond
the standard library and the pure-Python core.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from ...agents import AGENT_LEVELS
from ...errors import CardtableError
from ...match import Match
from ...record import GameRecord
from ..words import refusal_text_of
from .replay_frames import hand_replay
from .table import (
    SeatSpec,
    Table,
    WebError,
    dataclass_replace_hands,
    hash_token,
    hint_entries,
    parse_spec,
    ranked_moves,
)
from .table_words import error_words, language_of

__all__ = ["SoloDesk", "HINTS", "SOURCE"]

HINTS = 3
"""How many moves a hint ranks (the server's default)."""
SOURCE = "browser"
"""The ``source`` of a match played in the page (a record's ``meta``, the replay's ``info``)."""
_MAX_ID = 32


class _Page:
    """The person's page as the table's connection: messages go back through :meth:`SoloDesk.receive`."""

    def push(self, message: dict[str, Any]) -> None:
        """Nothing to do: the desk returns the person's messages itself."""


@dataclass
class _Solo:
    table: Table
    token: str
    seat: int
    present: bool = False
    updated: float = 0.0
    lang: str = "en"
    """The page's language (its join message says it): the table is told in it."""


def _error(code: str, message: str, rule: str | None = None) -> dict[str, Any]:
    return {"t": "error", "code": code, "msg": message, **({"rule": rule} if rule else {})}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class SoloDesk:
    """The tables of one page: each a person against computer players, played move by move."""

    def __init__(self) -> None:
        self.tables: dict[str, _Solo] = {}
        """The open tables by id."""

    # --- tables ----------------------------------------------------------------------------------
    def create(self, spec: Any, seed: int | None = None) -> dict[str, Any]:
        """A new table from a request as ``POST /api/tables`` takes it, with exactly one ``human`` seat and
        ``computer`` seats; the answer as the server's: ``{"id", "token", "game", "seats"}`` (each seat with
        its ``token``: the person's, else ``None``). ``seed``: the match's (random if ``None``). A bad
        request raises :class:`~.table.WebError` in the server's words."""
        descriptor, seats, tokens = parse_spec(spec)
        if len(tokens) != 1:
            raise WebError("bad-request", "a table in this page has one person; the other seats are computers")
        (seat, token), = tokens.items()
        seats[seat].claimed = True  # the person's own token from the start: nobody else can come
        if seed is None:
            seed = secrets.randbelow(2**31)
        match = Match(descriptor, seed=seed, seat_names=[sp.name for sp in seats])
        table = Table(id=secrets.token_hex(8), match=match, seats=seats, game_id=0, joined={seat})
        table.resolve_chance()
        self.tables[table.id] = _Solo(table, token, seat, updated=time.time())
        return {"id": table.id, "token": token, "game": table.game,
                "seats": [{"seat": i, "kind": sp.kind, "name": sp.name, "level": sp.level,
                           "token": tokens.get(i), "open": sp.open} for i, sp in enumerate(table.seats)]}

    def _solo(self, table_id: Any) -> _Solo:
        solo = self.tables.get(table_id) if isinstance(table_id, str) else None
        if solo is None:
            raise WebError("no-table", "no such table")
        return solo

    def close(self, table_id: str) -> None:
        """Forget ``table_id`` (its saved dict, if any, is the page's)."""
        self.tables.pop(table_id, None)

    # --- messages --------------------------------------------------------------------------------
    def receive(self, table_id: str, message: Any) -> list[dict[str, Any]]:
        """The answers to one message of the page, in order (``state``, ``error``, ``hints``, ``picked``,
        ``pong``, ``left``): what the server would send back to this connection. Never raises: a bad
        message is answered by an ``error`` (and, as the server does for ``stale``, ``turn`` and ``over``,
        the state)."""
        try:
            solo = self._solo(table_id)
        except WebError as exc:
            return [_error(exc.code, str(exc))]
        if not isinstance(message, dict) or not isinstance(message.get("t"), str):
            return [_error("malformed", "a message is a JSON object with a type 't'")]
        table, seat, kind = solo.table, solo.seat, message["t"]
        out: list[dict[str, Any]] = []
        try:
            if kind == "ping":
                return [{"t": "pong"}]
            if kind == "join":
                solo.lang = language_of(message.get("lang"))
            if not solo.present:
                if kind != "join":
                    raise WebError("hello", "send join (with your token) first")
                if table.seat_for_token(message.get("token")) != seat:
                    raise WebError("token", "this link does not open a seat at this table")
                solo.present = True
                table.clients[seat] = {_Page()}
                return [table.message_for(seat, solo.lang)]
            if kind == "join":
                if table.seat_for_token(message.get("token")) != seat:
                    raise WebError("token", "this link does not open a seat at this table")
                return [table.message_for(seat, solo.lang)]
            if kind == "leave":
                solo.present = False
                table.clients.pop(seat, None)
                return [{"t": "left"}]
            if kind == "state":
                return [table.message_for(seat, solo.lang)]
            if kind not in ("act", "undo", "hint", "pick"):
                raise WebError("unknown", f"unknown message type {str(kind)[:20]!r}")
            if "seat" in message and message["seat"] != seat:
                raise WebError("seat", "you can only play for your own seat")
            if kind == "act":
                table.play(seat, message.get("m"), message.get("n"))
                solo.updated = time.time()
                return self._told(solo)
            if kind == "undo":
                n = message.get("n")
                if not _whole(n):  # as act and pick: a missing n is not stale
                    raise WebError("bad-request", "echo the table's move counter 'n' with every undo")
                if n != table.version_for(seat):
                    raise WebError("stale", "the table has moved on; your view is refreshed")
                table.undo(seat)
                solo.updated = time.time()
                return self._told(solo)
            if kind == "pick":
                return [table.pick(seat, message.get("card"), message.get("picks"), message.get("n"), solo.lang)]
            return [{"t": "hints", "hints": self.hints(solo)}]
        except WebError as exc:
            out.append(_error(exc.code, error_words(exc, solo.lang), exc.rule))
            if exc.code in ("stale", "turn", "over") and solo.present:
                out.append(table.message_for(seat, solo.lang))
        except CardtableError as exc:
            out.append(_error("error", refusal_text_of(exc, solo.lang) if solo.lang != "en" else str(exc)))
        except Exception as exc:  # a broken computer player must not break the page: say so, change nothing said
            out.append(_error("error", f"the table could not answer: {type(exc).__name__}: {exc}"))
        return out

    def hints(self, solo: _Solo, k: int = HINTS) -> list[dict[str, Any]]:
        """The hint player's best ``k`` moves for the person, worked out now (the server's player and ``k``)."""
        agent, state, view, legal = solo.table.hint_position(solo.seat)
        try:
            ranked = ranked_moves(agent.explain(view, legal, k), k)
        except CardtableError:
            raise WebError("hint-failed", "no hint could be worked out for this position") from None
        return hint_entries(state, ranked, solo.lang)

    def _told(self, solo: _Solo) -> list[dict[str, Any]]:
        """The person's state now, unless a computer is in a private step (:mod:`..private_steps`)."""
        return [solo.table.message_for(solo.seat, solo.lang)] if solo.table.told(solo.seat) else []

    def to_move(self, table_id: str) -> bool:
        """Whether a computer is to move at ``table_id`` (:meth:`step` would make a move)."""
        solo = self.tables.get(table_id)
        return solo is not None and solo.table.computer_to_act()

    def step(self, table_id: str) -> list[dict[str, Any]]:
        """One computer move, if a computer is to move: the person's state after it (``[]`` while a computer
        is in a private step: the person hears of it with the next move). ``[]`` with no move made when the
        person is to act, the match is over or there is no such table (:meth:`to_move` tells them apart). At a
        hand's end the state carries ``last`` (the hand's sheet) and already shows the next deal. Raises only if a
        computer player itself fails (a bug), with nothing played."""
        solo = self.tables.get(table_id)
        if solo is None:
            return []
        table = solo.table
        if not table.computer_to_act():
            return []
        state = table.match.state
        seat = state.current_player()
        action = table.agents[seat].act(state.view(seat), state.legal_moves())
        table.apply(action)  # chance (a new deal) is resolved with it
        solo.updated = time.time()
        return self._told(solo)

    # --- saving ----------------------------------------------------------------------------------
    def save(self, table_id: str) -> dict[str, Any]:
        """The table as a JSON-able dict for the page to keep (:meth:`restore` opens it again): ``id``,
        ``token``, ``game``, ``record`` (the record's JSON text), ``seats``, ``you``, ``undos``,
        ``finished``, ``names``, ``totals``, ``hand_no``, ``updated`` (seconds since the epoch)."""
        solo = self._solo(table_id)
        table = solo.table
        return {"id": table.id, "token": solo.token, "game": table.game, "record": self.record_text(table_id),
                "seats": [sp.to_json() for sp in table.seats], "you": solo.seat, "undos": table.undos,
                "finished": table.match.is_over(), "names": list(table.match.seat_names),
                "totals": list(table.match.totals), "hand_no": len(table.match.hands), "updated": solo.updated}

    def restore(self, saved: Any) -> str:
        """Open a table again from :meth:`save`'s dict (its record replayed, checked move by move); return its
        id. A dict that is not such raises :class:`~.table.WebError` ``corrupt`` and changes nothing."""
        solo = _opened(saved)
        self.tables[solo.table.id] = solo
        return solo.table.id

    def record_text(self, table_id: str) -> str:
        """The match's record as JSON text (``cardtable replay FILE`` reads it; :meth:`import_record` too)."""
        solo = self._solo(table_id)
        record = GameRecord.from_match(solo.table.match)
        record.meta = {"source": SOURCE, "you": solo.seat,
                       "levels": [sp.level if sp.kind == "computer" else None for sp in solo.table.seats]}
        return record.dumps(indent=1)

    def import_record(self, text: Any) -> dict[str, Any]:
        """A record's text (:meth:`record_text`, or any cardtable record) as a saved dict (:meth:`restore`
        opens it), with a new id and token; the person sits where the record says (``meta``), else at seat 0,
        and the other seats are computers of their recorded level (else the game's first level). Raises
        :class:`~.table.WebError` ``corrupt`` for text that is not a record that replays."""
        if not isinstance(text, str | bytes):
            raise WebError("corrupt", "a record is JSON text")
        try:
            record = GameRecord.loads(text)
            match = record.replay()
        except CardtableError as exc:
            raise WebError("corrupt", f"the record cannot be read: {exc}") from None
        n = match.game.num_players
        levels = AGENT_LEVELS.get(match.game.name, ("random",))
        meta = record.meta
        you = meta.get("you") if _whole(meta.get("you")) and 0 <= meta["you"] < n else 0
        raw_levels = meta.get("levels")
        recorded: list[Any] = raw_levels if isinstance(raw_levels, list) else []
        token = secrets.token_urlsafe(24)
        seats = []
        for i, name in enumerate(match.seat_names):
            if i == you:
                seats.append(SeatSpec("human", str(name), None, hash_token(token), claimed=True))
            else:
                level = recorded[i] if i < len(recorded) and recorded[i] in levels else levels[min(1, len(levels) - 1)]
                seats.append(SeatSpec("computer", str(name), str(level)))
        return {"id": secrets.token_hex(8), "token": token, "game": match.game.name, "record": record.dumps(indent=1),
                "seats": [sp.to_json() for sp in seats], "you": you, "undos": 0, "finished": match.is_over(),
                "names": list(match.seat_names), "totals": list(match.totals), "hand_no": len(match.hands),
                "updated": time.time()}

    def replay(self, saved: Any, hand: int | None = None) -> dict[str, Any]:
        """One hand (``hand``, from 1; ``None``: the first) of a finished match of a saved dict, move by move with
        every seat's view: what the server's ``/api/replay/{uid}?hand=N`` answers (``info``, ``hand``, ``hands``,
        ``dealer``, ``frames``, ``result``). :class:`~.table.WebError`: ``corrupt``, ``playing`` (not finished),
        ``no-hand``."""
        solo = _opened(saved)
        match = solo.table.match
        if not match.is_over():
            raise WebError("playing", "the match is still being played")
        number = 1 if hand is None else hand
        record = GameRecord.from_match(match)
        if not _whole(number) or not 1 <= number <= len(record.hands):
            raise WebError("no-hand", "no such hand")
        return _hand_replay(record, number, solo, saved)


def _opened(saved: Any) -> _Solo:
    """The table of a saved dict; :class:`~.table.WebError` ``corrupt`` if it is not one."""
    try:
        return _read(saved)
    except WebError:
        raise
    except (CardtableError, KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        raise WebError("corrupt", f"the saved game cannot be opened: {exc}") from None


def _read(saved: Any) -> _Solo:
    if not isinstance(saved, dict):
        raise WebError("corrupt", "a saved game is an object")
    table_id, token, text, raw_seats = saved.get("id"), saved.get("token"), saved.get("record"), saved.get("seats")
    undos = saved.get("undos", 0)
    if not isinstance(table_id, str) or not table_id.isalnum() or len(table_id) > _MAX_ID:
        raise WebError("corrupt", "the saved game has no proper id")
    if not isinstance(token, str) or not isinstance(text, str) or not isinstance(raw_seats, list):
        raise WebError("corrupt", "the saved game lacks its token, record or seats")
    if not _whole(undos) or undos < 0:
        raise WebError("corrupt", "the saved game's undo count is not a whole number")
    match = GameRecord.loads(text).replay()
    game = match.game.name
    if saved.get("game") not in (None, game):
        raise WebError("corrupt", f"the saved game says {saved.get('game')!r} but its record is {game}")
    seats = [SeatSpec.from_json(x) for x in raw_seats]
    levels = AGENT_LEVELS.get(game, ("random",))
    humans = [i for i, sp in enumerate(seats) if sp.kind == "human"]
    if len(seats) != match.game.num_players or len(humans) != 1 \
            or any(sp.kind != "computer" or sp.level not in levels for i, sp in enumerate(seats) if i != humans[0]):
        raise WebError("corrupt", "the saved game's seats are not one person and computers of this game")
    seat = humans[0]
    if seats[seat].token_hash != hash_token(token):
        raise WebError("corrupt", "the saved game's token does not open its seat")
    table = Table(id=table_id, match=match, seats=seats, game_id=0, undos=undos, joined={seat})
    table.resolve_chance()
    updated = saved.get("updated")
    return _Solo(table, token, seat, updated=float(updated) if isinstance(updated, int | float) else time.time())


def _hand_replay(record: GameRecord, hand: int, solo: _Solo, saved: dict[str, Any]) -> dict[str, Any]:
    """Hand ``hand`` of ``record`` frame by frame, as the server's replay page takes it."""
    body = hand_replay(dataclass_replace_hands(record, []).replay(), record.hands, hand)
    full = solo.table.match
    outcome = full.outcome
    updated = saved.get("updated")
    info = {"uid": solo.table.id, "game": full.game.name, "names": list(full.side_names()), "seat_names": list(full.seat_names),
            "kinds": [sp.kind if sp.kind == "human" else f"computer:{sp.level}" for sp in solo.table.seats],
            "final": None if outcome is None else list(outcome.final_totals),
            "winner": None if outcome is None else outcome.winner, "margin": None if outcome is None else outcome.margin,
            "hands": len(record.hands),
            "updated": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(updated if isinstance(updated, int | float) else 0)),
            "source": SOURCE, "you": solo.seat}
    return {"info": info, **body}
