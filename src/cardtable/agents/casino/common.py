"""What the Casino computer players share: card tracking, move judgement, sampled worlds and playouts.

Everything here works from what one seat may know. :func:`knowledge` reads a
:class:`~cardtable.casino.CasinoView`; :func:`seat_knowledge` reads the same
facts for one seat of a (sampled) world, looking only at that seat's hand and
the public table, piles and counts. The :class:`Judge` scores candidate moves
in points of the hand:

* the points a capture takes now (cards, spades, aces, 10♦, 2♠, a sweep; the
  card and spade weights drop to zero once a majority is decided), and on the
  hand's final move the residue too;
* minus what each opponent may take from the table left behind: for every
  value, its best capture there (stealing builds and sweeps included), times
  the chance that the opponent holds a card of that value, from the count of
  unseen cards of that value (certain when the opponent controls a build of
  that value);
* plus what the seat's own remaining cards could take on its next turn,
  discounted by the chance that an opponent takes it first; on the seat's last
  turn of the hand that includes the residue (keeping a card for the last
  capture);
* with partners: what the partner may take counts for the side, and taking or
  raising the partner's build costs a little.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import cards_to_mask
from ...casino.actions import DEAL, DEAL_LAST, CasinoAction
from ...casino.builds import Build
from ...casino.candidates import candidate_moves, default_worth, richest_captures
from ...casino.legal_moves import CROWDED_NUMERALS, LegalMoves
from ...casino.rules import CasinoRules
from ...casino.scoring import BIG_CASINO, LITTLE_CASINO, SPADES_MASK
from ...casino.state import OVER, PLAY, CasinoState
from ...casino.values import RANK_MASK, VALUE, VALUE_MASK, bits, mask_value
from ...casino.view import CasinoView

__all__ = [
    "FULL",
    "ACES",
    "Knowledge",
    "Weights",
    "Judge",
    "knowledge",
    "seat_knowledge",
    "weights_for",
    "card_points",
    "table_after",
    "view_seed",
    "view_rules",
    "sample_world",
    "playout",
    "margin_estimate",
    "side_margin",
    "value_class",
    "choices",
    "CROWDED_CHOICES",
]

FULL = (1 << 52) - 1
ACES = RANK_MASK[1]
CARD_WEIGHT = 0.16
"""Points per captured card while the majority of cards (3 points) is open."""
SPADE_WEIGHT = 0.12
"""Extra points per captured spade while the majority of spades (1 point) is open."""
NEXT_WEIGHT = 0.6
"""Weight of what the seat's own remaining cards may capture on its next turn."""
LATER_OPPONENT = 0.55
"""Weight of the threat from opponents after the next one (the table changes before they play)."""
PARTNER_WEIGHT = 0.4
"""Weight of what the partner may capture on the table left behind."""
PARTNER_BUILD_COST = 0.4
"""Cost of capturing or raising a build the partner controls (it was the partner's plan)."""


def value_class(index: int) -> int:
    """The capture class of a card: its value 1..10, or 10 + (rank - 10) = 11..13 for J, Q, K."""
    v = VALUE[index]
    return v if v else index % 13 + 1


CLASS_MASK: tuple[int, ...] = (0, *VALUE_MASK[1:11], RANK_MASK[11], RANK_MASK[12], RANK_MASK[13])
"""Index = class 1..13: the four cards of that class."""


@dataclass(frozen=True)
class Weights:
    """Points of captured cards for the current hand (card and spade weights vanish once decided)."""

    card: float
    spade: float
    sweep: float

    def points(self, mask: int) -> float:
        out = mask.bit_count() * self.card + (mask & SPADES_MASK).bit_count() * self.spade + (mask & ACES).bit_count()
        if mask & BIG_CASINO:
            out += 2
        if mask & LITTLE_CASINO:
            out += 1
        return out


def _open_majority(counts: Sequence[int], total: int) -> bool:
    left = total - sum(counts)
    ordered = sorted(counts, reverse=True)
    return len(ordered) < 2 or ordered[0] - ordered[1] <= left


