"""Why a Gin Rummy move is illegal: the rule it breaks, for :meth:`GinState.explain_illegal
<cardtable.gin.state.GinState.explain_illegal>`.

Worked out from the mover's own hand and the public table only, so the reason never
depends on where a card the mover cannot see lies; cards are named as players read them (``7♥``).
"""

from __future__ import annotations

from ..cards import mask_to_cards
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
            return IllegalActionError(f"{action}: no chance step is pending", "chance")
        return IllegalActionError(f"{action}: that card is not in the stock", "chance")
    if phase in CHANCE_PHASES:
        return IllegalActionError(f"{action}: a card must be dealt or drawn first", "chance")
    hand = state.hands[state.turn]
    card = action.card
    # the mover's own cards first: a card it does not hold is refused the same wherever it lies
    if card is not None and not hand & card.bit:
        return IllegalActionError(f"{action}: you do not hold the {card.pretty()}", "4.3")
    if kind == "arrange" and phase == ARRANGE:
        missing = [c for m in action.melds for c in mask_to_cards(m & ~hand)]
        if missing:
            said = " or ".join(f"the {c.pretty()}" for c in missing)
            return IllegalActionError(f"{action}: you do not hold {said}", "5.1")
    if phase == FORCED_DRAW and kind == "take":
        return IllegalActionError("both players passed the first upcard: the non-dealer must draw from the stock", "4.1.3")
    if phase in (DISCARD_PHASE, WALL_KNOCK) and kind in ("discard", "knock") and card is not None:
        if card is state.taken and not state.rules.discard_taken_card:
            return IllegalActionError(f"{action}: the card taken from the discard pile may not be discarded this turn", "4.3 discard_taken_card")
        if phase == WALL_KNOCK and kind == "discard":
            return IllegalActionError("after taking the upcard at the wall you must knock", "4.5")
        if kind == "knock" and openspiel_refuses_knock(hand, state.knock_limit, state.rules.knock_check):
            return IllegalActionError(
                f"{action}: OpenSpiel's 11-card deadwood figure is {openspiel_deadwood(hand)} > knock limit "
                f"{state.knock_limit}, so no knock is offered (knock_check)", "4.3.2 knock_check")
        if kind == "knock":
            left = deadwood(hand & ~card.bit)
            return IllegalActionError(f"{action}: deadwood after this discard would be {left} > knock limit {state.knock_limit}", "4.3.2")
    if kind == "big gin":
        if state.rules.big_gin_bonus is None:
            return IllegalActionError("big gin is not played under these rules (big_gin_bonus = None)", "4.3.3")
        if phase in (DISCARD_PHASE, WALL_KNOCK):
            return IllegalActionError(f"big gin needs all 11 cards melded (deadwood is {deadwood(hand)})", "4.3.3")
    if kind == "take knock":
        return IllegalActionError("taking the upcard at the wall needs a legal knock afterwards", "4.5")
    if kind == "arrange" and phase == ARRANGE:
        if state.rules.knocker_melds == "within-limit":
            return IllegalActionError(
                f"{action}: not melds of the knocker's cards leaving deadwood within {state.knock_limit}", "5.1 knocker_melds")
        return IllegalActionError(f"{action}: not a minimal arrangement of the knocker's cards", "5.1")
    if kind == "draw" and phase in (OFFER, OFFER_DEALER):
        return IllegalActionError("first take or pass the first upcard", "4.1")
    if kind == "draw" and phase == WALL:
        return IllegalActionError("drawing from the stock is not allowed at the wall", "4.5")
    return IllegalActionError(f"{action}: not possible in the {phase} phase", "10")
