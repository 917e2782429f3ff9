"""Casino card tracking: what one seat knows (:class:`Knowledge`), read from its view
(:func:`knowledge`) or, for one seat of a sampled world, from that seat's hand and the public table,
piles and counts only (:func:`seat_knowledge`); and the table a move leaves behind.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from ...cards import cards_to_mask
from ...casino.actions import CasinoAction
from ...casino.builds import Build
from ...casino.rules import CasinoRules
from ...casino.state import CasinoState
from ...casino.values import RANK_MASK, VALUE, VALUE_MASK, mask_value
from ...casino.view import CasinoView

__all__ = ["FULL", "ACES", "value_class", "CLASS_MASK", "Knowledge", "view_rules", "knowledge", "seat_knowledge", "view_seed", "table_after"]


FULL = (1 << 52) - 1
"""The mask of all 52 cards."""
ACES = RANK_MASK[1]
"""The mask of the four aces."""


def value_class(index: int) -> int:
    """The capture class of a card: its value 1..10, or 10 + (rank - 10) = 11..13 for J, Q, K."""
    v = VALUE[index]
    return v if v else index % 13 + 1


CLASS_MASK: tuple[int, ...] = (0, *VALUE_MASK[1:11], RANK_MASK[11], RANK_MASK[12], RANK_MASK[13])
"""Index = class 1..13: the four cards of that class."""


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows: its hand, the table, the piles, and which cards are still unseen."""

    rules: CasinoRules
    """The rules of the hand."""
    seat: int
    """The seat whose knowledge this is."""
    hand: int
    """This seat's cards (mask)."""
    loose: int
    """The loose cards on the table (mask)."""
    builds: tuple[Build, ...]
    """The builds on the table, each with its value and controller."""
    captured: tuple[int, ...]
    """Each side's capture pile (masks; capture piles are public)."""
    sweeps: tuple[int, ...]
    """Sweeps per side."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    pack_size: int
    """Cards left in the pack."""
    dealer: int
    """The seat that deals this hand (it plays last in each deal)."""
    last_deal: bool
    """Whether this is the hand's last deal."""
    last_capturer: int | None
    """The seat that captured last (it takes the table at the hand's end), ``None`` before any capture."""
    unseen: int
    """Cards in other players' hands or in the pack: everything not in this hand, on the table or in a pile."""

    @property
    def num_players(self) -> int:
        """Number of seats (from the rules)."""
        return self.rules.num_players

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat`` (partners share one)."""
        return self.rules.side_of(seat)

    def must_hold(self, seat: int) -> int:
        """Values (bit ``v``) that ``seat`` surely holds: those of the builds it controls (7.4.2)."""
        out = 0
        for b in self.builds:
            if b.controller == seat:
                out |= 1 << b.value
        return out


def view_rules(view: CasinoView) -> CasinoRules:
    """The rules of the view's hand (standard rules for the number of players if the view has none)."""
    if view.rules is not None:
        return view.rules
    return CasinoRules.preset("standard", num_players=view.num_players, partnerships=len(view.captured_counts) == 2)


def knowledge(view: CasinoView) -> Knowledge:
    """The seat's knowledge from its view only."""
    hand = cards_to_mask(view.hand)
    loose = cards_to_mask(view.table)
    captured = tuple(cards_to_mask(p) for p in view.captured)
    seen = hand | loose
    for b in view.builds:
        seen |= b.cards
    for p in captured:
        seen |= p
    return Knowledge(
        view_rules(view), view.seat, hand, loose, tuple(view.builds), captured, tuple(view.sweeps),
        tuple(view.hand_sizes), view.pack_size, view.dealer, view.last_deal, view.last_capturer, FULL & ~seen,
    )


def seat_knowledge(state: CasinoState, seat: int) -> Knowledge:
    """The same facts for ``seat`` of a world: its own hand and public information only."""
    hand = state.hands[seat]
    seen = hand | state.loose
    for b in state.builds:
        seen |= b.cards
    for p in state.captured:
        seen |= p
    return Knowledge(
        state.rules, seat, hand, state.loose, state.builds, tuple(state.captured), tuple(state.sweeps),
        tuple(h.bit_count() for h in state.hands), state.pack.bit_count(), state.dealer, state.last_deal,
        state.last_capturer, FULL & ~seen,
    )


def view_seed(view: CasinoView, seed: int | None) -> int:
    """A reproducible per-decision seed from the public content of the view and the seat's own hand."""
    text = "|".join(view.events) + "/" + " ".join(str(c) for c in view.hand) + f"/{view.seat}"
    return (0 if seed is None else seed) * 1_000_003 + zlib.crc32(text.encode())


def table_after(seat: int, action: CasinoAction, loose: int, builds: tuple[Build, ...]) -> tuple[int, tuple[Build, ...]]:
    """The table (loose cards, builds) after ``seat`` plays ``action``."""
    kind = action.kind
    if kind == "trail":
        return loose | action.card.bit, builds
    used = action.builds_mask
    rest = tuple(b for b in builds if not b.cards & used) if used else builds
    loose &= ~action.loose
    if kind == "capture":
        return loose, rest
    cards = action.card.bit | action.loose | used
    single = mask_value(cards) == action.value
    groups = (cards,) if single else (cards, 0)
    return loose, (*rest, Build(action.value, cards, groups, seat))
