"""Why a move is illegal: the rule it breaks, for :meth:`CasinoState.explain_illegal`.

Worked out from the mover's own hand and the public table only ("you do not hold the 7♥"
wherever that card lies), cards named as players read them.
"""

from __future__ import annotations

from ..cards import Card
from ..error_codes import BuildValues, CardList, Names
from ..errors import IllegalActionError
from .actions import CasinoAction
from .builds import Build
from .hand_state import HandState
from .moves import orphans_ok, partner_of
from .partitions import partitionable, splits_with, vector
from .values import COURTS, RANK_MASK, VALUE, bits, held_values

__all__ = ["explain_illegal"]


def _cards(mask: int) -> CardList:
    return CardList(Card.from_index(i) for i in bits(mask))


def explain_illegal(state: HandState, action: CasinoAction) -> IllegalActionError:
    """The precise error for an action that is not among the legal actions."""
    phase = state.phase
    card = action.card
    if action.kind == "deal":
        if phase != "dealing":
            return IllegalActionError.from_code("casino.deal.none", "chance", action=str(action))
        if not state.pack & card.bit:
            return IllegalActionError.from_code("casino.deal.not_in_pack", "chance", action=str(action), card=card)
        return IllegalActionError.from_code("casino.deal.last", "5.6 last", action=str(action))
    if phase == "dealing":
        return IllegalActionError.from_code("casino.deal.unfinished", "chance", action=str(action))
    if phase == "over":
        return IllegalActionError.from_code("hand.over", "terminal", action=str(action))
    seat = state.turn
    hand = state.hands[seat]
    if not hand & card.bit:  # the mover's own hand first: refused the same wherever the card lies
        return IllegalActionError.from_code("card.not_held", "7 one card from the hand", action=str(action), card=card)
    mine = state.controlled_by(seat)
    if action.kind == "trail":
        if mine:
            if len(mine) == 1:
                return IllegalActionError.from_code("casino.trail.controller", "controller rule 7.4.1",
                                                    action=str(action), value=mine[0].value)
            return IllegalActionError.from_code("casino.trail.controller_many", "controller rule 7.4.1",
                                                action=str(action), builds=BuildValues(b.value for b in mine))
        return IllegalActionError.from_code("casino.trail.not_legal", "7.1", action=str(action))
    off_table = action.loose & ~state.loose
    if off_table:
        code = "casino.capture.not_loose" if off_table.bit_count() == 1 else "casino.capture.not_loose_many"
        return IllegalActionError.from_code(code, "4.1 loose cards", action=str(action), cards=_cards(off_table))
    on_table = {b.cards: b for b in state.builds}
    used: list[Build] = []
    for _, m in action.builds:
        if m not in on_table:
            return IllegalActionError.from_code("casino.build.not_on_table", "4.2 builds", action=str(action))
        used.append(on_table[m])
    held = held_values(hand & ~card.bit)
    if action.kind == "capture":
        return _capture(state, action, used, mine, held)
    return _build(state, action, used, mine, held, seat)


def _capture(
    state: HandState, action: CasinoAction, used: list[Build], mine: list[Build], held: int
) -> IllegalActionError:
    card = action.card
    if card.is_court:
        same = state.loose & RANK_MASK[card.rank]
        if used or action.loose & ~same:
            return IllegalActionError.from_code("casino.capture.court_rank", "court capture 7.2.1", action=str(action))
        if not action.loose:
            return IllegalActionError.from_code("casino.capture.nothing", "7.2.1", action=str(action))
        if state.rules.court_capture == "one":
            return IllegalActionError.from_code("casino.capture.court_one", "court capture 7.2.1", action=str(action))
        return IllegalActionError.from_code("casino.capture.court_all", "court capture 7.2.1", action=str(action))
    v = VALUE[card.index]
    if not action.loose and not used:
        return IllegalActionError.from_code("casino.capture.nothing", "7.2.2", action=str(action))
    if action.loose & COURTS:
        return IllegalActionError.from_code("casino.capture.numeral_takes_court", "7.2.2", action=str(action))
    for b in used:
        if b.value != v:
            return IllegalActionError.from_code("casino.capture.build_value", "7.2.2 / 4.4 build not a summand", action=str(action), value=b.value)
    if not partitionable(vector(action.loose), v):
        return IllegalActionError.from_code("casino.capture.groups", "7.2.3 capture groups", action=str(action),
                                            cards=_cards(action.loose), value=v)
    consumed = sum(b.cards for b in used)
    if not orphans_ok(mine, held, consumed):
        return _orphan(action, mine, held, consumed)
    return IllegalActionError.from_code("casino.capture.not_legal", "7.2", action=str(action))


