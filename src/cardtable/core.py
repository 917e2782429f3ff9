"""The game API shared by every game: states, chance steps, views and game descriptors.

The shape follows OpenSpiel: :meth:`GameState.current_player` is a seat
number, :data:`CHANCE` or :data:`TERMINAL`; chance steps (dealing a card,
drawing from the stock) are explicit actions listed by
:meth:`GameState.chance_outcomes` and applied like any other action. The
manners follow python-chess: actions are small frozen values with text
notation, illegal input raises a precise exception and leaves the state
exactly as it was.

A typical loop::

    rng = random.Random(7)
    state = GinGame().new_hand(dealer=0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            view = state.view(state.current_player())
            state.apply(agent.act(view, state.legal_moves()))
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from .error_codes import Names
from .errors import AmbiguousActionError, IllegalActionError, InvalidNotationError, InvalidPositionError
from .rules import RulesBase

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "GameState",
    "Game",
    "HandResult",
    "MatchOutcome",
    "parse_fields",
    "format_fields",
]

CHANCE: Final = -1
"""``current_player()`` at a chance step (deal or draw)."""
TERMINAL: Final = -4
"""``current_player()`` once the hand is over."""


class Action(Protocol):
    """Every action is a hashable immutable value whose ``str()`` is its notation."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


A = TypeVar("A", bound=Action)
V = TypeVar("V")
R = TypeVar("R", bound=RulesBase)
S = TypeVar("S", bound="GameState[Any, Any, Any]")


