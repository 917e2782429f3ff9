"""Exact stage-2 endgame solver: both hands known, strict play rules of ``pinochle.md`` 5.3.

**Objective.** The value of a position is, for the player to move, *their*
card points (counters, with the configured ``counting`` before any rounding)
plus the last-trick 10 that they will take in the remaining tricks, **minus**
the opponent's. A trick already in progress counts with its led card. Since
both sides' points add up to a constant, maximizing this difference is the
same as maximizing one's own points: ``own = (total + value) / 2``.

Method: fail-soft alpha-beta over whole tricks (the leader's lead, then the
follower's legal answers), with

* a transposition table keyed on the two hands as one integer; the two
  physical copies of a card are interchangeable in stage 2, so hands are
  stored *canonically* (a single copy is always the ``a`` bit);
* equivalent-card pruning: cards of one suit in one hand with the same point
  value and no opponent card (nor the led card) ranked between them, both
  included, give the same results, so only one of them is searched;
* move ordering: the best lead stored in the table first, then leads the
  follower cannot beat, then the others; side suits before trumps in both,
  high cards first (measured: about 16% fewer nodes than unbeatable high
  cards then the others low first, on 100 first stage-2 leads);
  the legal answers to a lead either all win the trick (tried highest first)
  or all lose it (tried cheapest first);
* a bound: no side can gain more than the points left plus the last trick.

**Deadline.** :meth:`Solver.root` takes an optional deadline (a
``time.perf_counter()`` time): the search checks the clock every 1024 nodes
and, once it has passed, unwinds with :class:`SearchTimeout`. The
transposition table stays valid (an entry is only stored for a node searched
to the end), so a later call on the same hand reuses it. The root searches
its moves one by one, so an interrupted root still returns the best of the
moves it finished, marked not ``complete``; only when not even the first
move (the table's best, else the ordering's) finished does it raise.

>>> from cardtable.pinochle.deck import parse_mask, format_mask
>>> me, you = parse_mask("ASa 9Ha"), parse_mask("TSa KHa")
>>> value, best = solve_hands(me, you, trump=1)
>>> value, format_mask(1 << best)
(25, '9Ha')
"""

from __future__ import annotations

import time
from typing import NamedTuple

from ..errors import IllegalActionError
from .actions import PLAY, PinochleAction
from .deck import EVEN, SUIT_MASKS, card_points, higher_mask
from .hand_state import HandState

__all__ = ["Solution", "solve", "solve_hands", "canonical", "Solver", "Root", "SearchTimeout"]

