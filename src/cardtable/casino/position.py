"""Positions as ``key: value`` text or JSON fields, written and read back exactly.

=================  ==============================================================
field              value
=================  ==============================================================
``dealer``         the dealer's seat
``deal``           the deal number, 1 = the first deal of the hand (default 1)
``turn``           the seat to move, ``deal`` during a deal (a chance step), or ``over`` once
                   the hand is finished (hands, pack and table empty; the piles are scored)
``dealt``          with ``turn: deal``: cards of this deal already dealt (default 0)
``hand0``...       each seat's hand, e.g. ``3D 8S`` (``-`` when empty)
``table``          loose cards and builds, e.g. ``KS 8H [single 8 @1: 5C+3D]``
``captured0``...   each side's capture pile: cards, or a count such as ``12``
``pack``           the undealt cards, or their count (default: the cards left over)
``last_capturer``  the seat that captured last, or ``-``
``sweeps``         sweeps per side, e.g. ``0 1`` (default all 0)
``residue``        with ``turn: over``: the cards left on the table at the end, which went to
                   the side of the last capturer (or of the dealer) (default ``-``)
=================  ==============================================================

The pack's size follows from the deal number (section 5.5). Cards named
nowhere are placed in card order: first into capture piles given as
counts, then into the pack, and any remainder round-robin into the
capture piles that were left out. Builds are written as in
:mod:`cardtable.casino.builds`; the kind may be left out.

>>> from cardtable.casino import CasinoGame
>>> s = CasinoGame().from_position("dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: 5C")
>>> [str(a) for a in s.legal_actions()]
['8S trail', '3D b8 5C', '3D trail']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from ..cards import Card, format_cards, mask_to_cards
from ..errors import InvalidNotationError, InvalidPositionError
from .builds import Build, parse_build
from .dealing import TABLE, deal_order, pack_after
from .hand_state import DEALING, OVER, PLAY, HandState
from .rules import CasinoRules
from .scoring import score_hand
from .tools import card_mask, validate_build
from .values import bits

__all__ = ["POSITION_FIELDS", "state_to_fields", "state_from_fields"]

POSITION_FIELDS = (
    "dealer", "deal", "turn",
    "hand0", "hand1", "hand2", "hand3",
    "table",
    "captured0", "captured1", "captured2", "captured3",
    "pack", "last_capturer", "sweeps", "dealt", "residue",
)
"""The fields of a position, in the order they are written."""
FULL = (1 << 52) - 1

S = TypeVar("S", bound=HandState)


def state_to_fields(state: HandState) -> dict[str, str]:
    """The exact position of ``state``: a decision, a chance step of a deal, or the finished hand."""
    rules = state.rules
    out = {
        "dealer": str(state.dealer),
        "deal": str(state.deal_number),
        "turn": {DEALING: "deal", OVER: "over"}.get(state.phase, str(state.turn)),
    }
    for seat in range(rules.num_players):
        out[f"hand{seat}"] = format_cards(mask_to_cards(state.hands[seat]))
    table = [str(c) for c in mask_to_cards(state.loose)] + [str(b) for b in state.builds]
    out["table"] = " ".join(table) if table else "-"
    for side in range(rules.num_sides):
        out[f"captured{side}"] = format_cards(mask_to_cards(state.captured[side]))
    out["pack"] = format_cards(mask_to_cards(state.pack))
    out["last_capturer"] = "-" if state.last_capturer is None else str(state.last_capturer)
    out["sweeps"] = " ".join(str(s) for s in state.sweeps)
    if state.phase == DEALING:
        out["dealt"] = str(state.dealt)
    if state.phase == OVER:
        out["residue"] = format_cards(mask_to_cards(state.residue))
    return out


def _int(fields: dict[str, str], key: str, default: int | None = None) -> int:
    raw = fields.get(key)
    if raw is None:
        if default is None:
            raise InvalidPositionError.from_code("position.field_required", key=key)
        return default
    try:
        return int(raw)
    except ValueError:
        raise InvalidPositionError.from_code("casino.position.not_integer", key=key, raw=raw) from None


def _table(raw: str) -> tuple[int, list[Build]]:
    builds = []
    inside = re.findall(r"\[([^\]]*)\]", raw)
    outside = re.sub(r"\[[^\]]*\]", " ", raw)
    if "[" in outside or "]" in outside:
        raise InvalidPositionError.from_code("casino.position.brackets", raw=raw)
    for body in inside:
        try:
            builds.append(parse_build(body))
        except InvalidNotationError as exc:
            raise InvalidPositionError.from_code("position.field_invalid", key="table", error=exc) from None
    return card_mask(outside, "table"), builds


def state_from_fields(rules: CasinoRules, fields: dict[str, str], new_state: Callable[[CasinoRules, int], S]) -> S:
    """Set up a position from :data:`POSITION_FIELDS` on ``new_state(rules, dealer)`` (a fresh hand);
    impossible positions raise :class:`InvalidPositionError`."""
    n, sides = rules.num_players, rules.num_sides
    for key in fields:
        if key[-1].isdigit() and int(key[-1]) >= (n if key.startswith("hand") else sides):
            raise InvalidPositionError.from_code("casino.position.field_players", key=key, n=n, sides=sides)
    dealer = _int(fields, "dealer")
    if not 0 <= dealer < n:
        raise InvalidPositionError.from_code("casino.position.dealer", last=n - 1)
    finished = fields.get("turn", "").strip().lower() == "over"
    deal = _int(fields, "deal", rules.num_deals if finished else 1)
    if not 1 <= deal <= rules.num_deals:
        raise InvalidPositionError.from_code("casino.position.deal", num_deals=rules.num_deals)
    if finished and deal != rules.num_deals:
        raise InvalidPositionError.from_code("casino.position.over_deal", num_deals=rules.num_deals)
    if "residue" in fields and not finished:
        raise InvalidPositionError.from_code("casino.position.residue_early")
    pending = fields.get("turn", "").strip().lower() == "deal"
    state = new_state(rules, dealer)
    placed = 0

    def place(mask: int, what: str) -> None:
        nonlocal placed
        twice = placed & mask
        if twice:
            raise InvalidPositionError.from_code("casino.position.cards_twice", what=what, cards=format_cards(mask_to_cards(twice)))
        placed |= mask

    hands = []
    for seat in range(n):
        h = card_mask(fields.get(f"hand{seat}", "-"), f"hand{seat}")
        place(h, f"hand{seat}")
        hands.append(h)
    loose, builds = _table(fields.get("table", "-"))
    place(loose, "table")
    for b in builds:
        place(b.cards, "table")
    captured: list[int | None] = []
    counts: list[int | None] = []
    for side in range(sides):
        raw = fields.get(f"captured{side}")
        if raw is None:
            captured.append(None)
            counts.append(None)
        elif raw.strip().isdigit():
            captured.append(0)
            counts.append(int(raw))
        else:
            m = card_mask(raw, f"captured{side}")
            place(m, f"captured{side}")
            captured.append(m)
            counts.append(None)
    dealt = _int(fields, "dealt", 0)
    order = deal_order(n, dealer, deal == 1)
    if (dealt and not pending) or not 0 <= dealt < len(order):
        raise InvalidPositionError.from_code("casino.position.dealt", last=len(order) - 1)
    if pending:
        pack_size = (52 if deal == 1 else pack_after(n, deal - 1)) - dealt
    elif finished:
        pack_size = 0
    else:
        pack_size = pack_after(n, deal)
    raw_pack = fields.get("pack")
    pack = 0
    if raw_pack is not None and not raw_pack.strip().isdigit():
        pack = card_mask(raw_pack, "pack")
        place(pack, "pack")
        if pack.bit_count() != pack_size:
            raise InvalidPositionError.from_code("casino.position.pack_size", pack_size=pack_size, deal=deal, got=pack.bit_count())
    elif raw_pack is not None and int(raw_pack) != pack_size:
        raise InvalidPositionError.from_code("casino.position.pack_size", pack_size=pack_size, deal=deal, got=raw_pack)
    free = bits(FULL & ~placed)
    for side in range(sides):
        k = counts[side]
        if k is not None:
            if k > len(free):
                raise InvalidPositionError.from_code("casino.position.captured_count", side=side, k=k)
            captured[side] = sum(1 << i for i in free[:k])
            free = free[k:]
    if raw_pack is None or raw_pack.strip().isdigit():
        if len(free) < pack_size:
            raise InvalidPositionError.from_code("casino.position.pack_short", n_free=len(free), pack_size=pack_size, deal=deal)
        pack = sum(1 << i for i in free[:pack_size])
        free = free[pack_size:]
    open_sides = [s for s in range(sides) if captured[s] is None]
    if free and not open_sides:
        raise InvalidPositionError.from_code("casino.position.cards_missing", cards=format_cards(Card.from_index(i) for i in free))
    piles = [c or 0 for c in captured]
    for k, i in enumerate(free):
        piles[open_sides[k % len(open_sides)]] |= 1 << i

    state.hands = hands
    state.loose = loose
    state.builds = tuple(builds)
    state.captured = piles
    state.pack = pack
    state.deal_number = deal
    state.last_deal = deal == rules.num_deals
    state.dealt = 0
    _check_builds(rules, builds, hands)
    sweeps = fields.get("sweeps", " ".join("0" * sides)).split()
    if len(sweeps) != sides or not all(s.isdigit() for s in sweeps):
        raise InvalidPositionError.from_code("casino.position.sweeps", sides=sides)
    state.sweeps = [int(s) for s in sweeps]
    lc = fields.get("last_capturer", "-").strip()
    if lc not in ("-", ""):
        if not lc.isdigit() or not 0 <= int(lc) < n:
            raise InvalidPositionError.from_code("casino.position.last_capturer", last=n - 1)
        state.last_capturer = int(lc)
    for side in range(sides):
        if (state.sweeps[side] or (state.last_capturer is not None and rules.side_of(state.last_capturer) == side)) \
                and not piles[side]:
            raise InvalidPositionError.from_code("casino.position.empty_pile", side=side)
    if pending:
        _check_dealing(n, deal, order[:dealt], hands, loose, builds, piles, state)
        state.phase = DEALING
        state.dealt = dealt
        state.last_deal = deal == rules.num_deals and dealt > 0
        state.turn = (dealer + 1) % n
        return state
    if finished:
        return _finish(state, card_mask(fields.get("residue", "-"), "residue"))
    turn = _int(fields, "turn")
    if not 0 <= turn < n:
        raise InvalidPositionError.from_code("casino.position.turn", last=n - 1)
    _check_hand_sizes(n, dealer, turn, hands)
    state.phase = PLAY
    state.turn = turn
    return state


def _finish(state: S, residue: int) -> S:
    """A finished hand: nothing left in hands, pack or on the table; the piles are scored (section 9)."""
    if any(state.hands) or state.loose or state.builds:
        raise InvalidPositionError.from_code("casino.position.over_not_empty")
    receiver = state.last_capturer if state.last_capturer is not None else state.dealer
    side = state.rules.side_of(receiver)
    if residue & ~state.captured[side]:
        raise InvalidPositionError.from_code("casino.position.residue_side", side=side)
    state.residue = residue
    state.last_deal = True
    state.scores = score_hand(state.captured, state.sweeps, state.rules.sweep_points)
    state.points = [s.total for s in state.scores]
    state.phase = OVER
    return state


def _check_builds(rules: CasinoRules, builds: list[Build], hands: list[int]) -> None:
    for i, b in enumerate(builds):
        validate_build(b, hands, rules, builds[:i])


def _check_dealing(
    n: int, deal: int, done: tuple[int, ...], hands: list[int], loose: int, builds: list[Build], piles: list[int],
    state: HandState,
) -> None:
    """A position during a deal: hands hold exactly the cards dealt so far; no build can exist (7.4.2)."""
    for seat in range(n):
        if hands[seat].bit_count() != done.count(seat):
            raise InvalidPositionError.from_code("casino.position.deal_progress", n_done=len(done), seat=seat, held=done.count(seat))
    if builds:
        raise InvalidPositionError.from_code("casino.position.build_between_deals")
    if deal == 1 and (loose.bit_count() != done.count(TABLE) or any(piles) or any(state.sweeps)
                      or state.last_capturer is not None):
        raise InvalidPositionError.from_code("casino.position.first_deal_table")


def _check_hand_sizes(n: int, dealer: int, turn: int, hands: list[int]) -> None:
    order = [(dealer + 1 + k) % n for k in range(n)]
    t = order.index(turn)
    sizes = [hands[s].bit_count() for s in order]
    m = sizes[t]
    want = [m - 1] * t + [m] * (n - t)
    if not 1 <= m <= 4 or sizes != want:
        shown = ", ".join(f"seat {s}: {hands[s].bit_count()}" for s in order)
        raise InvalidPositionError.from_code("casino.position.hand_sizes", shown=shown, turn=turn)
