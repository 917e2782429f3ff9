"""Two-handed Pinochle as integers and arrays.

Physical cards are the 48 deck indices of :mod:`cardtable.pinochle.deck`:
``i = suit * 12 + order * 2 + copy`` (order A, 10, K, Q, J, 9 = 0..5; copy
``a`` = 0, ``b`` = 1). The two copies of a card are different ids.

Action codec (``Discrete(296)``), one id per move:

==========  ===============================================================
id          move
==========  ===============================================================
0 - 47      ``play`` the physical card ``id``
48 - 55     ``exchange`` the trump nine ``9 of suit (id-48)//2``, copy ``(id-48)%2``
56          ``no exchange``
57          ``no meld``
58          ``declare out`` (rules option ``declare_out``)
59 - 295    ``meld``: entry ``id - 59`` of :data:`MELD_TABLE`, every
            (kind, physical cards) shape of every trump suit, sorted by
            (kind, card mask): 128 runs, 16 royal marriages, 16 marriages,
            8 dixes, 64 arounds (16 per kind), 4 pinochles, 1 double pinochle.
            A meld is its kind plus its exact physical cards, as in the engine,
            so the map is a bijection (round-trip tested on every legal move).
==========  ===============================================================

Chance ids: the dealt, turned-up or drawn physical card (0..47).

Observation (``float32[980]``), built from :class:`~cardtable.pinochle.view.PinochleView` only
(planes of 48 physical cards):

=========  =====  ==============================================================
offset     size   content
=========  =====  ==============================================================
0          48     own concealed cards
48         48     own melded cards (on the table)
96         48     opponent's melded cards
144        48     opponent's concealed cards that are public (former trump cards)
192        48     opponent's whole hand (stage 2 and after the hand only)
240        48     the trump card under the stock
288        48     the card led to the current trick
336        48     cards won by this seat
384        48     cards won by the opponent
432        48     dixes that have scored
480        480    per meld kind (run, royal-marriage, marriage, dix, aces-, kings-,
                  queens-, jacks-around, pinochle, double-pinochle): the cards
                  that have scored in that kind (48 each)
960        4      trump suit one-hot (♠ ♥ ♦ ♣)
964        7      phase one-hot: deal, play, exchange, meld, draw-winner, draw-loser, over
971        1      stage 2
972        1      this seat is to act
973        1      this seat dealt
974        1      this seat leads the current trick
975        1      stock size / 23
976        1      opponent's hand size / 12
977        1      own meld points / 1000 (at most 1)
978        1      opponent's meld points / 1000 (at most 1)
979        1      completed tricks / 24
=========  =====  ==============================================================
"""

from __future__ import annotations

from typing import Any

from . import missing_extra

try:
    import numpy as np
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc

