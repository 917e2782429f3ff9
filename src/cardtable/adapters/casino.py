"""Casino (2, 3 or 4 players) as integers and arrays.

A Casino move plays one card and may take or build with any combination of
loose cards and builds, so the legal moves of a position are not bounded by a
small number (random play reaches 680 moves, 302 with one card). The codec
therefore chooses a move as a **sequence of sub-decisions** from a fixed
``Discrete(117)``; the chosen prefix is part of the observation:

==========  ===============================================================
id          sub-decision
==========  ===============================================================
0 - 51      1st: the card to play (its index, ♠A..♠K, ♥, ♦, ♣)
52          2nd: ``trail``
53          2nd: ``capture``
54 - 63     2nd: ``build`` of value ``id - 53`` (1..10; raises included)
64 - 115    3rd and later: take in the table item whose lowest card has
            index ``id - 64`` (a loose card, or a build named by its lowest card)
116         ``done``: the items chosen so far are the whole move
==========  ===============================================================

Items are chosen in increasing card order, so every legal move has exactly
one path: card, kind (with the value), then its items (loose cards and
builds) lowest first, then ``done``. A move is identified by exactly these
(card, kind, value, loose cards, builds) in the engine too, so the map is a
bijection. As soon as the choices so far fit only one legal move, that move
is made (a card whose only move is a trail is one step; ``done`` only
appears when a larger move is still possible). The mask at each step lists
exactly the continuations of some legal move. The round-trip of every legal
move of thousands of random positions is tested.

For example, with 8♠ 3♥ in hand and 8♦ 8♣ loose on the table, "8♠ takes
8♦" needs ``done`` (a larger capture starts the same way) while the others
stop as soon as they are unique (3♥ can only trail: one id):

>>> adapter = CasinoAdapter()
>>> state = adapter.game_obj.from_position("dealer: 1; turn: 0; hand0: 8S 3H; hand1: 7S 7D; table: 8D 8C")
>>> for move, ids in sorted(adapter.codes(state).items(), key=lambda kv: kv[1]):
...     print(f"{str(move):12} {ids}  {adapter.pending_to_string(tuple(ids))}")
8S trail     [7, 52]  card 8S trail
8S x 8D 8C   [7, 53, 97, 110]  card 8S capture item 8D item 8C
8S x 8D      [7, 53, 97, 116]  card 8S capture item 8D done
8S x 8C      [7, 53, 110]  card 8S capture item 8C
3H trail     [15]  card 3H

Chance ids: the dealt card's index (0..51); ``deal ... last`` is implied by the position.

Observation (``float32[610]``) from :class:`~cardtable.casino.view.CasinoView` and the seat's own
pending choices only. Seats and sides are relative: "mine" is this seat's side.

=========  =====  ==============================================================
offset     size   content
=========  =====  ==============================================================
0          52     own hand
52         52     loose table cards
104        52     cards in builds
156        52     cards of builds this seat controls
208        52     cards of builds the partner controls (4-player partnerships)
260        52     cards of builds other sides control
312        52     cards captured by this side
364        52     cards captured by other sides
416        52     pending: the chosen card
468        52     pending: chosen items (lowest card of each)
520        52     build value / 10 on each card of a build
572        12     pending kind: trail, capture, build 1..10
584        1      this seat is to act
585        1      this seat dealt
586        4      hand sizes / 4, from this seat on (seat, next, ...)
590        1      pack size / 52
591        1      deal number / deals per hand
592        1      the last deal was announced
593        1      sweeps of this side / 10 (at most 1)
594        1      sweeps of other sides / 10 (at most 1)
595        1      cards captured by this side / 52
596        1      cards captured by other sides / 52
597        1      spades captured by this side / 13
598        1      spades captured by other sides / 13
599        3      number of players one-hot (2, 3, 4)
602        4      seats after the dealer one-hot (0 = this seat dealt)
606        1      this side captured last
607        3      phase one-hot: dealing, play, over
=========  =====  ==============================================================
"""

from __future__ import annotations

from typing import Any

from . import missing_extra

try:
    import numpy as np
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc

