"""Why an action is illegal: the precise rule of ``pinochle.md`` that it breaks.

The reason is worked out from what the seat to act may know (its own hand and
the public table), never from where a card it cannot see lies: a card it does
not hold is refused with "you do not hold the Q♠" whether the opponent holds
it or it is in the stock. Cards are named as players read them (``Q♠``, no
copy letter); the move's own notation comes first, as the player sent it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalActionError
from .deck import NINE, card_name, iter_bits
from .hand_state import HandState
from .melds import DOUBLE, KIND_NAMES, is_meld_shape, meld_problem
from .phases import CHANCE_PHASES, DEALING, DRAW_WINNER, EXCHANGE_PHASE, MELD_PHASE, PLAY_PHASE
from .tricks import stage2_violation

if TYPE_CHECKING:
    from .actions import PinochleAction

__all__ = ["explain_illegal"]


def explain_illegal(state: HandState, action: PinochleAction) -> IllegalActionError:
    """The error for an ``action`` that is not among ``state.legal_actions()``."""
    phase, kind = state.phase, action.kind
    if action.is_chance:
        if phase not in CHANCE_PHASES:
            return IllegalActionError(f"{action}: no chance step is pending", "chance")
        if phase == DEALING and (kind == "turnup") != (state.dealt == 24):
            return IllegalActionError(f"{action}: the next chance step is a {'turnup' if state.dealt == 24 else 'deal'}", "3")
        if phase != DEALING and kind != "draw":
            return IllegalActionError(f"{action}: a card must be drawn from the stock now", "4.3.4")
        return IllegalActionError(f"{action}: that card is not among the unseen cards of the stock", "chance")
    if phase == DRAW_WINNER and kind in ("meld", "no meld", "exchange", "no exchange"):
        if kind.endswith("exchange"):
            return IllegalActionError(f"{action}: the dix exchange comes before the meld", "4.3")
        return IllegalActionError(f"{action}: at most one meld per trick won", "6.1.3")
    if phase in CHANCE_PHASES:
        return IllegalActionError(f"{action}: a card must be dealt or drawn first", "chance")
    seat = state.current_player()
    if kind == "declare out":
        return IllegalActionError("declaring out is not allowed (option declare_out is off)", "10.3")
    if kind == "play" and phase != PLAY_PHASE:
        return IllegalActionError(f"{action}: the trick winner must first finish the {phase} step", "4.3")
    if kind in ("exchange", "no exchange") and phase != EXCHANGE_PHASE:
        return _wrong_step(state, action, "an exchange is decided by the winner of a stage-1 trick, before the meld", "7.1")
    if kind in ("meld", "no meld") and phase != MELD_PHASE:
        return _wrong_step(state, action, "a meld is made by the winner of a stage-1 trick, once per trick won", "6.1")
    # the step is right: the seat's own cards next (nothing hidden from it is looked at), then the rules
    missing = _not_held(state.hand(seat), action)
    if kind == "play":
        if missing:
            return IllegalActionError(f"{action}: you do not hold {missing}", "4.1")
        return _explain_play(state, seat, action)
    if kind in ("exchange", "no exchange"):
        if missing:
            return IllegalActionError(f"{action}: you do not hold {missing}", "7.1")
        return _explain_exchange(state, action)
    if missing:
        return IllegalActionError(f"{action}: you do not hold {missing}", "6.3.1")
    return _explain_meld(state, seat, action)


def _not_held(own: int, action: PinochleAction) -> str:
    """The cards of a play, exchange or meld that the seat does not hold (``the Q♠``), from its own
    cards ``own`` alone; empty when it holds them all or the action uses no card."""
    if action.kind == "meld":
        mask = action.cards
    elif action.kind in ("play", "exchange"):
        mask = 1 << action.card
    else:
        return ""
    missing = mask & ~own
    if not missing:
        return ""
    parts = []
    for i in iter_bits(missing):
        twin = i ^ 1
        if missing >> twin & 1:  # both copies missing: said once, at the first
            if twin > i:
                parts.append(f"the two {card_name(i)}")
        elif own >> twin & 1 and not mask >> twin & 1:
            parts.append(f"that copy of the {card_name(i)} (you hold the other one)")
        else:
            parts.append(f"the {card_name(i)}")
    return ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else parts[0]


def _wrong_step(state: HandState, action: PinochleAction, what: str, rule: str) -> IllegalActionError:
    if state.stage == 2:
        return IllegalActionError(f"{action}: no melds and no dix exchange in stage 2", "4.4")
    if state.phase == PLAY_PHASE:
        return IllegalActionError(f"{action}: a card must be played now; {what}", rule)
    if state.phase == MELD_PHASE:
        return IllegalActionError(f"{action}: the exchange step is over; meld or decline now", "4.3")
    return IllegalActionError(f"{action}: decide the dix exchange first (7.1: exchange before the meld)", "4.3")


def _explain_play(state: HandState, seat: int, action: PinochleAction) -> IllegalActionError:
    if state.lead >= 0 and state.stage == 2:
        found = stage2_violation(state.hand(seat), state.lead, action.card, state.trump)
        if found is not None:
            return IllegalActionError(f"{action}: {found[0]}", found[1])
    return IllegalActionError(f"{action} is not legal here", "4.1")


def _explain_exchange(state: HandState, action: PinochleAction) -> IllegalActionError:
    card = action.card
    if (card % 12) >> 1 != NINE or card // 12 != state.trump:
        return IllegalActionError(f"{action}: only a dix (9 of trump) may be exchanged", "7.1")
    return IllegalActionError(f"{action} is not legal here", "7.1")


def _explain_meld(state: HandState, seat: int, action: PinochleAction) -> IllegalActionError:
    kind, mask = action.meld, action.cards
    rules = state.rules
    name = KIND_NAMES[kind]
    if not is_meld_shape(kind, mask, state.trump, rules.double_pinochle_300):
        if kind == DOUBLE and not rules.double_pinochle_300:
            return IllegalActionError(f"{action}: double pinochle is not a meld (option double_pinochle_300 is off)", "6.2")
        return IllegalActionError(f"{action}: those cards do not form a {name}", "6.2")
    problem = meld_problem(kind, mask, state.scored, state.dix_scored, state.concealed[seat], rules.meld_requires_hand_card)
    if problem is not None:
        return IllegalActionError(f"{action}: {problem[0]}", problem[1])
    return IllegalActionError(f"{action} is not legal here", "6")