def weights_for(captured: Sequence[int], sweep_points: int) -> Weights:
    """Weights for a hand whose capture piles (bitmasks per side) are ``captured``."""
    cards = _open_majority([p.bit_count() for p in captured], 52)
    spades = _open_majority([(p & SPADES_MASK).bit_count() for p in captured], 13)
    return Weights(CARD_WEIGHT if cards else 0.0, SPADE_WEIGHT if spades else 0.0, float(sweep_points))


def card_points(mask: int) -> int:
    """Fixed hand points carried by these cards: aces, 10♦ (2) and 2♠ (1)."""
    return (mask & ACES).bit_count() + (2 if mask & BIG_CASINO else 0) + (1 if mask & LITTLE_CASINO else 0)


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows: its hand, the table, the piles, and which cards are still unseen."""

    rules: CasinoRules
    seat: int
    hand: int
    loose: int
    builds: tuple[Build, ...]
    captured: tuple[int, ...]
    sweeps: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pack_size: int
    dealer: int
    last_deal: bool
    last_capturer: int | None
    unseen: int
    """Cards in other players' hands or in the pack: everything not in this hand, on the table or in a pile."""

    @property
    def num_players(self) -> int:
        return self.rules.num_players

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def must_hold(self, seat: int) -> int:
        """Values (bit ``v``) that ``seat`` surely holds: those of the builds it controls (7.4.2)."""
        out = 0
        for b in self.builds:
            if b.controller == seat:
                out |= 1 << b.value
        return out


def view_rules(view: CasinoView) -> CasinoRules:
    """The rules of the view's hand (standard rules for the number of players if the view has none)."""
    if view.rules is not None:
        return view.rules
    return CasinoRules.preset("standard", num_players=view.num_players, partnerships=len(view.captured_counts) == 2)


def knowledge(view: CasinoView) -> Knowledge:
    """The seat's knowledge from its view only."""
    hand = cards_to_mask(view.hand)
    loose = cards_to_mask(view.table)
    captured = tuple(cards_to_mask(p) for p in view.captured)
    seen = hand | loose
    for b in view.builds:
        seen |= b.cards
    for p in captured:
        seen |= p
    return Knowledge(
        view_rules(view), view.seat, hand, loose, tuple(view.builds), captured, tuple(view.sweeps),
        tuple(view.hand_sizes), view.pack_size, view.dealer, view.last_deal, view.last_capturer, FULL & ~seen,
    )


def seat_knowledge(state: CasinoState, seat: int) -> Knowledge:
    """The same facts for ``seat`` of a world: its own hand and public information only."""
    hand = state.hands[seat]
    seen = hand | state.loose
    for b in state.builds:
        seen |= b.cards
    for p in state.captured:
        seen |= p
    return Knowledge(
        state.rules, seat, hand, state.loose, state.builds, tuple(state.captured), tuple(state.sweeps),
        tuple(h.bit_count() for h in state.hands), state.pack.bit_count(), state.dealer, state.last_deal,
        state.last_capturer, FULL & ~seen,
    )


def view_seed(view: CasinoView, seed: int | None) -> int:
    """A reproducible per-decision seed from the public content of the view and the seat's own hand."""
    text = "|".join(view.events) + "/" + " ".join(str(c) for c in view.hand) + f"/{view.seat}"
    return (0 if seed is None else seed) * 1_000_003 + zlib.crc32(text.encode())


def table_after(seat: int, action: CasinoAction, loose: int, builds: tuple[Build, ...]) -> tuple[int, tuple[Build, ...]]:
    """The table (loose cards, builds) after ``seat`` plays ``action``."""
    kind = action.kind
    if kind == "trail":
        return loose | action.card.bit, builds
    used = action.builds_mask
    rest = tuple(b for b in builds if not b.cards & used) if used else builds
    loose &= ~action.loose
    if kind == "capture":
        return loose, rest
    cards = action.card.bit | action.loose | used
    single = mask_value(cards) == action.value
    groups = (cards,) if single else (cards, 0)
    return loose, (*rest, Build(action.value, cards, groups, seat))


# --- captures available on a table -------------------------------------------------------------

_CAP_CACHE: dict[tuple[int, tuple[Build, ...], Weights, bool], tuple[tuple[float, int], ...]] = {}


