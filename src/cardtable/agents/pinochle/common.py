"""Shared knowledge and judgement of the Pinochle computer players.

Everything here works on card masks (see :mod:`cardtable.pinochle.deck`) and on
what one seat may know:

* :class:`Knowledge` is built from a :class:`~cardtable.pinochle.PinochleView`
  only: own cards, the public cards (tricks, melds, trump card, the opponent's
  known cards) and so the *unseen* cards (opponent's concealed cards or stock);
* :class:`Ctx` is one seat's decision context, made from a view (the
  ``medium`` player) or from a simulated world for that seat (``hard``'s
  playouts, which never let a seat look at the other's hidden cards);
* the heuristics: keep values of cards (meld potential, stage-2 trick power),
  the meld/trick trade-off for leads and follows, meld choice;
* :class:`Sim`, a fast bitmask simulator of the rest of a hand (stage 1 with
  the heuristic for both seats, stage 2 with a greedy full-information
  policy), used by ``hard`` in sampled worlds;
* exact stage-2 values from :mod:`cardtable.pinochle.solver`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ...pinochle.actions import DRAW, EXCHANGE, NO_EXCHANGE, NO_MELD, PLAY, PinochleAction, meld_action
from ...pinochle.deck import FULL, NINE, RANK_MASKS, SUIT_MASKS, card_points, higher_mask, index_of, iter_bits, mask_of
from ...pinochle.melds import (
    ACES,
    DIX,
    DOUBLE,
    JACKS,
    KIND_POINTS,
    KINGS,
    MARRIAGE,
    PINOCHLE,
    QUEENS,
    ROYAL,
    RUN,
    kind_from_name,
    legal_melds,
    record_add,
)
from ...pinochle.rules import PinochleRules
from ...pinochle.solver import SearchTimeout, Solver, canonical
from ...pinochle.tricks import follower_wins, stage2_options
from ...pinochle.view import PinochleView

__all__ = [
    "Knowledge",
    "Ctx",
    "Sim",
    "knowledge",
    "view_ctx",
    "mask_of",
    "rules_of",
    "keep_values",
    "play_values",
    "meld_values",
    "exchange_choice",
    "sample_world",
    "Stage2",
    "greedy_stage2",
]

_HIGHER = tuple(higher_mask(i) for i in range(48))
_SUIT = tuple(i // 12 for i in range(48))
_ORDER = tuple((i % 12) >> 1 for i in range(48))

OPP_MELD = 9.0
"""Expected points the opponent gains (meld chance, the lead) when it wins a stage-1 trick."""
WIN_MELD = 0.75
"""Share of a meld ready now that is worth winning the trick for (the rest may be melded later)."""
TRUMP_KEEP = (13.0, 11.0, 8.0, 7.0, 6.0, 4.0)
"""Stage-2 trick power of a trump by rank (A..9), in points."""
SIDE_KEEP = (5.0, 2.0, 0.0, 0.0, 0.0, 0.0)
"""Stage-2 trick power of a non-trump card by rank."""


def rules_of(view: PinochleView, fallback: PinochleRules | None = None) -> PinochleRules:
    if view.rules is not None:
        return view.rules
    return fallback if fallback is not None else PinochleRules()


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows, as masks."""

    seat: int
    rules: PinochleRules
    trump: int
    trump_card: int
    """The card under the stock, -1 once taken."""
    hand: int
    """Own cards, concealed and melded."""
    melded: int
    opp_melded: int
    opp_known: int
    """Opponent cards surely held: its melded cards and its public concealed cards."""
    opp_hidden: int
    """How many opponent cards are unknown."""
    unseen: int
    """Cards that are in the opponent's hidden hand or in the face-down stock."""
    stock_size: int
    played: int
    lead: int
    ntricks: int
    scored: tuple[int, ...]
    dix_scored: int
    opp_hand: int
    """The opponent's hand, in stage 2 only (else 0)."""
    claim: int = 0
    """What declaring out would claim now (:meth:`PinochleView.claim`)."""


