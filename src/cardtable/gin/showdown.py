"""The end of a Gin Rummy hand: the knocker's melds, the defender's layoffs (section 5) and the record of it all,
scored by :mod:`.scoring` (section 6)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, mask_to_cards
from .melds import LayoffPlan, canonical_arrangement, card_values, deadwood, deadwood_cards, layoff_plan
from .rules import GinRules
from .scoring import hand_score

__all__ = ["Showdown", "score_showdown"]


@dataclass(frozen=True)
class Showdown:
    """Everything public after a hand: how it ended and how it was scored."""

    outcome: str
    """``"knock"``, ``"gin"``, ``"big gin"`` or ``"void"``."""
    points: tuple[int, int]
    """Points each seat scores for the hand."""
    knocker: int | None = None
    """The seat that knocked or went gin (``None`` for a void hand)."""
    knock_card: Card | None = None
    """The card discarded face down with the knock, if any."""
    knocker_melds: tuple[tuple[Card, ...], ...] = ()
    """The knocker's melds as laid."""
    knocker_deadwood_cards: tuple[Card, ...] = ()
    """The knocker's unmelded cards."""
    knocker_deadwood: int = 0
    """The value of the knocker's deadwood."""
    defender_melds: tuple[tuple[Card, ...], ...] = ()
    """The defender's own melds."""
    layoffs: tuple[tuple[Card, int], ...] = ()
    """(card, index into ``knocker_melds``) in the order laid off."""
    defender_deadwood_cards: tuple[Card, ...] = ()
    """The defender's cards left unmelded after the layoffs."""
    defender_deadwood: int = 0
    """The value of the defender's deadwood after the layoffs."""
    defender_deadwood_no_layoffs: int = 0
    """The defender's least deadwood before laying off (what it would have been without layoffs)."""
    result: str = ""
    """``"knock"``, ``"undercut"``, ``"tie"`` (no score), ``"gin"``, ``"big gin"``, ``"void"``."""
    doubled: bool = False
    """The score was doubled (Oklahoma: the first upcard was a spade)."""
    void_reason: str = ""
    """Why a void hand scored nothing (empty otherwise)."""
    winner: int | None = None
    """The seat that scored, ``None`` for a tie or a void hand."""


def _pretty_melds(melds: tuple[int, ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(mask_to_cards(m)) for m in melds)


def score_showdown(rules: GinRules, hands: list[int], outcome: str, knocker: int, melds: tuple[int, ...],
                   first_upcard: Card | None, knock_card: Card | None) -> Showdown:
    """The showdown of a knock, gin or big gin by ``knocker`` laying ``melds``: the defender lays off
    (after a knock only) and the hand is scored (knock, undercut, tie, gin and big gin bonuses,
    Oklahoma's doubling on a spade upcard)."""
    hand = hands[knocker]
    defender = 1 - knocker
    dhand = hands[defender]
    kdead = deadwood_cards(hand, melds)
    k = card_values(kdead)
    d0 = deadwood(dhand)
    if outcome == "knock":
        plan = layoff_plan(dhand, melds)
    else:
        own = canonical_arrangement(dhand)
        rest = dhand
        for m in own:
            rest &= ~m
        plan = LayoffPlan(d0, (), own, rest)
    d = plan.deadwood
    winner, result, score, doubled = hand_score(rules, outcome, knocker, k, d, d0, first_upcard)
    points = [0, 0]
    if winner is not None:
        points[winner] = score
    return Showdown(
        outcome=outcome,
        points=(points[0], points[1]),
        knocker=knocker,
        knock_card=knock_card,
        knocker_melds=_pretty_melds(melds),
        knocker_deadwood_cards=tuple(mask_to_cards(kdead)),
        knocker_deadwood=k,
        defender_melds=_pretty_melds(plan.own_melds),
        layoffs=plan.layoffs,
        defender_deadwood_cards=tuple(mask_to_cards(plan.deadwood_mask)),
        defender_deadwood=d,
        defender_deadwood_no_layoffs=d0,
        result=result,
        doubled=doubled,
        winner=winner,
    )
