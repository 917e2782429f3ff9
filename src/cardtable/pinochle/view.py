"""What one seat may know (``pinochle.md`` section 8): public information plus its own concealed cards.

Hidden cards are absent, not masked: the opponent's concealed cards and the
stock never appear in a view during stage 1. Stage 2 is a full-information
phase, so from then on the view reveals the opponent's hand (8, last paragraph).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import PinochleCard
from .deck import CARDS, iter_bits, mask_of
from .hand_state import HandState
from .melds import KIND_NAMES, KIND_POINTS, kinds_of
from .phases import DEALING, OVER
from .rules import PinochleRules
from .scoring import count_pile

__all__ = ["PinochleView", "make_view"]

Cards = tuple[PinochleCard, ...]


def _cards(mask: int) -> Cards:
    return tuple(CARDS[i] for i in iter_bits(mask))


@dataclass(frozen=True)
class PinochleView:
    """One seat's observation. Cards are :class:`~cardtable.cards.PinochleCard` values."""

    seat: int
    """The seat this view belongs to."""
    dealer: int
    """The seat that dealt this hand."""
    phase: str
    """The hand's phase (:mod:`cardtable.pinochle.phases`)."""
    stage: int
    """1 while the stock lasts, else 2."""
    current_player: int
    """The seat to act, or :data:`~cardtable.core.CHANCE` / :data:`~cardtable.core.TERMINAL`."""
    trump: int
    """The trump suit (0..3 = ♠ ♥ ♦ ♣), -1 before the turn-up."""
    trump_card: PinochleCard | None
    """The face-up card under the stock, ``None`` once the loser of trick 12 took it."""
    hand: Cards
    """This seat's concealed cards."""
    melded: Cards
    """This seat's cards on the table."""
    opponent_melded: Cards
    """The opponent's cards on the table."""
    opponent_known: Cards
    """Concealed cards of the opponent that are public (a former trump card taken by exchange or last draw)."""
    opponent_hand_size: int
    """Concealed plus melded cards of the opponent."""
    stock_size: int
    """Face-down cards in the stock (the trump card not included)."""
    leader: int
    """The seat that leads (or led) the current trick."""
    lead: PinochleCard | None
    """The card led to the current trick, ``None`` before the lead."""
    tricks: tuple[tuple[int, PinochleCard, PinochleCard, int], ...]
    """Completed tricks seen by this view: (leader, led card, followed card, winner)."""
    won: tuple[Cards, Cards]
    """The cards each seat has won in tricks."""
    records: tuple[tuple[PinochleCard, tuple[str, ...]], ...]
    """Every physical card that has scored in a meld, with the kinds it scored in (6.3.3)."""
    dix_scored: Cards
    """The dixes (trump nines) that have scored their 10 points."""
    melds: tuple[tuple[int, str, Cards, int], ...]
    """Melds made this hand: (seat, kind, cards, points)."""
    meld_points: tuple[int, int]
    """Meld and dix points of each seat so far this hand."""
    breakdown: tuple[dict[str, int], dict[str, int]]
    """Per seat, those points by what scored them (meld kind or dix)."""
    events: tuple[str, ...]
    """The action history from this seat's side (hidden cards written ``?``)."""
    opponent_hand: Cards | None
    """The opponent's whole hand, in stage 2 and after the hand only."""
    points: tuple[int, int] | None
    """The hand score once the hand is over."""
    rules: PinochleRules | None = None
    """The rules of the hand (public)."""
    game_totals: tuple[int, int] = (0, 0)
    """The game totals of both seats before this hand (public)."""

    def claim(self) -> int:
        """What declaring out would claim now (10.3.2): this seat's game total before the hand, its
        meld and dix points of the hand, and the counters it has won so far (no last-trick 10)."""
        counting = (self.rules or PinochleRules()).counting
        return self.game_totals[self.seat] + self.meld_points[self.seat] + count_pile(mask_of(self.won[self.seat]), counting)


def make_view(state: HandState, seat: int) -> PinochleView:
    """The view of ``state`` for ``seat``."""
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    opp = 1 - seat
    events = []
    for action, actor in zip(state.history, state.actors):
        if action.kind in ("deal", "draw") and actor != seat:
            events.append(f"{action.kind} ?")
        else:
            events.append(str(action))
    scored_any = 0
    for m in state.scored:
        scored_any |= m
    over = state.phase == OVER
    revealed = state.stage == 2
    current = state.current_player()
    return PinochleView(
        seat=seat,
        dealer=state.dealer,
        phase=state.phase,
        stage=state.stage,
        current_player=current,
        trump=state.trump,
        trump_card=CARDS[state.trump_card] if state.trump_card >= 0 else None,
        hand=_cards(state.concealed[seat]),
        melded=_cards(state.melded[seat]),
        opponent_melded=_cards(state.melded[opp]),
        opponent_known=_cards(state.known[opp]),
        opponent_hand_size=state.hand(opp).bit_count(),
        stock_size=state.stock.bit_count() if state.phase != DEALING else 0,
        leader=state.leader,
        lead=CARDS[state.lead] if state.lead >= 0 else None,
        tricks=tuple((ld, CARDS[a], CARDS[b], w) for ld, a, b, w in state.trick_log),
        won=(_cards(state.won[0]), _cards(state.won[1])),
        records=tuple((CARDS[i], kinds_of(state.scored, i)) for i in iter_bits(scored_any)),
        dix_scored=_cards(state.dix_scored),
        melds=tuple((s, KIND_NAMES[k], _cards(m), KIND_POINTS[k]) for s, k, m in state.meld_log),
        meld_points=(state.meld_points(0), state.meld_points(1)),
        breakdown=(dict(state.breakdown[0]), dict(state.breakdown[1])),
        events=tuple(events),
        opponent_hand=_cards(state.hand(opp)) if revealed else None,
        points=(state.points[0], state.points[1]) if over else None,
        rules=state.rules,
        game_totals=state.totals,
    )