def knowledge(view: PinochleView, fallback: PinochleRules | None = None) -> Knowledge:
    """The seat's knowledge from its view (and nothing else)."""
    rules = rules_of(view, fallback)
    hand = mask_of(view.hand) | mask_of(view.melded)
    opp_melded = mask_of(view.opponent_melded)
    opp_known = opp_melded | mask_of(view.opponent_known)
    played = 0
    for _, a, b, _ in view.tricks:
        played |= (1 << index_of(a)) | (1 << index_of(b))
    lead = index_of(view.lead) if view.lead is not None else -1
    if lead >= 0:
        played |= 1 << lead
    tc = index_of(view.trump_card) if view.trump_card is not None else -1
    seen = hand | opp_known | played | ((1 << tc) if tc >= 0 else 0)
    unseen = FULL & ~seen
    opp_hand = mask_of(view.opponent_hand) if view.opponent_hand is not None else 0
    if opp_hand:
        unseen = 0
    scored = [0] * 10
    for card, kinds in view.records:
        bit = 1 << index_of(card)
        for name in kinds:
            k = kind_from_name(name)
            if k is not None:
                scored[k] |= bit
    return Knowledge(
        seat=view.seat, rules=rules, trump=view.trump, trump_card=tc, hand=hand, melded=mask_of(view.melded),
        opp_melded=opp_melded, opp_known=opp_known,
        opp_hidden=max(0, view.opponent_hand_size - opp_known.bit_count()) if not opp_hand else 0,
        unseen=unseen, stock_size=view.stock_size, played=played, lead=lead, ntricks=len(view.tricks),
        scored=tuple(scored), dix_scored=mask_of(view.dix_scored), opp_hand=opp_hand, claim=view.claim(),
    )


@dataclass
class Ctx:
    """One seat's stage-1 decision context (own cards, public record, unseen cards)."""

    rules: PinochleRules
    pts: tuple[int, ...]
    trump: int
    trump_card: int
    hand: int
    melded: int
    unseen: int
    opp_known: int
    opp_hidden: int
    stock_size: int
    ntricks: int
    scored: tuple[int, ...]
    dix_scored: int


def view_ctx(kn: Knowledge) -> Ctx:
    return Ctx(kn.rules, card_points(kn.rules.counting), kn.trump, kn.trump_card, kn.hand, kn.melded, kn.unseen,
               kn.opp_known, kn.opp_hidden, kn.stock_size, kn.ntricks, kn.scored, kn.dix_scored)


# --- meld potential ---------------------------------------------------------------------------------------


def _pair(suit: int, order: int) -> int:
    return 3 << (12 * suit + 2 * order)


_SHAPES_CACHE: dict[tuple[int, bool], list[tuple[int, tuple[int, ...], int]]] = {}


def shapes(trump: int, double: bool) -> list[tuple[int, tuple[int, ...], int]]:
    """Meld shapes for keep values: (kind, slots as copy pairs, points); the dix is handled apart."""
    key = (trump, double)
    out = _SHAPES_CACHE.get(key)
    if out is None:
        out = [(RUN, tuple(_pair(trump, o) for o in range(5)), KIND_POINTS[RUN]),
               (ROYAL, (_pair(trump, 2), _pair(trump, 3)), KIND_POINTS[ROYAL])]
        out += [(MARRIAGE, (_pair(s, 2), _pair(s, 3)), KIND_POINTS[MARRIAGE]) for s in range(4) if s != trump]
        for kind, order in ((ACES, 0), (KINGS, 2), (QUEENS, 3), (JACKS, 4)):
            out.append((kind, tuple(_pair(s, order) for s in range(4)), KIND_POINTS[kind]))
        out.append((PINOCHLE, (_pair(0, 3), _pair(2, 4)), KIND_POINTS[PINOCHLE]))
        if double:
            out.append((DOUBLE, (1 << 6, 1 << 7, 1 << 32, 1 << 33), KIND_POINTS[DOUBLE]))
        _SHAPES_CACHE[key] = out
    return out


_LIGHT_CACHE: dict[int, list[tuple[int, tuple[int, ...], int]]] = {}


def _light_shapes(trump: int) -> list[tuple[int, tuple[int, ...], int]]:
    out = _LIGHT_CACHE.get(trump)
    if out is None:
        out = [(k, sl, sum(sl)) for k, sl, _ in shapes(trump, False) if k != RUN]
        _LIGHT_CACHE[trump] = out
    return out


