"""The legal moves of a crowded table as a lazy sequence (:meth:`CasinoState.legal_moves`).

When to prefer what (every one of them is exact):

* ``state.can_apply(a)`` / ``state.verify_action(a)`` / ``state.apply(text)``:
  check one move directly, whatever the table (well under a millisecond);
* ``state.legal_action_count()``: how many moves, counted, never listed;
* ``state.iter_legal_actions()``: walk the moves lazily, stop when done;
* ``state.legal_moves()``: a :class:`~collections.abc.Sequence` for code that
  takes one (the agents' ``act(view, legal)``): the list itself on an ordinary
  table, a :class:`LegalMoves` on a crowded one;
* ``state.legal_actions()``: the full list in canonical order. On an ordinary
  table it is small (at most a few hundred moves), but with 16 low loose cards
  it holds about 19,000 moves and with 24 millions: use it only where the
  table is known to be small.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from ..errors import InvalidNotationError
from .actions import CasinoAction
from .moves import MoveSet
from .notation import parse_text, resolve_choices

__all__ = ["LegalMoves", "is_crowded", "CROWDED_NUMERALS", "CROWDED_MOVES"]

CROWDED_NUMERALS = 12
"""A table with at most this many loose numeral cards is never crowded (its list is quick to build)."""
CROWDED_MOVES = 3000
"""Above this many legal moves a table counts as crowded."""


def is_crowded(moves: MoveSet) -> bool:
    """Too many moves to list cheaply: more than :data:`CROWDED_NUMERALS` loose numerals and :data:`CROWDED_MOVES` moves."""
    return moves.numerals.bit_count() > CROWDED_NUMERALS and moves.count() > CROWDED_MOVES


class LegalMoves(Sequence[CasinoAction]):
    """Every legal move of a position, never listed: ``len`` counts, ``in`` checks one move, ``[i]`` ranks.

    The order is that of :meth:`CasinoState.iter_legal_actions`; ``moves[i]``
    is found by counting, so ``moves[rng.randrange(len(moves))]`` is a
    uniformly random legal move at the cost of one lookup.
    """

    __slots__ = ("moveset",)

    def __init__(self, moveset: MoveSet) -> None:
        self.moveset = moveset
        """The position's moves as blocks, which counts, finds and ranks them."""

    def __len__(self) -> int:
        return self.moveset.count()

    @overload
    def __getitem__(self, index: int) -> CasinoAction: ...

    @overload
    def __getitem__(self, index: slice) -> list[CasinoAction]: ...

    def __getitem__(self, index: int | slice) -> CasinoAction | list[CasinoAction]:
        if isinstance(index, slice):
            return [self.moveset.at(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        return self.moveset.at(index)

    def __iter__(self) -> Iterator[CasinoAction]:
        return iter(self.moveset)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, CasinoAction) and self.moveset.find(action) is not None

    def named(self, text: str) -> CasinoAction | None:
        """The legal move written ``text`` (any grouping of its cards), or ``None``: one check, no listing."""
        try:
            parsed = parse_text(text)
        except InvalidNotationError:
            return None
        for candidate in resolve_choices(self.moveset, parsed):
            found = self.moveset.find(candidate)
            if found is not None:
                return found
        return None

    def __bool__(self) -> bool:
        return bool(self.moveset.blocks())

    def __repr__(self) -> str:
        return f"<LegalMoves: {len(self)} Casino moves>"
