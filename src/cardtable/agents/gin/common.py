"""Shared Gin Rummy agent knowledge: card tracking, an opponent model, sampled worlds, fast playouts.

Everything here works from a :class:`~cardtable.gin.GinView` (what one seat may
know) and never from the real state. A sampled :class:`World` is a guess at the
hidden cards (the opponent's unknown cards and the stock) that agrees with
everything the view shows; :meth:`World.to_state` turns it into an engine
position for checks, and :func:`playout` plays it to the end of the hand
quickly with a light rule policy for both seats.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...cards import SPADES, Card, cards_to_mask, format_cards, mask_to_cards
from ...gin.melds import FULL, deadwood, layoff_plan, minimal_arrangements
from ...gin.rules import GinRules
from ...gin.view import GinView

__all__ = [
    "NEIGH",
    "VALUE",
    "Knowledge",
    "World",
    "dw",
    "knowledge",
    "sample_world",
    "sample_opponent_hidden",
    "playout",
    "showdown_points",
    "popcount",
]

VALUE: tuple[int, ...] = tuple(min(i % 13 + 1, 10) for i in range(52))
"""Deadwood value of each card index."""


def _neighbours(i: int, span: int) -> int:
    rank, suit = i % 13, i // 13
    m = 0
    for s in range(4):
        if s != suit:
            m |= 1 << (s * 13 + rank)
    for d in range(-span, span + 1):
        if d and 0 <= rank + d < 13:
            m |= 1 << (suit * 13 + rank + d)
    return m


NEIGH: tuple[int, ...] = tuple(_neighbours(i, 2) for i in range(52))
"""Cards that can share a meld with a card: same rank, or same suit within two ranks."""
NEAR: tuple[int, ...] = tuple(_neighbours(i, 1) for i in range(52))
"""Same rank, or same suit one rank away."""

_DW_CACHE: dict[int, int] = {}


def dw(mask: int) -> int:
    """Minimum deadwood of ``mask`` (memoised :func:`cardtable.gin.melds.deadwood`)."""
    found = _DW_CACHE.get(mask)
    if found is None:
        found = deadwood(mask)
        if len(_DW_CACHE) > 400_000:
            _DW_CACHE.clear()
        _DW_CACHE[mask] = found
    return found


def popcount(mask: int) -> int:
    return mask.bit_count()


def bits(mask: int) -> list[int]:
    """Card indices of ``mask``, ascending."""
    out = []
    while mask:
        out.append((mask & -mask).bit_length() - 1)
        mask &= mask - 1
    return out


@dataclass
class Knowledge:
    """What a seat knows, read from its view: masks of cards and the opponent's public choices."""

    seat: int
    hand: int
    opp_known: int
    pile: int
    unseen: int
    """Cards in neither this hand, the discard pile nor the opponent's known cards."""
    opp_hidden: int
    """How many of the opponent's cards are unknown."""
    opp_discards: list[int] = field(default_factory=list)
    opp_declined: list[int] = field(default_factory=list)
    """Upcards the opponent passed or left for a stock draw."""
    opp_taken: list[int] = field(default_factory=list)
    opp_stock_draws: int = 0
    my_turns: int = 0
    weights: dict[int, float] = field(default_factory=dict)
    """Per unseen card: relative likelihood that the opponent holds it."""
    p_opp: dict[int, float] = field(default_factory=dict)
    """Per unseen card: estimated probability that the opponent holds it (sums to ``opp_hidden``)."""


def _parse_events(view: GinView, kn: Knowledge) -> None:
    """Replay the public events to learn the opponent's discards, takes and passes."""
    events = view.events
    if len(events) < 21:
        return
    me = view.seat
    opp = 1 - me
    nondealer = 1 - view.dealer
    pile: list[int] = []
    first = events[20]
    if not first.startswith("deal ") or first.endswith("?"):
        return
    try:
        pile.append(Card.parse(first.split()[1]).index)
        player = nondealer
        offer = 0  # 0: non-dealer's offer, 1: dealer's offer, 2: done
        for ev in events[21:]:
            words = ev.split()
            kind = words[0]
            if kind == "take":
                if words[1:] == ["knock"]:
                    if player == opp and pile:
                        kn.opp_taken.append(pile.pop())
                    break
                top = pile.pop() if pile else -1
                if player == opp and top >= 0:
                    kn.opp_taken.append(top)
                offer = 2
            elif kind == "pass":
                if offer == 0:
                    if player == opp and pile:
                        kn.opp_declined.append(pile[-1])
                    offer = 1
                    player = view.dealer
                elif offer == 1:
                    if player == opp and pile:
                        kn.opp_declined.append(pile[-1])
                    offer = 2
                    player = nondealer
                else:
                    break
            elif kind == "draw":
                if player == opp:
                    kn.opp_stock_draws += 1
                    if offer == 2 and pile and kn.opp_declined[-1:] != [pile[-1]]:
                        kn.opp_declined.append(pile[-1])
                offer = 2
            elif kind == "drawn":
                pass
            elif kind == "discard":
                card = Card.parse(words[1]).index
                pile.append(card)
                if player == opp:
                    kn.opp_discards.append(card)
                else:
                    kn.my_turns += 1
                player = 1 - player
                offer = 2
            else:  # knock, big gin, arrange: the hand is ending
                break
    except (IndexError, ValueError):
        return


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
    _parse_events(view, kn)
    _model_weights(kn)
    return kn