from ..cards import Card, iter_mask
from ..casino import CasinoGame, CasinoRules
from ..casino.actions import DEAL, DEAL_LAST, CasinoAction
from ..casino.legal_moves import LegalMoves
from ..casino.state import CasinoState
from ..casino.values import VALUE, bits
from ..casino.view import CasinoView
from ..errors import IllegalActionError
from ..registry import make_game
from .base import GameAdapter, Obs, Pending

__all__ = ["CasinoAdapter", "NUM_ACTIONS", "OBS_SIZE", "move_items", "move_path"]

CARD_ID, TRAIL_ID, CAPTURE_ID, BUILD_ID, ITEM_ID, DONE_ID = 0, 52, 53, 54, 64, 116
NUM_ACTIONS = 117
"""Size of the action space (sub-decision ids)."""
OBS_SIZE = 610
"""Length of the observation vector."""
_PHASES = {"dealing": 0, "play": 1, "over": 2}


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def move_items(move: CasinoAction) -> list[int]:
    """The table items of a move as card indices, sorted: loose cards, and each build's lowest card."""
    items = [c.index for c in iter_mask(move.loose)]
    items += [_low(m) for _, m in move.builds]
    items.sort()
    return items


def _kind_id(move: CasinoAction) -> int:
    if move.kind == "trail":
        return TRAIL_ID
    if move.kind == "capture":
        return CAPTURE_ID
    return BUILD_ID + move.value - 1


def move_path(move: CasinoAction) -> list[int]:
    """The full id path of a move (before shortening): card, kind, items, done."""
    path = [CARD_ID + move.card.index, _kind_id(move)]
    if move.kind != "trail":
        path += [ITEM_ID + i for i in move_items(move)]
        path.append(DONE_ID)
    return path


class _Node:
    __slots__ = ("count", "move", "next")

    def __init__(self) -> None:
        self.count = 0
        self.move: CasinoAction | None = None
        self.next: set[int] = set()