class GameState(ABC, Generic[R, A, V]):
    """One hand of a game in progress.

    Subclasses implement the abstract methods; :meth:`apply`,
    :meth:`verify_action`, :meth:`can_apply` and :meth:`parse_action` are
    shared so that UIs, agents and the engine use one legality check.
    """

    game_name: ClassVar[str] = ""
    """The game's registry name (``"gin"``, ``"casino"``, ``"pinochle"``)."""
    rules: R
    """The rules configuration this hand is played under."""
    num_players: int
    """Number of seats."""
    history: list[A]
    """Every action applied so far, chance steps included, in order."""

    # --- whose turn ---------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        """Whether the next step is chance's (a deal, a draw), not a player's."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.current_player() == TERMINAL

    # --- actions ------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[A]:
        """All legal actions (at a chance node: the possible outcomes), in a canonical order."""

    def iter_legal_actions(self) -> Iterator[A]:
        """The legal actions one at a time (a game whose lists can be huge walks them without the list)."""
        return iter(self.legal_actions())

    def legal_action_count(self) -> int:
        """``len(legal_actions())`` (a game whose lists can be huge counts them without listing)."""
        return len(self.legal_actions())

    def picker_moves(self) -> list[A]:
        """The moves a move picker lists: every legal one, unless the list can be huge (Casino on a
        crowded table lists natural candidates; any other move is still made by its notation)."""
        return self.legal_actions()

    def legal_moves(self) -> Sequence[A]:
        """The legal actions as the sequence handed to an agent's ``act``: the list, or a lazy sequence
        where the list can be huge (Casino on a crowded table)."""
        return self.legal_actions()

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[A, float]]:
        """(outcome, probability) pairs at a chance node; empty elsewhere."""

    @abstractmethod
    def _apply_unchecked(self, action: A) -> None:
        """Apply an action already known to be legal."""

    def explain_illegal(self, action: A) -> IllegalActionError:
        """The error for an action not in :meth:`legal_actions`. Games override with precise rules."""
        return IllegalActionError.from_code("action.not_legal", "legal-actions", action=str(action))

    def verify_action(self, action: A) -> None:
        """Raise :class:`IllegalActionError` (naming the rule) unless ``action`` is legal now."""
        if self.is_terminal():
            raise IllegalActionError.from_code("hand.over", "terminal", action=str(action))
        if action not in self.legal_actions():
            raise self.explain_illegal(action)

    def can_apply(self, action: A) -> bool:
        """Whether ``action`` is legal now (:meth:`verify_action` without the exception)."""
        try:
            self.verify_action(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: A | str) -> A:
        """Apply a legal action (or its notation) and return it; illegal ones raise and change nothing."""
        act = self.parse_action(action) if isinstance(action, str) else action
        self.verify_action(act)
        self._apply_unchecked(act)
        self.history.append(act)
        return act

    def sample_chance(self, rng: random.Random) -> A:
        """Draw a chance outcome with ``rng`` (uniform outcomes: ``rng.randrange``; else weighted)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError.from_code("chance.none", "chance")
        p0 = outcomes[0][1]
        if all(p == p0 for _, p in outcomes):
            return outcomes[rng.randrange(len(outcomes))][0]
        x = rng.random()
        acc = 0.0
        for outcome, p in outcomes:
            acc += p
            if x < acc:
                return outcome
        return outcomes[-1][0]

    def resolve_chance(self, rng: random.Random) -> list[A]:
        """Apply chance steps with ``rng`` until a player (or the end) is to act."""
        done: list[A] = []
        while self.is_chance_node():
            done.append(self.apply(self.sample_chance(rng)))
        return done

    # --- notation -------------------------------------------------------------
    def parse_action(self, text: str) -> A:
        """The legal action written ``text``. Matching ignores case and extra spaces.

        Raises :class:`InvalidNotationError` when nothing matches and
        :class:`AmbiguousActionError` when several legal actions match.
        """
        if not isinstance(text, str):
            raise InvalidNotationError.from_code("action.not_text", type_name=type(text).__name__)
        key = self.normalize_notation(text)
        if not key:
            raise InvalidNotationError.from_code("action.empty")
        legal = self.legal_actions()
        exact = [a for a in legal if self.normalize_notation(str(a)) == key]
        if len(exact) == 1:
            return exact[0]
        if len(exact) > 1:
            raise AmbiguousActionError.from_code("action.ambiguous", candidates=tuple(str(a) for a in exact), text=text)
        loose = self.match_notation(key, legal)
        if len(loose) == 1:
            return loose[0]
        if len(loose) > 1:
            raise AmbiguousActionError.from_code("action.ambiguous", candidates=tuple(str(a) for a in loose), text=text)
        return self.parse_unlisted(text)

    def normalize_notation(self, text: str) -> str:
        """``text`` as the key notation is matched by: lower case, single spaces, ``10`` as ``t``."""
        return " ".join(text.strip().lower().replace("10", "t").split())

    def match_notation(self, key: str, legal: Sequence[A]) -> list[A]:
        """Loose matches (e.g. an abbreviation) when no exact notation matched. Games may override."""
        return []

    def parse_unlisted(self, text: str) -> A:
        """Parse notation of an action that is not legal now, to explain why; games override."""
        raise InvalidNotationError.from_code("action.not_legal_text", text=text)

    # --- results --------------------------------------------------------------
    @abstractmethod
    def returns(self) -> list[int]:
        """Points each seat scored in this hand (0 for every seat until the hand ends)."""

    # --- copies, views, positions --------------------------------------------
    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy (cheap: no deep copies of immutable parts)."""

    @abstractmethod
    def view(self, seat: int) -> V:
        """Everything ``seat`` may know, and nothing else."""

    @abstractmethod
    def to_fields(self) -> dict[str, str]:
        """The position as ordered ``key -> value`` text fields (see :func:`format_fields`)."""

    def to_position(self) -> str:
        """The position as text, one ``key: value`` line each; :meth:`Game.from_position` reads it back."""
        return format_fields(self.to_fields())

    def to_json(self) -> dict[str, str]:
        """The position's fields as a JSON-ready dict (:meth:`Game.from_position` reads it back)."""
        return dict(self.to_fields())