# --- sampled worlds -----------------------------------------------------------------------


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


@dataclass
class World:
    """One determinization: the opponent's whole hand and a stock order, consistent with the view."""

    seat: int
    view: GinView
    my_hand: int
    opp_hand: int
    stock: list[int]
    """Stock card indices; the next card drawn is ``stock[-1]``."""

    def to_state(self, rules: GinRules | None = None) -> object:
        """This world as an engine position (a :class:`~cardtable.gin.GinState`) for checks and tests."""
        from ...gin.state import GinState

        v = self.view
        me, opp = self.seat, 1 - self.seat
        pile = list(v.discard_pile)
        knock: Card | None = None
        if v.phase == "arrange" and pile:
            knock = pile.pop()
        hands = [0, 0]
        hands[me] = self.my_hand
        hands[opp] = self.opp_hand
        known = [0, 0]
        known[me] = cards_to_mask(v.own_known)
        known[opp] = cards_to_mask(v.opponent_known)
        offer = (
            v.taken_card is not None and v.taken_card == v.first_upcard and not pile
            and (v.current_player, "take") in v.upcard_decisions
        )
        fields = {
            "dealer": str(v.dealer),
            "phase": v.phase,
            "turn": str(v.current_player),
            "hand0": format_cards(mask_to_cards(hands[0])),
            "hand1": format_cards(mask_to_cards(hands[1])),
            "discard": format_cards(pile),
            "known0": format_cards(mask_to_cards(known[0])),
            "known1": format_cards(mask_to_cards(known[1])),
            "taken": str(v.taken_card) if v.taken_card else "-",
            "upcard": str(v.first_upcard) if v.first_upcard else "-",
            "limit": str(v.knock_limit),
            "draws": str(v.discard_draws),
            "offer": "yes" if offer else "no",
            "knock": str(knock) if knock else "-",
        }
        return GinState.from_fields(rules if rules is not None else GinRules(), fields)


def sample_world(view: GinView, kn: Knowledge, rng: random.Random, structured: bool = True) -> World:
    """A world consistent with ``view``: the opponent's known cards plus sampled hidden ones, the rest in the stock."""
    hidden = sample_opponent_hidden(kn, rng, structured)
    opp = kn.opp_known | hidden
    stock = bits(kn.unseen & ~hidden)
    rng.shuffle(stock)
    return World(kn.seat, view, kn.hand, opp, stock)


# --- fast playouts --------------------------------------------------------------------------


def showdown_points(
    rules: GinRules, knocker: int, hands: Sequence[int], big_gin: bool, first_upcard: Card | None,
    melds: tuple[int, ...] | None = None,
) -> tuple[int, int]:
    """Points per seat of a showdown, as section 6 scores it (``hands`` after the knock discard)."""
    kh = hands[knocker]
    dh = hands[1 - knocker]
    k = dw(kh)
    d0 = dw(dh)
    if big_gin:
        assert rules.big_gin_bonus is not None
        winner, score = knocker, rules.big_gin_bonus + d0
    elif k == 0:
        winner, score = knocker, rules.gin_bonus + d0
    else:
        if melds is None:
            arrangements = minimal_arrangements(kh)
            d = max(layoff_plan(dh, a).deadwood for a in arrangements) if len(arrangements) > 1 else \
                layoff_plan(dh, arrangements[0]).deadwood
        else:
            d = layoff_plan(dh, melds).deadwood
        if k < d:
            winner, score = knocker, d - k
        elif d < k or rules.undercut_on_tie:
            winner, score = 1 - knocker, rules.undercut_bonus + (k - d)
        else:
            return (0, 0)
    if rules.oklahoma and first_upcard is not None and first_upcard.suit == SPADES:
        score *= 2
    pts = [0, 0]
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
    cache = _DW_CACHE
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

    def __init__(self, rules: GinRules | None = None) -> None:
        self.rules = rules if rules is not None else GinRules()

    def act(self, view: GinView, legal_actions: Sequence[object]) -> object:
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
