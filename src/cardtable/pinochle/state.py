"""The two-handed Pinochle hand: the deal, stage 1 (tricks, dix, melds, draws), stage 2 and the count.

Chance is explicit: each dealt card (``deal ASa``), the turn-up (``turnup 9Ca``)
and each card drawn from the stock (``draw KHb``) is a chance step. The stock
is therefore never ordered: it is the set of unseen cards (the trump card,
known to all, is kept apart as the last card of the stock).

Cards are indices 0..47 (see :mod:`cardtable.pinochle.deck`) and every set of
cards is an integer bitmask.
"""

from __future__ import annotations

import random
from typing import Any

from ..core import CHANCE, TERMINAL, GameState
from ..errors import IllegalActionError
from .actions import (
    DEAL,
    DECLARE_OUT,
    DRAW,
    EXCHANGE,
    NO_EXCHANGE,
    NO_MELD,
    PLAY,
    TURNUP,
    PinochleAction,
    meld_action,
)
from .deck import FULL, NINE, RANK_MASKS, SUIT_MASKS, card_points, iter_bits
from .explain import explain_illegal
from .melds import DIX, EMPTY_RECORD, KIND_NAMES, KIND_POINTS, legal_melds, record_add
from .notation import loose_matches, normalize, parse_any
from .phases import CHANCE_PHASES, DEALING, DRAW_LOSER, DRAW_WINNER, EXCHANGE_PHASE, MELD_PHASE, OVER, PLAY_PHASE
from .position import fill_state, state_to_fields
from .rules import PinochleRules
from .scoring import count_pile
from .tricks import follower_wins, stage2_options
from .view import PinochleView, make_view

__all__ = ["PinochleState"]