def _orphan(action: CasinoAction, mine: list[Build], held: int, consumed: int) -> IllegalActionError:
    left = [b for b in mine if not b.cards & consumed and not held >> b.value & 1]
    values = Names(b.value for b in left)
    return IllegalActionError.from_code("casino.controller.orphan", "no-orphan 7.4.2", action=str(action), values=values)


def _build(
    state: HandState, action: CasinoAction, used: list[Build], mine: list[Build], held: int, seat: int
) -> IllegalActionError:
    rules = state.rules
    card, value = action.card, action.value
    vc = VALUE[card.index]
    if card.is_court:
        return IllegalActionError.from_code("casino.build.court_card_played", "3.3 / 7.3.1", action=str(action))
    if not 1 <= value <= 10:
        return IllegalActionError.from_code("casino.build.value_range", "7.3.6 value", action=str(action), value=value)
    if not action.loose and not used:
        return IllegalActionError.from_code("casino.build.no_material", "7.3.1 material", action=str(action))
    if action.loose & COURTS:
        return IllegalActionError.from_code("casino.build.court_card_played", "3.3 / 7.3.1", action=str(action))
    partner = partner_of(rules, seat) if rules.build_for_partner else None
    holds = bool(held >> value & 1)
    if not holds:
        if partner is None or not used or any(b.value != value or b.controller != partner for b in used):
            code = "casino.build.unheld" if partner is None else "casino.build.unheld_partner"
            return IllegalActionError.from_code(code, "holding requirement 7.3.1", action=str(action), card=card,
                                                value=value)
    raised = [b for b in used if b.value != value]
    for b in raised:
        if not b.is_single:
            return IllegalActionError.from_code("casino.build.multiple_fixed", "4.5 / 7.3.3 multiple build fixed", action=str(action), value=b.value)
    if len(raised) > 1:
        return IllegalActionError.from_code("casino.build.raise_two", "7.3.6 builds used", action=str(action))
    r = raised[0] if raised else None
    if r is not None:
        if not holds:
            return IllegalActionError.from_code("casino.build.raise_for_partner", "7.3.8 build_for_partner", action=str(action))
        if r.controller == seat and not rules.raise_own_build:
            return IllegalActionError.from_code("casino.build.raise_own", "7.3.8 raise_own_build", action=str(action))
        if r.value + vc > value:
            return IllegalActionError.from_code("casino.build.raise_total", "7.3.3 raise", action=str(action), build_value=r.value, card=card, total=r.value + vc, value=value)
        if r.value + vc < value and not rules.permissive_builds:
            return IllegalActionError.from_code("casino.build.raise_table_card", "7.3.3 raise with the played card only", action=str(action))
    need = value - vc - (r.value if r is not None else 0)
    if need < 0:
        return IllegalActionError.from_code("casino.build.card_too_high", "7.3.6 grouping", action=str(action), card=card, value=value)
    if not splits_with(vector(action.loose), value, need):
        return IllegalActionError.from_code("casino.build.grouping", "7.3.6 grouping", action=str(action), value=value, card=card)
    if not rules.allow_duplicate_value_builds:
        missing = [b for b in state.builds if b.value == value and b not in used]
        if missing:
            return IllegalActionError.from_code("casino.build.merge", "merge rule 7.3.5", action=str(action), value=value)
    consumed = sum(b.cards for b in used)
    if not orphans_ok(mine, held, consumed):
        return _orphan(action, mine, held, consumed)
    return IllegalActionError.from_code("casino.build.not_legal", "7.3.6", action=str(action))

