"""Evaluation of Gin Rummy worlds: the showdown's points (section 6) and fast playouts to the end of the
hand with a light rule policy for both seats (:func:`playout`; :class:`LightGinAgent` is that policy as
an agent, for tests).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card, cards_to_mask
from ...gin.melds import layoff_plan, minimal_arrangements
from ...gin.rules import GinRules
from ...gin.scoring import hand_score
from ...gin.view import GinView
from .tracking import DW_CACHE, NEAR, NEIGH, VALUE, bits, dw

__all__ = ["showdown_points", "playout", "LightGinAgent"]


def showdown_points(
    rules: GinRules, knocker: int, hands: Sequence[int], big_gin: bool, first_upcard: Card | None,
    melds: tuple[int, ...] | None = None,
) -> tuple[int, int]:
    """Points per seat of a showdown, as section 6 scores it (``hands`` after the knock discard)."""
    kh = hands[knocker]
    dh = hands[1 - knocker]
    k = dw(kh)
    d = d0 = dw(dh)
    outcome = "big gin" if big_gin else "gin" if k == 0 else "knock"
    if outcome == "knock":
        if melds is None:
            arrangements = minimal_arrangements(kh)
            d = max(layoff_plan(dh, a).deadwood for a in arrangements) if len(arrangements) > 1 else \
                layoff_plan(dh, arrangements[0]).deadwood
        else:
            d = layoff_plan(dh, melds).deadwood
    winner, _, score, _ = hand_score(rules, outcome, knocker, k, d, d0, first_upcard)
    pts = [0, 0]
    if winner is not None:
        pts[winner] = score
    return (pts[0], pts[1])


def _wants_upcard(hand: int, up: int, may_discard_up: bool) -> bool:
    """Light policy: take the upcard when it goes into a meld and lowers the deadwood."""
    if not NEIGH[up] & hand:
        return False
    cur = dw(hand)
    h11 = hand | (1 << up)
    if dw(h11) >= cur + VALUE[up]:
        return False
    m = h11 if may_discard_up else hand
    best = min(dw(h11 & ~(1 << i)) for i in bits(m))
    return best < cur


def _light_discard(hand: int, forbidden: int, limit: int) -> tuple[int, int]:
    """Light policy discard: (card, deadwood left); least deadwood, then fewest connections, then highest."""
    cache = DW_CACHE
    best_left = 1 << 30
    ties: list[int] = []
    m = hand & ~forbidden
    while m:
        low = m & -m
        m ^= low
        rest = hand ^ low
        left = cache.get(rest)
        if left is None:
            left = dw(rest)
        if left < best_left:
            best_left = left
            ties = [low]
        elif left == best_left:
            ties.append(low)
    if len(ties) == 1:
        return ties[0].bit_length() - 1, best_left
    best, key_best = -1, (1 << 30, 0)
    for low in ties:
        i = low.bit_length() - 1
        rest = hand ^ low
        key = ((NEAR[i] & rest).bit_count() * 2 + (NEIGH[i] & rest).bit_count(), -VALUE[i])
        if key < key_best:
            best, key_best = i, key
    return best, best_left


def playout(
    rules: GinRules,
    hands: list[int],
    stock: list[int],
    pile: list[int],
    turn: int,
    phase: str,
    limit: int,
    first_upcard: Card | None,
    taken: int = -1,
    max_turns: int = 200,
) -> tuple[int, int]:
    """Play a world to the end of the hand with the light policy for both seats; the hand's points per seat.

    ``phase`` is ``"draw"`` (turn to draw or take), ``"discard"`` (turn holds 11 cards,
    ``taken`` the card taken this turn or -1), ``"offer"``/``"offer-dealer"`` (first upcard),
    ``"forced-draw"`` or ``"wall"``. ``hands``, ``stock`` and ``pile`` are consumed.
    """
    big_gin_ok = rules.big_gin_bonus is not None
    may_return = rules.discard_taken_card
    for _ in range(max_turns):
        if phase in ("draw", "offer", "offer-dealer", "forced-draw"):
            hand = hands[turn]
            up = pile[-1] if pile else -1
            if phase != "forced-draw" and up >= 0 and _wants_upcard(hand, up, may_return):
                pile.pop()
                hands[turn] = hand | (1 << up)
                taken = up
                phase = "discard"
                continue
            if phase == "offer":
                phase, turn = "offer-dealer", 1 - turn
                continue
            if phase == "offer-dealer":
                phase, turn = "forced-draw", 1 - turn
                continue
            card = stock.pop()
            hands[turn] = hand | (1 << card)
            taken = -1
            phase = "discard"
            continue
        if phase == "discard":
            hand = hands[turn]
            if big_gin_ok and dw(hand) == 0:
                return showdown_points(rules, turn, hands, True, first_upcard)
            forbidden = (1 << taken) if taken >= 0 and not may_return else 0
            card, left = _light_discard(hand, forbidden, limit)
            hands[turn] = hand & ~(1 << card)
            if left <= limit:
                return showdown_points(rules, turn, hands, False, first_upcard)
            pile.append(card)
            taken = -1
            turn = 1 - turn
            if len(stock) <= 2:
                if rules.stock_end != "wall":
                    return (0, 0)
                phase = "wall"
            else:
                phase = "draw"
            continue
        if phase == "wall":
            hand = hands[turn] | (1 << pile[-1])
            up = pile[-1]
            forbidden = 0 if may_return else (1 << up)
            if big_gin_ok and dw(hand) == 0:
                hands[turn] = hand
                return showdown_points(rules, turn, hands, True, first_upcard)
            card, left = _light_discard(hand, forbidden, limit)
            if left <= limit:
                hands[turn] = hand & ~(1 << card)
                return showdown_points(rules, turn, hands, False, first_upcard)
            return (0, 0)
        raise ValueError(f"playout cannot start in phase {phase!r}")
    return (0, 0)


class LightGinAgent:
    """The light playout policy as an agent (for tests: engine play must match :func:`playout`)."""

    name = "light"
    """Name ``"light"`` (a test policy, not a level of :func:`~cardtable.agents.make_agent`)."""

    def __init__(self, rules: GinRules | None = None) -> None:
        self.rules = rules if rules is not None else GinRules()
        """The rules the policy plays by (standard when none are given)."""

    def act(self, view: GinView, legal_actions: Sequence[object]) -> object:
        """The light policy's action in ``view``: what :func:`playout` would play there."""
        from ...gin.actions import BIG_GIN, DISCARD, DRAW, KNOCK, PASS, TAKE, TAKE_KNOCK

        rules = self.rules
        hand = cards_to_mask(view.hand)
        phase = view.phase
        if phase in ("draw", "offer", "offer-dealer", "forced-draw"):
            up = view.discard_pile[-1].index if view.discard_pile else -1
            if phase != "forced-draw" and up >= 0 and _wants_upcard(hand, up, rules.discard_taken_card):
                return TAKE
            return PASS if phase in ("offer", "offer-dealer") else DRAW
        if phase == "discard":
            if rules.big_gin_bonus is not None and dw(hand) == 0:
                return BIG_GIN
            taken = view.taken_card
            forbidden = taken.bit if taken is not None and not rules.discard_taken_card else 0
            card, left = _light_discard(hand, forbidden, view.knock_limit)
            return KNOCK[card] if left <= view.knock_limit else DISCARD[card]
        if phase == "wall":
            return TAKE_KNOCK if TAKE_KNOCK in legal_actions else PASS
        if phase == "wall-knock":
            if BIG_GIN in legal_actions:
                return BIG_GIN
            taken = view.taken_card
            forbidden = taken.bit if taken is not None and not rules.discard_taken_card else 0
            card, _ = _light_discard(hand, forbidden, view.knock_limit)
            return KNOCK[card]
        return legal_actions[0]