def capture_table(loose: int, builds: tuple[Build, ...], w: Weights, court_all: bool) -> tuple[tuple[float, int], ...]:
    """For each class 1..13 (index 0 unused): the points of its best capture here and the cards it takes."""
    key = (loose, builds, w, court_all)
    got = _CAP_CACHE.get(key)
    if got is not None:
        return got
    out: list[tuple[float, int]] = [(0.0, 0)]
    # the best by value counts (every card if they split); greedily, group by group, on a crowded table
    richest = richest_captures(loose, w.points, CROWDED_NUMERALS)
    for v in range(1, 11):
        best = richest[v]
        taken = best
        sweep = True
        for b in builds:
            if b.value == v:
                taken |= b.cards
            else:
                sweep = False
        if not taken:
            out.append((0.0, 0))
            continue
        pts = w.points(taken)
        if sweep and not loose & ~best:
            pts += w.sweep
        out.append((pts, taken))
    for rank in (11, 12, 13):
        same = loose & RANK_MASK[rank]
        if not same:
            out.append((0.0, 0))
            continue
        if court_all:
            taken = same
        else:
            taken = max((1 << i for i in bits(same)), key=w.points)
        pts = w.points(taken)
        if not builds and not loose & ~taken:
            pts += w.sweep
        out.append((pts, taken))
    result = tuple(out)
    if len(_CAP_CACHE) > 50_000:
        _CAP_CACHE.clear()
    _CAP_CACHE[key] = result
    return result


def _p_none(unseen: int, k: int, h: int) -> float:
    """Chance that ``h`` cards drawn from ``unseen`` miss all ``k`` marked ones."""
    if k <= 0 or h <= 0:
        return 1.0
    if unseen - k < h:
        return 0.0
    p = 1.0
    for i in range(h):
        p *= (unseen - k - i) / (unseen - i)
    return p


