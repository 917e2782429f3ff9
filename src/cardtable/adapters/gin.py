"""Gin Rummy as integers and arrays.

Action codec (``Discrete(125)``), one id per move:

==========  ===========================================================
id          move
==========  ===========================================================
0 - 51      ``discard C`` for the card with index ``C`` (♠A..♠K, ♥, ♦, ♣)
52 - 103    ``knock C`` (discard ``C`` face down; gin when 0 deadwood)
104         ``draw`` (top of the stock)
105         ``take`` (the upcard: first offer or a normal turn)
106         ``pass``
107         ``big gin``
108         ``take knock`` (at the wall)
109 - 124   ``arrange``: the knocker's arrangement number ``id - 109`` among
            the minimal arrangements of the hand, in the engine's canonical
            order (``cardtable.gin.melds.minimal_arrangements``). At most 16
            exist (exhaustive search of compact hands finds at most 4); more
            would raise ``ValueError``. Under ``knocker_melds="within-limit"``
            (the ``openspiel`` preset) the knocker may also keep melds back:
            ids 109 - 236 (128 slots; searches find at most 44 choices).
==========  ===========================================================

Chance ids: the dealt or drawn card's index (0..51).

Observation (``float32[542]``), built from :class:`~cardtable.gin.view.GinView` only:

=========  =====  ==============================================================
offset     size   content
=========  =====  ==============================================================
0          52     own hand
52         52     opponent's known cards (taken from the discard pile, still held)
104        52     discard pile (every card in it; the knocker also sees its knock card)
156        52     upcard (top of the discard pile)
208        52     the card taken this turn (may not be discarded under standard rules)
260        52     opponent's hand, revealed after a scored hand
312        52     own cards the opponent knows about
364        11     phase one-hot: dealing, offer, offer-dealer, forced-draw, draw,
                  drawing, discard, wall, wall-knock, arrange, over
375        1      this seat is to act
376        1      this seat dealt
377        1      stock size / 52
378        1      opponent's hand size / 11
379        1      knock limit / 10
380        1      own minimum deadwood / 110 (at most 1)
381        1      upcard takes in normal turns / ``max_discard_draws``
382        52     the first upcard (public once dealt)
434        4      first-upcard decisions: this seat passed, this seat took,
                  the opponent passed, the opponent took
438        52     cards the opponent discarded (this hand, wherever they are now)
490        52     upcards the opponent declined (passed, or drew from the stock instead)
=========  =====  ==============================================================

The last two planes are read from the view's public event log: who acted
follows from the dealer and the turn order (the non-dealer is offered the
first upcard; after a pass the dealer is; a discard ends a turn).

``GinAdapter(observation="melds")`` (``gym.make("cardtable/GinRummy-v0", observation="melds")``)
appends what a player works out from those planes before each move, computed from the same view
(``float32[700]``, :data:`MELDS_OBS_SIZE`):

=========  =====  ==============================================================
offset     size   content
=========  =====  ==============================================================
542        52     own cards in a meld of the hand's canonical arrangement
594        52     per own card: the minimum deadwood left without it / 110
646        52     unseen cards (in no hand this seat has seen, not in the pile)
698        1      deadwood after taking the upcard and the best allowed
                  discard / 110 (0 when there is no upcard or the hand has 11)
699        1      the upcard joins a meld of the canonical arrangement of the
                  hand with it
=========  =====  ==============================================================
"""

from __future__ import annotations

from typing import Any

from . import missing_extra

try:
    import numpy as np
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc

from ..cards import Card, cards_to_mask, iter_mask
from ..errors import IllegalActionError
from ..gin import GinGame, GinRules
from ..gin.actions import BIG_GIN, DEAL, DISCARD, DRAW, DRAWN, KNOCK, PASS, TAKE, TAKE_KNOCK, GinAction
from ..gin.melds import canonical_arrangement, deadwood, deadwood_cards, joins_meld
from ..gin.phases import PHASES
from ..gin.state import GinState
from ..gin.view import GinView
from ..registry import make_game
from .base import FlatAdapter, Obs, Pending

