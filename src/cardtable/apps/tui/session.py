"""The table session behind the terminal app: a match, the computer players, the log, hints, undo.

Nothing here imports Textual, so the game flow is testable on its own and
other front ends can reuse it. The human sits at ``human_seat``; every other
seat is a computer player made with :func:`cardtable.agents.make_agent`.

>>> s = TableSession("gin", ["simple"], seed=4)
>>> s.advance_chance(); s.human_to_act() or s.computer_to_act()
True
"""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...agents import explaining_agent, level_label, make_agent
from ...core import CHANCE, GameState, HandResult
from ...errors import CardtableError
from ...match import Match
from ...record import GameRecord
from ...registry import make_game
from ...undo import UndoCheck, cut_actors, take_back, undo_check
from ..hint_words import distinct, hint_reasons, reasons_text
from ..private_steps import is_decline
from ..words import conjugate, describe_move
from .adapters import GameAdapter
from .common import display_name, short_name, team_names
from .speech import Speech, speech
from .table_adapters import adapter_for

__all__ = ["TableSession", "FinishedHand", "Hint", "LogLine", "short_name"]


@dataclass(frozen=True)
class LogLine:
    """One line of the move log: ``seat`` is who acted (``None`` for the table itself)."""

    text: str
    seat: int | None = None


@dataclass(frozen=True)
class FinishedHand:
    """A hand that just ended: its final state (all hands public), number and booked result."""

    number: int
    state: GameState[Any, Any, Any]
    result: HandResult
    totals_after: tuple[int, ...]
    match_over: bool


@dataclass(frozen=True)
class Hint:
    action: str
    value: float | None
    note: str = ""