def _light_key(trump: int, c: int) -> float:
    """Static cost of giving up card ``c`` in the light policy (points plus stage-2 power)."""
    pts = (10, 10, 5, 5, 0, 0)[_ORDER[c]]
    if _SUIT[c] == trump:
        return pts + TRUMP_KEEP[_ORDER[c]] * 0.8
    return pts + SIDE_KEEP[_ORDER[c]]


_LIGHT_KEY = tuple(tuple(_light_key(t, c) for c in range(48)) for t in range(4))


_MASKS_CACHE: dict[tuple[int, bool], list[int]] = {}


def _shape_masks(trump: int, double: bool) -> list[int]:
    """All cards of each shape of :func:`shapes`."""
    key = (trump, double)
    out = _MASKS_CACHE.get(key)
    if out is None:
        out = _MASKS_CACHE[key] = [sum(sl) for _, sl, _ in shapes(trump, double)]
    return out


def meld_prob(ntricks: int) -> float:
    """Chance of winning a trick to meld before stage 2 when ``12 - ntricks`` stage-1 tricks are left."""
    left = 12 - ntricks
    return 0.0 if left <= 0 else 1.0 - 0.5 ** left


def shape_value(ctx: Ctx, hand: int, kind: int, slots: tuple[int, ...], points: int) -> float:
    """Expected points of one meld shape for ``hand``: complete now, or by the draws still to come."""
    bad = ctx.scored[kind] | (ctx.scored[RUN] if kind == ROYAL else 0) | (ctx.scored[DOUBLE] if kind == PINOCHLE else 0)
    if kind == DOUBLE:
        held = (hand & sum(slots)) & ~bad
        missing = [s for s in slots if not held & s]
    else:
        missing = [s for s in slots if not hand & s & ~bad]
    p = meld_prob(ctx.ntricks)
    if not missing:
        return points * p
    if len(missing) > 2 or ctx.stock_size <= 0:
        return 0.0
    draws = (ctx.stock_size + 1) // 2
    pool = ctx.unseen.bit_count() or 1
    q = min(1.0, draws / pool)
    for s in missing:
        a = (ctx.unseen & s).bit_count()
        if not a:
            return 0.0
        p *= 1.0 - (1.0 - q) ** a
    return points * p * meld_prob(ctx.ntricks + 1)


def keep_values(ctx: Ctx, cards: int) -> dict[int, float]:
    """How much each card of ``cards`` is worth keeping: lost meld potential plus stage-2 trick power."""
    hand = ctx.hand
    trump = ctx.trump
    shp = shapes(trump, ctx.rules.double_pinochle_300)
    fulls = _shape_masks(trump, ctx.rules.double_pinochle_300)
    base = [shape_value(ctx, hand, k, sl, p) for k, sl, p in shp]
    out: dict[int, float] = {}
    late = min(1.0, 0.4 + ctx.ntricks / 12)
    for c in iter_bits(cards):
        bit = 1 << c
        v = 0.0
        without = hand & ~bit
        twin = hand >> (c ^ 1) & 1  # the other copy stays: only a double pinochle can lose by it
        for i, (k, sl, p) in enumerate(shp):
            if base[i] > 0.0 and fulls[i] & bit and (not twin or k == DOUBLE):
                v += base[i] - shape_value(ctx, without, k, sl, p)
        if _SUIT[c] == trump:
            if _ORDER[c] == NINE:
                if ctx.trump_card >= 0 and _ORDER[ctx.trump_card] != NINE and not ctx.dix_scored & bit:
                    v += 6.0
                else:
                    v += TRUMP_KEEP[5] * late
            else:
                v += TRUMP_KEEP[_ORDER[c]] * late
        else:
            v += SIDE_KEEP[_ORDER[c]] * late
        out[c] = v
    return out


def _p_holds(ctx: Ctx, beaters: int) -> float:
    """Chance the opponent holds at least one card of ``beaters``."""
    if ctx.opp_known & beaters:
        return 1.0
    k = (ctx.unseen & beaters).bit_count()
    u = ctx.unseen.bit_count()
    h = ctx.opp_hidden
    if not k or not h or not u:
        return 0.0
    miss = 1.0
    for i in range(min(h, u)):
        if u - i <= 0:
            break
        miss *= max(0.0, (u - k - i) / (u - i))
        if miss <= 0.0:
            break
    return 1.0 - miss