class Judge:
    """Scores the moves of one seat from its knowledge (see the module docstring)."""

    def __init__(self, kn: Knowledge) -> None:
        self.kn = kn
        rules = kn.rules
        self.rules = rules
        self.w = weights_for(kn.captured, rules.sweep_points)
        self.court_all = rules.court_capture == "all"
        n = rules.num_players
        seat = kn.seat
        self.order = [(seat + k) % n for k in range(1, n)]
        """The other seats in turn order."""
        self.partner = (seat + 2) % 4 if rules.partnership_game else None
        u = kn.unseen.bit_count()
        self.unseen_count = [0] + [(kn.unseen & CLASS_MASK[c]).bit_count() for c in range(1, 14)]
        # chance that each other seat holds a card of each class when it next plays
        self.p_hold: dict[int, list[float]] = {}
        for s in self.order:
            h = kn.hand_sizes[s]
            if h == 0:
                h = 4 if kn.pack_size else 0
            sure = kn.must_hold(s) if kn.hand_sizes[s] else 0
            self.p_hold[s] = [0.0] + [
                1.0 if sure >> c & 1 else 1.0 - _p_none(u, self.unseen_count[c], h) for c in range(1, 14)
            ]
        # is the seat's next turn its last of the hand? (then a capture there also takes the residue)
        mine = kn.hand_sizes[seat]
        self.final_move = kn.pack_size == 0 and mine == 1
        self.next_is_final = kn.pack_size == 0 and mine == 2
        self.last_player = kn.dealer
        self.my_side = rules.side_of(seat)

    # --- pieces -------------------------------------------------------------------------------
    def threat(self, seat: int, loose: int, builds: tuple[Build, ...]) -> float:
        """Expected points ``seat`` takes with its best capture on this table."""
        caps = capture_table(loose, builds, self.w, self.court_all)
        p = self.p_hold[seat]
        options = sorted(((caps[c][0], p[c]) for c in range(1, 14) if caps[c][1] and p[c] > 0.0), reverse=True)
        total = 0.0
        miss = 1.0
        for pts, q in options:
            total += miss * q * pts
            miss *= 1.0 - q
            if miss < 1e-3:
                break
        return total

    def own_next(self, hand: int, loose: int, builds: tuple[Build, ...]) -> float:
        """What the remaining hand may capture on the seat's next turn, if nobody takes it first."""
        if not hand:
            return 0.0
        caps = capture_table(loose, builds, self.w, self.court_all)
        classes = {value_class(i) for i in bits(hand)}
        residue_bonus = 0.0
        if self.next_is_final and self.kn.seat == self.last_player:
            residue_bonus = 0.5 * self.w.points(loose)
        best = 0.0
        opponents = [s for s in self.order if self.partner is None or s != self.partner]
        for c in classes:
            pts, taken = caps[c]
            if not taken:
                continue
            keep = 1.0
            for s in opponents:
                keep *= 1.0 - self.p_hold[s][c]
            best = max(best, (pts + residue_bonus) * keep)
        return best

    # --- scoring moves --------------------------------------------------------------------------
    def score(self, action: CasinoAction) -> float:
        kn = self.kn
        seat = kn.seat
        w = self.w
        loose, builds = table_after(seat, action, kn.loose, kn.builds)
        value = 0.0
        if action.kind == "capture":
            value += w.points(action.card.bit | action.loose | action.builds_mask)
            if not loose and not builds:
                value += w.sweep
            if self.partner is not None and any(
                b.controller == self.partner and b.cards & action.builds_mask for b in kn.builds
            ):
                value -= PARTNER_BUILD_COST
        elif action.kind == "build":
            raised = action.raised
            if self.partner is not None and raised is not None and any(
                b.controller == self.partner and b.cards == raised[1] for b in kn.builds
            ):
                value -= PARTNER_BUILD_COST
        hand = kn.hand & ~action.card.bit
        if self.final_move:
            # the last card of the hand: the residue goes to the last capturer, exactly
            receiver = seat if action.kind == "capture" else kn.last_capturer
            if receiver is None:
                receiver = kn.dealer
            if not any(kn.hand_sizes[s] for s in self.order) and loose:
                sign = 1.0 if self.rules.side_of(receiver) == self.my_side else -1.0
                value += sign * w.points(loose)
                return value
        for k, s in enumerate(self.order):
            if kn.hand_sizes[s] == 0 and kn.pack_size == 0:
                continue
            t = self.threat(s, loose, builds)
            if self.partner is not None and s == self.partner:
                value += PARTNER_WEIGHT * t
            else:
                value -= t if k == 0 else LATER_OPPONENT * t
        value += NEXT_WEIGHT * self.own_next(hand, loose, builds)
        return value

    def ranked(self, legal: Sequence[CasinoAction]) -> list[tuple[CasinoAction, float]]:
        """Every legal action with its score, best first (ties in the canonical order)."""
        scored = [(a, self.score(a)) for a in legal]
        order = {a: i for i, a in enumerate(legal)}
        return sorted(scored, key=lambda av: (-av[1], order[av[0]]))

    def best(self, legal: Sequence[CasinoAction]) -> CasinoAction:
        if len(legal) == 1:
            return legal[0]
        best_a = legal[0]
        best_v = self.score(best_a)
        for a in legal[1:]:
            v = self.score(a)
            if v > best_v:
                best_a, best_v = a, v
        return best_a


# --- sampled worlds and playouts ----------------------------------------------------------------


def sample_world(kn: Knowledge, rng: random.Random) -> tuple[list[int], list[int]]:
    """Hidden cards dealt at random, consistent with the seat's knowledge.

    Returns every seat's hand (the seat's own as it is) and the pack as a card
    order (the order later deals use). Controllers of builds get a card of each
    controlled value first (they surely hold one, 7.4.2).
    """
    n = kn.num_players
    hands = [0] * n
    hands[kn.seat] = kn.hand
    pool = kn.unseen
    room = list(kn.hand_sizes)
    room[kn.seat] = 0
    needs = [(b.controller, b.value) for b in kn.builds if b.controller != kn.seat]
    rng.shuffle(needs)
    for s, v in needs:
        if hands[s] & VALUE_MASK[v] or room[s] == 0:
            continue
        choices = bits(pool & VALUE_MASK[v])
        if not choices:
            continue
        i = choices[rng.randrange(len(choices))]
        hands[s] |= 1 << i
        pool &= ~(1 << i)
        room[s] -= 1
    rest = bits(pool)
    rng.shuffle(rest)
    k = 0
    for s in range(n):
        for _ in range(room[s]):
            hands[s] |= 1 << rest[k]
            k += 1
    return hands, rest[k:]