@dataclass
class TableSession:
    """One match between a person and computer players, with undo, hints and an optional store."""

    game_name: str
    opponents: Sequence[str]
    preset: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    store: Any = None
    human_seat: int = 0
    human_name: str = "You"
    match: Match | None = None
    lang: str = "en"
    """The language the table speaks (its log, the adapter's words); the match keeps English seat names."""

    def __post_init__(self) -> None:
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(2**31)
        if self.match is None:
            game = make_game(self.game_name, preset=self.preset, **self.options)
            n = game.num_players
            if len(self.opponents) != n - 1:
                raise CardtableError(f"{self.game_name} with {n} players needs {n - 1} opponent level(s)")
            names: list[str] = []
            others = iter(self.opponents)
            places = _PLACES.get(n, ())
            for seat in range(n):
                if seat == self.human_seat:
                    names.append(self.human_name)
                    continue
                place = places[(seat - self.human_seat) % n - 1] if places else f"Seat {seat}"
                names.append(f"{place} ({level_label(next(others))})")
            self.match = Match(game, seed=self.seed, seat_names=names)
        else:
            self.seed = self.match.seed
            self.game_name = self.match.game.name
        m = self.match
        self.levels: dict[int, str] = {}
        others = iter(self.opponents)
        for seat in range(m.game.num_players):
            if seat != self.human_seat:
                self.levels[seat] = next(others, "random")
        self.agents: dict[int, Any] = {
            seat: make_agent(self.game_name, level, seed=None if self.seed is None else self.seed + seat)
            for seat, level in self.levels.items()
        }
        self.adapter: GameAdapter = adapter_for(self.game_name)
        self.adapter.lang = self.lang
        self.log: list[LogLine] = []
        self.finished: list[FinishedHand] = []
        self.actors: list[list[int]] = []
        self._replay_history(m)
        self.listeners: list[Callable[[LogLine], None]] = []
        self.store_error: str | None = None
        self.store_id: Any = None
        self._hint_agent: Any = None
        self._hint_checked = False

    # --- basic queries ----------------------------------------------------------------------------
    @property
    def m(self) -> Match:
        assert self.match is not None
        return self.match

    @property
    def sp(self) -> Speech:
        """The table's words in its language."""
        return speech(self.lang)

    @property
    def names(self) -> list[str]:
        """The seat names as the table shows them (``Computer (medium)`` in the table's language)."""
        sp = self.sp
        return [display_name(n, sp) for n in self.m.seat_names]

    def side_names(self) -> list[str]:
        """One name per side, the same on every screen: seat names, or ``You & Across`` in partnerships."""
        return team_names(self.names, self.m.game.num_sides)

    @property
    def state(self) -> GameState[Any, Any, Any]:
        return self.m.state

    def hand_number(self) -> int:
        return len(self.m.hands)

    def is_over(self) -> bool:
        return self.m.is_over()

    def human_to_act(self) -> bool:
        return not self.m.is_over() and self.m.state.current_player() == self.human_seat

    def computer_to_act(self) -> bool:
        return not self.m.is_over() and self.m.state.current_player() in self.agents

    def view(self) -> Any:
        return self.m.state.view(self.human_seat)

    def legal(self) -> list[Any]:
        return self.m.state.legal_actions() if self.human_to_act() else []

    # --- moves ------------------------------------------------------------------------------------
    def _say(self, text: str | None, seat: int | None = None) -> None:
        if not text:
            return
        line = LogLine(text, seat)
        self.log.append(line)
        for fn in self.listeners:
            fn(line)

    def _apply(self, action: Any) -> Any:
        m = self.m
        state = m.state
        actor = state.current_player()
        hand_no = len(m.hands)
        pre = self.adapter.pre_action(state)
        if not m.hands[-1].actions:
            self._say(self.adapter.new_hand_line(state, hand_no, self.names))
        act = m.apply(action)
        while len(self.actors) < len(m.hands):
            self.actors.append([])
        self.actors[hand_no - 1].append(actor)
        if not self._untold(m.game.name, act, actor):
            self._say(self.adapter.describe(state, act, actor, self.human_seat, self.names, pre),
                      None if actor == CHANCE else actor)
        if state.is_terminal():
            entry = m.hands[hand_no - 1]
            assert entry.result is not None
            done = FinishedHand(hand_no, state, entry.result, tuple(entry.totals_after), m.is_over())
            self.finished.append(done)
            for text in self.adapter.summarize(state, entry.result, self.human_seat, self.names):
                self._say(text)
            if m.outcome is not None:
                self._say(self.match_over_line())
        return act

    def _untold(self, game: str, action: Any, actor: int) -> bool:
        """The person is not told of ``action``: another seat declined a step only it may know of
        (:mod:`..private_steps`)."""
        return actor != self.human_seat and is_decline(game, action)

    def winner_words(self) -> str:
        """``You win`` / ``Computer (medium) wins`` / ``Left & Right win``: the match's winner as a subject
        and verb (English words through :func:`conjugate`)."""
        m = self.m
        assert m.outcome is not None
        winner = self.side_names()[m.outcome.winner]
        sp = self.sp
        if sp.english:
            return conjugate(winner, "win")
        mine = m.outcome.winner == self.human_seat % m.game.num_sides
        if mine and len(self.side_names()) == len(self.names):
            return sp._("You win")
        if " & " in winner:
            return sp._("{team} win", team=winner)
        return sp._("{name} wins", name=winner)

    def match_over_line(self) -> str:
        """The log's last line: who won the match and the final totals."""
        m = self.m
        assert m.outcome is not None
        totals = " - ".join(map(str, m.outcome.final_totals))
        return self.sp._("Match over: {winner} {totals}.", winner=self.winner_words(), totals=totals)

    def advance_chance(self) -> None:
        """Deal and draw (chance steps) until a player is to act or the match is over."""
        m = self.m
        while not m.is_over() and m.state.is_chance_node():
            self._apply(m.state.sample_chance(m.rng))

    def play_human(self, action: Any) -> Any:
        """Apply the person's action (an action or its notation); illegal ones raise and change nothing."""
        if not self.human_to_act():
            raise CardtableError("it is not your turn")
        act = self._apply(action)
        self.advance_chance()
        self.save()
        return act

    def computer_task(self) -> tuple[int, Any, Any, Sequence[Any]] | None:
        """(seat, agent, view, legal actions) for the computer to act, or ``None``.

        The agent may think in another thread on these (the view is immutable and the
        list a copy); :meth:`play_computer` then applies its choice.
        """
        self.advance_chance()
        if not self.computer_to_act():
            return None
        seat = self.m.state.current_player()
        return seat, self.agents[seat], self.m.state.view(seat), self.m.state.legal_moves()

    def play_computer(self, seat: int, action: Any) -> Any:
        """Apply a computer seat's chosen action (it must still be that seat's turn)."""
        if self.m.is_over() or self.m.state.current_player() != seat:
            raise CardtableError(f"it is not seat {seat}'s turn")
        act = self._apply(action)
        self.advance_chance()
        self.save()
        return act

    def step_computer(self) -> Any | None:
        """Let the computer seat to act make one move; ``None`` when no computer is to act."""
        task = self.computer_task()
        if task is None:
            return None
        seat, agent, view, legal = task
        return self.play_computer(seat, agent.act(view, legal))

    def run_computers(self) -> None:
        """Let the computers move until the person is to act or the match is over."""
        while self.step_computer() is not None:
            pass

    # --- undo -------------------------------------------------------------------------------------
    def undo_check(self) -> UndoCheck:
        """Whether undo is available now and, if not, why (see :mod:`cardtable.undo`)."""
        return undo_check(self.m, self.actors, self.human_seat)

    def can_undo(self) -> bool:
        return self.undo_check().available

    def undo_reason(self) -> str:
        """Why undo is not available now (empty when it is), in plain words.

        A card drawn by the person's own last move is said as such: "new cards have been dealt
        or drawn since your last move" read as if someone else had drawn.
        """
        check = self.undo_check()
        if check.available:
            return ""
        h = len(self.m.hands) - 1
        row = self.actors[h] if h < len(self.actors) else []
        k = len(row)
        while k > 0 and row[k - 1] == CHANCE:
            k -= 1
        sp = self.sp
        if 0 < k < len(row) and row[k - 1] == self.human_seat:  # the cards came right after the person's own move
            return sp._("your last move brought new cards from the stock (or a new deal), and a card once seen "
                        "stays seen: undo would show you the next one")
        return self._reason_words(check.reason)

    def _reason_words(self, reason: str) -> str:
        """One of :func:`cardtable.undo.undo_check`'s reasons in the table's language."""
        sp = self.sp
        if sp.english:
            return reason
        known = {
            "the match is over: its result stands": sp._("the match is over: its result stands"),
            "you have not moved yet": sp._("you have not moved yet"),
            "a new hand has been dealt: the moves of an earlier hand stand":
                sp._("a new hand has been dealt: the moves of an earlier hand stand"),
            "new cards have been dealt or drawn since your last move (undo would show the next ones again)":
                sp._("new cards have been dealt or drawn since your last move (undo would show the next ones again)"),
        }
        if reason in known:
            return known[reason]
        replied = re.fullmatch(r"(.*) has replied to your move: it stands once you have seen the reply", reason)
        if replied:
            return sp._("{name} has replied to your move: it stands once you have seen the reply",
                        name=display_name(replied.group(1), sp))
        return reason

    def undo_offer(self) -> str:
        """What undo would take back now, as the log said it (``You take the K♠ from the discard pile.``); empty if nothing."""
        check = self.undo_check()
        if check.point is None:
            return ""
        mine = [line for line in self.log if line.seat == self.human_seat]
        return mine[-1].text if mine else self.sp._("your last move")

    def undo(self) -> bool:
        """Take back the person's last move by replaying the record cut just before it.

        Only the person's own moves since the last thing they learned can be taken
        back (:func:`cardtable.undo.undo_check`): the deal and the stock stay exactly as
        they were (same seed), and no drawn card, reply or finished hand is undone.
        """
        check = self.undo_check()
        if check.point is None:
            return False
        h = check.point[0]
        self.match = take_back(self.m, check)
        self.actors = cut_actors(self.actors, check)
        self.finished = [f for f in self.finished if f.number <= h]
        self._say(self.sp._("Undo: back to your move in hand {number}.", number=h + 1))
        self.save()
        return True

    def _replay_history(self, match: Match) -> None:
        """Who made each recorded action, and the log of a resumed match (its record replayed on the side)."""
        rec = GameRecord.from_match(match)
        probe = Match(make_game(rec.game, rules=rec.rules), seed=rec.seed, seat_names=rec.seat_names,
                      first_dealer=rec.first_dealer)  # a seedless match's dealer: else the log names the wrong actors
        fresh = not any(rec.hands)
        for actions in rec.hands:
            row: list[int] = []
            for text in actions:
                state = probe.state
                actor = state.current_player()
                if not row:
                    line = self.adapter.new_hand_line(state, len(self.actors) + 1, self.names)
                    if line:
                        self.log.append(LogLine(line))
                row.append(actor)
                pre = self.adapter.pre_action(state)
                act = probe.apply(text)
                line = self.adapter.describe(state, act, actor, self.human_seat, self.names, pre)
                if line and not self._untold(rec.game, act, actor):
                    self.log.append(LogLine(line, None if actor == CHANCE else actor))
                if state.is_terminal():
                    entry = probe.hands[len(self.actors)]
                    if entry.result is not None:
                        for text_line in self.adapter.summarize(state, entry.result, self.human_seat, self.names):
                            self.log.append(LogLine(text_line))
            self.actors.append(row)
        if not self.actors:
            self.actors = [[]]
        if not fresh:
            self.log.append(LogLine(self.sp._("(saved game resumed: hand {number})", number=len(match.hands))))

    # --- hints ------------------------------------------------------------------------------------
    def hint_agent(self) -> Any:
        """A fresh agent that explains moves: of the opponent's level if it can, else the strongest that can.

        It is a separate instance, so asking for hints never disturbs the opponent's own generator.
        """
        if self._hint_checked:
            return self._hint_agent
        self._hint_checked = True
        own = [lv for s, lv in sorted(self.levels.items()) if hasattr(self.agents[s], "explain")]
        self._hint_agent = explaining_agent(self.game_name, seed=self.seed, prefer=own)
        return self._hint_agent

    def hints(self, k: int = 5) -> list[Hint]:
        """The hint agent's top ``k`` moves with values; empty when no agent can explain."""
        agent = self.hint_agent()
        if agent is None or not self.human_to_act():
            return []
        raw = agent.explain(self.view(), self.m.state.legal_moves(), k)
        state = self.m.state
        hints = [_to_hint(item) for item in list(raw)[:k]]
        labels = []
        for h in hints:
            try:
                labels.append(describe_move(state, state.parse_action(h.action), lang=self.lang))
            except CardtableError:
                labels.append(h.action)
        return [_with_reasons(state, hints[i], self.lang) for i in distinct(labels)]  # a Pinochle card's copies: one hint

    # --- persistence --------------------------------------------------------------------------------
    def has_moved(self) -> bool:
        """Whether the person has made a move in this match (a game is saved from the first one on)."""
        return any(self.human_seat in row for row in self.actors)

    def save(self) -> None:
        """Hand the match to the store (if any) after a move; store failures never stop the game.

        A new match is saved from the person's first move on: a game opened and left at once leaves nothing.
        """
        store = self.store
        if store is None or not hasattr(store, "save_match"):
            return
        if self.store_id is None and not self.has_moved():
            return
        try:
            try:
                params = set(inspect.signature(store.save_match).parameters)
            except (TypeError, ValueError):
                params = set()
            kinds = ["human" if seat == self.human_seat else f"computer:{self.levels.get(seat, 'random')}"
                     for seat in range(self.m.game.num_players)]
            kwargs: dict[str, Any] = {}
            if self.store_id is not None:
                for key in ("game_id", "match_id"):
                    if key in params:
                        kwargs[key] = self.store_id
                        break
            elif "seat_kinds" in params:
                kwargs["seat_kinds"] = kinds
            result = store.save_match(self.m, **kwargs)
            if isinstance(result, (int, str)) and result != "":
                self.store_id = result
        except Exception as exc:  # the store is optional: report once and keep playing
            if self.store_error is None:
                self.store_error = f"{type(exc).__name__}: {exc}"
                self._say(self.sp._("(could not save the game: {error})", error=self.store_error))

    def hand_result_rows(self) -> list[dict[str, Any]]:
        return self.m.score_sheet()