class CasinoAdapter(GameAdapter):
    """Casino with fixed rules: ``CasinoAdapter(num_players=3)`` or ``CasinoAdapter(rules=...)``."""

    game = "casino"
    num_actions = NUM_ACTIONS
    num_chance_outcomes = 52
    obs_size = OBS_SIZE

    def __init__(self, rules: CasinoRules | dict[str, Any] | None = None, preset: str = "standard",
                 num_players: int | None = None, **options: Any) -> None:
        if num_players is not None:  # explicit rules (object, or a dict naming num_players) win
            if rules is None:
                options["num_players"] = num_players
            elif isinstance(rules, dict) and "num_players" not in rules:
                rules = {**rules, "num_players": num_players}
        game = make_game("casino", preset=preset, rules=rules, **options)
        assert isinstance(game, CasinoGame)
        self.game_obj = game
        """The :class:`~cardtable.core.Game` the hands come from."""
        self.rules = game.rules
        self.num_players = self.rules.num_players
        self.max_game_length = 52 + 48 * 40
        self._cache: tuple[Any, int, dict[Pending, _Node]] | None = None
        self.direct = False
        """Count ids directly on every table (tests); by default only crowded tables are counted."""

    def new_state(self, dealer: int = 0) -> CasinoState:
        return CasinoState(self.rules, dealer)

    # --- codec ----------------------------------------------------------------------------------
    def _tree(self, state: Any) -> dict[Pending, _Node]:
        """Every prefix of every legal move's path (cached for the last state seen, until it changes)."""
        cache = self._cache
        if cache is not None and cache[0] is state and cache[1] == len(state.history):
            return cache[2]
        nodes: dict[Pending, _Node] = {(): _Node()}
        if state.current_player() >= 0:
            for move in state.legal_actions():
                path = move_path(move)
                for i in range(len(path)):
                    prefix = tuple(path[:i])
                    nodes[prefix].next.add(path[i])
                    node = nodes.get(prefix + (path[i],))
                    if node is None:
                        node = nodes[prefix + (path[i],)] = _Node()
                    node.count += 1
                    node.move = move
        self._cache = (state, len(state.history), nodes)
        return nodes

    def legal_ids(self, state: Any, pending: Pending = ()) -> list[int]:
        if self._direct(state):
            return _direct_ids(state, tuple(pending))
        node = self._tree(state).get(tuple(pending))
        return sorted(node.next) if node is not None else []

    def advance(self, state: Any, pending: Pending, aid: int) -> tuple[Pending, Any]:
        new = (*pending, int(aid))
        if self._direct(state):
            count, move = _direct_count(state, new)
        else:
            node = self._tree(state).get(new)
            count, move = (0, None) if node is None else (node.count, node.move)
        if count == 0:
            raise IllegalActionError.from_code("codec.id.not_legal", "codec", aid=aid, name=self.id_to_string(aid))
        if count == 1:
            return (), move
        return new, None

    def _direct(self, state: Any) -> bool:
        """Decide ids by counting (a crowded table, or ``direct`` set) instead of the tree of every move."""
        if self.direct or state.current_player() < 0:
            return self.direct and state.current_player() >= 0
        return isinstance(state.legal_moves(), LegalMoves)

    def codes(self, state: Any) -> dict[CasinoAction, list[int]]:
        """Every legal move with its id sequence: the shortest prefix of its path that no other move shares.

        This lists every move: on a crowded table use :meth:`encode` for one move."""
        nodes = self._tree(state)
        out = {}
        for move in (state.legal_actions() if state.current_player() >= 0 else []):
            path = move_path(move)
            i = 1
            while nodes[tuple(path[:i])].count > 1:
                i += 1
            out[move] = path[:i]
        return out

    def encode(self, state: Any, action: CasinoAction) -> list[int]:
        if state.current_player() < 0 or not state.can_apply(action):
            raise IllegalActionError.from_code("action.not_legal", "codec", action=str(action))
        path = move_path(state.legal_form(action))
        if not self._direct(state):
            nodes = self._tree(state)
            i = 1
            while nodes[tuple(path[:i])].count > 1:
                i += 1
            return path[:i]
        for i in range(1, len(path) + 1):
            if _direct_count(state, tuple(path[:i]))[0] == 1:
                return path[:i]
        raise AssertionError("a legal move's full path is unique")

    def id_to_string(self, aid: int) -> str:
        if aid < TRAIL_ID:
            return f"card {Card.from_index(aid)}"
        if aid == TRAIL_ID:
            return "trail"
        if aid == CAPTURE_ID:
            return "capture"
        if aid < ITEM_ID:
            return f"build {aid - BUILD_ID + 1}"
        if aid < DONE_ID:
            return f"item {Card.from_index(aid - ITEM_ID)}"
        return "done"

    # --- chance -------------------------------------------------------------------------------------
    def chance_id(self, action: CasinoAction) -> int:
        return action.card.index

    def chance_action(self, state: Any, cid: int) -> CasinoAction:
        return (DEAL_LAST if state.dealt == 0 and state.deal_number == self.rules.num_deals else DEAL)[cid]

    # --- observation --------------------------------------------------------------------------------
    def observe(self, view: CasinoView, pending: Pending = ()) -> Obs:
        obs = np.zeros(OBS_SIZE, dtype=np.float32)
        rules = self.rules
        me = view.seat
        side = view.side
        partner = (me + 2) % 4 if rules.partnership_game else -1
        idx = [c.index for c in view.hand]
        idx += [52 + c.index for c in view.table]
        for b in view.builds:
            owner = 156 if b.controller == me else 208 if b.controller == partner else 260
            for i in iter_mask(b.cards):
                idx += [104 + i.index, owner + i.index]
                obs[520 + i.index] = b.value / 10.0
        for s, pile in enumerate(view.captured):
            base = 312 if s == side else 364
            idx += [base + c.index for c in pile]
        if pending:
            idx.append(416 + pending[0])
            if len(pending) > 1:
                idx.append(572 + pending[1] - TRAIL_ID)
                idx += [468 + a - ITEM_ID for a in pending[2:] if ITEM_ID <= a < DONE_ID]
        n = view.num_players
        idx.append(599 + n - 2)
        idx.append(602 + (me - view.dealer) % n)
        idx.append(607 + _PHASES.get(view.phase, 1))
        obs[idx] = 1.0
        obs[584] = view.current_player == me
        obs[585] = view.dealer == me
        for k in range(n):
            obs[586 + k] = view.hand_sizes[(me + k) % n] / 4.0
        obs[590] = view.pack_size / 52.0
        obs[591] = view.deal_number / view.num_deals
        obs[592] = view.last_deal
        sides = len(view.captured)
        others = [s for s in range(sides) if s != side]
        obs[593] = min(view.sweeps[side] / 10.0, 1.0)
        obs[594] = min(sum(view.sweeps[s] for s in others) / 10.0, 1.0)
        obs[595] = view.captured_counts[side] / 52.0
        obs[596] = sum(view.captured_counts[s] for s in others) / 52.0
        obs[597] = view.spade_counts[side] / 13.0
        obs[598] = sum(view.spade_counts[s] for s in others) / 13.0
        obs[606] = view.last_capturer is not None and rules.side_of(view.last_capturer) == side
        return obs

    # --- hidden information -------------------------------------------------------------------------
    def hidden_chance(self, state: Any, seat: int) -> list[int]:
        hidden = [e.startswith("deal ?") for e in state.view(seat).events if e.startswith("deal ")]
        out = []
        j = 0
        for i, action in enumerate(state.history):
            if action.kind == "deal":
                if hidden[j]:
                    out.append(i)
                j += 1
        return out

    def undealt(self, state: Any) -> list[int]:
        return [c.index for c in iter_mask(state.pack)]

    def visible_ids(self, view: CasinoView) -> set[int]:
        out = {c.index for c in view.hand}
        out.update(c.index for c in view.table)
        for b in view.builds:
            out.update(c.index for c in iter_mask(b.cards))
        for pile in view.captured:
            out.update(c.index for c in pile)
        return out


