"""Save a match after every move, so a crash loses at most the move in flight.

Intended use in an app's loop (e.g. ``apps/plain.py``)::

    from cardtable.store import Autosaver, Store

    store = Store.open()                      # or Store.open(args.database)
    autosave = Autosaver(store, match, seat_kinds=["human", "computer:simple"])
    while not match.is_over():
        match.resolve_chance()
        ...
        match.apply(action)
        autosave()                            # after every apply (human or computer)
    autosave()                                # the finished match is stored as finished

After undo (a rebuilt :class:`~cardtable.match.Match`), pass the new object:
``autosave(new_match)``. When the player quits for good: ``autosave.abandon()``.
A resumed game continues in its own row: ``Autosaver(store, match, game_id=resumed.game_id)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..match import Match
from .errors import StoreError
from .seats import SeatKind
from .store import Store

__all__ = ["Autosaver"]


class Autosaver:
    """Saves one match after every move: :meth:`Store.save_moves` (an append) while the same match only
    grows, :meth:`Store.save_match` (the whole record) at first and for a new match object (after undo);
    cheap when nothing changed since the last save."""

    def __init__(
        self,
        store: Store,
        match: Match,
        seat_kinds: Sequence[str | SeatKind] | None = None,
        game_id: int | None = None,
        *,
        on_error: Callable[[StoreError], None] | None = None,
    ) -> None:
        """``on_error``: called with the error instead of raising it (e.g. to print a warning and play on)."""
        self.store = store
        """The store saved to."""
        self.match = match
        """The match saved; a new match object here (after undo) is saved whole."""
        self.seat_kinds = seat_kinds
        """Who plays each seat, as saved with the game."""
        self.game_id = game_id
        """The saved game's id once saved (or the id given to save over)."""
        self.on_error = on_error
        """Called with a :class:`StoreError` instead of raising it, when given."""
        self.saves = 0
        """How many saves were written."""
        self._saved: tuple[Any, ...] | None = None
        self._stored: tuple[int, int] | None = None  # (id of the match object, its actions stored)

    def _key(self) -> tuple[Any, ...]:
        hands = self.match.hands
        last = hands[-1].actions[-1] if hands[-1].actions else None
        return (id(self.match), len(hands), len(hands[-1].actions), last, self.match.is_over())

    def __call__(self, match: Match | None = None) -> int | None:
        """Save now (unless unchanged); return the game id, or ``None`` if saving failed and ``on_error`` took it."""
        if match is not None:
            self.match = match
        key = self._key()
        if key == self._saved and self.game_id is not None:
            return self.game_id
        kinds = self.seat_kinds if self.game_id is None or self._saved is None else None
        total = sum(len(h.actions) for h in self.match.hands)
        try:
            if (self.game_id is not None and self._stored is not None and self._stored[0] == id(self.match)
                    and self._stored[1] <= total):
                self.store.save_moves(self.match, self.game_id, self._stored[1])
            else:
                self.game_id = self.store.save_match(self.match, self.game_id, kinds)
        except StoreError as exc:
            if self.on_error is None:
                raise
            self.on_error(exc)
            return None
        self._saved = key
        self._stored = (id(self.match), total)
        self.saves += 1
        return self.game_id

    def abandon(self) -> None:
        """Mark the game abandoned unless it is finished (it then no longer offers itself to ``resume``)."""
        if self.match.is_over():
            return
        if self() is not None and self.game_id is not None:
            self.store.abandon(self.game_id)
