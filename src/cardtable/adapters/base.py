"""What every research adapter shares: the per-game adapter interface, and resampling hidden cards.

A :class:`GameAdapter` turns one game's engine into integers and arrays:

* an **action codec**: every decision is a fixed ``Discrete(num_actions)`` id.
  Gin and Pinochle map each move to one id (:class:`FlatAdapter`). Casino
  moves are combinatorial, so a move is a short *sequence* of ids (the
  ``pending`` tuple holds the ids chosen so far in the current move; the
  move is applied once the sequence determines it).
* **chance ids**: a dealt or drawn card is ``num_chance_outcomes`` ids (the card's index).
* an **observation encoder**: a fixed-length ``float32`` vector built from
  ``state.view(seat)`` (and the seat's own ``pending`` choices) only.
* **hidden information**: which chance steps a seat did not see, so that
  :func:`resample` can deal those cards anew, consistently with everything the seat knows.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from . import missing_extra
from .bounds import reward_bounds

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc

from ..core import GameState
from ..errors import CardtableError, IllegalActionError

__all__ = ["GameAdapter", "FlatAdapter", "Obs", "Pending", "resample", "ResampleError"]

Obs = npt.NDArray[np.float32]
"""An observation vector: ``float32[obs_size]``."""
Pending = tuple[int, ...]
"""The action ids chosen so far in a multi-id move (Casino), ``()`` otherwise."""
State = GameState[Any, Any, Any]


class ResampleError(RuntimeError):
    """No deal consistent with the seat's information was found (should not happen in play)."""


class GameAdapter(ABC):
    """One game with fixed rules, as integers and arrays. Subclasses set the class attributes."""

    game: str = ""
    """The game's registry name."""
    num_actions: int = 0
    """Size of the ``Discrete`` action space (decisions only)."""
    num_chance_outcomes: int = 0
    """How many chance ids there are (one per card)."""
    obs_size: int = 0
    """Length of the observation vector."""
    max_game_length: int = 0
    """An upper bound on the number of steps (chance and sub-decisions included) of one hand."""

    rules: Any
    """The rules configuration of the hands."""
    num_players: int = 2
    """Number of seats."""

    def __deepcopy__(self, memo: dict[int, Any]) -> GameAdapter:
        return self  # immutable: copies of states share their adapter

    @property
    def min_utility(self) -> float:
        """A lower bound on a seat's hand points (:func:`~.bounds.reward_bounds` of the rules)."""
        return reward_bounds(self.game, self.rules)[0]

    @property
    def max_utility(self) -> float:
        """An upper bound on a seat's hand points, derived from the rules' scoring
        (:func:`~.bounds.reward_bounds`: 129 for standard Gin, a big gin with 98 deadwood against it)."""
        return reward_bounds(self.game, self.rules)[1]

    # --- hands -----------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, dealer: int = 0) -> State:
        """A fresh hand at its first chance step."""

    # --- action codec ----------------------------------------------------------------------------
    @abstractmethod
    def legal_ids(self, state: State, pending: Pending = ()) -> list[int]:
        """The legal decision ids (sorted) after the seat's ``pending`` choices of the current move."""

    @abstractmethod
    def advance(self, state: State, pending: Pending, aid: int) -> tuple[Pending, Any]:
        """Choose ``aid``: ``(pending', None)`` while the move is incomplete, else ``((), move)``.

        Raises :class:`IllegalActionError` for an id that is not legal now.
        """

    @abstractmethod
    def encode(self, state: State, action: Any) -> list[int]:
        """The ids that choose ``action`` (one id for flat codecs)."""

    def decode(self, state: State, ids: Sequence[int]) -> Any:
        """The move chosen by the id sequence ``ids`` (inverse of :meth:`encode`)."""
        pending: Pending = ()
        for i, aid in enumerate(ids):
            pending, move = self.advance(state, pending, aid)
            if move is not None:
                if i != len(ids) - 1:
                    raise IllegalActionError.from_code("codec.ids.overlong", "codec", ids=list(ids))
                return move
        raise IllegalActionError.from_code("codec.ids.incomplete", "codec", ids=list(ids))

    @abstractmethod
    def id_to_string(self, aid: int) -> str:
        """A short name of a decision id (independent of the state)."""

    def pending_to_string(self, pending: Pending) -> str:
        """The ids chosen so far, as text."""
        return " ".join(self.id_to_string(a) for a in pending)

    # --- chance -----------------------------------------------------------------------------------
    @abstractmethod
    def chance_id(self, action: Any) -> int:
        """The id of a chance outcome (its card index)."""

    @abstractmethod
    def chance_action(self, state: State, cid: int) -> Any:
        """The chance action of ``state`` with id ``cid``."""

    def chance_ids(self, state: State) -> list[tuple[int, float]]:
        """``(chance id, probability)`` of each outcome at a chance node, sorted by id."""
        return sorted((self.chance_id(a), p) for a, p in state.chance_outcomes())

    # --- observations ------------------------------------------------------------------------------
    @abstractmethod
    def observe(self, view: Any, pending: Pending = ()) -> Obs:
        """The observation vector (``obs_size`` float32) of a seat's view."""

    def observation_string(self, view: Any, pending: Pending = ()) -> str:
        """The view as text, one ``field: value`` per line (all fields but the event log and the rules)."""
        lines = [f"{f.name}: {_text(getattr(view, f.name))}" for f in dataclasses.fields(view)
                 if f.name not in ("events", "rules")]
        text = "\n".join(lines)
        if pending:
            text += f"\nchoosing: {self.pending_to_string(pending)}"
        return text

    def information_state_string(self, view: Any, pending: Pending = ()) -> str:
        """Perfect recall: the seat's whole event log (hidden cards as ``?``) plus its own hand."""
        text = f"seat {view.seat}\n" + "\n".join(view.events) + f"\nhand {' '.join(str(c) for c in view.hand)}"
        if pending:
            text += f"\nchoosing: {self.pending_to_string(pending)}"
        return text

    # --- hidden information --------------------------------------------------------------------------
    @abstractmethod
    def hidden_chance(self, state: State, seat: int) -> list[int]:
        """Indices into ``state.history`` of chance steps whose card ``seat`` did not see dealt."""

    @abstractmethod
    def undealt(self, state: State) -> list[int]:
        """Chance ids of the cards not dealt yet (the stock)."""

    @abstractmethod
    def visible_ids(self, view: Any) -> set[int]:
        """Chance ids of the cards whose place ``view`` shows (hand, table, piles, revealed cards)."""

    def translate(self, action: Any, mapping: dict[int, int]) -> Any:
        """A recorded move replayed after resampling; moves naming a card the seat never saw follow ``mapping``."""
        return action


