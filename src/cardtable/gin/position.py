"""Gin Rummy positions: every state of a hand as ``key: value`` fields, written and read back exactly.

=============  ==================================================================================
field          value
=============  ==================================================================================
``dealer``     the dealer's seat
``phase``      ``dealing``, ``offer``, ``offer-dealer``, ``forced-draw``, ``draw``, ``drawing``,
               ``discard``, ``wall``, ``wall-knock``, ``arrange`` or ``over`` (the hand has ended)
``turn``       the seat to act; in ``over`` the knocker (or the seat whose action ended a void hand)
``hand0``      seat 0's cards (``-`` when none); ``hand1`` likewise
``discard``    the discard pile, bottom to top (its last card is the upcard)
``known0``     cards of hand0 taken from the discard pile, known to the opponent; ``known1`` likewise
``taken``      the card taken from the discard pile this turn (it may be the knock discard)
``upcard``     the first upcard (default: the bottom of the discard pile)
``limit``      the knock limit (default from the rules, or the Oklahoma upcard)
``draws``      upcard takes in normal turns so far (the discard-draw cap, 4.6.2)
``returned``   the repeated-upcard guard: the card just taken and returned (4.6.1)
``offer``      ``yes`` when the card in hand was taken during the first-upcard offer
``knock``      the knock discard, face down (``arrange`` and ``over``)
``outcome``    in ``over``: ``knock``, ``gin``, ``big gin`` or ``void``
``melds``      in ``over`` after a knock: the knocker's melds as in ``arrange`` (``4D5D6D7D 7S7C7H``)
``void``       in ``over`` for a void hand: why it was void (section 4.5 / 4.6 text)
=============  ==================================================================================

The stock is every card not listed. During the deal (``phase: dealing``) the hands hold the cards
dealt so far (non-dealer first, one at a time) and the pile is empty. A finished hand is read back
with its whole showdown: the knocker's melds as laid, and the defender's melds and layoffs, which
the engine makes itself (the best ones, 5.3), so that no layoff step is ever left half done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..cards import Card, cards_to_mask, format_cards, mask_to_cards, parse_cards
from ..error_codes import Detail, Names, Phase
from ..errors import InvalidNotationError, InvalidPositionError
from .actions import arrange
from .hand_state import HandState
from .melds import FULL, canonical_arrangement, deadwood, deadwood_cards, is_meld
from .phases import (
    ARRANGE,
    DEALING,
    DISCARD_PHASE,
    DRAW_PHASE,
    DRAWING,
    FORCED_DRAW,
    OFFER,
    OFFER_DEALER,
    OVER,
    PHASES,
    WALL,
    WALL_KNOCK,
)
from .rules import GinRules

__all__ = ["POSITION_FIELDS", "state_to_fields", "state_from_fields"]

POSITION_FIELDS = (
    "dealer", "phase", "turn", "hand0", "hand1", "discard", "known0", "known1",
    "taken", "upcard", "limit", "draws", "returned", "offer", "knock", "outcome", "melds", "void",
)
"""The fields of a position, in the order they are written."""
_OUTCOMES = ("knock", "gin", "big gin", "void")

S = TypeVar("S", bound=HandState)


def _card_text(card: Card | None) -> str:
    return str(card) if card is not None else "-"


def state_to_fields(state: HandState) -> dict[str, str]:
    """The exact position of ``state`` (any state of the hand)."""
    out = {
        "dealer": str(state.dealer),
        "phase": state.phase,
        "turn": str(state.turn),
        "hand0": format_cards(mask_to_cards(state.hands[0])),
        "hand1": format_cards(mask_to_cards(state.hands[1])),
        "discard": format_cards(state.discard),
        "known0": format_cards(mask_to_cards(state.known[0])),
        "known1": format_cards(mask_to_cards(state.known[1])),
        "taken": _card_text(state.taken),
        "upcard": _card_text(state.first_upcard),
        "limit": str(state.knock_limit),
        "draws": str(state.draws),
        "returned": _card_text(state.returned),
        "offer": "yes" if state.offer_take else "no",
        "knock": _card_text(state.knock_card),
    }
    sd = state.showdown
    if sd is not None:
        out["outcome"] = sd.outcome
        if sd.outcome == "void":
            out["void"] = sd.void_reason
        else:
            out["melds"] = str(arrange(tuple(cards_to_mask(m) for m in sd.knocker_melds)))[len("arrange "):] or "-"
    return out


def _seat(fields: dict[str, str], key: str) -> int:
    raw = fields.get(key)
    if raw not in ("0", "1"):
        raise InvalidPositionError.from_code("position.not_flag", key=key, raw=raw)
    return int(raw)


def _cards(fields: dict[str, str], key: str, default: str = "-") -> list[Card]:
    try:
        return parse_cards(fields.get(key, default))
    except InvalidNotationError as exc:
        raise InvalidPositionError.from_code("position.field_invalid", key=key, error=exc) from None


def _card(fields: dict[str, str], key: str) -> Card | None:
    cards = _cards(fields, key)
    if len(cards) > 1:
        raise InvalidPositionError.from_code("gin.position.one_card", key=key)
    return cards[0] if cards else None


def _melds(raw: str, hand: int) -> tuple[int, ...]:
    """The knocker's melds written as card runs (``4D5D6D7D 7S7C7H``), checked against ``hand``."""
    melds = []
    used = 0
    for group in raw.split():
        if group == "-":
            continue
        try:
            cards = [Card.parse(group[i:i + 2]) for i in range(0, len(group), 2)]
        except InvalidNotationError as exc:
            raise InvalidPositionError.from_code("gin.position.melds", error=exc) from None
        mask = cards_to_mask(cards)
        if len(cards) != mask.bit_count() or not is_meld(mask):
            raise InvalidPositionError.from_code("gin.position.not_a_meld", group=group)
        if mask & ~hand or mask & used:
            raise InvalidPositionError.from_code("gin.position.meld_cards", group=group)
        used |= mask
        melds.append(mask)
    return tuple(sorted(melds))