__all__ = ["GinAdapter", "NUM_ACTIONS", "OBS_SIZE", "MELDS_OBS_SIZE", "OBSERVATIONS", "ARRANGE_SLOTS", "WITHIN_LIMIT_SLOTS"]

DISCARD_ID, KNOCK_ID, DRAW_ID, TAKE_ID, PASS_ID, BIG_GIN_ID, TAKE_KNOCK_ID, ARRANGE_ID = 0, 52, 104, 105, 106, 107, 108, 109
ARRANGE_SLOTS = 16
"""Arrangement slots (ids from 109) under the default minimal arrangements."""
WITHIN_LIMIT_SLOTS = 128
"""Arrangement slots when the knocker may lay any melds within the knock limit (``knocker_melds``)."""
NUM_ACTIONS = ARRANGE_ID + ARRANGE_SLOTS
"""Size of the action space under the default rules (125)."""
OBS_SIZE = 542
"""Length of the observation vector."""
MELDS_OBS_SIZE = OBS_SIZE + 3 * 52 + 2
"""Length of the ``observation="melds"`` vector: the standard planes and the meld features (700)."""
OBSERVATIONS = {"standard": OBS_SIZE, "melds": MELDS_OBS_SIZE}
"""The observation variants of :class:`GinAdapter` and their lengths."""
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}

_IDS: dict[GinAction, int] = {DRAW: DRAW_ID, TAKE: TAKE_ID, PASS: PASS_ID, BIG_GIN: BIG_GIN_ID, TAKE_KNOCK: TAKE_KNOCK_ID}
for _i in range(52):
    _IDS[DISCARD[_i]] = DISCARD_ID + _i
    _IDS[KNOCK[_i]] = KNOCK_ID + _i
_ACTIONS: dict[int, GinAction] = {v: k for k, v in _IDS.items()}
_NAMES = {DRAW_ID: "draw", TAKE_ID: "take", PASS_ID: "pass", BIG_GIN_ID: "big gin", TAKE_KNOCK_ID: "take knock"}


_DISCARD_EVENTS = {f"discard {Card.from_index(i)}": i for i in range(52)}
_DEALT = 21  # 20 cards to the hands, then the upcard: the first 21 events of every hand


class _EventReader:
    """Reads a seat's event log incrementally: who discarded what, and which upcards were declined."""

    __slots__ = ("actor", "declined", "discarded", "events", "opponent", "passes", "pile")

    def __init__(self, view: GinView) -> None:
        assert view.first_upcard is not None
        self.events: tuple[str, ...] = view.events[:_DEALT]
        self.opponent = 1 - view.seat
        self.actor = 1 - view.dealer
        self.passes = 0
        self.pile = [view.first_upcard.index]
        self.discarded: list[int] = []
        self.declined: list[int] = []

    def read(self, view: GinView) -> None:
        events = view.events
        opponent = self.opponent
        for i in range(len(self.events), len(events)):
            event = events[i]
            card = _DISCARD_EVENTS.get(event)
            if card is not None:
                self.pile.append(card)
                if self.actor == opponent:
                    self.discarded.append(card)
                self.actor = 1 - self.actor
            elif event == "draw" or event == "pass":
                if self.actor == opponent and self.pile:
                    self.declined.append(self.pile[-1])
                if event == "pass":
                    self.passes += 1
                    self.actor = view.dealer if self.passes == 1 else 1 - view.dealer
            elif (event == "take" or event == "take knock") and self.pile:
                self.pile.pop()
        self.events = events


def opponent_discards(view: GinView) -> tuple[list[int], list[int]]:
    """Card indices the opponent discarded, and upcards it declined, read from the public event log."""
    if len(view.events) <= _DEALT or view.first_upcard is None:
        return [], []
    reader = _EventReader(view)
    reader.read(view)
    return reader.discarded, reader.declined


