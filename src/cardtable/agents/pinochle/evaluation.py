"""Pinochle evaluation heuristics: keep values of cards (meld potential, stage-2 trick power), the
opponent model (the chance it holds a card that beats ours), the meld/trick trade-off for leads and
follows, meld choice and the dix exchange.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...pinochle.deck import NINE, RANK_MASKS, SUIT_MASKS, iter_bits
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
    legal_melds,
    record_add,
)
from ...pinochle.tricks import follower_wins
from .tracking import HIGHER, ORDER, SUIT, Ctx

__all__ = ["OPP_MELD", "WIN_MELD", "TRUMP_KEEP", "SIDE_KEEP", "shapes", "light_shapes", "LIGHT_KEY", "meld_prob", "shape_value", "keep_values", "best_meld_now", "play_values", "meld_values", "exchange_choice"]


OPP_MELD = 9.0
"""Expected points the opponent gains (meld chance, the lead) when it wins a stage-1 trick."""
WIN_MELD = 0.75
"""Share of a meld ready now that is worth winning the trick for (the rest may be melded later)."""
TRUMP_KEEP = (13.0, 11.0, 8.0, 7.0, 6.0, 4.0)
"""Stage-2 trick power of a trump by rank (A..9), in points."""
SIDE_KEEP = (5.0, 2.0, 0.0, 0.0, 0.0, 0.0)
"""Stage-2 trick power of a non-trump card by rank."""


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


def light_shapes(trump: int) -> list[tuple[int, tuple[int, ...], int]]:
    """The meld shapes of :func:`shapes` for the light policy, without the run and the double pinochle:
    (kind, slots, the mask of all its slots)."""
    out = _LIGHT_CACHE.get(trump)
    if out is None:
        out = [(k, sl, sum(sl)) for k, sl, _ in shapes(trump, False) if k != RUN]
        _LIGHT_CACHE[trump] = out
    return out


def _light_key(trump: int, c: int) -> float:
    """Static cost of giving up card ``c`` in the light policy (points plus stage-2 power)."""
    pts = (10, 10, 5, 5, 0, 0)[ORDER[c]]
    if SUIT[c] == trump:
        return pts + TRUMP_KEEP[ORDER[c]] * 0.8
    return pts + SIDE_KEEP[ORDER[c]]


LIGHT_KEY = tuple(tuple(_light_key(t, c) for c in range(48)) for t in range(4))
"""Per trump suit, per card index: the light policy's static cost of giving the card up (10 for an ace or a
ten, 5 for a king or a queen, plus its stage-2 trick power, 0.8 of it for a trump)."""
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
        if SUIT[c] == trump:
            if ORDER[c] == NINE:
                if ctx.trump_card >= 0 and ORDER[ctx.trump_card] != NINE and not ctx.dix_scored & bit:
                    v += 6.0
                else:
                    v += TRUMP_KEEP[5] * late
            else:
                v += TRUMP_KEEP[ORDER[c]] * late
        else:
            v += SIDE_KEEP[ORDER[c]] * late
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
    can_exch = ctx.trump_card >= 0 and ORDER[ctx.trump_card] != NINE
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
        if SUIT[c] == trump and ORDER[c] == NINE and not ctx.dix_scored & bit:
            v += dix_bonus
        if lead >= 0:
            trick = pts[lead] + pts[c]
            if follower_wins(lead, c, trump):
                v += trick + meld_now
            else:
                v -= trick + OPP_MELD
        else:
            s = SUIT[c]
            beaters = HIGHER[c] | (SUIT_MASKS[trump] if s != trump else 0)
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
