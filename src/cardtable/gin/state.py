"""The Gin Rummy hand: dealing, the first-upcard offer, draws, discards, knocks and the showdown.

Chance is explicit: each dealt card (``deal 7H``) and each card drawn from
the stock (``drawn 7H``) is a chance step. The stock is therefore never
ordered: it is the set of unseen cards, and nobody's view contains it.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Card, iter_mask, mask_to_cards
from ..core import CHANCE, TERMINAL, GameState
from ..errors import IllegalActionError
from .actions import BIG_GIN, DEAL, DISCARD, DRAW, DRAWN, KNOCK, PASS, TAKE, TAKE_KNOCK, GinAction, arrange
from .explain import explain_illegal
from .melds import (
    FULL,
    arrangements_within,
    canonical_arrangement,
    deadwood,
    deadwood_cards,
    minimal_arrangements,
)
from .notation import match_action, normalize, parse_unlisted
from .openspiel_deadwood import openspiel_refuses_knock
from .phases import (
    ARRANGE,
    CHANCE_PHASES,
    DEALING,
    DISCARD_PHASE,
    DRAW_PHASE,
    DRAWING,
    FORCED_DRAW,
    OFFER,
    OFFER_DEALER,
    OVER,
    WALL,
    WALL_KNOCK,
)
from .position import state_from_fields, state_to_fields
from .rules import GinRules
from .showdown import Showdown, score_showdown
from .view import GinView

__all__ = ["GinState"]


def _knock_discards(hand: int, allowed: int, limit: int) -> list[Card]:
    """The cards of ``allowed`` whose discard leaves ``hand`` with deadwood <= ``limit``.

    Removing a card lowers the minimum deadwood by at most the card's value (the old
    arrangement minus that card is still an arrangement), so a card with
    ``deadwood(hand) - value > limit`` cannot qualify and needs no search: for most
    11-card hands a single deadwood call settles every card.
    """
    full = deadwood(hand)
    out: list[Card] = []
    if full - 10 > limit:
        return out
    for card in iter_mask(allowed):
        if full - card.value <= limit and deadwood(hand & ~card.bit) <= limit:
            out.append(card)
    return out




class GinState(GameState[GinRules, GinAction, GinView]):
    """One hand of Gin Rummy. Create with :meth:`GinGame.new_hand <cardtable.gin.GinGame.new_hand>`."""

    game_name = "gin"
    num_players = 2

    __slots__ = (
        "_event_cache",
        "_legal",
        "actors",
        "dealer",
        "dealt",
        "decisions",
        "discard",
        "draws",
        "first_upcard",
        "hands",
        "history",
        "knock_card",
        "knock_limit",
        "known",
        "offer_take",
        "phase",
        "points",
        "returned",
        "rules",
        "showdown",
        "stock",
        "stock_size",
        "taken",
        "turn",
    )

    def __init__(self, rules: GinRules | None = None, dealer: int = 0) -> None:
        if dealer not in (0, 1):
            raise ValueError("dealer must be 0 or 1")
        self.rules = rules if rules is not None else GinRules()
        self.dealer = dealer
        """The seat that deals this hand."""
        self.phase = DEALING
        """The hand's phase (:mod:`cardtable.gin.phases`)."""
        self.turn = 1 - dealer
        """The seat whose turn it is (chance steps aside)."""
        self.hands = [0, 0]
        """Each seat's cards as a bitmask."""
        self.known = [0, 0]
        """Per seat, the cards of its hand the opponent knows (taken from the discard pile), as a bitmask."""
        self.discard: list[Card] = []
        """The discard pile, bottom to top."""
        self.stock = FULL
        """The cards not dealt or drawn yet, as a bitmask."""
        self.stock_size = 52
        """How many cards :attr:`stock` holds."""
        self.dealt = 0
        """How many cards of the deal (20 and the first upcard) have been dealt."""
        self.first_upcard: Card | None = None
        """The hand's first upcard, once it is turned."""
        self.knock_limit = self.rules.knock_limit
        """The most deadwood a knock may leave in this hand (Oklahoma: set by the first upcard)."""
        self.taken: Card | None = None
        """The card just taken from the discard pile this turn, else ``None``."""
        self.offer_take = False
        """Whether the card just taken was the first upcard (taken on the offer)."""
        self.draws = 0
        """Upcard takes in normal turns so far (``rules.max_discard_draws`` of them void the hand)."""
        self.returned: Card | None = None
        """A taken card discarded straight back (``discard_taken_card``); the same card again voids the hand."""
        self.decisions: list[tuple[int, str]] = []
        """``(seat, "take" or "pass")`` for each decision on the first upcard."""
        self.history: list[GinAction] = []
        self.actors: list[int] = []
        """For each action of :attr:`history`, the seat that made it (a dealt card: the seat dealt to; the first upcard: -1)."""
        self.points = [0, 0]
        """Points each seat scored in the hand (set when it ends)."""
        self.showdown: Showdown | None = None
        """How the hand ended and was scored, once it is over."""
        self.knock_card: Card | None = None
        """The card discarded face down with a knock, if any."""
        self._legal: list[GinAction] | None = None
        self._event_cache: list[tuple[int, tuple[str, ...]]] = [(0, ()), (0, ())]

    # --- turn -----------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase in CHANCE_PHASES:
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        return self.turn

    @property
    def nondealer(self) -> int:
        """The seat that does not deal."""
        return 1 - self.dealer

    def hand(self, seat: int) -> list[Card]:
        """``seat``'s cards in index order (by suit, then rank)."""
        return mask_to_cards(self.hands[seat])

    # --- legal actions ----------------------------------------------------------------------
    def legal_actions(self) -> list[GinAction]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _knock_cards(self, hand: int) -> list[Card]:
        taken_bit = 0 if self.taken is None or self.rules.discard_taken_card else self.taken.bit
        cards = _knock_discards(hand, hand & ~taken_bit, self.knock_limit)
        return [] if cards and openspiel_refuses_knock(hand, self.knock_limit, self.rules.knock_check) else cards

    def _can_big_gin(self, hand: int) -> bool:
        return self.rules.big_gin_bonus is not None and deadwood(hand) == 0

    def _compute_legal(self) -> list[GinAction]:
        phase = self.phase
        if phase == DEALING or phase == DRAWING:
            return [DEAL[c.index] if phase == DEALING else DRAWN[c.index] for c in iter_mask(self.stock)]
        if phase == DISCARD_PHASE or phase == WALL_KNOCK:
            hand = self.hands[self.turn]
            out: list[GinAction] = []
            if phase == DISCARD_PHASE:
                taken_bit = 0 if self.taken is None or self.rules.discard_taken_card else self.taken.bit
                out = [DISCARD[c.index] for c in iter_mask(hand & ~taken_bit)]
            out.extend(KNOCK[c.index] for c in self._knock_cards(hand))
            if self._can_big_gin(hand):
                out.append(BIG_GIN)
            return out
        if phase == DRAW_PHASE:
            return [DRAW, TAKE]
        if phase == OFFER or phase == OFFER_DEALER:
            return [TAKE, PASS]
        if phase == FORCED_DRAW:
            return [DRAW]
        if phase == WALL:
            return [TAKE_KNOCK, PASS] if self._wall_knock_possible() else [PASS]
        if phase == ARRANGE:
            return [arrange(a) for a in self.knock_arrangements()]
        return []

    def knock_arrangements(self) -> list[tuple[int, ...]]:
        """The arrangements the knocker (to act) may show: minimal ones (5.1), or with
        ``knocker_melds="within-limit"`` any whose deadwood is within the knock limit."""
        hand = self.hands[self.turn]
        if self.rules.knocker_melds == "within-limit":
            return arrangements_within(hand, self.knock_limit)
        return minimal_arrangements(hand)

    def _wall_knock_possible(self) -> bool:
        top = self.discard[-1]
        hand = self.hands[self.turn] | top.bit
        limit = self.knock_limit
        allowed = hand if self.rules.discard_taken_card else hand & ~top.bit
        if _knock_discards(hand, allowed, limit) and not openspiel_refuses_knock(hand, self.knock_limit, self.rules.knock_check):
            return True
        return self._can_big_gin(hand)

    def chance_outcomes(self) -> list[tuple[GinAction, float]]:
        if self.phase not in CHANCE_PHASES:
            return []
        actions = self.legal_actions()
        p = 1.0 / len(actions)
        return [(a, p) for a in actions]

    def sample_chance(self, rng: random.Random) -> GinAction:
        """Same outcome as the generic uniform sampler, without building probability pairs."""
        phase = self.phase
        if phase not in CHANCE_PHASES:
            raise IllegalActionError.from_code("chance.none", "chance")
        stock = self.stock
        for _ in range(rng.randrange(self.stock_size)):
            stock &= stock - 1
        index = (stock & -stock).bit_length() - 1
        return DEAL[index] if phase == DEALING else DRAWN[index]

    # --- applying -------------------------------------------------------------------------
    def verify_action(self, action: GinAction) -> None:
        if self.phase == OVER:
            raise IllegalActionError.from_code("hand.over", "terminal", action=str(action))
        if type(action) is not GinAction:
            raise IllegalActionError.from_code("gin.action.wrong_type", "notation", action=repr(action))
        phase = self.phase
        if phase in CHANCE_PHASES and (action.kind == "deal") == (phase == DEALING) and action.is_chance:
            card = action.card
            if card is not None and self.stock & card.bit:
                return
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            raise self.explain_illegal(action)

    def _apply_unchecked(self, action: GinAction) -> None:
        self._legal = None
        kind = action.kind
        turn = self.turn
        if kind == "deal":
            card = action.card
            assert card is not None
            self.stock &= ~card.bit
            self.stock_size -= 1
            i = self.dealt
            self.dealt = i + 1
            if i < 20:
                seat = self.nondealer if i % 2 == 0 else self.dealer
                self.hands[seat] |= card.bit
                self.actors.append(seat)
            else:
                self.actors.append(-1)
                self.discard.append(card)
                self.first_upcard = card
                if self.rules.oklahoma:
                    self.knock_limit = 0 if card.rank == 1 else card.value
                self.phase = OFFER
                self.turn = self.nondealer
            return
        self.actors.append(turn)
        if kind == "drawn":
            card = action.card
            assert card is not None
            self.stock &= ~card.bit
            self.stock_size -= 1
            self.hands[turn] |= card.bit
            self.taken = None
            self.offer_take = False
            self.phase = DISCARD_PHASE
        elif kind == "draw":
            self.phase = DRAWING
        elif kind == "take":
            if self.phase == DRAW_PHASE:
                self.draws += 1
                if self.draws >= self.rules.max_discard_draws:
                    self._void("discard-draw cap reached (4.6.2)")
                    return
                self.offer_take = False
            else:
                self.decisions.append((turn, "take"))
                self.offer_take = True
            card = self.discard.pop()
            self.hands[turn] |= card.bit
            self.known[turn] |= card.bit
            self.taken = card
            self.phase = DISCARD_PHASE
        elif kind == "pass":
            if self.phase == WALL:
                self._void("the wall: no knock (4.5)")
                return
            self.decisions.append((turn, "pass"))
            if self.phase == OFFER:
                self.phase = OFFER_DEALER
                self.turn = self.dealer
            else:
                self.phase = FORCED_DRAW
                self.turn = self.nondealer
        elif kind == "discard":
            card = action.card
            assert card is not None
            self.hands[turn] &= ~card.bit
            self.known[turn] &= ~card.bit
            self.discard.append(card)
            if self.rules.discard_taken_card and card is self.taken and (
                    self.rules.offer_take_returns or not self.offer_take):
                if self.returned is card:
                    self._void("repeated upcard (4.6.1)")
                    return
                self.returned = card
            else:
                self.returned = None
            self.taken = None
            self.offer_take = False
            self.turn = 1 - turn
            if self.stock_size == 2:
                if self.rules.stock_end == "wall":
                    self.phase = WALL
                else:
                    self._void("stock down to 2 cards (4.5)")
            else:
                self.phase = DRAW_PHASE
        elif kind == "knock":
            card = action.card
            assert card is not None
            self.hands[turn] &= ~card.bit
            # a known knock card stays in ``known`` until the showdown: it lies face down, so
            # dropping it here would tell the defender which card it was
            self.knock_card = card
            hand = self.hands[turn]
            if deadwood(hand) == 0 and self.rules.knocker_melds == "minimal":
                self._showdown("gin", turn, canonical_arrangement(hand))
            else:
                arrangements = self.knock_arrangements()
                if len(arrangements) > 1:
                    self.phase = ARRANGE
                else:
                    self._show(turn, arrangements[0])
        elif kind == "big gin":
            self._showdown("big gin", turn, canonical_arrangement(self.hands[turn]))
        elif kind == "take knock":
            card = self.discard.pop()
            self.hands[turn] |= card.bit
            self.known[turn] |= card.bit
            self.taken = card
            self.offer_take = False
            self.phase = WALL_KNOCK
        elif kind == "arrange":
            self._show(turn, action.melds)
        else:  # pragma: no cover - GinAction validates kinds
            raise AssertionError(kind)

    def _void(self, reason: str) -> None:
        self.phase = OVER
        self.points = [0, 0]
        self.showdown = Showdown("void", (0, 0), result="void", void_reason=reason)

    def _show(self, knocker: int, melds: tuple[int, ...]) -> None:
        """The knocker lays ``melds``: gin when nothing is left unmelded, else a knock."""
        self._showdown("knock" if deadwood_cards(self.hands[knocker], melds) else "gin", knocker, melds)

    def _showdown(self, outcome: str, knocker: int, melds: tuple[int, ...]) -> None:
        self.known[knocker] &= self.hands[knocker]
        self.showdown = score_showdown(self.rules, self.hands, outcome, knocker, melds, self.first_upcard, self.knock_card)
        self.points = list(self.showdown.points)
        self.phase = OVER
        self.turn = knocker

    # --- errors and notation -------------------------------------------------------------------
    def explain_illegal(self, action: GinAction) -> IllegalActionError:
        return explain_illegal(self, action)

    def normalize_notation(self, text: str) -> str:
        return normalize(text)

    def match_notation(self, key: str, legal: Any) -> list[GinAction]:
        return match_action(key, legal)

    def parse_unlisted(self, text: str) -> GinAction:
        """Parse an action that is not legal now so that :meth:`apply` can say which rule forbids it."""
        return parse_unlisted(text)

    # --- copies and results ---------------------------------------------------------------------
    def returns(self) -> list[int]:
        return list(self.points)

    def clone(self) -> GinState:
        new = GinState.__new__(GinState)
        new.rules = self.rules
        new.dealer = self.dealer
        new.phase = self.phase
        new.turn = self.turn
        new.hands = self.hands[:]
        new.known = self.known[:]
        new.discard = self.discard[:]
        new.stock = self.stock
        new.stock_size = self.stock_size
        new.dealt = self.dealt
        new.first_upcard = self.first_upcard
        new.knock_limit = self.knock_limit
        new.taken = self.taken
        new.offer_take = self.offer_take
        new.draws = self.draws
        new.returned = self.returned
        new.decisions = self.decisions[:]
        new.history = self.history[:]
        new.actors = self.actors[:]
        new.points = self.points[:]
        new.showdown = self.showdown
        new.knock_card = self.knock_card
        new._legal = self._legal
        new._event_cache = self._event_cache[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GinState):
            return NotImplemented
        return self._signature() == other._signature()

    __hash__ = None  # type: ignore[assignment]

    def _signature(self) -> tuple[Any, ...]:
        return (
            self.rules, self.dealer, self.phase, self.turn, tuple(self.hands), tuple(self.known),
            tuple(self.discard), self.stock, self.dealt, self.first_upcard, self.knock_limit,
            self.taken, self.offer_take, self.draws, self.returned, tuple(self.decisions),
            tuple(self.history), tuple(self.points), self.showdown, self.knock_card,
        )

    # --- views ----------------------------------------------------------------------------------
    def _events(self, seat: int) -> tuple[str, ...]:
        """The history as ``seat`` saw it (others' dealt/drawn cards and knock discard as ``?``).

        Extended incrementally from a per-seat cache, so a view per step stays cheap."""
        done, events = self._event_cache[seat]
        history = self.history
        if done > len(history):  # pragma: no cover - histories only grow
            done, events = 0, ()
        if done < len(history):
            new = []
            for action, actor in zip(history[done:], self.actors[done:]):
                kind = action.kind
                if kind in ("deal", "drawn") and actor != seat and actor != -1:
                    new.append(f"{kind} ?")
                elif kind == "knock" and actor != seat:
                    new.append("knock ?")
                else:
                    new.append(str(action))
            events = events + tuple(new)
            self._event_cache[seat] = (len(history), events)
        return events

    def view(self, seat: int) -> GinView:
        if seat not in (0, 1):
            raise ValueError("seat must be 0 or 1")
        opp = 1 - seat
        over = self.phase == OVER
        scored = over and self.showdown is not None and self.showdown.outcome != "void"
        discard = tuple(self.discard)
        if self.knock_card is not None and (scored or self.turn == seat):
            discard = discard + (self.knock_card,)
        events = self._events(seat)
        if scored and "knock ?" in events:
            events = tuple(str(self.history[i]) if e == "knock ?" else e for i, e in enumerate(events))
        hand = self.hands[seat]
        return GinView(
            seat=seat,
            dealer=self.dealer,
            phase=self.phase,
            current_player=self.current_player(),
            hand=tuple(mask_to_cards(hand)),
            opponent_hand_size=bin(self.hands[opp]).count("1"),
            opponent_known=tuple(mask_to_cards(self.known[opp])),
            own_known=tuple(mask_to_cards(self.known[seat])),
            discard_pile=discard,
            stock_size=self.stock_size,
            knock_limit=self.knock_limit,
            first_upcard=self.first_upcard,
            upcard_decisions=tuple(self.decisions),
            taken_card=self.taken,
            discard_draws=self.draws,
            events=events,
            showdown=self.showdown if over else None,
            opponent_hand=tuple(mask_to_cards(self.hands[opp])) if scored else None,
            deadwood=deadwood(hand),
            rules=self.rules,
        )

    # --- positions ----------------------------------------------------------------------------
    def to_fields(self) -> dict[str, str]:
        return state_to_fields(self)

    @classmethod
    def from_fields(cls, rules: GinRules, fields: dict[str, str]) -> GinState:
        """Build a position from its fields (see :mod:`cardtable.gin.position` for the format)."""
        return state_from_fields(rules, fields, cls)