def best_meld_now(ctx: Ctx, hand: int, concealed: int) -> int:
    """Points of the best meld ``hand`` could make at once (0 if none)."""
    r = ctx.rules
    melds = legal_melds(ctx.trump, hand, concealed, ctx.scored, ctx.dix_scored, r.meld_requires_hand_card,
                        r.double_pinochle_300)
    return max((KIND_POINTS[k] for k, _ in melds), default=0)


def play_values(ctx: Ctx, cards: Sequence[int], lead: int) -> list[float]:
    """Stage-1 value (points margin, higher is better) of playing each of ``cards``; ``lead`` -1 to lead."""
    pts = ctx.pts
    keep = keep_values(ctx, sum(1 << c for c in cards))
    trump = ctx.trump
    can_exch = ctx.trump_card >= 0 and _ORDER[ctx.trump_card] != NINE
    dix_bonus = 10.0 if ctx.rules.dix_scores_when_played else 0.0
    late = 1.0 if ctx.ntricks >= 10 else WIN_MELD
    out = []
    r = ctx.rules
    melds = legal_melds(ctx.trump, ctx.hand, ctx.hand & ~ctx.melded, ctx.scored, ctx.dix_scored,
                        r.meld_requires_hand_card, r.double_pinochle_300)
    for c in cards:
        bit = 1 << c
        rest = ctx.hand & ~bit
        meld_now = max((KIND_POINTS[k] for k, m in melds if not m & bit), default=0) * late
        if can_exch and rest & SUIT_MASKS[trump] & RANK_MASKS[NINE]:
            meld_now += 5.0
        v = -keep[c]
        if _SUIT[c] == trump and _ORDER[c] == NINE and not ctx.dix_scored & bit:
            v += dix_bonus
        if lead >= 0:
            trick = pts[lead] + pts[c]
            if follower_wins(lead, c, trump):
                v += trick + meld_now
            else:
                v -= trick + OPP_MELD
        else:
            s = _SUIT[c]
            beaters = _HIGHER[c] | (SUIT_MASKS[trump] if s != trump else 0)
            p_has = _p_holds(ctx, beaters)
            w = 1.0 if pts[c] >= 10 else 0.55
            p_beat = p_has * w
            pool = ctx.unseen & beaters
            pb = (sum(pts[i] for i in iter_bits(pool)) / pool.bit_count()) * 0.5 if pool else 2.0
            v += p_beat * (-(pts[c] + pb) - OPP_MELD) + (1.0 - p_beat) * (pts[c] + 1.0 + meld_now)
        out.append(v)
    return out


def meld_values(ctx: Ctx, melds: Sequence[tuple[int, int]]) -> list[float]:
    """Value of each legal meld: its points plus a discounted best follow-up meld it leaves possible."""
    r = ctx.rules
    gamma = meld_prob(ctx.ntricks) * 0.9
    out = []
    for kind, mask in melds:
        scored = record_add(ctx.scored, kind, mask)
        dix = ctx.dix_scored | (mask if kind == DIX else 0)
        concealed = ctx.hand & ~ctx.melded & ~mask
        after = legal_melds(ctx.trump, ctx.hand, concealed, scored, dix, r.meld_requires_hand_card,
                            r.double_pinochle_300)
        follow = max((KIND_POINTS[k] for k, _ in after), default=0)
        out.append(KIND_POINTS[kind] + gamma * follow)
    return out


def exchange_choice(dixes: Sequence[int], dix_scored: int) -> int:
    """The dix to exchange: one that has not scored yet if any (it scores 10)."""
    for d in dixes:
        if not dix_scored >> d & 1:
            return d
    return dixes[0]


