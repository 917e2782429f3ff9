"""Tables of the web server: one match each, seats for people (with invite tokens) and computer players.

The server is authoritative: a :class:`Table` holds the :class:`~cardtable.match.Match`,
checks every action and sends each connection a message built from
``state.view(seat)`` only (spectators: :func:`~.serialize.public_view`). Every
change is saved through the store before anyone hears of it, so a table
survives a restart of the server; joins too (:meth:`TableManager.join`). An
invite token opens its seat once: the first join swaps it for a token of the
player's own (only the tokens' SHA-256 is stored). Needs asyncio and
SQLAlchemy, no web framework.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import json
import logging
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from ...agents import AGENT_LEVELS, explaining_agent, make_agent
from ...cards import Card
from ...core import GameState, HandResult
from ...errors import CardtableError
from ...match import Match
from ...record import GameRecord
from ...registry import GAMES, make_game
from ...store import Store, StoreError, StoreRefusedError
from ...store import schema as s
from ...store.store import replay_record
from ...undo import UndoCheck, take_back, undo_check
from ..hint_words import distinct, hint_reasons, value_words
from ..private_steps import DECLINES, is_decline, keep_for, private_step, shown_phase
from ..words import describe_move, refusal_text
from . import persistence as db
from .hints import HintDesk, HintRefused
from .rules_pages import rule_href, rule_link
from .security import clean_name
from .serialize import CARD_TOKEN, blocked_cards, public_view, serialize_view, to_jsonable

__all__ = ["WebError", "Client", "Table", "TableManager", "SeatSpec", "MAX_NAME"]

log = logging.getLogger(__name__)
MAX_NAME = 40
_UNDO_STEP = 100_000  # version = undos * _UNDO_STEP + actions: grows with every move and every undo


class WebError(Exception):
    """A request the table refuses; ``code`` is a short machine word, the message is for people."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule
        """Where the rules page explains the rule broken (a refused move), else ``None``."""


class Client(Protocol):
    """A connection: :meth:`push` queues a message without waiting."""

    def push(self, message: dict[str, Any]) -> None: ...


@dataclass
class SeatSpec:
    kind: str
    """``human`` or ``computer``."""
    name: str
    level: str | None = None
    token_hash: str | None = None
    """SHA-256 of the seat's token: an invite until claimed, then the token of whoever claimed it."""
    claimed: bool = False
    """The invite has been used: the token is the player's own (an invite opens its seat once)."""

    def to_json(self) -> dict[str, Any]:
        data = {"kind": self.kind, "name": self.name, "level": self.level, "token": self.token_hash}
        return {**data, "claimed": True} if self.claimed else data

    @classmethod
    def from_json(cls, data: Any) -> SeatSpec:
        return cls(kind=str(data["kind"]), name=str(data["name"]), level=data.get("level"), token_hash=data.get("token"),
                   claimed=data.get("claimed") is True)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def seat_for_token(seats: Sequence[SeatSpec], token: Any) -> int | None:
    """The seat that ``token`` opens (an unclaimed invite or a player's own token), or ``None``."""
    if not isinstance(token, str) or not 8 <= len(token) <= 200:
        return None
    digest = hash_token(token)
    found = None
    for seat, spec in enumerate(seats):
        if spec.token_hash is not None and hmac.compare_digest(spec.token_hash, digest):
            found = seat
    return found


@dataclass
class LastHand:
    number: int
    state: GameState[Any, Any, Any]
    result: HandResult
    totals: tuple[int, ...]