# --- ids decided by counting (crowded tables): no list of moves --------------------------------------


def _kind_of(kid: int) -> tuple[str, int] | None:
    """(kind, value) of a kind id; ``None`` for a non-kind id. A capture's value is the card's."""
    if kid == TRAIL_ID:
        return "trail", 0
    if kid == CAPTURE_ID:
        return "capture", -1
    if BUILD_ID <= kid < ITEM_ID:
        return "build", kid - BUILD_ID + 1
    return None


def _direct_count(state: CasinoState, path: Pending) -> tuple[int, CasinoAction | None]:
    """How many legal moves have a full path starting with ``path``, and the move when just one."""
    moves = state.moveset()
    ci = path[0] - CARD_ID
    if not 0 <= ci < 52 or not moves.hand >> ci & 1:
        return 0, None
    kinds = [TRAIL_ID, CAPTURE_ID, *range(BUILD_ID, ITEM_ID)] if len(path) == 1 else [path[1]]
    total, found = 0, None
    for kid in kinds:
        kv = _kind_of(kid)
        if kv is None:
            return 0, None
        kind, value = kv
        if kind == "capture":
            value = VALUE[ci]
        chosen = chosen_builds = 0
        after = -1
        done = False
        for aid in path[2:]:
            if done or not (ITEM_ID <= aid <= DONE_ID) or kind == "trail":
                return 0, None
            if aid == DONE_ID:
                done = True
                continue
            i = aid - ITEM_ID
            if i <= after:
                return 0, None
            after = i
            if moves.loose >> i & 1:
                chosen |= 1 << i
                continue
            build = next((b for b in moves.builds if b.cards & -b.cards == 1 << i), None)
            if build is None:
                return 0, None
            chosen_builds |= build.cards
        n, move = moves.with_prefix(ci, kind, value, chosen, chosen_builds, 51 if done else after)
        total += n
        if n:
            found = move
    return total, (found if total == 1 else None)


def _direct_ids(state: CasinoState, pending: Pending) -> list[int]:
    """The ids that continue some legal move after ``pending``, decided by counting."""
    moves = state.moveset()
    if not pending:
        return sorted(CARD_ID + ci for ci in bits(moves.hand) if _direct_count(state, (CARD_ID + ci,))[0])
    if not _direct_count(state, pending)[0]:
        return []
    if len(pending) == 1:
        return [k for k in (TRAIL_ID, CAPTURE_ID, *range(BUILD_ID, ITEM_ID)) if _direct_count(state, (*pending, k))[0]]
    after = pending[-1] - ITEM_ID if len(pending) > 2 else -1
    items = [i for i in bits(moves.loose) if i > after]
    items += [(b.cards & -b.cards).bit_length() - 1 for b in moves.builds]
    out = [ITEM_ID + i for i in sorted(set(items)) if i > after and _direct_count(state, (*pending, ITEM_ID + i))[0]]
    if _direct_count(state, (*pending, DONE_ID))[0]:
        out.append(DONE_ID)
    return out