_INF = 10_000
_HIGHER = tuple(higher_mask(i) for i in range(48))
_SUIT_OF = tuple(i // 12 for i in range(48))
_BETWEEN = tuple(((1 << (j + 2)) - 1) & ~((1 << i) - 1) for i in range(48) for j in range(48))
"""``_BETWEEN[i * 48 + j]``: the cards ranked from ``i`` down to ``j`` (both copies), for ``i <= j``."""


class Solution(NamedTuple):
    """``value`` for the player to move (see the module objective) and a best ``move``."""

    value: int
    """The mover's card points (and last trick) still to come minus the opponent's, under best play."""
    move: PinochleAction
    """A best play for the mover (a ``play`` action of a physical card it holds)."""


class Root(NamedTuple):
    """A root search: ``value`` for the player to move and their best ``card`` type (``a`` bit).

    When not ``complete`` (the deadline passed), ``card`` is the best of the moves searched to the end and
    ``value`` its exact value, a lower bound of the position's value.
    """

    value: int
    """The mover's points still to come minus the opponent's: exact when :attr:`complete`, else a lower bound."""
    card: int
    """The best card type found, as the index of its ``a`` copy (even)."""
    complete: bool
    """Whether every move was searched to the end (False: the deadline cut the search short)."""


class SearchTimeout(Exception):
    """The solver's deadline passed before the searched move was finished."""


_CHECK = 1023
"""The clock is read when ``nodes & _CHECK == 0``."""


def canonical(mask: int) -> int:
    """``mask`` with every lone ``b`` copy replaced by its ``a`` copy (copies are alike in stage 2)."""
    b_only = (mask >> 1) & ~mask & EVEN
    return (mask & ~(b_only << 1)) | b_only


def _groups(types: int, other: int, pts: tuple[int, ...]) -> list[int]:
    """One representative (an ``a`` bit index) per class of equivalent card types in ``types``."""
    reps: list[int] = []
    prev = -1
    while types:
        low = types & -types
        i = low.bit_length() - 1
        types ^= low
        if prev >= 0 and _SUIT_OF[prev] == _SUIT_OF[i] and pts[prev] == pts[i] and not other & _BETWEEN[prev * 48 + i]:
            prev = i
            continue
        reps.append(i)
        prev = i
    return reps


class Solver:
    """A reusable solver for one trump suit and counting (its transposition table is kept between calls)."""

    def __init__(self, trump: int, counting: str = "simple") -> None:
        self.trump = trump
        """The trump suit (0..3)."""
        self.pts = card_points(counting)
        """The counter points of each of the 48 card indices under the configured ``counting``."""
        self.table: dict[int, tuple[int, int, int]] = {}
        """The transposition table: ``leader << 48 | follower`` (canonical hands at a trick start)
        to ``(lower bound, upper bound, best lead)`` of the leader's value."""
        self.classes = [(sum(1 << i for i in range(48) if self.pts[i] == v), v) for v in sorted(set(self.pts)) if v]
        """The cards of each nonzero point value: the points left bound the value of any position."""
        self.nodes = 0
        """Trick-start positions searched so far, over every call (the clock is read every 1024)."""
        self.deadline = float("inf")
        """A ``time.perf_counter()`` time after which :meth:`search` raises :class:`SearchTimeout`."""

    def _follow_options(self, hand: int, lead: int) -> int:
        """Stage-2 legal answers to ``lead`` among the ``a`` bits (card types) of canonical ``hand``."""
        s = _SUIT_OF[lead]
        same = hand & SUIT_MASKS[s]
        if same:
            opts = (same & _HIGHER[lead]) or same
        elif s != self.trump and hand & SUIT_MASKS[self.trump]:
            opts = hand & SUIT_MASKS[self.trump]
        else:
            opts = hand
        return opts & EVEN

    def _answers(self, follower: int, leader: int, lead: int) -> list[int]:
        """The answers to ``lead`` worth searching, as in :meth:`search`: one per class of equivalent cards,
        winning ones highest first, losing ones cheapest first."""
        answers = _groups(self._follow_options(follower, lead), leader | (3 << lead), self.pts)
        f = answers[0]
        if not ((f < lead) if _SUIT_OF[f] == _SUIT_OF[lead] else _SUIT_OF[f] == self.trump):
            answers.reverse()
        return answers

    def _leads(self, leader: int, follower: int, first: int) -> list[int]:
        """The leads worth searching from canonical ``leader``: one per class of equivalent cards,
        ``first`` (the table's best, ``-1`` for none) first, then the unbeatable ones, then the others;
        side suits before trumps in both, each highest first."""
        pts = self.pts
        trump = self.trump
        trumps_f = follower & SUIT_MASKS[trump]
        safe: list[int] = []
        safe_trumps: list[int] = []
        risky: list[int] = []
        risky_trumps: list[int] = []
        types = leader & EVEN
        prev = -1
        while types:
            low = types & -types
            i = low.bit_length() - 1
            types ^= low
            s = _SUIT_OF[i]
            if prev >= 0 and _SUIT_OF[prev] == s and pts[prev] == pts[i] and not follower & _BETWEEN[prev * 48 + i]:
                prev = i
                continue
            prev = i
            same = follower & SUIT_MASKS[s]
            if (same & _HIGHER[i]) if same else (s != trump and trumps_f):
                (risky_trumps if s == trump else risky).append(i)
            else:
                (safe_trumps if s == trump else safe).append(i)
        leads = safe + safe_trumps + risky + risky_trumps
        if first >= 0 and first in leads:
            leads.remove(first)
            leads.insert(0, first)
        return leads

    def search(self, leader: int, follower: int, alpha: int, beta: int) -> int:
        """Value for the leader of canonical hands ``leader``/``follower`` at a trick start."""
        pts = self.pts
        trump = self.trump
        self.nodes += 1
        if not self.nodes & _CHECK and time.perf_counter() > self.deadline:
            raise SearchTimeout
        if not leader & (leader - 1):
            lc = leader.bit_length() - 1
            fc = follower.bit_length() - 1
            p = pts[lc] + pts[fc] + 10
            if _SUIT_OF[lc] == _SUIT_OF[fc]:
                return -p if fc < lc else p
            return -p if _SUIT_OF[fc] == trump else p
        rest = leader & (leader - 1)
        deep = rest & (rest - 1)  # three cards or more: worth a table entry
        bound = 10
        for mask, value in self.classes:
            bound += value * ((leader & mask).bit_count() + (follower & mask).bit_count())
        if bound <= alpha:
            return bound
        if -bound >= beta:
            return -bound
        key = (leader << 48) | follower
        table = self.table
        entry = table.get(key) if deep else None
        first = -1
        lo, hi = -_INF, _INF
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0, b0 = alpha, beta
        trumps_f = follower & SUIT_MASKS[trump]
        leads = self._leads(leader, follower, first)
        best_val = -_INF
        best = leads[0]
        search = self.search
        for lead in leads:
            nl = leader ^ (2 << lead) if leader >> (lead + 1) & 1 else leader ^ (1 << lead)
            s = _SUIT_OF[lead]
            same = follower & SUIT_MASKS[s]
            if same:
                beat = same & _HIGHER[lead]
                opts, wins_all = (beat, True) if beat else (same, False)
            elif s != trump and trumps_f:
                opts, wins_all = trumps_f, True
            else:
                opts, wins_all = follower, False
            answers = _groups(opts & EVEN, nl | (3 << lead), pts)
            if not wins_all:
                answers.reverse()  # losing answers: cheapest first
            worst = _INF
            a = alpha if alpha > best_val else best_val
            lp = pts[lead]
            last = not nl & (nl - 1)  # one card each after this trick: score the last one inline
            for f in answers:
                nf = follower ^ (2 << f) if follower >> (f + 1) & 1 else follower ^ (1 << f)
                p = lp + pts[f]
                fs = _SUIT_OF[f]
                if last:
                    x = nl.bit_length() - 1
                    y = nf.bit_length() - 1
                    q = pts[x] + pts[y] + 10
                    if (f < lead) if fs == s else fs == trump:
                        # the follower leads y to the last trick: x wins it only in y's suit higher, or as trump
                        v = -p + (q if ((x < y) if _SUIT_OF[x] == _SUIT_OF[y] else _SUIT_OF[x] == trump) else -q)
                    else:
                        v = p + (-q if ((y < x) if _SUIT_OF[x] == _SUIT_OF[y] else _SUIT_OF[y] == trump) else q)
                elif (f < lead) if fs == s else fs == trump:
                    b = worst if worst < beta else beta
                    v = -p - search(nf, nl, -p - b, -p - a)
                else:
                    b = worst if worst < beta else beta
                    v = p + search(nl, nf, a - p, b - p)
                if v < worst:
                    worst = v
                    if worst <= a:
                        break
            if worst > best_val:
                best_val = worst
                best = lead
                if best_val >= beta:
                    break
        if not deep:
            return best_val
        if best_val <= a0:
            hi = min(hi, best_val)
        elif best_val >= b0:
            lo = max(lo, best_val)
        else:
            lo = hi = best_val
        table[key] = (lo, hi, best)
        return best_val

    def answer(self, leader: int, follower: int, lead: int, f: int, alpha: int = -_INF, beta: int = _INF) -> int:
        """Value for the follower of answering ``f`` (a card type it holds) to ``lead``, the leader now
        holding ``leader`` (canonical hands); fail-soft within ``(alpha, beta)``."""
        pts = self.pts
        nf = follower ^ (2 << f) if follower >> (f + 1) & 1 else follower ^ (1 << f)
        p = pts[lead] + pts[f] + (10 if not nf else 0)
        fs, ls = _SUIT_OF[f], _SUIT_OF[lead]
        wins = (f < lead) if fs == ls else fs == self.trump
        if not nf:
            return p if wins else -p
        if wins:
            return p + self.search(nf, leader, alpha - p, beta - p)
        return -p - self.search(leader, nf, -p - beta, -p - alpha)

    def follow(self, leader: int, follower: int, lead: int, alpha: int = -_INF, beta: int = _INF) -> tuple[int, int]:
        """``(value for the follower, card type)`` of its best answer to ``lead`` (see :meth:`answer`);
        the answers are tried as in :meth:`search`: winning ones highest first, losing ones cheapest first."""
        answers = self._answers(follower, leader, lead)
        best_val, best = -_INF, answers[0]
        for f in answers:
            v = self.answer(leader, follower, lead, f, alpha if alpha > best_val else best_val, beta)
            if v > best_val:
                best_val, best = v, f
                if v >= beta:
                    break
        return best_val, best

    def root(self, mover: int, other: int, lead: int = -1, deadline: float | None = None) -> Root:
        """The best move of canonical ``mover`` against ``other``: it leads (``lead = -1``) or answers
        ``lead`` (a card type ``other`` led). With a ``deadline`` see the module's *Deadline*."""
        key = (mover << 48) | other
        entry = self.table.get(key) if lead < 0 else None
        if entry is not None and entry[0] == entry[1]:
            return Root(entry[0], entry[2], True)
        if lead >= 0:
            moves = self._answers(mover, other, lead)
        else:
            moves = self._leads(mover, other, entry[2] if entry else -1)
        self.deadline = float("inf") if deadline is None else deadline
        best_val, best = -_INF, moves[0]
        try:
            for m in moves:
                if lead >= 0:
                    v = self.answer(other, mover, lead, m, best_val, _INF)
                else:
                    rest = mover ^ (2 << m) if mover >> (m + 1) & 1 else mover ^ (1 << m)
                    v = -self.follow(rest, other, m, -_INF, -best_val)[0]
                if v > best_val:
                    best_val, best = v, m
        except SearchTimeout:
            if best_val == -_INF:
                raise
            return Root(best_val, best, False)
        finally:
            self.deadline = float("inf")
        if lead < 0 and mover.bit_count() > 2:
            self.table[key] = (best_val, best_val, best)
        return Root(best_val, best, True)

    def solve_lead(self, leader: int, follower: int) -> tuple[int, int]:
        """``(value, card type)`` for the leader of canonical hands at a trick start."""
        return self.root(leader, follower)[:2]

    def solve_follow(self, leader: int, follower: int, lead: int) -> tuple[int, int]:
        """``(value for the follower, card type)`` after the leader (now holding ``leader``) led ``lead``."""
        return self.root(follower, leader, lead)[:2]


def _physical(hand: int, card_type: int) -> int:
    """A physical card of ``hand`` of the type whose ``a`` bit is ``card_type``."""
    return card_type if hand >> card_type & 1 else card_type + 1


def solve_hands(
    mover: int, other: int, trump: int, lead: int = -1, counting: str = "simple", solver: Solver | None = None
) -> tuple[int, int]:
    """``(value, card index)`` for the player to move holding ``mover`` against ``other``.

    With ``lead = -1`` the mover leads the next trick; otherwise ``lead`` is the
    card the opponent (now holding ``other``) led and the mover follows.
    """
    solver = solver or Solver(trump, counting)
    if lead < 0:
        if mover.bit_count() != other.bit_count() or not mover:
            raise ValueError("at a trick start both hands hold the same number of cards (at least one)")
        value, t = solver.solve_lead(canonical(mover), canonical(other))
    else:
        if mover.bit_count() != other.bit_count() + 1:
            raise ValueError("the follower holds one card more than the leader after the lead")
        value, t = solver.solve_follow(canonical(other), canonical(mover), lead & ~1)
    return value, _physical(mover, t)


def solve(state: HandState) -> Solution:
    """Solve a stage-2 position of ``state`` exactly for the player to move (see the module objective)."""
    if state.stage != 2 or state.is_terminal():
        raise IllegalActionError.from_code("pinochle.solver.position", "5")
    seat = state.current_player()
    value, card = solve_hands(state.hand(seat), state.hand(1 - seat), state.trump, state.lead,
                              state.rules.counting)
    return Solution(value, PLAY[card])