# --- stage 2 -----------------------------------------------------------------------------------------------


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
            s = _SUIT[c]
            same = fh & SUIT_MASKS[s]
            beaten = bool(same & _HIGHER[c]) if same else (s != trump and bool(fh & SUIT_MASKS[trump]))
            if not beaten:
                v = pts[c] * 2 + (1 if s != trump else 0)
                if v > safe_v:
                    safe_best, safe_v = c, v
            else:
                v = pts[c] * 4 + (8 if s == trump else 0) - _ORDER[c]
                if v < low_v:
                    low, low_v = c, v
        lead = safe_best if safe_best >= 0 else low
        opts = stage2_options(fh, lead, trump)
        win_best, win_key = -1, (-99, -99)
        lose_best, lose_key = -1, (99, 99)
        for f in iter_bits(opts):
            if follower_wins(lead, f, trump):
                key = (pts[f], _ORDER[f])
                if key > win_key:
                    win_best, win_key = f, key
            else:
                key = (pts[f], -_ORDER[f])
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
        self.capped = 0
        self.fallbacks = 0
        self._solver: Solver | None = None
        self._key: tuple[int, str, int] = (-1, "", 0)

    def solver(self, trump: int, counting: str, hands: int) -> Solver:
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


# --- the simulator -----------------------------------------------------------------------------------------