class PinochleState(GameState[PinochleRules, PinochleAction, PinochleView]):
    """One hand of two-handed Pinochle. Create with :meth:`PinochleGame.new_hand <cardtable.pinochle.PinochleGame.new_hand>`.

    Public attributes (all cards as indices or masks): ``concealed`` and
    ``melded`` per seat, ``won`` piles, ``stock`` (unseen face-down cards),
    ``trump`` suit and ``trump_card`` (under the stock, -1 once taken),
    ``scored`` (per meld kind, the cards that have scored in it), ``dix_scored``,
    ``breakdown`` (per seat: points by meld kind and dix event), ``leader``,
    ``lead`` (the card led to the trick in progress, else -1), ``ntricks``.
    """

    game_name = "pinochle"
    num_players = 2

    __slots__ = (
        "_legal", "actors", "breakdown", "concealed", "counters", "dealer", "dealt", "declarer", "dix_scored",
        "history", "known", "last_winner", "lead", "leader", "meld_log", "melded", "ntricks", "phase", "points",
        "rules", "scored", "stock", "totals", "trick_log", "trump", "trump_card", "won",
    )

    def __init__(self, rules: PinochleRules | None = None, dealer: int = 0,
                 totals: tuple[int, int] = (0, 0)) -> None:
        """``totals``: the game totals before this hand (public; declaring out counts from them)."""
        if dealer not in (0, 1):
            raise ValueError("dealer must be 0 or 1")
        self.rules = rules if rules is not None else PinochleRules()
        self.dealer = dealer
        """The seat that deals this hand."""
        self.totals = totals
        """The game totals of both seats before this hand."""
        self.phase = DEALING
        """The hand's phase (:mod:`cardtable.pinochle.phases`)."""
        self.dealt = 0
        """How many cards have been dealt (24 make the deal)."""
        self.leader = 1 - dealer
        """The seat that leads (or led) the current trick."""
        self.lead = -1
        """The card led to the trick in progress (an index), else -1."""
        self.concealed = [0, 0]
        """Each seat's cards in hand, as a mask of physical-card indices."""
        self.melded = [0, 0]
        """Each seat's cards on the table (melded), as a mask."""
        self.won = [0, 0]
        """Each seat's won tricks' cards, as a mask."""
        self.known = [0, 0]
        """Per seat, its concealed cards the opponent knows (a former trump card), as a mask."""
        self.stock = FULL
        """The face-down cards not dealt or drawn yet, as a mask."""
        self.trump = -1
        """The trump suit (0..3), -1 before the turn-up."""
        self.trump_card = -1
        """The turned-up card under the stock (an index), -1 once taken."""
        self.scored: tuple[int, ...] = EMPTY_RECORD
        """Per meld kind, the cards that have scored in it (masks)."""
        self.dix_scored = 0
        """The dixes that have scored, as a mask."""
        self.breakdown: list[dict[str, int]] = [{}, {}]
        """Per seat, meld and dix points by what scored them."""
        self.ntricks = 0
        """Tricks completed so far."""
        self.trick_log: list[tuple[int, int, int, int]] = []
        """Each completed trick: ``(leader, led card, followed card, winner)``."""
        self.meld_log: list[tuple[int, int, int]] = []
        """Each meld made: ``(seat, kind, cards mask)``."""
        self.declarer = -1
        """The seat that declared out, else -1."""
        self.last_winner = -1
        """The winner of the latest trick, -1 before the first."""
        self.counters = [0, 0]
        """Counter points each seat took in tricks (set when the hand is counted)."""
        self.points = [0, 0]
        """The hand's score per seat: meld plus counters (set when the hand ends)."""
        self.history: list[PinochleAction] = []
        self.actors: list[int] = []
        """For each action of :attr:`history`, the seat that made it (a dealt or drawn card: the seat it went to; the turn-up: -1)."""
        self._legal: list[PinochleAction] | None = None

    # --- whose turn -----------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY_PHASE:
            return self.leader if self.lead < 0 else 1 - self.leader
        if phase in (EXCHANGE_PHASE, MELD_PHASE):
            return self.leader
        if phase == OVER:
            return TERMINAL
        return CHANCE

    @property
    def stage(self) -> int:
        """1 while the stock lasts (up to the last draw after trick 12), else 2."""
        return 2 if self.trump_card < 0 and self.phase in (PLAY_PHASE, OVER) else 1

    @property
    def trump_dixes(self) -> int:
        """The dixes (the two trump nines) as a mask; 0 before the turn-up."""
        return SUIT_MASKS[self.trump] & RANK_MASKS[NINE] if self.trump >= 0 else 0

    def hand(self, seat: int) -> int:
        """All cards of ``seat``'s hand, concealed and melded."""
        return self.concealed[seat] | self.melded[seat]

    def meld_points(self, seat: int) -> int:
        """Meld and dix points of ``seat`` so far this hand."""
        return sum(self.breakdown[seat].values())

    def deal_target(self) -> int:
        """The seat that receives the next dealt card (packets of four, non-dealer first)."""
        return 1 - self.dealer if (self.dealt // 4) % 2 == 0 else self.dealer

    # --- legal actions ----------------------------------------------------------------------
    def legal_actions(self) -> list[PinochleAction]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[PinochleAction]:
        phase = self.phase
        if phase in CHANCE_PHASES:
            table = self._chance_table()
            return [table[i] for i in iter_bits(self.stock)]
        if phase == OVER:
            return []
        seat = self.current_player()
        out: list[PinochleAction]
        if phase == PLAY_PHASE:
            hand = self.hand(seat)
            if self.lead >= 0 and self.ntricks >= 12:
                hand = stage2_options(hand, self.lead, self.trump)
            out = [PLAY[i] for i in iter_bits(hand)]
        elif phase == EXCHANGE_PHASE:
            out = [EXCHANGE[i] for i in iter_bits(self.hand(seat) & self.trump_dixes)]
            out.append(NO_EXCHANGE)
        else:
            out = [meld_action(k, m) for k, m in self.legal_melds(seat)]
            out.append(NO_MELD)
        if self.rules.declare_out:
            out.append(DECLARE_OUT)
        return out

    def legal_melds(self, seat: int) -> list[tuple[int, int]]:
        """Every legal ``(kind, mask)`` meld for ``seat`` under 6.3 (whether or not it may meld now)."""
        rules = self.rules
        return legal_melds(self.trump, self.hand(seat), self.concealed[seat], self.scored, self.dix_scored,
                           rules.meld_requires_hand_card, rules.double_pinochle_300)

    def can_exchange(self, seat: int) -> bool:
        """7.1: the trump card is under the stock, is not a 9, and ``seat`` holds a dix."""
        tc = self.trump_card
        return tc >= 0 and (tc % 12) >> 1 != NINE and bool(self.hand(seat) & self.trump_dixes)

    def chance_outcomes(self) -> list[tuple[PinochleAction, float]]:
        if self.phase not in CHANCE_PHASES:
            return []
        actions = self.legal_actions()
        p = 1.0 / len(actions)
        return [(a, p) for a in actions]

    def sample_chance(self, rng: random.Random) -> PinochleAction:
        """Same outcome as the generic uniform sampler, without building probability pairs."""
        if self.phase not in CHANCE_PHASES:
            raise IllegalActionError.from_code("chance.none", "chance")
        stock = self.stock
        k = rng.randrange(stock.bit_count())
        for _ in range(k):  # the k-th card of the stock in index order, as legal_actions() lists them
            stock &= stock - 1
        return self._chance_table()[(stock & -stock).bit_length() - 1]

    def _chance_table(self) -> tuple[PinochleAction, ...]:
        if self.phase == DEALING:
            return DEAL if self.dealt < 24 else TURNUP
        return DRAW

    # --- applying ---------------------------------------------------------------------------
    def verify_action(self, action: PinochleAction) -> None:
        phase = self.phase
        if phase == OVER:
            raise IllegalActionError.from_code("hand.over", "terminal", action=str(action))
        if type(action) is not PinochleAction:
            raise IllegalActionError.from_code("pinochle.action.wrong_type", "notation", action=repr(action))
        if phase in CHANCE_PHASES:  # fast path: no list of outcomes needed
            card = action.card
            if card < 0 or self._chance_table()[card] is not action or not self.stock >> card & 1:
                raise self.explain_illegal(action)
            return
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            raise self.explain_illegal(action)

    def _apply_unchecked(self, action: PinochleAction) -> None:
        self._legal = None
        kind = action.kind
        card = action.card
        if kind == "deal":
            seat = self.deal_target()
            self.actors.append(seat)
            self.stock &= ~(1 << card)
            self.concealed[seat] |= 1 << card
            self.dealt += 1
            return
        if kind == "turnup":
            self.actors.append(-1)
            self.stock &= ~(1 << card)
            self.trump = card // 12
            self.trump_card = card
            if (card % 12) >> 1 == NINE:
                self._score(self.dealer, "dix-turnup", 10)
                self.dix_scored |= 1 << card
            self.phase = PLAY_PHASE
            self.leader = 1 - self.dealer
            return
        if kind == "draw":
            self._draw(card)
            return
        seat = self.current_player()
        self.actors.append(seat)
        if kind == "play":
            self._play(seat, card)
        elif kind == "exchange":
            bit = 1 << card
            self.concealed[seat] &= ~bit
            self.melded[seat] &= ~bit
            self.concealed[seat] |= 1 << self.trump_card
            self.known[seat] |= 1 << self.trump_card
            self.trump_card = card
            if not self.dix_scored & bit:
                self.dix_scored |= bit
                self._score(seat, "dix-exchange", 10)
            self._after_exchange(seat)
        elif kind == "no exchange":
            self._after_exchange(seat)
        elif kind == "meld":
            mask = action.cards
            self.scored = record_add(self.scored, action.meld, mask)
            if action.meld == DIX:
                self.dix_scored |= mask
            self.melded[seat] |= mask
            self.concealed[seat] &= ~mask
            self.known[seat] &= ~mask
            self.meld_log.append((seat, action.meld, mask))
            self._score(seat, KIND_NAMES[action.meld], KIND_POINTS[action.meld])
            self.phase = DRAW_WINNER
        elif kind == "no meld":
            self.phase = DRAW_WINNER
        elif kind == "declare out":
            self.declarer = seat
            self._finish()
        else:  # pragma: no cover - PinochleAction validates kinds
            raise AssertionError(kind)

    def _score(self, seat: int, key: str, pts: int) -> None:
        book = self.breakdown[seat]
        book[key] = book.get(key, 0) + pts

    def _remove(self, seat: int, card: int) -> None:
        keep = ~(1 << card)
        self.concealed[seat] &= keep
        self.melded[seat] &= keep
        self.known[seat] &= keep

    def _play(self, seat: int, card: int) -> None:
        self._remove(seat, card)
        if self.lead < 0:
            self.lead = card
            return
        leader, lead = self.leader, self.lead
        winner = seat if follower_wins(lead, card, self.trump) else leader
        self.won[winner] |= (1 << lead) | (1 << card)
        self.trick_log.append((leader, lead, card, winner))
        self.ntricks += 1
        self.lead = -1
        self.leader = winner
        self.last_winner = winner
        if self.ntricks <= 12:
            if self.rules.dix_scores_when_played:
                for who, c in ((leader, lead), (seat, card)):
                    bit = 1 << c
                    if self.trump_dixes & bit and not self.dix_scored & bit:
                        self.dix_scored |= bit
                        self._score(who, "dix-played", 10)
            if self.can_exchange(winner):
                self.phase = EXCHANGE_PHASE
            else:
                self._after_exchange(winner)
        elif self.ntricks == 24:
            self._finish()

    def _after_exchange(self, seat: int) -> None:
        self.phase = MELD_PHASE if self.legal_melds(seat) else DRAW_WINNER

    def _draw(self, card: int) -> None:
        bit = 1 << card
        self.stock &= ~bit
        if self.phase == DRAW_WINNER:
            winner = self.leader
            self.actors.append(winner)
            self.concealed[winner] |= bit
            if self.stock:
                self.phase = DRAW_LOSER
                return
            loser = 1 - winner
            self.concealed[loser] |= 1 << self.trump_card
            self.known[loser] |= 1 << self.trump_card
            self.trump_card = -1
            for seat in (0, 1):
                self.concealed[seat] |= self.melded[seat]
                self.melded[seat] = 0
        else:
            self.actors.append(1 - self.leader)
            self.concealed[1 - self.leader] |= bit
        self.phase = PLAY_PHASE

    def card_points_of(self, seat: int) -> int:
        """Counters in ``seat``'s won pile (configured ``counting``, before rounding and last trick)."""
        pts = card_points(self.rules.counting)
        return sum(pts[i] for i in iter_bits(self.won[seat]))

    def _finish(self) -> None:
        """Count the hand (9) or, after a declaration, the partial count (10.3.2)."""
        for seat in (0, 1):
            last = self.declarer < 0 and seat == self.last_winner
            self.counters[seat] = count_pile(self.won[seat], self.rules.counting, last)
            self.points[seat] = self.meld_points(seat) + self.counters[seat]
        self.phase = OVER

    # --- errors and notation -----------------------------------------------------------------
    def explain_illegal(self, action: PinochleAction) -> IllegalActionError:
        return explain_illegal(self, action)

    def normalize_notation(self, text: str) -> str:
        return normalize(text)

    def match_notation(self, key: str, legal: Any) -> list[PinochleAction]:
        return loose_matches(self, key, legal)

    def parse_unlisted(self, text: str) -> PinochleAction:
        return parse_any(self, text)

    # --- results, copies, views ---------------------------------------------------------------
    def returns(self) -> list[int]:
        return list(self.points)

    def clone(self) -> PinochleState:
        new = PinochleState.__new__(PinochleState)
        for name in ("rules", "dealer", "totals", "phase", "dealt", "leader", "lead", "stock", "trump", "trump_card",
                     "scored", "dix_scored", "ntricks", "declarer", "last_winner", "_legal"):
            setattr(new, name, getattr(self, name))
        for name in ("concealed", "melded", "won", "known", "trick_log", "meld_log", "counters", "points",
                     "history", "actors"):
            setattr(new, name, getattr(self, name)[:])
        new.breakdown = [dict(b) for b in self.breakdown]
        return new

    def _signature(self) -> tuple[Any, ...]:
        return (
            self.rules, self.dealer, self.totals, self.phase, self.dealt, self.leader, self.lead, tuple(self.concealed),
            tuple(self.melded), tuple(self.won), tuple(self.known), self.stock, self.trump, self.trump_card,
            self.scored, self.dix_scored, tuple(tuple(sorted(b.items())) for b in self.breakdown), self.ntricks,
            tuple(self.trick_log), tuple(self.meld_log), self.declarer, self.last_winner, tuple(self.counters),
            tuple(self.points), tuple(self.history),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PinochleState):
            return NotImplemented
        return self._signature() == other._signature()

    __hash__ = None  # type: ignore[assignment]

    def view(self, seat: int) -> PinochleView:
        return make_view(self, seat)

    def to_fields(self) -> dict[str, str]:
        return state_to_fields(self)

    @classmethod
    def from_fields(cls, rules: PinochleRules, fields: dict[str, str]) -> PinochleState:
        """Build a position from parsed position fields (see :mod:`cardtable.pinochle.position`)."""
        state = cls(rules, 0)
        fill_state(state, fields)
        return state
