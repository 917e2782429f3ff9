"""Why a Gin Rummy move is illegal: the rule it breaks, for :meth:`GinState.explain_illegal
<cardtable.gin.state.GinState.explain_illegal>`.

Worked out from the mover's own hand and the public table only, so the reason never
depends on where a card the mover cannot see lies; cards are named as players read them (``7♥``).
"""

from __future__ import annotations

from ..cards import mask_to_cards
from ..error_codes import CardList, Phase
from ..errors import IllegalActionError
from .actions import GinAction
from .hand_state import HandState
from .melds import deadwood
from .openspiel_deadwood import openspiel_deadwood, openspiel_refuses_knock
from .phases import ARRANGE, CHANCE_PHASES, DISCARD_PHASE, FORCED_DRAW, OFFER, OFFER_DEALER, WALL, WALL_KNOCK

__all__ = ["explain_illegal"]


def explain_illegal(state: HandState, action: GinAction) -> IllegalActionError:
    """The precise error for an ``action`` that is not among ``state.legal_actions()``."""
    phase, kind = state.phase, action.kind
    if action.is_chance:
        if phase not in CHANCE_PHASES:
            return IllegalActionError.from_code("chance.not_pending", "chance", action=str(action))
        return IllegalActionError.from_code("gin.chance.not_in_stock", "chance", action=str(action))
    if phase in CHANCE_PHASES:
        return IllegalActionError.from_code("chance.pending", "chance", action=str(action))
    hand = state.hands[state.turn]
    card = action.card
    # the mover's own cards first: a card it does not hold is refused the same wherever it lies
    if card is not None and not hand & card.bit:
        return IllegalActionError.from_code("card.not_held", "4.3", action=str(action), card=card)
    if kind == "arrange" and phase == ARRANGE:
        missing = [c for m in action.melds for c in mask_to_cards(m & ~hand)]
        if missing:
            if len(missing) == 1:
                return IllegalActionError.from_code("card.not_held", "5.1", action=str(action), card=missing[0])
            return IllegalActionError.from_code("cards.not_held", "5.1", action=str(action), cards=CardList(missing))
    if phase == FORCED_DRAW and kind == "take":
        return IllegalActionError.from_code("gin.draw.forced", "4.1.3")
    if phase in (DISCARD_PHASE, WALL_KNOCK) and kind in ("discard", "knock") and card is not None:
        if card is state.taken and not state.rules.discard_taken_card:
            return IllegalActionError.from_code("gin.discard.taken_card", "4.3 discard_taken_card", action=str(action))
        if phase == WALL_KNOCK and kind == "discard":
            return IllegalActionError.from_code("gin.wall.must_knock", "4.5")
        if kind == "knock" and openspiel_refuses_knock(hand, state.knock_limit, state.rules.knock_check):
            return IllegalActionError.from_code("gin.knock.openspiel_check", "4.3.2 knock_check", action=str(action), deadwood=openspiel_deadwood(hand), knock_limit=state.knock_limit)
        if kind == "knock":
            left = deadwood(hand & ~card.bit)
            return IllegalActionError.from_code("gin.knock.deadwood", "4.3.2", action=str(action), deadwood=left, knock_limit=state.knock_limit)
    if kind == "big gin":
        if state.rules.big_gin_bonus is None:
            return IllegalActionError.from_code("gin.big_gin.off", "4.3.3")
        if phase in (DISCARD_PHASE, WALL_KNOCK):
            return IllegalActionError.from_code("gin.big_gin.deadwood", "4.3.3", deadwood=deadwood(hand))
    if kind == "take knock":
        return IllegalActionError.from_code("gin.wall.take_knock", "4.5")
    if kind == "arrange" and phase == ARRANGE:
        if state.rules.knocker_melds == "within-limit":
            return IllegalActionError.from_code("gin.arrange.over_limit", "5.1 knocker_melds", action=str(action), knock_limit=state.knock_limit)
        return IllegalActionError.from_code("gin.arrange.not_minimal", "5.1", action=str(action))
    if kind == "draw" and phase in (OFFER, OFFER_DEALER):
        return IllegalActionError.from_code("gin.draw.offer_first", "4.1")
    if kind == "draw" and phase == WALL:
        return IllegalActionError.from_code("gin.draw.wall", "4.5")
    return IllegalActionError.from_code("gin.phase.wrong", "10", action=str(action), phase=Phase(phase))