def world_state(kn: Knowledge, hands: list[int], pack: Sequence[int]) -> CasinoState:
    """A full state with these hidden cards; the public part comes from the seat's knowledge."""
    state = CasinoState(kn.rules, kn.dealer)
    state.hands = list(hands)
    state.loose = kn.loose
    state.builds = kn.builds
    pack_mask = 0
    for i in pack:
        pack_mask |= 1 << i
    state.pack = pack_mask
    state.deal_number = kn.rules.num_deals - pack_mask.bit_count() // (4 * kn.num_players)
    state.dealt = 0
    state.last_deal = kn.last_deal
    state.captured = list(kn.captured)
    state.sweeps = list(kn.sweeps)
    state.last_capturer = kn.last_capturer
    state.phase = PLAY
    state.turn = kn.seat
    return state


CROWDED_CHOICES = 16
"""On a crowded table: how many captures and builds (the richest in cards taken or used) are judged, besides the trails."""


def choices(legal: Sequence[CasinoAction]) -> Sequence[CasinoAction]:
    """The moves worth judging: all the legal ones, or on a crowded table (a lazy
    :class:`~cardtable.casino.legal_moves.LegalMoves`) every trail and the :data:`CROWDED_CHOICES`
    richest natural candidates of :func:`~cardtable.casino.candidates.candidate_moves`."""
    if not isinstance(legal, LegalMoves):
        return legal
    found = candidate_moves(legal.moveset)
    trails = [a for a in found if a.kind == "trail"]
    rich = sorted((a for a in found if a.kind != "trail"),
                  key=lambda a: -default_worth(a.card.bit | a.loose | a.builds_mask))[:CROWDED_CHOICES]
    order = {a: i for i, a in enumerate(found)}
    return sorted(rich + trails, key=order.__getitem__)


def policy_move(state: CasinoState) -> CasinoAction:
    """The medium judgement of the seat to move, from that seat's knowledge only."""
    legal = choices(state.legal_moves())
    if len(legal) == 1:
        return legal[0]
    return Judge(seat_knowledge(state, state.turn)).best(legal)


def playout(state: CasinoState, pack_order: Sequence[int], deals: int = 0) -> CasinoState:
    """Play ``state`` with the medium judgement for every seat; later deals follow ``pack_order``.

    ``deals`` = 0 plays to the end of the hand; ``deals`` = k stops when the k-th deal from now
    has been played out (hands empty, before the next deal).
    """
    k = 0
    ended = 0
    while state.phase != OVER:
        if state.phase == PLAY:
            state.apply(policy_move(state))
            continue
        ended += 1
        if deals and ended >= deals:
            break
        while not state.pack >> pack_order[k] & 1:
            k += 1
        i = pack_order[k]
        k += 1
        last = state.dealt == 0 and state.deal_number == state.rules.num_deals
        state.apply((DEAL_LAST if last else DEAL)[i])
        while state.phase != PLAY and state.phase != OVER:
            while not state.pack >> pack_order[k] & 1:
                k += 1
            state.apply(DEAL[pack_order[k]])
            k += 1
    return state


def margin_estimate(state: CasinoState, seat: int, w: Weights, table_risk: float = 0.0) -> float:
    """The seat's side's margin: exact points of a finished hand, else the weighted worth of the piles so far.

    Between deals, ``table_risk`` times what the first player of the next deal may capture from the
    table left behind (as the dealer's :class:`Judge` sees it) counts for that player's side.
    """
    if state.phase == OVER:
        return side_margin(state, seat)
    mine = state.rules.side_of(seat)
    worth = [w.points(p) + w.sweep * s for p, s in zip(state.captured, state.sweeps)]
    if table_risk and (state.loose or state.builds):
        first = (state.dealer + 1) % state.num_players
        judge = Judge(seat_knowledge(state, state.dealer))
        judge.w = w
        worth[state.rules.side_of(first)] += table_risk * judge.threat(first, state.loose, state.builds)
    others = [x for i, x in enumerate(worth) if i != mine]
    return worth[mine] - sum(others) / len(others)


def side_margin(state: CasinoState, seat: int) -> float:
    """Hand points of the seat's side minus the mean of the other sides' (a finished hand)."""
    pts = state.points
    mine = state.rules.side_of(seat)
    others = [p for s, p in enumerate(pts) if s != mine]
    return pts[mine] - sum(others) / len(others)