class FlatAdapter(GameAdapter):
    """A codec where every move is exactly one id."""

    @abstractmethod
    def action_id(self, state: State, action: Any) -> int:
        """The id of a legal move."""

    @abstractmethod
    def id_action(self, state: State, aid: int) -> Any:
        """The legal move with id ``aid`` (raise :class:`IllegalActionError` if none)."""

    def legal_ids(self, state: State, pending: Pending = ()) -> list[int]:
        return sorted(self.action_id(state, a) for a in state.legal_actions())

    def advance(self, state: State, pending: Pending, aid: int) -> tuple[Pending, Any]:
        if pending:
            raise IllegalActionError.from_code("codec.no_pending_choices", "codec")
        return (), self.id_action(state, aid)

    def encode(self, state: State, action: Any) -> list[int]:
        return [self.action_id(state, action)]


def _text(value: Any) -> str:
    if isinstance(value, tuple | list):
        return "(" + " ".join(_text(v) for v in value) + ")"
    return str(value)


def resample(adapter: GameAdapter, state: State, seat: int, rng: random.Random, tries: int = 2000) -> State:
    """A state with the same information for ``seat``: the cards ``seat`` has not seen are dealt anew.

    Every chance step hidden from ``seat`` whose card is still unseen gets a
    card drawn without replacement from the unseen cards (those steps' cards
    plus the stock); the history is replayed, and a replay in which some
    recorded move becomes illegal (e.g. an opponent's build needs a card of
    its value in hand), or that ends in another phase or turn, is rejected. Chance is uniform, so accepted deals are
    an exact sample of the posterior given the history (not the opponents' policies).
    """
    view = state.view(seat)
    visible = adapter.visible_ids(view)
    history = state.history
    slots = [i for i in adapter.hidden_chance(state, seat) if adapter.chance_id(history[i]) not in visible]
    if not slots:
        return state.clone()
    pool = sorted({adapter.chance_id(history[i]) for i in slots} | set(adapter.undealt(state)))
    for _ in range(tries):
        cards = rng.sample(pool, len(slots))
        subst = dict(zip(slots, cards))
        mapping = {adapter.chance_id(history[i]): c for i, c in subst.items()}
        new = adapter.new_state(state.dealer)  # type: ignore[attr-defined]
        try:
            for i, action in enumerate(history):
                new.apply(adapter.chance_action(new, subst[i]) if i in subst else adapter.translate(action, mapping))
        except CardtableError:
            continue
        # whose turn it is and the phase are public: the engine may skip a step (e.g. a meld
        # phase) depending on hidden cards, so a world must agree on them too
        if new.current_player() != state.current_player() or new.view(seat).phase != view.phase:
            continue
        return new
    raise ResampleError(f"no consistent deal for seat {seat} in {tries} tries")