from ..errors import IllegalActionError
from ..pinochle import PinochleGame, PinochleRules
from ..pinochle.actions import (
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
from ..pinochle.deck import FULL, card_text, index_of, iter_bits
from ..pinochle.melds import EMPTY_RECORD, KIND_NAMES, legal_melds
from ..pinochle.phases import PHASES
from ..pinochle.state import PinochleState
from ..pinochle.view import PinochleView
from ..registry import make_game
from .base import FlatAdapter, Obs, Pending

__all__ = ["PinochleAdapter", "MELD_TABLE", "NUM_ACTIONS", "OBS_SIZE"]


def _meld_table() -> tuple[tuple[int, int], ...]:
    """Every meld a player holding the whole pack could make, for each trump suit (double pinochle included)."""
    shapes: set[tuple[int, int]] = set()
    for trump in range(4):
        shapes.update(legal_melds(trump, FULL, FULL, EMPTY_RECORD, 0, False, True))
    return tuple(sorted(shapes))


MELD_TABLE = _meld_table()
"""Every (meld kind, physical card mask) a meld can have, in id order."""
PLAY_ID, EXCHANGE_ID, NO_EXCHANGE_ID, NO_MELD_ID, DECLARE_OUT_ID, MELD_ID = 0, 48, 56, 57, 58, 59
NUM_ACTIONS = MELD_ID + len(MELD_TABLE)
"""Size of the action space."""
OBS_SIZE = 980
"""Length of the observation vector."""
_NINE = 5

_IDS: dict[PinochleAction, int] = {NO_EXCHANGE: NO_EXCHANGE_ID, NO_MELD: NO_MELD_ID, DECLARE_OUT: DECLARE_OUT_ID}
for _i in range(48):
    _IDS[PLAY[_i]] = PLAY_ID + _i
for _s in range(4):
    for _c in range(2):
        _IDS[EXCHANGE[_s * 12 + 2 * _NINE + _c]] = EXCHANGE_ID + 2 * _s + _c
for _k, (_kind, _mask) in enumerate(MELD_TABLE):
    _IDS[meld_action(_kind, _mask)] = MELD_ID + _k
_ACTIONS: dict[int, PinochleAction] = {v: k for k, v in _IDS.items()}
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_KIND_INDEX = {name: k for k, name in enumerate(KIND_NAMES)}


class PinochleAdapter(FlatAdapter):
    """Two-handed Pinochle with fixed rules: ``PinochleAdapter(preset="hoyle")`` or ``rules=...``."""

    game = "pinochle"
    num_actions = NUM_ACTIONS
    num_chance_outcomes = 48
    obs_size = OBS_SIZE
    max_game_length = 400
    num_players = 2

    def __init__(self, rules: PinochleRules | dict[str, Any] | None = None, preset: str = "standard",
                 **options: Any) -> None:
        game = make_game("pinochle", preset=preset, rules=rules, **options)
        assert isinstance(game, PinochleGame)
        self.game_obj = game
        """The :class:`~cardtable.core.Game` the hands come from."""
        self.rules = game.rules

    def new_state(self, dealer: int = 0) -> PinochleState:
        return PinochleState(self.rules, dealer)

    # --- codec ----------------------------------------------------------------------------------
    def action_id(self, state: Any, action: PinochleAction) -> int:
        aid = _IDS.get(action)
        if aid is None:
            raise IllegalActionError.from_code("codec.no_id", "codec", action=str(action))
        return aid

    def legal_ids(self, state: Any, pending: Pending = ()) -> list[int]:
        return sorted(_IDS[a] for a in state.legal_actions())

    def id_action(self, state: Any, aid: int) -> PinochleAction:
        action = _ACTIONS.get(aid)
        if action is None or action not in state.legal_actions():
            raise IllegalActionError.from_code("codec.id.not_legal_bare", "codec", aid=aid)
        return action

    def id_to_string(self, aid: int) -> str:
        action = _ACTIONS.get(aid)
        return str(action) if action is not None else f"id {aid}"

    # --- chance -------------------------------------------------------------------------------------
    def chance_id(self, action: PinochleAction) -> int:
        return action.card

    def chance_action(self, state: Any, cid: int) -> PinochleAction:
        if state.phase == "deal":
            return DEAL[cid] if state.dealt < 24 else TURNUP[cid]
        return DRAW[cid]

    # --- observation --------------------------------------------------------------------------------
    def observe(self, view: PinochleView, pending: Pending = ()) -> Obs:
        obs = np.zeros(OBS_SIZE, dtype=np.float32)
        me = view.seat
        idx = [index_of(c) for c in view.hand]
        idx += [48 + index_of(c) for c in view.melded]
        idx += [96 + index_of(c) for c in view.opponent_melded]
        idx += [144 + index_of(c) for c in view.opponent_known]
        if view.opponent_hand is not None:
            idx += [192 + index_of(c) for c in view.opponent_hand]
        if view.trump_card is not None:
            idx.append(240 + index_of(view.trump_card))
        if view.lead is not None:
            idx.append(288 + index_of(view.lead))
        idx += [336 + index_of(c) for c in view.won[me]]
        idx += [384 + index_of(c) for c in view.won[1 - me]]
        idx += [432 + index_of(c) for c in view.dix_scored]
        for card, kinds in view.records:
            i = index_of(card)
            idx += [480 + 48 * _KIND_INDEX[k] + i for k in kinds]
        if view.trump >= 0:
            idx.append(960 + view.trump)
        idx.append(964 + _PHASE_INDEX[view.phase])
        obs[idx] = 1.0
        obs[971] = view.stage == 2
        obs[972] = view.current_player == me
        obs[973] = view.dealer == me
        obs[974] = view.leader == me
        obs[975] = view.stock_size / 23.0
        obs[976] = view.opponent_hand_size / 12.0
        obs[977] = min(view.meld_points[me] / 1000.0, 1.0)
        obs[978] = min(view.meld_points[1 - me] / 1000.0, 1.0)
        obs[979] = len(view.tricks) / 24.0
        return obs

    # --- hidden information -------------------------------------------------------------------------
    def hidden_chance(self, state: Any, seat: int) -> list[int]:
        events = state.view(seat).events
        return [i for i, e in enumerate(events) if e in ("deal ?", "draw ?")]

    def undealt(self, state: Any) -> list[int]:
        return list(iter_bits(state.stock))

    def visible_ids(self, view: PinochleView) -> set[int]:
        cards = [*view.hand, *view.melded, *view.opponent_melded, *view.opponent_known, *view.won[0], *view.won[1]]
        if view.opponent_hand is not None:
            cards += view.opponent_hand
        if view.trump_card is not None:
            cards.append(view.trump_card)
        if view.lead is not None:
            cards.append(view.lead)
        return {index_of(c) for c in cards}

    @staticmethod
    def card_name(i: int) -> str:
        """The notation of physical card index ``i``."""
        return card_text(i)