@dataclass
class Table:
    """One match at one table. Mutate only under :attr:`lock` (the manager's methods do)."""

    id: str
    match: Match
    seats: list[SeatSpec]
    game_id: int
    undos: int = 0
    manager: TableManager | None = None
    clients: dict[int, set[Client]] = field(default_factory=dict)
    spectators: set[Client] = field(default_factory=set)
    actors: list[list[int]] = field(default_factory=list)
    last_hand: LastHand | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    computer_task: asyncio.Task[None] | None = None
    send_hook: Callable[[int | None, dict[str, Any]], None] | None = None
    """Tests: called with (seat or ``None`` for spectators, message) for every message sent."""
    public: bool = False
    """Listed in the lobby for anyone to watch (a table among friends is private: watch link only)."""
    joined: set[int] = field(default_factory=set)
    """Human seats that have come to the table; play starts when every one has (:meth:`waiting_for`)."""

    def __post_init__(self) -> None:
        seed = self.match.seed or 0
        self.agents: dict[int, Any] = {
            seat: make_agent(self.game, spec.level or "random", seed=seed + seat)
            for seat, spec in enumerate(self.seats) if spec.kind == "computer"
        }
        self._hint_agent: Any = None
        self._hint_checked = False
        self._hint_in_process = False
        self._last_cache: dict[tuple[int, int | None], dict[str, Any]] = {}
        self.saved = db.stored_actions(self.match)
        """Actions of the match stored in the database (the rest are not shown to anyone yet)."""
        self.paused = False
        """A save failed: the table waits for the database (:mod:`.persistence`)."""
        if not self.actors:
            self._rebuild_history()
        self.joined |= {a for row in self.actors for a in row if a >= 0 and self.seats[a].kind == "human"}

    # --- queries ---------------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.match.game.name

    @property
    def version(self) -> int:
        return self.undos * _UNDO_STEP + sum(len(h.actions) for h in self.match.hands)

    def to_act(self) -> int:
        return self.match.current_player()

    def version_for(self, seat: int | None) -> int:
        """The move counter as ``seat`` sees it: the others' declined private steps do not count
        (:mod:`..private_steps`); requests from ``seat`` echo this."""
        hidden = sum(keep_for(self.game, hand.actions, row, seat).count(False)
                     for hand, row in zip(self.match.hands, self.actors, strict=False))
        return self.version - hidden

    def told(self, seat: int | None) -> bool:
        """``seat`` (``None``: spectators) is sent the table now: not while another seat is in a private step."""
        step = private_step(self.match.state) if not self.match.is_over() else None
        return step is None or step == seat

    def human_seats(self) -> list[int]:
        return [i for i, sp in enumerate(self.seats) if sp.kind == "human"]

    def computer_to_act(self) -> bool:
        return (not self.match.is_over() and self.match.state.current_player() in self.agents
                and not self.waiting_for())

    def waiting_for(self) -> list[int]:
        """Human seats nobody has taken yet: the table waits for them before anyone plays."""
        return [i for i in self.human_seats() if i not in self.joined]

    def seat_for_token(self, token: Any) -> int | None:
        return seat_for_token(self.seats, token)

    def undo_check(self, seat: int) -> UndoCheck:
        """Whether ``seat`` may take back its last move now and, if not, why (:mod:`cardtable.undo`).

        Undo is for playing against the computer: only the one person at the table may use it.
        """
        if self.human_seats() != [seat]:
            return UndoCheck(None, None, "undo is only for a person playing alone against the computer")
        return undo_check(self.match, self.actors, seat)

    def can_undo(self, seat: int) -> bool:
        return self.undo_check(seat).available

    def hint_agent(self) -> Any:
        if self._hint_checked:
            return self._hint_agent
        self._hint_checked = True
        self._hint_agent = explaining_agent(self.game, seed=self.match.seed)
        self._hint_in_process = self._hint_agent is not None  # the standard player: the hint process has it too
        return self._hint_agent

    # --- messages --------------------------------------------------------------------------------
    def message_for(self, seat: int | None) -> dict[str, Any]:
        """The whole table as ``seat`` may see it (``None``: a spectator)."""
        m = self.match
        state = m.state
        n = m.game.num_players
        if seat is None:
            view = public_view([serialize_view(self.game, state.view(i)) for i in range(n)])
        else:
            view = serialize_view(self.game, state.view(seat))
        legal: list[dict[str, Any]] = []
        more = 0
        blocked: dict[str, str] = {}
        cited: dict[str, str] = {}
        if seat is not None and self.to_act() == seat and not self.paused:
            mine = set(CARD_TOKEN.findall(json.dumps([view.get("hand"), view.get("melded")])))
            listed = state.picker_moves()  # on a crowded Casino table: the natural moves, not millions
            for a in listed:
                text = str(a)
                legal.append({"m": text, "label": describe_move(state, a),
                              "cards": [c for c in CARD_TOKEN.findall(text) if c in mine]})
            more = state.legal_action_count() - len(listed)
            blocked = blocked_cards(self.game, state, mine, legal, cited)  # why the other cards cannot be played
        actors = self.actors[-1] if self.actors else []
        if self.game in DECLINES:
            view, actors = self._told_view(seat, view, actors)
        outcome = m.outcome
        undo = self.undo_check(seat) if seat is not None else UndoCheck(None, None, "spectators cannot undo")
        msg: dict[str, Any] = {
            "t": "state",
            "table": self.id,
            "game": self.game,
            "n": self.version_for(seat),
            "you": seat,
            "seats": [{"kind": sp.kind, "level": sp.level, "name": sp.name,
                       "online": bool(self.clients.get(i)) if sp.kind == "human" else True}
                      for i, sp in enumerate(self.seats)],
            "sides": [m.game.side_of(i) for i in range(n)],
            "side_names": m.side_names(),
            "hand_no": len(m.hands),
            "totals": list(m.totals),
            "target": getattr(m.game.rules, "target_score", None),
            "sheet": m.score_sheet(),
            "over": None if outcome is None else {"winner": outcome.winner, "final": list(outcome.final_totals),
                                                  "margin": outcome.margin},
            "to_act": self.to_act(),
            "view": view,
            "actors": actors,
            "legal": legal,
            "paused": db.PAUSED if self.paused else None,
            "can_undo": undo.available,
            "undo_reason": undo.reason,
            "hints": seat is not None and self.hint_agent() is not None,
            "last": self._last_hand_json(seat),
            "waiting": self.waiting_for(),
            "blocked": blocked,
            "blocked_rules": {c: link for c, rule in cited.items() if (link := rule_href(self.game, rule))},
            "public": self.public,
        }
        if more > 0:
            msg["more_moves"] = more  # moves not listed: the player picks table cards, checked as one move
        return msg

    def _told_view(self, seat: int | None, view: dict[str, Any], actors: list[int],
                   live: bool = True) -> tuple[dict[str, Any], list[int]]:
        """``view`` and the hand's ``actors`` without the others' declined private steps; while another seat is
        in such a step, the phase the step leads to (:mod:`..private_steps`)."""
        events = view.get("events")
        if isinstance(events, list) and len(events) == len(actors):
            keep = keep_for(self.game, events, actors, seat)
            view = {**view, "events": [e for e, k in zip(events, keep, strict=True) if k]}
            actors = [a for a, k in zip(actors, keep, strict=True) if k]
        step = private_step(self.match.state) if live else None
        if step is not None and step != seat:
            view = {**view, "phase": shown_phase(self.game)}
        return view, actors

    def _last_hand_json(self, seat: int | None) -> dict[str, Any] | None:
        lh = self.last_hand
        if lh is None:
            return None
        key = (id(lh), seat)
        cached = self._last_cache.get(key)
        if cached is None:
            if len(self._last_cache) > 8:
                self._last_cache.clear()
            cached = self._last_cache[key] = self._build_last_hand_json(lh, seat)
        return cached

    def _build_last_hand_json(self, lh: LastHand, seat: int | None) -> dict[str, Any]:
        n = self.match.game.num_players
        if seat is None:
            view = public_view([serialize_view(self.game, lh.state.view(i)) for i in range(n)])
        else:
            view = serialize_view(self.game, lh.state.view(seat))
        if self.game in DECLINES and len(self.actors) >= lh.number:
            view, _ = self._told_view(seat, view, self.actors[lh.number - 1], live=False)
        return {"number": lh.number, "points": list(lh.result.points), "summary": lh.result.summary,
                "void": lh.result.void, "details": to_jsonable(lh.result.details), "totals": list(lh.totals),
                "view": view}

    def send(self, client: Client, seat: int | None, extra: dict[str, Any] | None = None) -> None:
        msg = self.message_for(seat)
        if extra:
            msg = {**msg, **extra}
        if self.send_hook is not None:
            self.send_hook(seat, msg)
        client.push(msg)

    def broadcast(self, skip: Client | None = None) -> None:
        """Send every connection its state (``skip``: one that is sent its own by the caller)."""
        for seat, clients in self.clients.items():
            if clients and self.told(seat):
                msg = self.message_for(seat)
                for c in list(clients):
                    if c is skip:
                        continue
                    if self.send_hook is not None:
                        self.send_hook(seat, msg)
                    c.push(msg)
        if self.spectators and self.told(None):
            msg = self.message_for(None)
            for c in list(self.spectators):
                if self.send_hook is not None:
                    self.send_hook(None, msg)
                c.push(msg)

    # --- changes (call under the lock) -----------------------------------------------------------
    def apply(self, action: Any) -> Any:
        m = self.match
        state = m.state
        actor = state.current_player()
        hand_no = len(m.hands)
        act = m.apply(action)
        while len(self.actors) < hand_no:
            self.actors.append([])
        self.actors[hand_no - 1].append(actor)
        if state.is_terminal():
            entry = m.hands[hand_no - 1]
            assert entry.result is not None
            self.last_hand = LastHand(hand_no, state, entry.result, tuple(entry.totals_after))
        self.resolve_chance()
        return act

    def resolve_chance(self) -> None:
        m = self.match
        while not m.is_over() and m.state.is_chance_node():
            self.apply(m.state.sample_chance(m.rng))
        while len(self.actors) < len(m.hands):
            self.actors.append([])

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last move (the record is cut before it and replayed: same deal, same stock)."""
        check = self.undo_check(seat)
        if check.point is None:
            raise WebError("undo", f"undo is not available: {check.reason}")
        self.match = take_back(self.match, check)
        self.undos += 1
        self.actors = []
        self._rebuild_history()

    def _rebuild_history(self) -> None:
        """Who made each action, and the last finished hand, by replaying the record on the side."""
        rec = GameRecord.from_match(self.match)
        probe = replay_record(dataclass_replace_hands(rec, []))
        self.actors = []
        self.last_hand = None
        for actions in rec.hands:
            row: list[int] = []
            for text in actions:
                state = probe.state
                row.append(state.current_player())
                hand_no = len(probe.hands)
                probe.apply(text)
                if state.is_terminal():
                    entry = probe.hands[hand_no - 1]
                    assert entry.result is not None
                    self.last_hand = LastHand(hand_no, state, entry.result, tuple(entry.totals_after))
            self.actors.append(row)
        if not self.actors:
            self.actors = [[]]


def computer_name(seat: int, players: int, rules: Any) -> str:
    """A computer seat named by its place seen from seat 0 (the lobby seats the table's creator there), so
    that Casino sides read "You & Partner" and "Left & Right"; the level is shown beside the name.

    >>> [computer_name(i, 4, None) for i in (1, 2, 3)], computer_name(1, 2, None)
    (['Left', 'Partner', 'Right'], 'Computer')
    """
    if players == 2:
        return "Computer"
    if players == 3:
        return ("Left", "Right")[seat - 1] if seat in (1, 2) else f"Computer {seat + 1}"
    across = "Partner" if getattr(rules, "partnerships", True) else "Across"
    return ("Left", across, "Right")[seat - 1] if seat in (1, 2, 3) else f"Computer {seat + 1}"


def hint_entries(state: Any, ranked: Sequence[tuple[Any, float | None]]) -> list[dict[str, Any]]:
    """The hint message's entries, best first: notation, the move in words, its value, the reasons in words
    (``why``) and the value as points per hand against the next move (``worth``, may be empty)."""
    moves = [state.parse_action(action) if isinstance(action, str) else action for action, _value in ranked]
    labels = [describe_move(state, move) for move in moves]
    out: list[dict[str, Any]] = []
    for i in distinct(labels):  # two copies of a Pinochle card are one suggestion
        value = ranked[i][1]
        out.append({"m": str(moves[i]), "label": labels[i],
                    "value": None if value is None else round(float(value), 3), "why": hint_reasons(state, moves[i])})
    for entry, worth in zip(out, value_words([e["value"] for e in out]), strict=True):
        entry["worth"] = worth
    return out


def _joined(stored: Any, seats: list[SeatSpec]) -> set[int]:
    """The stored ``joined`` column as a set of human seats (anything else in it is ignored)."""
    try:
        raw = json.loads(stored or "[]")
    except ValueError:
        return set()
    return {i for i in raw if isinstance(i, int) and 0 <= i < len(seats) and seats[i].kind == "human"} \
        if isinstance(raw, list) else set()


def dataclass_replace_hands(rec: GameRecord, hands: list[list[str]]) -> GameRecord:
    import dataclasses

    return dataclasses.replace(rec, hands=hands, hand_points=[], final_totals=None, winner=None)


class TableManager:
    """All tables of one server, loaded from the store on demand."""

    def __init__(self, store: Store, *, think_delay: float = 0.0) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.think_delay = think_delay
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self.reconnector = db.Reconnector(store, self._resume)
        self.hint_desk = HintDesk()

    # --- persistence -------------------------------------------------------------------------------
    def _save(self, table: Table, *, new: bool = False) -> None:
        """Store a new table whole, or append its unsaved moves (in a worker thread: blocking I/O)."""
        if new:
            db.insert_table(self.store, table)
        else:
            table.saved = db.save_moves(self.store, table)

    async def _save_or_restore(self, table: Table, what: str, restore: Callable[[], None]) -> None:
        """Save ``table`` (whole after an undo); if that fails, ``restore`` it and refuse the request, pausing
        the table until the database is back, unless the database refused the save for good (then it plays on)."""
        try:
            await db.save(self.store, table, whole=what == "undo")
        except StoreRefusedError as exc:  # the database answered "no": no outage to wait for
            restore()
            db.refused(table, exc, what)
            raise WebError("save-refused", db.SAVE_REFUSED) from None
        except StoreError as exc:
            restore()
            self.reconnector.pause(table, exc, what)
            raise WebError("database", db.DB_REFUSED) from None

    async def _save_seats(self, table: Table, seats: list[SeatSpec], joined: set[int], what: str) -> None:
        """Store ``seats`` and ``joined`` and only then make them the table's (call under its lock); if the
        save fails nothing changes and the request is refused."""
        try:
            await db.bounded(self.store, db.save_joined, self.store, table.id, seats, joined)
        except StoreError as exc:
            log.warning("table %s: %s not saved: %s", table.id, what, db.one_line(exc))
            raise WebError("database", f"the database is unavailable, so the {what} did not happen; "
                           "try again in a moment") from None
        table.seats, table.joined = seats, joined

    async def join(self, table: Table, token: Any, client: Client, *, max_connections: int) -> int:
        """Seat ``client`` at ``table`` by a seat's token; return the seat.

        An invite opens its seat once: the first join with it swaps it for a token of the player's own,
        sent to this connection only (``"token"`` in its first state) and from then on the only token
        that opens the seat. The seat, and that its player has come, are saved before anyone is told;
        if the save fails the join is refused and the invite still works.
        """
        async with table.lock:
            seat = table.seat_for_token(token)
            if seat is None:
                raise WebError("token", "this link does not open a seat at this table (an invite link opens its "
                               "seat once: its player comes back through My tables)")
            if len(table.clients.get(seat, ())) >= max_connections:
                raise WebError("full", "this seat is open in too many windows")
            spec = table.seats[seat]
            personal: str | None = None
            if not spec.claimed or seat not in table.joined:
                seats = list(table.seats)
                if not spec.claimed:
                    personal = secrets.token_urlsafe(24)
                    seats[seat] = dataclasses.replace(spec, token_hash=hash_token(personal), claimed=True)
                await self._save_seats(table, seats, table.joined | {seat}, "join")
            table.clients.setdefault(seat, set()).add(client)
            table.broadcast(skip=client)  # everyone sees the seat come online
            table.send(client, seat, None if personal is None else {"token": personal})
        self.kick(table)
        return seat

    async def invite(self, table: Table, seat: int, target: Any) -> str:
        """A new invite token for seat ``target``, asked for by ``seat``: only the table's creator (its first
        human seat) may, for another person's seat that nobody has open; the seat's old token stops working."""
        if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(table.seats):
            raise WebError("bad-request", "say which seat to invite (its number)")
        async with table.lock:
            if seat != table.human_seats()[0]:
                raise WebError("host", "only the person who set up the table can invite")
            if target == seat or table.seats[target].kind != "human":
                raise WebError("bad-request", "only another person's seat can be invited")
            if table.clients.get(target):
                raise WebError("occupied", f"{table.seats[target].name} is at the table: only an empty seat "
                               "can be invited again")
            if table.match.is_over():
                raise WebError("over", "the match is over")
            token = secrets.token_urlsafe(24)
            seats = list(table.seats)
            seats[target] = dataclasses.replace(seats[target], token_hash=hash_token(token), claimed=False)
            await self._save_seats(table, seats, table.joined, "invitation")
        return token

    async def _resume(self, table: Table) -> None:
        """The database is back: reload the table as stored (a save whose answer was lost may have landed), go on."""
        async with table.lock:
            try:
                found = await db.bounded(self.store, db.load_row, self.store, table.id)
            except StoreError as exc:  # down again: keep waiting
                self.reconnector.paused[table.id] = table
                log.info("table %s cannot be reloaded yet: %s", table.id, exc)
                return
            except CardtableError as exc:
                log.error("table %s cannot be reloaded after the database came back: %s", table.id, exc)
                found = None
            if found is not None:
                row, match = found
                if db.stored_actions(match) != table.saved or int(row.undos) != table.undos:
                    table.match, table.undos, table.saved = match, int(row.undos), db.stored_actions(match)
                    table._rebuild_history()
            table.paused = False
            table.broadcast()
        self.kick(table)

    def _load(self, table_id: str) -> Table | None:
        with self.store.reading() as conn:
            row = conn.execute(select(s.web_tables).where(s.web_tables.c.id == table_id)).first()
            status = None if row is None else conn.execute(
                select(s.games.c.status).where(s.games.c.id == row.game_id)).scalar()
        if row is None:
            return None
        if status == s.ABANDONED:
            raise WebError("expired", "this table was closed after a long time without a move")
        seats = [SeatSpec.from_json(x) for x in json.loads(row.seats)]
        match = self.store.load_match(int(row.game_id))
        table = Table(id=table_id, match=match, seats=seats, game_id=int(row.game_id), undos=int(row.undos),
                      manager=self, public=bool(row.public), joined=_joined(row.joined, seats))
        return table

    # --- tables ----------------------------------------------------------------------------------
    async def create(self, spec: Any) -> tuple[Table, dict[int, str]]:
        """Create a table from a lobby request; return it and the invite token of each human seat."""
        if not isinstance(spec, dict):
            raise WebError("bad-request", "expected a JSON object")
        game = spec.get("game")
        if game not in GAMES:
            raise WebError("bad-request", f"unknown game {game!r}; games: {', '.join(GAMES)}")
        preset = spec.get("preset") or "standard"
        options: dict[str, Any] = {}
        raw_opts = spec.get("options") or {}
        if not isinstance(raw_opts, dict) or len(raw_opts) > 20:
            raise WebError("bad-request", "options must be an object")
        for k, v in raw_opts.items():
            if not isinstance(k, str) or not isinstance(v, bool | int | str) or (isinstance(v, str) and len(v) > 40):
                raise WebError("bad-request", f"bad option {k!r}")
            options[k] = v
        target = spec.get("target")
        if target is not None:
            if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 100_000:
                raise WebError("bad-request", "target must be a whole number from 1 to 100000")
            options["target_score"] = target
        try:
            descriptor = make_game(str(game), preset=str(preset), **options)
        except (CardtableError, TypeError, ValueError) as exc:
            raise WebError("bad-request", f"bad rules: {exc}") from None
        n = descriptor.num_players
        raw_seats = spec.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) != n:
            raise WebError("bad-request", f"{game} needs {n} seats")
        seats: list[SeatSpec] = []
        tokens: dict[int, str] = {}
        for i, raw in enumerate(raw_seats):
            if not isinstance(raw, dict):
                raise WebError("bad-request", "each seat must be an object")
            kind = raw.get("kind")
            name = raw.get("name")
            if kind == "human":
                label = clean_name(name, MAX_NAME) or f"Player {i + 1}"  # no control or direction characters
                token = secrets.token_urlsafe(24)
                tokens[i] = token
                seats.append(SeatSpec("human", label, None, hash_token(token)))
            elif kind == "computer":
                level = raw.get("level") or "random"
                if level not in AGENT_LEVELS.get(str(game), ("random",)):
                    raise WebError("bad-request", f"unknown level {level!r} for {game}; levels: "
                                   f"{', '.join(AGENT_LEVELS.get(str(game), ('random',)))}")
                seats.append(SeatSpec("computer", computer_name(i, n, descriptor.rules), str(level)))
            else:
                raise WebError("bad-request", "seat kind must be 'human' or 'computer'")
        if not tokens:
            raise WebError("bad-request", "a table needs at least one person")
        names = [sp.name for sp in seats]
        if len(set(names)) != len(names):
            names = [f"{nm} ({i + 1})" if names.count(nm) > 1 else nm for i, nm in enumerate(names)]
            for sp, nm in zip(seats, names):
                sp.name = nm
        seed = random.SystemRandom().randrange(2**31)
        match = Match(descriptor, seed=seed, seat_names=names)
        table = Table(id=secrets.token_hex(8), match=match, seats=seats, game_id=0, manager=self,
                      public=spec.get("public") is True)
        async with table.lock:
            table.resolve_chance()
            await asyncio.to_thread(self._save, table, new=True)
        self.tables[table.id] = table
        self.kick(table)
        return table, tokens

    async def get(self, table_id: Any) -> Table:
        if not isinstance(table_id, str) or not table_id.isalnum() or len(table_id) > 32:
            raise WebError("no-table", "no such table")
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is None:
                try:
                    table = await asyncio.to_thread(self._load, table_id)
                except (StoreError, SQLAlchemyError) as exc:
                    log.error("table %s cannot be loaded, the database is unavailable: %s", table_id, db.one_line(exc))
                    raise WebError("database", "the database is unavailable: the table will open when it is "
                                   "back (this page keeps trying)") from None
                except CardtableError as exc:
                    log.warning("table %s cannot be loaded: %s", table_id, exc)
                    raise WebError("no-table", f"table {table_id} cannot be loaded: {exc}") from None
                if table is None:
                    raise WebError("no-table", "no such table")
                self.tables[table_id] = table
                self.kick(table)
        return table

    # --- requests from seats -----------------------------------------------------------------------
    async def act(self, table: Table, seat: int, move: Any, n: Any) -> None:
        if not isinstance(move, str) or not move.strip() or len(move) > 200:
            raise WebError("bad-request", "a move is notation text, e.g. 'discard QS'")
        if not isinstance(n, int) or isinstance(n, bool):
            raise WebError("bad-request", "echo the table's move counter 'n' with every move")
        async with table.lock:
            if n != table.version_for(seat):
                sent = str(n) if len(str(n)) <= 12 else str(n)[:12] + "…"  # never echo a hostile number at length
                raise WebError("stale", f"the table has moved on (move {table.version_for(seat)}, you sent {sent}); "
                               "your view is refreshed")
            if table.match.is_over():
                raise WebError("over", "the match is over")
            if table.to_act() != seat:
                raise WebError("turn", "it is not your turn")
            if table.waiting_for():
                names = " and ".join(table.seats[i].name for i in table.waiting_for())
                raise WebError("waiting", f"the table is waiting for {names} to join")
            if table.paused:
                raise WebError("database", db.DB_REFUSED)
            try:
                table.apply(move)
            except CardtableError as exc:
                raise WebError("illegal", refusal_text(str(exc)), rule_link(table.game, exc)) from None
            await self._save_or_restore(table, "move", lambda: db.roll_back(table))
            table.broadcast()
        self.kick(table)

    async def pick(self, table: Table, seat: int, card: Any, picks: Any, n: Any) -> dict[str, Any]:
        """The moves of hand ``card`` that take exactly the table cards ``picks`` (Casino: a card of a build
        stands for the build), each checked as one move; with none, why not (the rule)."""
        if not isinstance(card, str) or not isinstance(picks, list) or len(picks) > 52 \
                or not all(isinstance(p, str) and len(p) <= 3 for p in picks):
            raise WebError("bad-request", "a pick is a hand card and a list of table cards, e.g. 'TD', ['6H', '4H']")
        if not isinstance(n, int) or isinstance(n, bool):
            raise WebError("bad-request", "echo the table's move counter 'n' with every pick")
        async with table.lock:
            if n != table.version_for(seat):
                raise WebError("stale", "the table has moved on; your view is refreshed")
            if table.to_act() != seat:
                raise WebError("turn", "it is not your turn")
            state: Any = table.match.state
            if not hasattr(state, "moves_for_selection"):
                raise WebError("bad-request", f"{table.game} moves are chosen from the listed moves")
            try:
                hand_card, cards = Card.parse(card), [Card.parse(p) for p in picks]
            except ValueError as exc:
                raise WebError("bad-request", f"not a card: {exc}") from None
            if hand_card not in state.hand(seat):
                raise WebError("bad-request", f"{card} is not in your hand")
            problem: CardtableError | None = None
            try:
                moves = state.moves_for_selection(hand_card, cards)
            except CardtableError as exc:  # a card not on the table
                moves, problem = [], exc
            if not moves and problem is None:
                problem = state.selection_problem(hand_card, cards)
            why = str(problem) if problem is not None else ""
            prefix = str(problem.args[0]).split(": ", 1)[0] if problem is not None and problem.args else ""
            if prefix.startswith(card + " ") and why.startswith(prefix + ": "):
                why = why[len(prefix) + 2:]  # the move's own notation first: the player knows it
            return {"t": "picked", "n": n, "card": card, "picks": picks, "why": why,
                    "moves": [{"m": str(a), "label": describe_move(state, a)} for a in moves]}

    async def undo(self, table: Table, seat: int, n: Any) -> None:
        async with table.lock:
            if n != table.version_for(seat):
                raise WebError("stale", "the table has moved on; your view is refreshed")
            if table.paused:
                raise WebError("database", db.DB_REFUSED)
            before = table.match, table.undos, table.saved

            def restore() -> None:
                table.match, table.undos, table.saved = before
                table._rebuild_history()

            table.undo(seat)
            await self._save_or_restore(table, "undo", restore)
            table.broadcast()
        self.kick(table)

    async def hints(self, table: Table, seat: int, k: int = 3, client: Any = None) -> list[dict[str, Any]]:
        """The hint player's best ``k`` moves for ``seat``, within the thinking budgets of :attr:`hint_desk`
        (``client``: the connection asking, which has a budget of its own; :mod:`.hints`)."""
        async with table.lock:
            if table.to_act() != seat:
                raise WebError("turn", "hints are for your turn")
            agent = table.hint_agent()
            if agent is None:
                raise WebError("no-hints", f"no computer player of {table.game} can explain its moves yet")
            state = table.match.state.clone()
            view = state.view(seat)
            legal = state.legal_moves()
            key = (table.version, seat)
            elsewhere = table._hint_in_process

        async def think() -> list[dict[str, Any]]:
            if elsewhere:  # the thinking never holds this process's interpreter lock
                ranked = await self.hint_desk.in_process(table.game, table.match.seed, view, legal, k)
            else:
                raw = await asyncio.to_thread(agent.explain, view, legal, k)
                ranked = [(x[0], x[1]) if isinstance(x, tuple | list) else (x, None) for x in list(raw)[:k]]
            return await asyncio.to_thread(hint_entries, state, ranked[:k])

        try:
            return await self.hint_desk.work_out(table.id, key, client, think)
        except HintRefused as exc:
            raise WebError(exc.code, str(exc)) from None

    # --- the computer ----------------------------------------------------------------------------
    def kick(self, table: Table) -> None:
        """Start the computer players of ``table`` if one of them is to act."""
        if table.paused or (table.computer_task is not None and not table.computer_task.done()):
            return
        if not table.computer_to_act():
            return
        task = asyncio.get_running_loop().create_task(self._run_computers(table))
        table.computer_task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run_computers(self, table: Table) -> None:
        try:
            while True:
                async with table.lock:
                    if table.paused or not table.computer_to_act():
                        return
                    m = table.match
                    seat = m.state.current_player()
                    version = table.version
                    agent = table.agents[seat]
                    view = m.state.view(seat)
                    legal = m.state.legal_moves()
                if table.seats[seat].level == "random":
                    action = agent.act(view, legal)
                else:
                    action = await asyncio.to_thread(agent.act, view, legal)
                if self.think_delay and not is_decline(table.game, action):  # a decline is not paced: the
                    await asyncio.sleep(self.think_delay)  # others would time the step (.private_steps)
                async with table.lock:
                    if table.version != version:  # an undo came in meanwhile
                        continue
                    table.apply(action)
                    try:
                        await self._save_or_restore(table, "computer move", lambda: db.roll_back(table))
                    except WebError:  # paused: the reconnector kicks this table again when the database is back
                        return
                    table.broadcast()
        except asyncio.CancelledError:
            raise
        except Exception:  # a broken computer player must not take the server down
            log.exception("computer player failed at table %s", table.id)

    async def close(self) -> None:
        await self.reconnector.close()
        self.hint_desk.close()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

