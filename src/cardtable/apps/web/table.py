"""One web table: its match, seats (with invite tokens), connections and the message each seat is sent.

The server is authoritative: a :class:`Table` checks every action and sends each connection a
message built from ``state.view(seat)`` only (spectators: :func:`~.serialize.public_view`).
:class:`~.tables.TableManager` creates, loads, saves and drives tables; :mod:`.persistence`
stores them. Needs asyncio, no web framework.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...agents import AGENT_LEVELS, explaining_agent, make_agent
from ...cards import Card
from ...core import GameState, HandResult
from ...errors import CardtableError
from ...match import Match
from ...record import GameRecord
from ...registry import GAMES, make_game
from ...rules import MAX_TARGET
from ...undo import UndoCheck, take_back, undo_check
from ..hint_words import distinct, hint_reasons, value_words
from ..private_steps import DECLINES, keep_for, private_step, shown_phase
from ..words import describe_move, refusal_text, refusal_text_of
from .rule_links import rule_href, rule_link
from .security import clean_name
from .serialize import CARD_TOKEN, blocked_cards, public_view, serialize_view, to_jsonable
from .table_words import PAUSED, undo_words, words

__all__ = ["WebError", "Client", "Table", "SeatSpec", "LastHand", "MAX_NAME", "PAUSED", "hash_token", "seat_for_token",
           "stored_actions", "computer_name", "hint_entries", "joined_seats", "dataclass_replace_hands", "parse_spec",
           "ranked_moves"]

log = logging.getLogger(__name__)
MAX_NAME = 40
_UNDO_STEP = 100_000  # version = undos * _UNDO_STEP + actions: grows with every move and every undo




def stored_actions(match: Match) -> int:
    """The number of actions of ``match`` (chance steps included)."""
    return sum(len(h.actions) for h in match.hands)


class WebError(Exception):
    """A request the table refuses; ``code`` is a short machine word, the message is for people."""

    def __init__(self, code: str, message: str, rule: str | None = None, *, params: dict[str, Any] | None = None,
                 error: CardtableError | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.error = error
        """A refused move: the engine's error, said in each page's language (:func:`.table_words.error_words`)."""
        """Where the rules page explains the rule broken (a refused move), else ``None``."""
        self.params = dict(params or {})
        """The numbers in the message, for a page that says it in its own words (:mod:`.api_errors`)."""


class Client(Protocol):
    """A connection: :meth:`push` queues a message without waiting. A connection with a ``lang`` attribute (the
    page's language, :func:`.table_words.language_of`) is sent its table in that language, else in English."""

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
    open: bool = False
    """A human seat anyone may take from the lobby (no token exists until someone does: :mod:`.room`)."""
    since: float | None = None
    """Open seat: when it was opened (seconds since the epoch), so the lobby fills the oldest first."""
    fill_after: float | None = None
    """Open seat (quick match): seconds after :attr:`since` when a computer takes it if nobody has."""
    away: str | None = None
    """What happens when this seat's player is gone longer than :attr:`away_after` seconds: ``"computer"`` (a
    computer of level :attr:`bot_level` plays the seat) or ``"offer"`` (the seat is open to anyone); ``None``: kept."""
    away_after: float | None = None
    bot_level: str | None = None
    """The level of the computer that takes the seat (:attr:`fill_after`, :attr:`away`)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "name": self.name, "level": self.level, "token": self.token_hash}
        if self.claimed:
            data["claimed"] = True
        room = {"open": self.open or None, "since": self.since, "fill_after": self.fill_after, "away": self.away,
                "away_after": self.away_after, "bot_level": self.bot_level}
        return {**data, **{k: v for k, v in room.items() if v is not None}}

    @classmethod
    def from_json(cls, data: Any) -> SeatSpec:
        def number(key: str) -> float | None:
            value = data.get(key)
            return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None

        def text(key: str) -> str | None:
            value = data.get(key)
            return value if isinstance(value, str) else None

        return cls(kind=str(data["kind"]), name=str(data["name"]), level=data.get("level"), token_hash=data.get("token"),
                   claimed=data.get("claimed") is True, open=data.get("open") is True, since=number("since"),
                   fill_after=number("fill_after"), away=text("away"), away_after=number("away_after"),
                   bot_level=text("bot_level"))


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
    manager: object | None = None
    """The :class:`~.tables.TableManager` that drives the table."""
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
    gone: dict[int, float] = field(default_factory=dict)
    """Human seats nobody has open, with when (``time.monotonic()``) they were first seen so (:mod:`.room`)."""
    seen: float = 0.0
    """When (``time.monotonic()``) a person was last at the table or took a seat (:mod:`.room`)."""

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
        self.saved = stored_actions(self.match)
        """Actions of the match stored in the database (the rest are not shown to anyone yet)."""
        self.paused = False
        """A save failed: the table waits for the database (:mod:`.persistence`)."""
        if not self.actors:
            self._rebuild_history()
        self.joined |= {a for row in self.actors for a in row
                        if a >= 0 and self.seats[a].kind == "human" and not self.seats[a].open}
        for seat, spec in enumerate(self.seats):  # a seat taken or offered again since the match was stored (.room)
            if spec.kind == "human" and seat < len(self.match.seat_names):
                self.match.seat_names[seat] = spec.name

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
    def message_for(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """The whole table as ``seat`` may see it (``None``: a spectator), its words in ``lang``."""
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
                legal.append({"m": text, "label": describe_move(state, a, lang=lang),
                              "cards": [c for c in CARD_TOKEN.findall(text) if c in mine]})
            more = state.legal_action_count() - len(listed)
            blocked = blocked_cards(self.game, state, mine, legal, cited, lang=lang)  # why the other cards cannot be played
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
            "seats": [{"kind": sp.kind, "level": sp.level, "name": sp.name, "open": sp.open,
                       "online": bool(self.clients.get(i)) if sp.kind == "human" else True,
                       **({"computer_after": sp.fill_after, "bot_level": sp.bot_level} if sp.open and sp.fill_after else {})}
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
            "paused": words(lang).gettext(PAUSED) if self.paused else None,
            "can_undo": undo.available,
            "undo_reason": undo_words(undo.reason, lang),
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
        msg = self.message_for(seat, getattr(client, "lang", "en"))
        if extra:
            msg = {**msg, **extra}
        if self.send_hook is not None:
            self.send_hook(seat, msg)
        client.push(msg)

    def broadcast(self, skip: Client | None = None) -> None:
        """Send every connection its state (``skip``: one that is sent its own by the caller)."""
        for seat, clients in self.clients.items():
            if clients and self.told(seat):
                said: dict[str, dict[str, Any]] = {}  # one message a language
                for c in list(clients):
                    if c is skip:
                        continue
                    lang = getattr(c, "lang", "en")
                    msg = said.get(lang) or said.setdefault(lang, self.message_for(seat, lang))
                    if self.send_hook is not None:
                        self.send_hook(seat, msg)
                    c.push(msg)
        if self.spectators and self.told(None):
            watched: dict[str, dict[str, Any]] = {}
            for c in list(self.spectators):
                lang = getattr(c, "lang", "en")
                msg = watched.get(lang) or watched.setdefault(lang, self.message_for(None, lang))
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

    def play(self, seat: int, move: Any, n: Any, paused: str = PAUSED) -> None:
        """Check ``seat``'s request to play ``move`` (notation) at move counter ``n`` and play it; a
        :class:`WebError` for a bad request, a stale counter, the match over, another's turn, a table waiting
        for a person or paused (``paused``: what the player is told then) and an illegal move (its rule linked)."""
        if not isinstance(move, str) or not move.strip() or len(move) > 200:
            raise WebError("bad-request", "a move is notation text, e.g. 'discard QS'")
        if not isinstance(n, int) or isinstance(n, bool):
            raise WebError("bad-request", "echo the table's move counter 'n' with every move")
        if n != self.version_for(seat):
            sent = str(n) if len(str(n)) <= 12 else str(n)[:12] + "…"  # never echo a hostile number at length
            raise WebError("stale", f"the table has moved on (move {self.version_for(seat)}, you sent {sent}); "
                           "your view is refreshed", params={"n": self.version_for(seat)})
        if self.match.is_over():
            raise WebError("over", "the match is over")
        if self.to_act() != seat:
            raise WebError("turn", "it is not your turn")
        if self.waiting_for():
            people = [self.seats[i].name for i in self.waiting_for()]
            raise WebError("waiting", f"the table is waiting for {' and '.join(people)} to join", params={"names": people})
        if self.paused:
            raise WebError("database", paused)
        try:
            self.apply(move)
        except CardtableError as exc:
            raise WebError("illegal", refusal_text(str(exc)), rule_link(self.game, exc), error=exc) from None

    def pick(self, seat: int, card: Any, picks: Any, n: Any, lang: str = "en") -> dict[str, Any]:
        """The ``picked`` message: the moves of hand ``card`` that take exactly the table cards ``picks`` (Casino: a
        card of a build stands for the build), each checked as one move; with none, why not (the rule)."""
        if not isinstance(card, str) or not isinstance(picks, list) or len(picks) > 52 \
                or not all(isinstance(p, str) and len(p) <= 3 for p in picks):
            raise WebError("bad-request", "a pick is a hand card and a list of table cards, e.g. 'TD', ['6H', '4H']")
        if not isinstance(n, int) or isinstance(n, bool):
            raise WebError("bad-request", "echo the table's move counter 'n' with every pick")
        if n != self.version_for(seat):
            raise WebError("stale", "the table has moved on; your view is refreshed")
        if self.to_act() != seat:
            raise WebError("turn", "it is not your turn")
        state: Any = self.match.state
        if not hasattr(state, "moves_for_selection"):
            raise WebError("bad-request", f"{self.game} moves are chosen from the listed moves")
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
        if problem is not None and lang != "en":
            why = refusal_text_of(problem, lang)
            head = refusal_text(prefix) if prefix.startswith(card + " ") else ""
            if head and why.startswith(head):
                why = why[len(head):].lstrip(":： ")
        return {"t": "picked", "n": n, "card": card, "picks": picks, "why": why,
                "moves": [{"m": str(a), "label": describe_move(state, a, lang=lang)} for a in moves]}

    def hint_position(self, seat: int) -> tuple[Any, Any, Any, Any]:
        """What a hint for ``seat`` is worked out from: the hint player, a copy of the state, ``seat``'s view and
        the legal moves; a :class:`WebError` when it is not ``seat``'s turn or no player of the game explains."""
        if self.to_act() != seat:
            raise WebError("turn", "hints are for your turn")
        agent = self.hint_agent()
        if agent is None:
            raise WebError("no-hints", f"no computer player of {self.game} can explain its moves yet")
        state = self.match.state.clone()
        return agent, state, state.view(seat), state.legal_moves()

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last move (the record is cut before it and replayed: same deal, same stock)."""
        check = self.undo_check(seat)
        if check.point is None:
            raise WebError("undo", f"undo is not available: {check.reason}", params={"reason": check.reason})
        self.match = take_back(self.match, check)
        self.undos += 1
        self.actors = []
        self._rebuild_history()

    def _rebuild_history(self) -> None:
        """Who made each action, and the last finished hand, by replaying the record on the side."""
        rec = GameRecord.from_match(self.match)
        probe = dataclass_replace_hands(rec, []).replay()
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


def hint_entries(state: Any, ranked: Sequence[tuple[Any, float | None]], lang: str = "en") -> list[dict[str, Any]]:
    """The hint message's entries, best first: notation, the move in words, its value, the reasons in words
    (``why``) and the value as points per hand against the next move (``worth``, may be empty), in ``lang``."""
    moves = [state.parse_action(action) if isinstance(action, str) else action for action, _value in ranked]
    labels = [describe_move(state, move, lang=lang) for move in moves]
    out: list[dict[str, Any]] = []
    for i in distinct(labels):  # two copies of a Pinochle card are one suggestion
        value = ranked[i][1]
        out.append({"m": str(moves[i]), "label": labels[i],
                    "value": None if value is None else round(float(value), 3), "why": hint_reasons(state, moves[i], lang)})
    for entry, worth in zip(out, value_words([e["value"] for e in out], lang), strict=True):
        entry["worth"] = worth
    return out


def joined_seats(stored: Any, seats: list[SeatSpec]) -> set[int]:
    """The stored ``joined`` column as a set of human seats (anything else in it is ignored)."""
    try:
        raw = json.loads(stored or "[]")
    except ValueError:
        return set()
    return {i for i in raw if isinstance(i, int) and 0 <= i < len(seats) and seats[i].kind == "human"} \
        if isinstance(raw, list) else set()


def dataclass_replace_hands(rec: GameRecord, hands: list[list[str]]) -> GameRecord:

    return dataclasses.replace(rec, hands=hands, hand_points=[], final_totals=None, winner=None)


def ranked_moves(raw: Any, k: int) -> list[tuple[Any, float | None]]:
    """The first ``k`` of an agent's ``explain`` answer as (move, value) pairs (a bare move: no value)."""
    return [(x[0], x[1]) if isinstance(x, tuple | list) else (x, None) for x in list(raw)[:k]]


def parse_spec(spec: Any, open_seat: Callable[[dict[str, Any], str], SeatSpec] | None = None,
               ) -> tuple[Any, list[SeatSpec], dict[int, str]]:
    """A table request (``POST /api/tables``'s body) checked: the game's descriptor, its seats (duplicate names
    numbered) and a new token for each human seat; a :class:`WebError` (``bad-request``) says what is wrong.
    ``open_seat`` makes a seat of kind ``open`` (the lobby's: :mod:`.room`); without it there is no such kind."""
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
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= MAX_TARGET:
            raise WebError("bad-target", f"target must be a whole number from 1 to {MAX_TARGET}",
                           params={"max": MAX_TARGET})
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
        elif kind == "open" and open_seat is not None:  # anyone may take it from the lobby (.room)
            seats.append(open_seat(raw, str(game)))
        else:
            kinds = "'human', 'computer' or 'open'" if open_seat is not None else "'human' or 'computer'"
            raise WebError("bad-request", f"seat kind must be {kinds}")
    if not tokens:
        raise WebError("bad-request", "a table needs at least one person")
    names = [sp.name for sp in seats]
    if len(set(names)) != len(names):
        names = [f"{nm} ({i + 1})" if names.count(nm) > 1 else nm for i, nm in enumerate(names)]
        for sp, nm in zip(seats, names, strict=True):
            sp.name = nm
    return descriptor, seats, tokens
