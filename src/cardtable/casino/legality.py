"""Why a move is illegal: the rule it breaks, for :meth:`CasinoState.explain_illegal`.

Worked out from the mover's own hand and the public table only ("you do not hold the 7♥"
wherever that card lies), cards named as players read them.
"""

from __future__ import annotations

from ..cards import Card
from ..errors import IllegalActionError
from .actions import CasinoAction
from .builds import Build
from .hand_state import HandState
from .moves import orphans_ok, partner_of
from .partitions import partitionable, splits_with, vector
from .values import COURTS, RANK_MASK, VALUE, bits, held_values

__all__ = ["explain_illegal"]


def _cards(mask: int) -> str:
    return " ".join(Card.from_index(i).pretty() for i in bits(mask))


def _err(action: CasinoAction, why: str, rule: str) -> IllegalActionError:
    return IllegalActionError(f"{action}: {why}", rule)


def explain_illegal(state: HandState, action: CasinoAction) -> IllegalActionError:
    """The precise error for an action that is not among the legal actions."""
    phase = state.phase
    card = action.card
    if action.kind == "deal":
        if phase != "dealing":
            return _err(action, "no card is being dealt now", "chance")
        if not state.pack & card.bit:
            return _err(action, f"{card} is not in the pack", "chance")
        return _err(action, "the first card of the final deal is announced 'last', and only it", "5.6 last")
    if phase == "dealing":
        return _err(action, "the deal is not finished: a card must be dealt first", "chance")
    if phase == "over":
        return _err(action, "the hand is over", "terminal")
    seat = state.turn
    hand = state.hands[seat]
    if not hand & card.bit:  # the mover's own hand first: refused the same wherever the card lies
        return _err(action, f"you do not hold the {card.pretty()}", "7 one card from the hand")
    mine = state.controlled_by(seat)
    if action.kind == "trail":
        if mine:
            refs = " and ".join(f"the {b.value}-build" for b in mine)
            return _err(action, f"you control {refs} and may not trail", "controller rule 7.4.1")
        return _err(action, "not a legal trail", "7.1")
    off_table = action.loose & ~state.loose
    if off_table:
        what = "is not a loose card" if off_table.bit_count() == 1 else "are not loose cards"
        return _err(action, f"{_cards(off_table)} {what} on the table", "4.1 loose cards")
    on_table = {b.cards: b for b in state.builds}
    used: list[Build] = []
    for _, m in action.builds:
        if m not in on_table:
            return _err(action, "a referenced build is not on the table", "4.2 builds")
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
            return _err(action, "a court card captures only loose court cards of its own rank", "court capture 7.2.1")
        if not action.loose:
            return _err(action, "nothing is captured", "7.2.1")
        if state.rules.court_capture == "one":
            return _err(action, "a court card captures exactly one card (court_capture = 'one')", "court capture 7.2.1")
        return _err(action, "with court_capture = 'all' the court card takes every matching court card", "court capture 7.2.1")
    v = VALUE[card.index]
    if not action.loose and not used:
        return _err(action, "nothing is captured", "7.2.2")
    if action.loose & COURTS:
        return _err(action, "a numeral card never captures a court card", "7.2.2")
    for b in used:
        if b.value != v:
            return _err(action, f"a {b.value}-build is captured only by a card of value {b.value}; a build is never a summand",
                        "7.2.2 / 4.4 build not a summand")
    if not partitionable(vector(action.loose), v):
        return _err(action, f"{_cards(action.loose)} cannot be split into groups each worth {v}", "7.2.3 capture groups")
    consumed = sum(b.cards for b in used)
    if not orphans_ok(mine, held, consumed):
        return _orphan(action, mine, held, consumed)
    return _err(action, "not a legal capture", "7.2")


def _orphan(action: CasinoAction, mine: list[Build], held: int, consumed: int) -> IllegalActionError:
    left = [b for b in mine if not b.cards & consumed and not held >> b.value & 1]
    vals = ", ".join(str(b.value) for b in left)
    return _err(action, f"afterwards you would hold no card of value {vals} for a build you control",
                "no-orphan 7.4.2")


def _build(
    state: HandState, action: CasinoAction, used: list[Build], mine: list[Build], held: int, seat: int
) -> IllegalActionError:
    rules = state.rules
    card, value = action.card, action.value
    vc = VALUE[card.index]
    if card.is_court:
        return _err(action, "court cards are never part of a build", "3.3 / 7.3.1")
    if not 1 <= value <= 10:
        return _err(action, f"a build's value is 1 to 10, not {value}", "7.3.6 value")
    if not action.loose and not used:
        return _err(action, "a build must use something from the table (otherwise it is a trail)", "7.3.1 material")
    if action.loose & COURTS:
        return _err(action, "court cards are never part of a build", "3.3 / 7.3.1")
    partner = partner_of(rules, seat) if rules.build_for_partner else None
    holds = bool(held >> value & 1)
    if not holds:
        if partner is None or not used or any(b.value != value or b.controller != partner for b in used):
            extra = " (build_for_partner only allows adding to a build the partner controls)" if partner is not None else ""
            return _err(action, f"after playing the {card.pretty()} you would hold no card of value {value}{extra}",
                        "holding requirement 7.3.1")
    raised = [b for b in used if b.value != value]
    for b in raised:
        if not b.is_single:
            return _err(action, f"the multiple {b.value}-build can never be raised or change value", "4.5 / 7.3.3 multiple build fixed")
    if len(raised) > 1:
        return _err(action, "at most one build can be raised in a move; other builds are never summands", "7.3.6 builds used")
    r = raised[0] if raised else None
    if r is not None:
        if not holds:
            return _err(action, "raising a build for a partner is never allowed", "7.3.8 build_for_partner")
        if r.controller == seat and not rules.raise_own_build:
            return _err(action, "raise_own_build = False: you may not raise a build you control", "7.3.8 raise_own_build")
        if r.value + vc > value:
            return _err(action, f"raising the {r.value}-build with the {card.pretty()} gives {r.value + vc}, not {value}", "7.3.3 raise")
        if r.value + vc < value and not rules.permissive_builds:
            return _err(action, "a table card can never change a single build's value (permissive_builds is off)",
                        "7.3.3 raise with the played card only")
    need = value - vc - (r.value if r is not None else 0)
    if need < 0:
        return _err(action, f"the {card.pretty()} is worth more than {value}", "7.3.6 grouping")
    if not splits_with(vector(action.loose), value, need):
        return _err(action, f"the cards cannot be grouped into {value}s with the {card.pretty()} in one group", "7.3.6 grouping")
    if not rules.allow_duplicate_value_builds:
        missing = [b for b in state.builds if b.value == value and b not in used]
        if missing:
            return _err(action, f"a build of value {value} is on the table: a new {value} must be added to it",
                        "merge rule 7.3.5")
    consumed = sum(b.cards for b in used)
    if not orphans_ok(mine, held, consumed):
        return _orphan(action, mine, held, consumed)
    return _err(action, "not a legal build", "7.3.6")

