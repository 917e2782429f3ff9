"""Why an action is illegal: the precise rule of ``pinochle.md`` that it breaks.

The reason is worked out from what the seat to act may know (its own hand and
the public table), never from where a card it cannot see lies: a card it does
not hold is refused with "you do not hold the Q♠" whether the opponent holds
it or it is in the stock. Cards are named as players read them (``Q♠``, no
copy letter); the move's own notation comes first, as the player sent it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..error_codes import ChanceStep, MeldKind, NotHeld, Phase
from ..errors import IllegalActionError
from .deck import CARDS, NINE, iter_bits
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
            return IllegalActionError.from_code("chance.not_pending", "chance", action=str(action))
        if phase == DEALING and (kind == "turnup") != (state.dealt == 24):
            return IllegalActionError.from_code("pinochle.chance.wrong_step", "3", action=str(action), step=ChanceStep('turnup' if state.dealt == 24 else 'deal'))
        if phase != DEALING and kind != "draw":
            return IllegalActionError.from_code("pinochle.chance.draw", "4.3.4", action=str(action))
        return IllegalActionError.from_code("pinochle.chance.not_in_stock", "chance", action=str(action))
    if phase == DRAW_WINNER and kind in ("meld", "no meld", "exchange", "no exchange"):
        if kind.endswith("exchange"):
            return IllegalActionError.from_code("pinochle.exchange.before_meld", "4.3", action=str(action))
        return IllegalActionError.from_code("pinochle.meld.once_per_trick", "6.1.3", action=str(action))
    if phase in CHANCE_PHASES:
        return IllegalActionError.from_code("chance.pending", "chance", action=str(action))
    seat = state.current_player()
    if kind == "declare out":
        return IllegalActionError.from_code("pinochle.declare_out.off", "10.3")
    if kind == "play" and phase != PLAY_PHASE:
        return IllegalActionError.from_code("pinochle.play.step_unfinished", "4.3", action=str(action), phase=Phase(phase))
    if kind in ("exchange", "no exchange") and phase != EXCHANGE_PHASE:
        return _wrong_step(state, action, "pinochle.play.now_exchange", "7.1")
    if kind in ("meld", "no meld") and phase != MELD_PHASE:
        return _wrong_step(state, action, "pinochle.play.now_meld", "6.1")
    # the step is right: the seat's own cards next (nothing hidden from it is looked at), then the rules
    missing = _not_held(state.hand(seat), action)
    if kind == "play":
        if missing:
            return IllegalActionError.from_code(missing[0], "4.1", action=str(action), **missing[1])
        return _explain_play(state, seat, action)
    if kind in ("exchange", "no exchange"):
        if missing:
            return IllegalActionError.from_code(missing[0], "7.1", action=str(action), **missing[1])
        return _explain_exchange(state, action)
    if missing:
        return IllegalActionError.from_code(missing[0], "6.3.1", action=str(action), **missing[1])
    return _explain_meld(state, seat, action)


def _not_held(own: int, action: PinochleAction) -> tuple[str, dict[str, Any]] | None:
    """The code and params saying which cards of a play, exchange or meld the seat does not hold
    (``the Q♠``), from its own cards ``own`` alone; ``None`` when it holds them all or the action uses no card."""
    if action.kind == "meld":
        mask = action.cards
    elif action.kind in ("play", "exchange"):
        mask = 1 << action.card
    else:
        return None
    missing = mask & ~own
    if not missing:
        return None
    parts: list[tuple[str, int, str]] = []  # (the code said alone, the card, how NotHeld says it)
    for i in iter_bits(missing):
        twin = i ^ 1
        if missing >> twin & 1:  # both copies missing: said once, at the first
            if twin > i:
                parts.append(("pinochle.copies.not_held", i, "both"))
        elif own >> twin & 1 and not mask >> twin & 1:
            parts.append(("pinochle.copy.not_held", i, "copy"))
        else:
            parts.append(("card.not_held", i, "card"))
    if len(parts) == 1:
        return parts[0][0], {"card": CARDS[parts[0][1]].card}
    return "pinochle.cards.not_held", {"missing": NotHeld((how, CARDS[i].card) for _, i, how in parts)}


def _wrong_step(state: HandState, action: PinochleAction, play_now: str, rule: str) -> IllegalActionError:
    """The refusal of an exchange or meld sent at the wrong step (``play_now``: the code used while a card must be played)."""
    if state.stage == 2:
        return IllegalActionError.from_code("pinochle.stage2.no_meld", "4.4", action=str(action))
    if state.phase == PLAY_PHASE:
        return IllegalActionError.from_code(play_now, rule, action=str(action))
    if state.phase == MELD_PHASE:
        return IllegalActionError.from_code("pinochle.exchange.over", "4.3", action=str(action))
    return IllegalActionError.from_code("pinochle.exchange.first", "4.3", action=str(action))


def _explain_play(state: HandState, seat: int, action: PinochleAction) -> IllegalActionError:
    if state.lead >= 0 and state.stage == 2:
        found = stage2_violation(state.hand(seat), state.lead, action.card, state.trump)
        if found is not None:
            return IllegalActionError.from_code(found[0], found[2], action=str(action), **found[1])
    return IllegalActionError.from_code("action.not_legal", "4.1", action=str(action))


def _explain_exchange(state: HandState, action: PinochleAction) -> IllegalActionError:
    card = action.card
    if (card % 12) >> 1 != NINE or card // 12 != state.trump:
        return IllegalActionError.from_code("pinochle.exchange.not_dix", "7.1", action=str(action))
    return IllegalActionError.from_code("action.not_legal", "7.1", action=str(action))


def _explain_meld(state: HandState, seat: int, action: PinochleAction) -> IllegalActionError:
    kind, mask = action.meld, action.cards
    rules = state.rules
    name = KIND_NAMES[kind]
    if not is_meld_shape(kind, mask, state.trump, rules.double_pinochle_300):
        if kind == DOUBLE and not rules.double_pinochle_300:
            return IllegalActionError.from_code("pinochle.meld.double_off", "6.2", action=str(action))
        return IllegalActionError.from_code("pinochle.meld.shape", "6.2", action=str(action), name=MeldKind(name))
    problem = meld_problem(kind, mask, state.scored, state.dix_scored, state.concealed[seat], rules.meld_requires_hand_card)
    if problem is not None:
        return IllegalActionError.from_code(problem[0], problem[2], action=str(action), **problem[1])
    return IllegalActionError.from_code("action.not_legal", "6", action=str(action))
