"""Why an action is illegal: the precise rule of ``pinochle.md`` that it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalActionError
from .deck import NINE, card_text
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
    if kind == "play":
        return _explain_play(state, seat, action)
    if kind in ("exchange", "no exchange"):
        if phase != EXCHANGE_PHASE:
            return _wrong_step(state, action, "an exchange is decided by the winner of a stage-1 trick, before the meld", "7.1")
        return _explain_exchange(state, seat, action)
    if phase != MELD_PHASE:
        return _wrong_step(state, action, "a meld is made by the winner of a stage-1 trick, once per trick won", "6.1")
    return _explain_meld(state, seat, action)


def _wrong_step(state: HandState, action: PinochleAction, what: str, rule: str) -> IllegalActionError:
    if state.stage == 2:
        return IllegalActionError(f"{action}: no melds and no dix exchange in stage 2", "4.4")
    if state.phase == PLAY_PHASE:
        return IllegalActionError(f"{action}: a card must be played now; {what}", rule)
    if state.phase == MELD_PHASE:
        return IllegalActionError(f"{action}: the exchange step is over; meld or decline now", "4.3")
    return IllegalActionError(f"{action}: decide the dix exchange first (7.1: exchange before the meld)", "4.3")


def _explain_play(state: HandState, seat: int, action: PinochleAction) -> IllegalActionError:
    if state.phase != PLAY_PHASE:
        return IllegalActionError(f"{action}: the trick winner must first finish the {state.phase} step", "4.3")
    card = action.card
    bit = 1 << card
    if not state.hand(seat) & bit:
        if state.hand(1 - seat) & bit:
            return IllegalActionError(f"{action}: {card_text(card)} belongs to the other player", "4.1")
        return IllegalActionError(f"{action}: {card_text(card)} is not in the hand of seat {seat}", "4.1")
    if state.lead >= 0 and state.stage == 2:
        found = stage2_violation(state.hand(seat), state.lead, card, state.trump)
        if found is not None:
            return IllegalActionError(f"{action}: {found[0]}", found[1])
    return IllegalActionError(f"{action} is not legal here", "4.1")


def _explain_exchange(state: HandState, seat: int, action: PinochleAction) -> IllegalActionError:
    card = action.card
    if (card % 12) >> 1 != NINE or card // 12 != state.trump:
        return IllegalActionError(f"{action}: only a dix (9 of trump) may be exchanged", "7.1")
    if not state.hand(seat) & (1 << card):
        return IllegalActionError(f"{action}: seat {seat} does not hold {card_text(card)}", "7.1")
    return IllegalActionError(f"{action} is not legal here", "7.1")


def _explain_meld(state: HandState, seat: int, action: PinochleAction) -> IllegalActionError:
    kind, mask = action.meld, action.cards
    rules = state.rules
    name = KIND_NAMES[kind]
    if not is_meld_shape(kind, mask, state.trump, rules.double_pinochle_300):
        if kind == DOUBLE and not rules.double_pinochle_300:
            return IllegalActionError(f"{action}: double pinochle is not a meld (option double_pinochle_300 is off)", "6.2")
        return IllegalActionError(f"{action}: those cards do not form a {name}", "6.2")
    own = state.hand(seat)
    if mask & ~own:
        if mask & state.hand(1 - seat):
            return IllegalActionError(f"{action}: the opponent's cards are never usable", "6.3.1")
        return IllegalActionError(f"{action}: seat {seat} does not hold all those cards", "6.3.1")
    problem = meld_problem(kind, mask, state.scored, state.dix_scored, state.concealed[seat], rules.meld_requires_hand_card)
    if problem is not None:
        return IllegalActionError(f"{action}: {problem[0]}", problem[1])
    return IllegalActionError(f"{action} is not legal here", "6")
