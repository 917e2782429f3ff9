"""Casino playouts: the natural candidates a player considers on a crowded table, a light policy that
plays a world to the end of the hand, and the margin estimates of a position.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...casino.actions import DEAL, DEAL_LAST, CasinoAction
from ...casino.candidates import candidate_moves, default_worth
from ...casino.legal_moves import LegalMoves
from ...casino.state import OVER, PLAY, CasinoState
from .evaluation import Judge, Weights
from .tracking import seat_knowledge

__all__ = ["CROWDED_CHOICES", "choices", "policy_move", "playout", "margin_estimate", "side_margin"]


CROWDED_CHOICES = 16
"""On a crowded table: how many captures and builds (the richest in cards taken or used) are judged, besides the trails."""


def choices(legal: Sequence[CasinoAction]) -> Sequence[CasinoAction]:
    """The moves worth judging: all the legal ones, or on a crowded table (a lazy
    :class:`~cardtable.casino.legal_moves.LegalMoves`) every trail and the :data:`CROWDED_CHOICES`
    richest natural candidates of :func:`~cardtable.casino.candidates.candidate_moves`."""
    if not isinstance(legal, LegalMoves):
        return legal
    found = candidate_moves(legal.moveset)
    trails = [a for a in found if a.kind == "trail"]
    rich = sorted((a for a in found if a.kind != "trail"),
                  key=lambda a: -default_worth(a.card.bit | a.loose | a.builds_mask))[:CROWDED_CHOICES]
    order = {a: i for i, a in enumerate(found)}
    return sorted(rich + trails, key=order.__getitem__)


def policy_move(state: CasinoState) -> CasinoAction:
    """The medium judgement of the seat to move, from that seat's knowledge only."""
    legal = choices(state.legal_moves())
    if len(legal) == 1:
        return legal[0]
    return Judge(seat_knowledge(state, state.turn)).best(legal)


def playout(state: CasinoState, pack_order: Sequence[int], deals: int = 0) -> CasinoState:
    """Play ``state`` with the medium judgement for every seat; later deals follow ``pack_order``.

    ``deals`` = 0 plays to the end of the hand; ``deals`` = k stops when the k-th deal from now
    has been played out (hands empty, before the next deal).
    """
    k = 0
    ended = 0
    while state.phase != OVER:
        if state.phase == PLAY:
            state.apply(policy_move(state))
            continue
        ended += 1
        if deals and ended >= deals:
            break
        while not state.pack >> pack_order[k] & 1:
            k += 1
        i = pack_order[k]
        k += 1
        last = state.dealt == 0 and state.deal_number == state.rules.num_deals
        state.apply((DEAL_LAST if last else DEAL)[i])
        while state.phase != PLAY and state.phase != OVER:
            while not state.pack >> pack_order[k] & 1:
                k += 1
            state.apply(DEAL[pack_order[k]])
            k += 1
    return state


def margin_estimate(state: CasinoState, seat: int, w: Weights, table_risk: float = 0.0) -> float:
    """The seat's side's margin: exact points of a finished hand, else the weighted worth of the piles so far.

    Between deals, ``table_risk`` times what the first player of the next deal may capture from the
    table left behind (as the dealer's :class:`Judge` sees it) counts for that player's side.
    """
    if state.phase == OVER:
        return side_margin(state, seat)
    mine = state.rules.side_of(seat)
    worth = [w.points(p) + w.sweep * s for p, s in zip(state.captured, state.sweeps)]
    if table_risk and (state.loose or state.builds):
        first = (state.dealer + 1) % state.num_players
        judge = Judge(seat_knowledge(state, state.dealer))
        judge.w = w
        worth[state.rules.side_of(first)] += table_risk * judge.threat(first, state.loose, state.builds)
    others = [x for i, x in enumerate(worth) if i != mine]
    return worth[mine] - sum(others) / len(others)


def side_margin(state: CasinoState, seat: int) -> float:
    """Hand points of the seat's side minus the mean of the other sides' (a finished hand)."""
    pts = state.points
    mine = state.rules.side_of(seat)
    others = [p for s, p in enumerate(pts) if s != mine]
    return pts[mine] - sum(others) / len(others)
