"""The Gin Rummy opponent model: cards near what the opponent took are likelier in its hand, cards
near what it threw or passed less likely; :func:`knowledge` reads a view and applies the model,
:func:`sample_opponent_hidden` draws a guess at the opponent's unknown cards from it.
"""

from __future__ import annotations

import random

from ...cards import Card, cards_to_mask
from ...gin.melds import FULL
from ...gin.view import GinView
from .tracking import NEIGH, VALUE, Knowledge, bits, dw, parse_events, popcount

__all__ = ["knowledge", "sample_opponent_hidden"]


def _model_weights(kn: Knowledge) -> None:
    """Opponent model: cards near what it took are likelier, near what it threw or passed less likely."""
    weights = {i: 1.0 for i in bits(kn.unseen)}
    if not weights:
        return

    def scale(center: int, same_rank: float, near: float, far: float) -> None:
        for j in bits(NEIGH[center] & kn.unseen):
            if j % 13 == center % 13:
                weights[j] *= same_rank
            elif abs(j % 13 - center % 13) == 1:
                weights[j] *= near
            else:
                weights[j] *= far

    for c in bits(kn.opp_known):
        scale(c, 2.2, 2.2, 1.4)
    for c in kn.opp_discards:
        scale(c, 0.55, 0.6, 0.8)
    for c in kn.opp_declined:
        scale(c, 0.7, 0.75, 0.9)
    kn.weights = weights
    n = kn.opp_hidden
    total = sum(weights.values())
    probs = {i: min(0.97, w * n / total) for i, w in weights.items()} if total > 0 else {}
    # one rescaling pass so that the probabilities sum to the hidden count
    s = sum(probs.values())
    if s > 0:
        f = n / s
        probs = {i: min(0.97, p * f) for i, p in probs.items()}
    kn.p_opp = probs


def knowledge(view: GinView) -> Knowledge:
    """Everything the agents track, from ``view`` alone."""
    hand = cards_to_mask(view.hand)
    opp_known = cards_to_mask(view.opponent_known)
    pile = cards_to_mask(view.discard_pile)
    unseen = FULL & ~hand & ~pile & ~opp_known
    kn = Knowledge(
        seat=view.seat,
        hand=hand,
        opp_known=opp_known,
        pile=pile,
        unseen=unseen,
        opp_hidden=max(0, view.opponent_hand_size - popcount(opp_known)),
    )
    parse_events(view, kn)
    _model_weights(kn)
    return kn


def _weighted_sample(pool: list[int], weights: list[float], k: int, rng: random.Random) -> list[int]:
    """``k`` distinct items of ``pool`` drawn without replacement with the given weights."""
    pool = pool[:]
    weights = weights[:]
    out: list[int] = []
    for _ in range(min(k, len(pool))):
        total = sum(weights)
        x = rng.random() * total
        acc = 0.0
        pick = len(pool) - 1
        for i, w in enumerate(weights):
            acc += w
            if x < acc:
                pick = i
                break
        out.append(pool.pop(pick))
        weights.pop(pick)
    return out


def sample_opponent_hidden(kn: Knowledge, rng: random.Random, structured: bool = True) -> int:
    """A guess at the opponent's unknown cards, drawn by the opponent model.

    With ``structured`` the guess also reflects that the opponent has been
    improving its hand: a few extra cards (about one for every two of its
    stock draws) are drawn and the opponent keeps the best ones, as a player
    who saw them would.
    """
    n = kn.opp_hidden
    if n == 0:
        return 0
    pool = bits(kn.unseen)
    w = [kn.weights.get(i, 1.0) for i in pool]
    extra = min(5, (kn.opp_stock_draws + 1) // 2, len(pool) - n) if structured else 0
    extra = max(0, extra)
    cards = _weighted_sample(pool, w, n + extra, rng)
    hidden = cards_to_mask(Card.from_index(i) for i in cards)
    known = kn.opp_known
    for _ in range(extra):
        best, best_dw = -1, 1 << 30
        for i in bits(hidden):
            d = dw((hidden | known) & ~(1 << i)) * 4 - VALUE[i]
            if d < best_dw:
                best, best_dw = i, d
        hidden &= ~(1 << best)
    return hidden