@dataclass(frozen=True)
class HandResult:
    """The outcome of one completed hand, as a match books it."""

    points: tuple[int, ...]
    """Points per seat (or per side for partnership games: see :attr:`Game.num_sides`)."""
    void: bool = False
    """The hand counted for nothing (e.g. Gin's stock ran out)."""
    winner: int | None = None
    """The seat (or side) that won the hand; ``None`` when nobody did."""
    summary: str = ""
    """One line saying what happened, for a score sheet."""
    details: dict[str, Any] = field(default_factory=dict)
    """Game-specific figures of the hand (deadwood, counts, melds...)."""


@dataclass(frozen=True)
class MatchOutcome:
    """Final result of a match."""

    winner: int
    """The winning side."""
    final_totals: tuple[int, ...]
    """Per side, including end-of-game bonuses."""
    margin: int
    """The winner's final total minus the best other side's."""
    details: dict[str, Any] = field(default_factory=dict)
    """Game-specific figures (bonuses added at the end of the match)."""


class Game(ABC, Generic[R, S]):
    """Descriptor of one game with fixed rules: builds hands and scores matches."""

    name: ClassVar[str] = ""
    """The game's registry name (``"gin"``, ``"casino"``, ``"pinochle"``)."""
    rules_class: ClassVar[type[RulesBase]]
    """The class of this game's rules configurations."""
    rules: R
    """The rules every hand of this game is played under."""

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return 2

    @property
    def num_sides(self) -> int:
        """Number of scoring sides (partners share a side)."""
        return self.num_players

    def side_of(self, seat: int) -> int:
        """The scoring side ``seat`` plays for."""
        return seat

    @abstractmethod
    def new_hand(self, dealer: int = 0) -> S:
        """A fresh hand at its first (chance) step."""

    def match_hand(self, dealer: int, totals: Sequence[int]) -> S:
        """The next hand of a match whose sides stand at ``totals``; games whose play depends
        on the match score (Pinochle's declaring out) keep them in the hand."""
        return self.new_hand(dealer)

    @abstractmethod
    def from_position(self, text: str | dict[str, str]) -> S:
        """Set up any legal position from its text or JSON form."""

    def first_dealer(self, rng: random.Random) -> int:
        """The seat dealing the first hand of a match, drawn with ``rng``."""
        return rng.randrange(self.num_players)

    @abstractmethod
    def hand_result(self, state: S) -> HandResult:
        """Score a terminal hand."""

    def next_dealer(self, dealer: int, result: HandResult) -> int:
        """The seat dealing the hand after one dealt by ``dealer`` that ended with ``result``."""
        return (dealer + 1) % self.num_players

    @abstractmethod
    def match_outcome(self, totals: Sequence[int], results: Sequence[HandResult]) -> MatchOutcome | None:
        """The match result after these hands, or ``None`` if another hand is to be played."""


def parse_fields(text: str | dict[str, str], known: Sequence[str]) -> dict[str, str]:
    """Parse ``key: value`` lines (or ``;``-separated on one line, or a JSON-like dict).

    Unknown keys and duplicates raise :class:`InvalidPositionError`.
    """
    if isinstance(text, dict):
        items = [(str(k), str(v)) for k, v in text.items()]
    elif isinstance(text, str):
        items = []
        for raw in text.replace(";", "\n").splitlines():
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if ":" not in line:
                raise InvalidPositionError.from_code("position.line", raw=raw)
            key, value = line.split(":", 1)
            items.append((key.strip().lower(), value.strip()))
    else:
        raise InvalidPositionError.from_code("position.not_text", type_name=type(text).__name__)
    out: dict[str, str] = {}
    for key, value in items:
        if key not in known:
            raise InvalidPositionError.from_code("position.unknown_field", key=key, known=Names(known))
        if key in out:
            raise InvalidPositionError.from_code("position.field_twice", key=key)
        out[key] = value
    return out


def format_fields(fields: dict[str, str]) -> str:
    """Position fields as text, one ``key: value`` line each (:func:`parse_fields` reads it back)."""
    return "\n".join(f"{k}: {v}" for k, v in fields.items()) + "\n"
