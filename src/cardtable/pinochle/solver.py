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
  follower cannot beat (high cards first), then the others (low cards first);
  the legal answers to a lead either all win the trick (tried highest first)
  or all lose it (tried cheapest first);
* a bound: no side can gain more than the points left plus the last trick.

>>> from cardtable.pinochle.deck import parse_mask, format_mask
>>> me, you = parse_mask("ASa 9Ha"), parse_mask("TSa KHa")
>>> value, best = solve_hands(me, you, trump=1)
>>> value, format_mask(1 << best)
(25, '9Ha')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..errors import IllegalActionError
from .actions import PLAY, PinochleAction
from .deck import EVEN, SUIT_MASKS, card_points, higher_mask

if TYPE_CHECKING:
    from .state import PinochleState

__all__ = ["Solution", "solve", "solve_hands", "canonical", "Solver"]

_INF = 10_000
_HIGHER = tuple(higher_mask(i) for i in range(48))
_SUIT_OF = tuple(i // 12 for i in range(48))
_BETWEEN = tuple(((1 << (j + 2)) - 1) & ~((1 << i) - 1) for i in range(48) for j in range(48))
"""``_BETWEEN[i * 48 + j]``: the cards ranked from ``i`` down to ``j`` (both copies), for ``i <= j``."""


class Solution(NamedTuple):
    """``value`` for the player to move (see the module objective) and a best ``move``."""

    value: int
    move: PinochleAction


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
        self.pts = card_points(counting)
        self.table: dict[int, tuple[int, int, int]] = {}
        self.classes = [(sum(1 << i for i in range(48) if self.pts[i] == v), v) for v in sorted(set(self.pts)) if v]
        """The cards of each nonzero point value: the points left bound the value of any position."""
        self.nodes = 0

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

    def search(self, leader: int, follower: int, alpha: int, beta: int) -> int:
        """Value for the leader of canonical hands ``leader``/``follower`` at a trick start."""
        pts = self.pts
        trump = self.trump
        self.nodes += 1
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
        # leads: one per class of equivalent cards; unbeatable ones first, each in rank order
        safe: list[int] = []
        risky: list[int] = []
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
                risky.append(i)
            else:
                safe.append(i)
        leads = safe + risky[::-1]
        if first >= 0 and first in leads:
            leads.remove(first)
            leads.insert(0, first)
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

    def solve_lead(self, leader: int, follower: int) -> tuple[int, int]:
        """``(value, card type)`` for the leader of canonical hands at a trick start."""
        if leader.bit_count() <= 2:  # no table entry for such small hands: try each lead
            options = []
            for t in _groups(leader & EVEN, follower, self.pts):
                rest = leader ^ (2 << t) if leader >> (t + 1) & 1 else leader ^ (1 << t)
                options.append((-self.solve_follow(rest, follower, t)[0], t))
            return max(options)
        value = self.search(leader, follower, -_INF, _INF)
        return value, self.table[(leader << 48) | follower][2]

    def solve_follow(self, leader: int, follower: int, lead: int) -> tuple[int, int]:
        """``(value for the follower, card type)`` after the leader (now holding ``leader``) led ``lead``."""
        best_val, best = -_INF, -1
        opts = self._follow_options(follower, lead)
        for f in _groups(opts, leader | (3 << lead), self.pts):
            nf = follower ^ (2 << f) if follower >> (f + 1) & 1 else follower ^ (1 << f)
            p = self.pts[lead] + self.pts[f] + (10 if not nf else 0)
            fs, ls = _SUIT_OF[f], _SUIT_OF[lead]
            wins = (fs == ls and f < lead) or (fs != ls and fs == self.trump)
            if not nf:
                v = p if wins else -p
            elif wins:
                v = p + self.search(nf, leader, -_INF, _INF)
            else:
                v = -p - self.search(leader, nf, -_INF, _INF)
            if v > best_val:
                best_val, best = v, f
        return best_val, best


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


def solve(state: PinochleState) -> Solution:
    """Solve a stage-2 position of ``state`` exactly for the player to move (see the module objective)."""
    if state.stage != 2 or state.is_terminal():
        raise IllegalActionError("the solver needs a stage-2 position with a player to act", "5")
    seat = state.current_player()
    value, card = solve_hands(state.hand(seat), state.hand(1 - seat), state.trump, state.lead,
                              state.rules.counting)
    return Solution(value, PLAY[card])