class Sim:
    """The rest of one hand in a fully specified world, played by the heuristic (stage 1) and greedily (stage 2).

    ``score`` per seat accumulates meld and dix points and counters won from
    the moment the simulation starts; :meth:`margin` is the result for a seat.
    """

    __slots__ = (
        "dix_scored",
        "draws",
        "hands",
        "heavy",
        "known",
        "last",
        "lead",
        "leader",
        "log",
        "melded",
        "nstock",
        "ntricks",
        "played",
        "pts",
        "rules",
        "score",
        "scored",
        "tc",
        "trump",
    )

    def __init__(self, rules: PinochleRules, trump: int, hands: list[int], melded: list[int], known: list[int],
                 scored: tuple[int, ...], dix_scored: int, tc: int, stock: list[int], played: int, leader: int,
                 lead: int, ntricks: int) -> None:
        self.rules = rules
        self.pts = card_points(rules.counting)
        self.trump = trump
        self.hands = hands
        self.melded = melded
        self.known = known
        self.scored = scored
        self.dix_scored = dix_scored
        self.tc = tc
        # The stock as one queue of future draws per seat (plus the last face-down card, for the winner of
        # trick 12): the same distribution as one shuffled stock, but a seat's draws do not depend on who
        # wins which trick, so the candidates of one world differ far less (common random numbers).
        self.last = stock[0] if stock else -1
        self.draws = [stock[1::2], stock[2::2]]
        self.nstock = len(stock)
        self.played = played
        self.score = [0, 0]
        self.leader = leader
        self.lead = lead
        self.ntricks = ntricks
        self.heavy = False
        """Stage-1 cards chosen by the full ``medium`` judgement (slower) instead of the light policy."""
        self.log: list[PinochleAction] | None = None
        """When a list, every action of the simulation is appended (chance draws included), for tests."""

    def ctx(self, p: int) -> Ctx:
        o = 1 - p
        opp_known = self.melded[o] | self.known[o]
        unseen = FULL & ~self.hands[p] & ~self.played & ~opp_known & ~((1 << self.tc) if self.tc >= 0 else 0)
        return Ctx(self.rules, self.pts, self.trump, self.tc, self.hands[p], self.melded[p], unseen, opp_known,
                   self.hands[o].bit_count() - opp_known.bit_count(), self.nstock, self.ntricks, self.scored,
                   self.dix_scored)

    def choose_card(self, p: int, lead: int) -> int:
        """The light stage-1 policy: the medium player's rules of thumb on static card values.

        Cards of nearly complete melds, trumps and side aces are kept; a trick is
        won when a counter is led, when a meld waits, or cheaply in the led suit.
        """
        hand = self.hands[p]
        if not hand & (hand - 1):
            return hand.bit_length() - 1
        if self.heavy:
            cards = list(iter_bits(hand))
            vals = play_values(self.ctx(p), cards, lead)
            return cards[max(range(len(cards)), key=vals.__getitem__)]
        trump = self.trump
        pts = self.pts
        scored = self.scored
        meldish = 0
        pending = False
        for kind, slots, full in _light_shapes(trump):
            held = 0
            bad = scored[kind]
            for sl in slots:
                if hand & sl & ~bad:
                    held += 1
            if held >= len(slots) - 1:
                meldish |= hand & full
                if held == len(slots):
                    pending = True
        best, best_key = -1, 1e9
        if lead < 0:
            for c in iter_bits(hand):
                k = _LIGHT_KEY[trump][c] + (9.0 if meldish >> c & 1 else 0.0)
                if pending:  # lead to win: a side ace or a high trump not needed for melds
                    if _SUIT[c] != trump and _ORDER[c] == 0 and not meldish >> c & 1:
                        k -= 30.0
                    elif _SUIT[c] == trump and _ORDER[c] <= 1 and not meldish >> c & 1:
                        k -= 20.0
                if k < best_key:
                    best, best_key = c, k
            return best
        want = pending or pts[lead] >= 10
        win, win_key = -1, 1e9
        for c in iter_bits(hand):
            k = _LIGHT_KEY[trump][c] + (9.0 if meldish >> c & 1 else 0.0)
            if follower_wins(lead, c, trump):
                if k < win_key:
                    win, win_key = c, k
            elif k < best_key:
                best, best_key = c, k
        if win >= 0 and (want or best < 0 or (_SUIT[win] == _SUIT[lead] and win_key <= best_key + 6.0)):
            return win
        return best

    def play_card(self, p: int, c: int) -> None:
        """Play ``c`` for ``p``: a lead, or a follow that completes the trick (and its stage-1 aftermath)."""
        bit = 1 << c
        self.hands[p] &= ~bit
        self.melded[p] &= ~bit
        self.known[p] &= ~bit
        self.played |= bit
        if self.log is not None:
            self.log.append(PLAY[c])
        if self.lead < 0:
            self.lead = c
            return
        leader, lead = self.leader, self.lead
        winner = p if follower_wins(lead, c, self.trump) else leader
        self.score[winner] += self.pts[lead] + self.pts[c]
        self.ntricks += 1
        self.lead = -1
        self.leader = winner
        if self.rules.dix_scores_when_played:
            dixes = SUIT_MASKS[self.trump] & RANK_MASKS[NINE]
            for who, x in ((leader, lead), (p, c)):
                b = 1 << x
                if dixes & b and not self.dix_scored & b:
                    self.dix_scored |= b
                    self.score[who] += 10

    def exchange(self, p: int, dix: int) -> None:
        bit = 1 << dix
        self.hands[p] = (self.hands[p] & ~bit) | (1 << self.tc)
        self.melded[p] &= ~bit
        self.known[p] = (self.known[p] & ~bit) | (1 << self.tc)
        self.tc = dix
        if self.log is not None:
            self.log.append(EXCHANGE[dix])
        if not self.dix_scored & bit:
            self.dix_scored |= bit
            self.score[p] += 10

    def meld(self, p: int, kind: int, mask: int) -> None:
        self.scored = record_add(self.scored, kind, mask)
        if kind == DIX:
            self.dix_scored |= mask
        self.melded[p] |= mask
        self.known[p] &= ~mask
        self.score[p] += KIND_POINTS[kind]
        if self.log is not None:
            self.log.append(meld_action(kind, mask))

    def can_exchange(self, p: int) -> list[int]:
        if self.tc < 0 or _ORDER[self.tc] == NINE:
            return []
        return list(iter_bits(self.hands[p] & SUIT_MASKS[self.trump] & RANK_MASKS[NINE]))

    def legal_melds(self, p: int) -> list[tuple[int, int]]:
        r = self.rules
        return legal_melds(self.trump, self.hands[p], self.hands[p] & ~self.melded[p], self.scored,
                           self.dix_scored, r.meld_requires_hand_card, r.double_pinochle_300)

    def policy_exchange(self, p: int) -> None:
        dixes = self.can_exchange(p)
        if dixes:
            self.exchange(p, exchange_choice(dixes, self.dix_scored))

    def policy_meld(self, p: int) -> None:
        melds = self.legal_melds(p)
        if melds:
            if len(melds) == 1:
                self.meld(p, *melds[0])
                return
            vals = meld_values(self.ctx(p), melds)
            best = max(range(len(melds)), key=lambda i: vals[i])
            self.meld(p, *melds[best])

    def draw(self) -> None:
        w = self.leader
        if self.nstock >= 2:
            cw, cl = self.draws[w].pop(), self.draws[1 - w].pop()
            self.hands[w] |= 1 << cw
            self.hands[1 - w] |= 1 << cl
            self.nstock -= 2
            if self.log is not None:
                self.log.extend((DRAW[cw], DRAW[cl]))
        elif self.nstock:
            self.hands[w] |= 1 << self.last
            self.nstock = 0
            if self.log is not None:
                self.log.append(DRAW[self.last])
            self.hands[1 - w] |= 1 << self.tc
            self.known[1 - w] |= 1 << self.tc
            self.tc = -1
            self.melded = [0, 0]

    def finish_trick_turn(self) -> None:
        """After a stage-1 trick: the winner's exchange and meld, then the draw."""
        w = self.leader
        self.policy_exchange(w)
        self.policy_meld(w)
        self.draw()

    def run(self) -> None:
        """Play on to the end of the hand from a trick start or a pending follow."""
        while self.tc >= 0 or self.nstock:
            if self.lead < 0:
                self.play_card(self.leader, self.choose_card(self.leader, -1))
            p = 1 - self.leader
            self.play_card(p, self.choose_card(p, self.lead))
            self.finish_trick_turn()
        hands = self.hands[:]
        won = [0, 0]
        last = self.leader
        if self.lead >= 0:  # a stage-2 lead is pending
            f = 1 - self.leader
            opts = stage2_options(hands[f], self.lead, self.trump)
            wins = [x for x in iter_bits(opts) if follower_wins(self.lead, x, self.trump)]
            pick = max(wins, key=lambda x: self.pts[x]) if wins else min(iter_bits(opts), key=lambda x: self.pts[x])
            hands[f] &= ~(1 << pick)
            winner = f if wins else self.leader
            won[winner] += self.pts[self.lead] + self.pts[pick]
            self.leader = winner
            self.lead = -1
            last = winner
        if hands[self.leader]:
            last = greedy_stage2(hands, self.leader, self.trump, self.pts, won, self.log)
        self.score[0] += won[0]
        self.score[1] += won[1]
        self.score[last] += 10

    def copy(self) -> Sim:
        new = Sim.__new__(Sim)
        for name in ("rules", "pts", "trump", "scored", "dix_scored", "tc", "played", "leader", "lead", "ntricks",
                     "log", "heavy", "last", "nstock"):
            setattr(new, name, getattr(self, name))
        for name in ("hands", "melded", "known", "score"):
            setattr(new, name, getattr(self, name)[:])
        new.draws = [self.draws[0][:], self.draws[1][:]]
        return new

    def margin(self, seat: int) -> int:
        return self.score[seat] - self.score[1 - seat]