def state_from_fields(rules: GinRules, fields: dict[str, str], new_state: Callable[[GinRules, int], S]) -> S:
    """Set up a position from :data:`POSITION_FIELDS` on ``new_state(rules, dealer)`` (a fresh hand);
    impossible positions raise :class:`InvalidPositionError`."""
    dealer = _seat(fields, "dealer")
    phase = fields.get("phase")
    if phase is None:
        raise InvalidPositionError.from_code("gin.position.phase_required")
    if phase not in PHASES:
        raise InvalidPositionError.from_code("gin.position.phase", phases=Names(PHASES))
    turn = _seat(fields, "turn") if phase != DEALING or "turn" in fields else 1 - dealer
    state = new_state(rules, dealer)
    for key in ("hand0", "hand1"):
        if key not in fields:
            raise InvalidPositionError.from_code("position.field_required", key=key)
    hands = [_cards(fields, "hand0"), _cards(fields, "hand1")]
    discard = _cards(fields, "discard")
    knock = _card(fields, "knock")
    seen: set[Card] = set()
    for c in [*hands[0], *hands[1], *discard, *([knock] if knock else [])]:
        if c in seen:
            raise InvalidPositionError.from_code("gin.position.card_twice", card=c)
        seen.add(c)
    state.hands = [cards_to_mask(hands[0]), cards_to_mask(hands[1])]
    state.discard = discard
    state.stock = FULL & ~cards_to_mask(seen)
    state.stock_size = 52 - len(seen)
    sizes = [len(hands[0]), len(hands[1])]
    if phase == DEALING:
        return _dealing(state, sizes, turn, fields)
    state.dealt = 21
    state.phase = phase
    state.turn = turn
    for i in (0, 1):
        known = cards_to_mask(_cards(fields, f"known{i}"))
        face_down = knock.bit if knock is not None and phase == ARRANGE and i == turn else 0
        if known & ~(state.hands[i] | face_down):
            raise InvalidPositionError.from_code("gin.position.known", i=i)
        state.known[i] = known
    state.taken = _card(fields, "taken")
    first = _card(fields, "upcard")
    state.first_upcard = first or (discard[0] if discard else None)
    try:
        state.knock_limit = int(fields["limit"]) if "limit" in fields else (
            (0 if state.first_upcard and state.first_upcard.rank == 1 else (state.first_upcard.value if state.first_upcard else 10))
            if rules.oklahoma else rules.knock_limit
        )
        state.draws = int(fields.get("draws", "0"))
    except ValueError as exc:
        raise InvalidPositionError.from_code("gin.position.limit_draws_type", detail=Detail.of(exc)) from None
    if not 0 <= state.knock_limit <= 10 or state.draws < 0:
        raise InvalidPositionError.from_code("gin.position.limit_draws")
    state.returned = _card(fields, "returned")
    state.offer_take = fields.get("offer", "no").lower() in ("yes", "true", "1")
    state.knock_card = knock
    for key in ("outcome", "melds", "void"):
        if key in fields and phase != OVER:
            raise InvalidPositionError.from_code("gin.position.over_field", key=key)
    if phase == OVER:
        return _finished(state, sizes, fields)
    holding = 11 if phase in (DISCARD_PHASE, WALL_KNOCK) else 10
    if sizes[turn] != holding or sizes[1 - turn] != 10:
        raise InvalidPositionError.from_code("gin.position.hand_sizes", phase=Phase(phase), turn=turn, holding=holding, sizes=sizes)
    if phase in (OFFER, OFFER_DEALER, FORCED_DRAW):
        if len(discard) != 1:
            raise InvalidPositionError.from_code("gin.position.offer_discards")
        nd = 1 - dealer
        expected = {OFFER: nd, OFFER_DEALER: dealer, FORCED_DRAW: nd}[phase]
        if turn != expected:
            raise InvalidPositionError.from_code("gin.position.turn", phase=Phase(phase), expected=expected)
        state.decisions = {OFFER: [], OFFER_DEALER: [(nd, "pass")], FORCED_DRAW: [(nd, "pass"), (dealer, "pass")]}[phase]
    elif phase in (DRAW_PHASE, WALL) and not discard:
        raise InvalidPositionError.from_code("gin.position.discard_empty")
    if state.taken is not None and not state.hands[turn] & state.taken.bit and not (phase == ARRANGE and state.taken == knock):
        raise InvalidPositionError.from_code("gin.position.taken_card")
    if phase == ARRANGE and knock is None:
        raise InvalidPositionError.from_code("gin.position.arrange_knock")
    if phase == ARRANGE and deadwood(state.hands[turn]) > state.knock_limit:
        raise InvalidPositionError.from_code("gin.position.knock_deadwood")
    min_stock = 3 if phase in (DRAW_PHASE, FORCED_DRAW, OFFER, OFFER_DEALER, DRAWING) else 2
    if state.stock_size < min_stock:
        raise InvalidPositionError.from_code("gin.position.stock_short", stock_size=state.stock_size, min_stock=min_stock)
    if phase in (WALL, WALL_KNOCK) and state.stock_size != 2:
        raise InvalidPositionError.from_code("gin.position.wall_stock", stock_size=state.stock_size)
    if state.taken is not None and phase not in (DISCARD_PHASE, WALL_KNOCK, ARRANGE):
        raise InvalidPositionError.from_code("gin.position.taken_phase", phase=Phase(phase))
    return state