class GinAdapter(FlatAdapter):
    """Gin Rummy (two players) with fixed rules: ``GinAdapter(preset="openspiel")`` or ``GinAdapter(rules=...)``;
    ``observation="melds"`` appends the meld features (module docstring) to every observation."""

    game = "gin"
    num_actions = NUM_ACTIONS
    num_chance_outcomes = 52
    obs_size = OBS_SIZE
    max_game_length = 800
    num_players = 2

    def __init__(self, rules: GinRules | dict[str, Any] | None = None, preset: str = "standard",
                 observation: str = "standard", **options: Any) -> None:
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be one of {', '.join(map(repr, OBSERVATIONS))}, not {observation!r}")
        self.observation = observation
        """The observation variant: ``"standard"`` (542 values) or ``"melds"`` (700)."""
        self.obs_size = OBSERVATIONS[observation]
        game = make_game("gin", preset=preset, rules=rules, **options)
        assert isinstance(game, GinGame)
        self.game_obj = game
        """The :class:`~cardtable.core.Game` the hands come from."""
        self.rules = game.rules
        if game.rules.knocker_melds == "within-limit":
            self.num_actions = ARRANGE_ID + WITHIN_LIMIT_SLOTS
        self._readers: dict[tuple[int, int], _EventReader] = {}

    def new_state(self, dealer: int = 0) -> GinState:
        return GinState(self.rules, dealer)

    # --- codec ----------------------------------------------------------------------------------
    def action_id(self, state: Any, action: GinAction) -> int:
        aid = _IDS.get(action)
        if aid is not None:
            return aid
        if action.kind != "arrange":
            raise IllegalActionError.from_code("codec.not_a_decision", "codec", action=str(action))
        arrangements = [a for a in state.legal_actions() if a.kind == "arrange"]
        slot = arrangements.index(action)
        if ARRANGE_ID + slot >= self.num_actions:
            raise ValueError(f"arrangement slot {slot} beyond the {self.num_actions - ARRANGE_ID} the codec has")
        return ARRANGE_ID + slot

    def legal_ids(self, state: Any, pending: Pending = ()) -> list[int]:
        out = []
        slot = ARRANGE_ID
        for a in state.legal_actions():
            aid = _IDS.get(a)
            if aid is None:
                if slot >= self.num_actions:
                    raise ValueError(f"more than {self.num_actions - ARRANGE_ID} arrangements")
                aid = slot
                slot += 1
            out.append(aid)
        out.sort()
        return out

    def id_action(self, state: Any, aid: int) -> GinAction:
        legal: list[GinAction] = state.legal_actions()
        if ARRANGE_ID <= aid < self.num_actions:
            arrangements = [a for a in legal if a.kind == "arrange"]
            if aid - ARRANGE_ID < len(arrangements):
                return arrangements[aid - ARRANGE_ID]
        else:
            action = _ACTIONS.get(aid)
            if action is not None and action in legal:
                return action
        raise IllegalActionError.from_code("codec.id.not_legal", "codec", aid=aid, name=self.id_to_string(aid))

    def id_to_string(self, aid: int) -> str:
        if 0 <= aid < KNOCK_ID:
            return f"discard {Card.from_index(aid)}"
        if aid < DRAW_ID:
            return f"knock {Card.from_index(aid - KNOCK_ID)}"
        if aid < ARRANGE_ID:
            return _NAMES[aid]
        return f"arrangement {aid - ARRANGE_ID}"

    # --- chance -------------------------------------------------------------------------------------
    def chance_id(self, action: GinAction) -> int:
        assert action.card is not None
        return action.card.index

    def chance_action(self, state: Any, cid: int) -> GinAction:
        return DEAL[cid] if state.phase == "dealing" else DRAWN[cid]

    # --- observation --------------------------------------------------------------------------------
    def observe(self, view: GinView, pending: Pending = ()) -> Obs:
        obs = np.zeros(self.obs_size, dtype=np.float32)
        idx = [c.index for c in view.hand]
        idx += [52 + c.index for c in view.opponent_known]
        idx += [104 + c.index for c in view.discard_pile]
        if view.discard_pile:
            idx.append(156 + view.discard_pile[-1].index)
        if view.taken_card is not None:
            idx.append(208 + view.taken_card.index)
        if view.opponent_hand is not None:
            idx += [260 + c.index for c in view.opponent_hand]
        idx += [312 + c.index for c in view.own_known]
        idx.append(364 + _PHASE_INDEX[view.phase])
        if view.first_upcard is not None:
            idx.append(382 + view.first_upcard.index)
        for seat, decision in view.upcard_decisions:
            idx.append(434 + (0 if seat == view.seat else 2) + (decision == "take"))
        discarded, declined = self._opponent_discards(view)
        idx += [438 + c for c in discarded]
        idx += [490 + c for c in declined]
        obs[idx] = 1.0
        obs[375] = view.current_player == view.seat
        obs[376] = view.dealer == view.seat
        obs[377] = view.stock_size / 52.0
        obs[378] = view.opponent_hand_size / 11.0
        obs[379] = view.knock_limit / 10.0
        obs[380] = min(view.deadwood / 110.0, 1.0)  # 11 cards without melds reach 106
        obs[381] = view.discard_draws / self.rules.max_discard_draws
        if self.observation == "melds":
            self._meld_features(view, obs)
        return obs

    def _meld_features(self, view: GinView, obs: Obs) -> None:
        """Fills ``obs[542:700]``: the meld features of the module docstring."""
        hand = cards_to_mask(view.hand)
        for c in iter_mask(hand & ~deadwood_cards(hand, canonical_arrangement(hand))):
            obs[542 + c.index] = 1.0
        for c in view.hand:
            obs[594 + c.index] = min(deadwood(hand & ~c.bit) / 110.0, 1.0)
        seen = hand | cards_to_mask(view.discard_pile) | cards_to_mask(view.opponent_known)
        if view.opponent_hand is not None:
            seen |= cards_to_mask(view.opponent_hand)
        if view.taken_card is not None:
            seen |= view.taken_card.bit
        for c in iter_mask(((1 << 52) - 1) & ~seen):
            obs[646 + c.index] = 1.0
        if view.discard_pile:
            up = view.discard_pile[-1].bit
            if not hand & up:
                with_up = hand | up
                if len(view.hand) == 10:
                    keep = with_up if self.rules.discard_taken_card else hand
                    obs[698] = min(min(deadwood(with_up & ~c.bit) for c in iter_mask(keep)) / 110.0, 1.0)
                obs[699] = joins_meld(hand, up)

    def _opponent_discards(self, view: GinView) -> tuple[list[int], list[int]]:
        """:func:`opponent_discards`, continuing this seat's last reading while its log only grew."""
        if len(view.events) <= _DEALT or view.first_upcard is None:
            return [], []
        key = (view.seat, view.dealer)
        reader = self._readers.get(key)
        if reader is None or view.events[: len(reader.events)] != reader.events:
            reader = self._readers[key] = _EventReader(view)
        reader.read(view)
        return list(reader.discarded), list(reader.declined)

    # --- hidden information -------------------------------------------------------------------------
    def hidden_chance(self, state: Any, seat: int) -> list[int]:
        events = state.view(seat).events
        return [i for i, e in enumerate(events) if e in ("deal ?", "drawn ?")]

    def undealt(self, state: Any) -> list[int]:
        return [c.index for c in iter_mask(state.stock)]

    def visible_ids(self, view: GinView) -> set[int]:
        out = {c.index for c in view.hand}
        out.update(c.index for c in view.discard_pile)
        out.update(c.index for c in view.opponent_known)
        if view.opponent_hand is not None:
            out.update(c.index for c in view.opponent_hand)
        return out

    def translate(self, action: GinAction, mapping: dict[int, int]) -> GinAction:
        """A knock names a card the defender has not seen: it follows that card's new identity."""
        if action.kind == "knock" and action.card is not None and action.card.index in mapping:
            return KNOCK[mapping[action.card.index]]
        return action