def sample_world(kn: Knowledge, rng: random.Random, lead_by: int) -> Sim:
    """A world consistent with ``kn``: the opponent's hidden cards and the stock order drawn at random.

    ``lead_by`` is the seat that led the trick in progress (when ``kn.lead`` is set), else the leader.
    """
    me, opp = kn.seat, 1 - kn.seat
    if kn.opp_hand:
        opp_cards = kn.opp_hand
        stock: list[int] = []
    else:
        pool = list(iter_bits(kn.unseen))
        rng.shuffle(pool)
        hidden = pool[: kn.opp_hidden]
        stock = pool[kn.opp_hidden:]
        opp_cards = kn.opp_known
        for c in hidden:
            opp_cards |= 1 << c
    hands = [0, 0]
    hands[me], hands[opp] = kn.hand, opp_cards
    melded = [0, 0]
    melded[me], melded[opp] = kn.melded, kn.opp_melded
    known = [0, 0]
    known[opp] = kn.opp_known & ~kn.opp_melded
    return Sim(kn.rules, kn.trump, hands, melded, known, kn.scored, kn.dix_scored, kn.trump_card, stock, kn.played,
               lead_by, kn.lead, kn.ntricks)


def action_of(kind: str, card: int = -1, meld: tuple[int, int] | None = None) -> PinochleAction:
    if kind == "play":
        return PLAY[card]
    if kind == "exchange":
        return EXCHANGE[card]
    if kind == "no exchange":
        return NO_EXCHANGE
    if meld is not None:
        return meld_action(*meld)
    return NO_MELD