_PLACES = {2: ("Computer",), 3: ("Left", "Right"), 4: ("Left", "Across", "Right")}
"""Computer seats named by where they sit, clockwise from the person."""


def _to_hint(item: Any) -> Hint:
    """Accept ``(action, value[, note])`` tuples, dicts or objects with ``action``/``value``."""
    if isinstance(item, dict):
        return Hint(str(item.get("action")), _num(item.get("value")), str(item.get("note", item.get("why", "")) or ""))
    if isinstance(item, tuple | list):
        action = item[0] if item else "?"
        value = _num(item[1]) if len(item) > 1 else None
        note = " ".join(str(x) for x in item[2:]) if len(item) > 2 else ""
        return Hint(str(action), value, note)
    action = getattr(item, "action", item)
    value = _num(getattr(item, "value", getattr(item, "score", None)))
    note = getattr(item, "note", getattr(item, "reason", getattr(item, "why", "")))
    return Hint(str(action), value, str(note or ""))


def _with_reasons(state: Any, hint: Hint, lang: str = "en") -> Hint:
    """``hint`` with its reasons in words as the note (:mod:`cardtable.apps.hint_words`), if it has none."""
    if hint.note:
        return hint
    try:
        move = state.parse_action(hint.action)
    except CardtableError:
        return hint
    return replace(hint, note=reasons_text(hint_reasons(state, move, lang), lang))


def _num(x: Any) -> float | None:
    try:
        return None if x is None else float(x)
    except (TypeError, ValueError):
        return None