def _dealing(state: S, sizes: list[int], turn: int, fields: dict[str, str]) -> S:
    """A position during the deal: cards go one at a time, non-dealer first (3.3)."""
    dealt = sizes[0] + sizes[1]
    nd = 1 - state.dealer
    if sizes[nd] != (dealt + 1) // 2 or sizes[state.dealer] != dealt // 2 or dealt > 20:
        raise InvalidPositionError.from_code("gin.position.deal_sizes", sizes=sizes)
    if turn != nd:
        raise InvalidPositionError.from_code("gin.position.deal_turn", nd=nd)
    defaults = {"discard": "-", "known0": "-", "known1": "-", "taken": "-", "upcard": "-", "draws": "0",
                "returned": "-", "offer": "no", "knock": "-", "limit": str(state.rules.knock_limit)}
    extra = [k for k in fields if k in ("outcome", "melds", "void")
             or (k in defaults and fields[k].strip().lower() not in (defaults[k].lower(), ""))]
    if extra:
        raise InvalidPositionError.from_code("gin.position.deal_fields", fields=Names(extra))
    state.dealt = dealt
    return state


def _finished(state: S, sizes: list[int], fields: dict[str, str]) -> S:
    """A finished hand: a void hand, or the showdown after a knock, gin or big gin, scored again."""
    outcome = fields.get("outcome")
    if outcome not in _OUTCOMES:
        raise InvalidPositionError.from_code("gin.position.outcome", outcomes=Names(_OUTCOMES))
    knocker = state.turn
    want = [10, 10]
    if outcome == "big gin":
        want[knocker] = 11
    if sizes != want:
        raise InvalidPositionError.from_code("gin.position.over_sizes", outcome=outcome, want=want, sizes=sizes)
    if outcome == "void":
        if "melds" in fields or state.knock_card is not None:
            raise InvalidPositionError.from_code("gin.position.void_melds")
        reason = fields.get("void", "").strip()
        if not reason:
            raise InvalidPositionError.from_code("gin.position.void_reason")
        state._void(reason)
        return state
    if "void" in fields:
        raise InvalidPositionError.from_code("gin.position.void_field")
    if (state.knock_card is None) != (outcome == "big gin"):
        raise InvalidPositionError.from_code("gin.position.knock_field")
    hand = state.hands[knocker]
    melds = _melds(fields["melds"], hand) if "melds" in fields else canonical_arrangement(hand)
    left = deadwood_cards(hand, melds)
    if outcome in ("gin", "big gin") and left:
        raise InvalidPositionError.from_code("gin.position.all_melded", outcome=outcome)
    if outcome == "knock" and not left:
        raise InvalidPositionError.from_code("gin.position.knock_is_gin")
    if melds not in state.knock_arrangements():
        raise InvalidPositionError.from_code("gin.position.arrangement", knocker_melds=state.rules.knocker_melds, knock_limit=state.knock_limit)
    state._showdown(outcome, knocker, melds)
    return state
