"""Pinochle card tracking: what one seat knows, as card masks (:class:`Knowledge`, read from a
:class:`~cardtable.pinochle.PinochleView` only: own cards, the public cards and so the *unseen* cards),
and one seat's decision context (:class:`Ctx`), made from a view (the ``medium`` player) or from a
simulated world for that seat (``hard``'s playouts, which never let a seat look at the other's hidden cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...pinochle.deck import FULL, card_points, higher_mask, index_of, mask_of
from ...pinochle.melds import (
    kind_from_name,
)
from ...pinochle.rules import PinochleRules
from ...pinochle.view import PinochleView

__all__ = ["HIGHER", "SUIT", "ORDER", "rules_of", "Knowledge", "knowledge", "Ctx", "view_ctx"]


HIGHER = tuple(higher_mask(i) for i in range(48))
"""Per card index: the mask of the cards that beat it in its suit."""
SUIT = tuple(i // 12 for i in range(48))
"""Per card index: its suit."""
ORDER = tuple((i % 12) >> 1 for i in range(48))
"""Per card index: its rank order (0 = ace .. 5 = nine)."""


def rules_of(view: PinochleView, fallback: PinochleRules | None = None) -> PinochleRules:
    """The rules the view carries, else ``fallback``, else the standard rules."""
    if view.rules is not None:
        return view.rules
    return fallback if fallback is not None else PinochleRules()


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows, as masks."""

    seat: int
    """The seat whose knowledge this is."""
    rules: PinochleRules
    """The rules of the hand."""
    trump: int
    """The trump suit (0..3 = ♠ ♥ ♦ ♣), -1 before the turn-up."""
    trump_card: int
    """The card under the stock, -1 once taken."""
    hand: int
    """Own cards, concealed and melded."""
    melded: int
    """Own cards on the table (mask)."""
    opp_melded: int
    """The opponent's cards on the table (mask)."""
    opp_known: int
    """Opponent cards surely held: its melded cards and its public concealed cards."""
    opp_hidden: int
    """How many opponent cards are unknown."""
    unseen: int
    """Cards that are in the opponent's hidden hand or in the face-down stock."""
    stock_size: int
    """Face-down cards in the stock (the trump card not included)."""
    played: int
    """Cards played to tricks so far, the current lead included (mask)."""
    lead: int
    """The card index led to the current trick, -1 before the lead."""
    ntricks: int
    """Tricks completed so far in the hand."""
    scored: tuple[int, ...]
    """Per meld kind (0..9): the mask of the cards that have scored in that kind (6.3.3)."""
    dix_scored: int
    """The dixes that have scored their 10 points (mask)."""
    opp_hand: int
    """The opponent's hand, in stage 2 only (else 0)."""
    claim: int = 0
    """What declaring out would claim now (:meth:`PinochleView.claim`)."""


def knowledge(view: PinochleView, fallback: PinochleRules | None = None) -> Knowledge:
    """The seat's knowledge from its view (and nothing else)."""
    rules = rules_of(view, fallback)
    hand = mask_of(view.hand) | mask_of(view.melded)
    opp_melded = mask_of(view.opponent_melded)
    opp_known = opp_melded | mask_of(view.opponent_known)
    played = 0
    for _, a, b, _ in view.tricks:
        played |= (1 << index_of(a)) | (1 << index_of(b))
    lead = index_of(view.lead) if view.lead is not None else -1
    if lead >= 0:
        played |= 1 << lead
    tc = index_of(view.trump_card) if view.trump_card is not None else -1
    seen = hand | opp_known | played | ((1 << tc) if tc >= 0 else 0)
    unseen = FULL & ~seen
    opp_hand = mask_of(view.opponent_hand) if view.opponent_hand is not None else 0
    if opp_hand:
        unseen = 0
    scored = [0] * 10
    for card, kinds in view.records:
        bit = 1 << index_of(card)
        for name in kinds:
            k = kind_from_name(name)
            if k is not None:
                scored[k] |= bit
    return Knowledge(
        seat=view.seat, rules=rules, trump=view.trump, trump_card=tc, hand=hand, melded=mask_of(view.melded),
        opp_melded=opp_melded, opp_known=opp_known,
        opp_hidden=max(0, view.opponent_hand_size - opp_known.bit_count()) if not opp_hand else 0,
        unseen=unseen, stock_size=view.stock_size, played=played, lead=lead, ntricks=len(view.tricks),
        scored=tuple(scored), dix_scored=mask_of(view.dix_scored), opp_hand=opp_hand, claim=view.claim(),
    )


@dataclass
class Ctx:
    """One seat's stage-1 decision context (own cards, public record, unseen cards)."""

    rules: PinochleRules
    """The rules of the hand."""
    pts: tuple[int, ...]
    """Points of each card index under the rules' counting."""
    trump: int
    """The trump suit (0..3 = ♠ ♥ ♦ ♣)."""
    trump_card: int
    """The card under the stock, -1 once taken."""
    hand: int
    """Own cards, concealed and melded (mask)."""
    melded: int
    """Own cards on the table (mask)."""
    unseen: int
    """Cards that are in the opponent's hidden hand or in the face-down stock (mask)."""
    opp_known: int
    """Opponent cards surely held: its melded cards and its public concealed cards (mask)."""
    opp_hidden: int
    """How many opponent cards are unknown."""
    stock_size: int
    """Face-down cards in the stock (the trump card not included)."""
    ntricks: int
    """Tricks completed so far in the hand."""
    scored: tuple[int, ...]
    """Per meld kind (0..9): the mask of the cards that have scored in that kind."""
    dix_scored: int
    """The dixes that have scored their 10 points (mask)."""


def view_ctx(kn: Knowledge) -> Ctx:
    """The decision context of the seat ``kn`` describes, with the card points of its counting."""
    return Ctx(kn.rules, card_points(kn.rules.counting), kn.trump, kn.trump_card, kn.hand, kn.melded, kn.unseen,
               kn.opp_known, kn.opp_hidden, kn.stock_size, kn.ntricks, kn.scored, kn.dix_scored)
