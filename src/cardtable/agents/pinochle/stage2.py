"""Pinochle stage-2 search: exact values from :mod:`cardtable.pinochle.solver` within a time budget
(:class:`Stage2`), with a greedy full-information policy as the fallback.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ...pinochle.actions import PLAY, PinochleAction
from ...pinochle.deck import SUIT_MASKS, iter_bits
from ...pinochle.solver import SearchTimeout, Solver, canonical
from ...pinochle.tricks import follower_wins, stage2_options
from .tracking import HIGHER, ORDER, SUIT, Knowledge

__all__ = ["greedy_stage2", "Stage2"]


def greedy_stage2(hands: list[int], leader: int, trump: int, pts: tuple[int, ...], won: list[int],
                  log: list[PinochleAction] | None = None) -> int:
    """Play stage 2 to the end with a fast full-information greedy policy; returns the last trick's winner.

    Card points won go into ``won`` (per seat).
    """
    last = leader
    while hands[leader]:
        lh, fh = hands[leader], hands[1 - leader]
        safe_best, safe_v = -1, -1
        low, low_v = -1, 99
        for c in iter_bits(lh):
            s = SUIT[c]
            same = fh & SUIT_MASKS[s]
            beaten = bool(same & HIGHER[c]) if same else (s != trump and bool(fh & SUIT_MASKS[trump]))
            if not beaten:
                v = pts[c] * 2 + (1 if s != trump else 0)
                if v > safe_v:
                    safe_best, safe_v = c, v
            else:
                v = pts[c] * 4 + (8 if s == trump else 0) - ORDER[c]
                if v < low_v:
                    low, low_v = c, v
        lead = safe_best if safe_best >= 0 else low
        opts = stage2_options(fh, lead, trump)
        win_best, win_key = -1, (-99, -99)
        lose_best, lose_key = -1, (99, 99)
        for f in iter_bits(opts):
            if follower_wins(lead, f, trump):
                key = (pts[f], ORDER[f])
                if key > win_key:
                    win_best, win_key = f, key
            else:
                key = (pts[f], -ORDER[f])
                if key < lose_key:
                    lose_best, lose_key = f, key
        f = win_best if win_best >= 0 else lose_best
        if log is not None:
            log.extend((PLAY[lead], PLAY[f]))
        hands[leader] = lh & ~(1 << lead)
        hands[1 - leader] = fh & ~(1 << f)
        winner = 1 - leader if win_best >= 0 else leader
        won[winner] += pts[lead] + pts[f]
        leader = winner
        last = winner
    return last


class _Greedy(Solver):
    """A stand-in solver whose positions are valued by the greedy stage-2 policy (:func:`greedy_stage2`)
    instead of searched: the same root and answer logic, an estimate in a few milliseconds."""

    def search(self, leader: int, follower: int, alpha: int, beta: int) -> int:
        won = [0, 0]
        won[greedy_stage2([leader, follower], 0, self.trump, self.pts, won)] += 10
        return won[0] - won[1]


class Stage2:
    """Exact stage-2 values from the solver; the transposition table is kept for the rest of the hand.

    With a ``budget`` (seconds per call) the solver gets a deadline (see :mod:`cardtable.pinochle.solver`):

    * :meth:`best` plays the best of the root moves the solver finished in time (their values are exact;
      the first one searched is the solver's own first choice), or, when not even that one finished, the
      move the greedy policy values most (a one-trick look-ahead, then :func:`greedy_stage2` to the end: a
      few milliseconds);
    * :meth:`values` gives the exact value of the moves it finished in time, in the order asked, and the
      greedy estimate of the others.

    Either way the table keeps every finished subtree, so the next decisions of the hand go faster and
    are nearly always exact. ``capped`` counts the calls the deadline cut short, ``fallbacks`` those that
    fell back to the greedy policy for the move played.
    """

    def __init__(self, budget: float | None = None) -> None:
        self.budget = budget
        """Seconds per call before the solver's deadline; ``None``: always solve to the end."""
        self.capped = 0
        """Calls the deadline cut short."""
        self.fallbacks = 0
        """Calls that fell back to the greedy policy for the move played."""
        self._solver: Solver | None = None
        self._key: tuple[int, str, int] = (-1, "", 0)

    def solver(self, trump: int, counting: str, hands: int) -> Solver:
        """The solver for this trump and counting, reused (with its table) until those change or ``hands`` holds
        a card it was not made for (a new hand)."""
        key = (trump, counting, hands)
        if self._solver is None or self._key[:2] != key[:2] or hands & ~self._key[2]:
            self._solver = Solver(trump, counting)
            self._key = key
        return self._solver

    def _setup(self, kn: Knowledge) -> tuple[Solver, float | None]:
        """The solver for ``kn``'s hand and the deadline of this call."""
        solver = self.solver(kn.trump, kn.rules.counting, kn.hand | kn.opp_hand | ((1 << kn.lead) if kn.lead >= 0 else 0))
        return solver, None if self.budget is None else time.perf_counter() + self.budget

    def best(self, kn: Knowledge) -> tuple[int, int]:
        """``(value, card)``: the solver's move for the seat to act (see the class for the budget)."""
        me, opp = kn.hand, kn.opp_hand
        solver, deadline = self._setup(kn)
        hands = (canonical(me), canonical(opp), kn.lead & ~1 if kn.lead >= 0 else -1)
        try:
            value, t, complete = solver.root(*hands, deadline=deadline)
            self.capped += not complete
        except SearchTimeout:
            self.capped += 1
            self.fallbacks += 1
            value, t, _ = _Greedy(kn.trump, kn.rules.counting).root(*hands)
        return value, (t if me >> t & 1 else t + 1)

    def values(self, kn: Knowledge, cards: Sequence[int]) -> list[int]:
        """Exact value (own minus opponent's points in the remaining tricks) of playing each card
        (with a budget, see the class)."""
        me, opp = kn.hand, kn.opp_hand
        solver, deadline = self._setup(kn)
        out: list[int] = []
        solver.deadline = float("inf") if deadline is None else deadline
        try:
            for c in cards:
                out.append(_move_value(solver, me, opp, kn.lead, c))
        except SearchTimeout:
            self.capped += 1
            greedy = _Greedy(kn.trump, kn.rules.counting)
            out += [_move_value(greedy, me, opp, kn.lead, c) for c in cards[len(out):]]
        finally:
            solver.deadline = float("inf")
        return out


def _move_value(solver: Solver, me: int, opp: int, lead: int, c: int) -> int:
    """Value for the seat holding ``me`` of playing card ``c`` (leading, or answering ``lead``)."""
    if lead < 0:
        return -solver.follow(canonical(me & ~(1 << c)), canonical(opp), c & ~1)[0]
    return solver.answer(canonical(opp), canonical(me), lead & ~1, c & ~1)
