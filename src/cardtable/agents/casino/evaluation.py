"""Casino move evaluation: the points of captured cards (:class:`Weights`), the best capture of each
value on a table, and the opponent model (the chance that an opponent holds a card of a value).

The :class:`Judge` scores candidate moves in points of the hand:

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

from collections.abc import Sequence
from dataclasses import dataclass

from ...casino.actions import CasinoAction
from ...casino.builds import Build
from ...casino.candidates import richest_captures
from ...casino.legal_moves import CROWDED_NUMERALS
from ...casino.scoring import BIG_CASINO, LITTLE_CASINO, SPADES_MASK
from ...casino.values import RANK_MASK, bits
from .tracking import ACES, CLASS_MASK, Knowledge, table_after, value_class

__all__ = ["CARD_WEIGHT", "SPADE_WEIGHT", "NEXT_WEIGHT", "LATER_OPPONENT", "PARTNER_WEIGHT", "PARTNER_BUILD_COST", "Weights", "weights_for", "card_points", "capture_table", "Judge"]


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


@dataclass(frozen=True)
class Weights:
    """Points of captured cards for the current hand (card and spade weights vanish once decided)."""

    card: float
    """Points per captured card: :data:`CARD_WEIGHT` while the majority of cards is open, else 0."""
    spade: float
    """Extra points per captured spade: :data:`SPADE_WEIGHT` while the majority of spades is open, else 0."""
    sweep: float
    """Points per sweep (the rules' ``sweep_points``)."""

    def points(self, mask: int) -> float:
        """Worth of capturing the cards of ``mask``: card and spade weights plus 1 per ace, 2 for 10♦, 1 for 2♠."""
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
        """The seat's knowledge the moves are judged from."""
        rules = kn.rules
        self.rules = rules
        """The rules of the hand."""
        self.w = weights_for(kn.captured, rules.sweep_points)
        """The worth of captured cards in this hand (:func:`weights_for` its capture piles)."""
        self.court_all = rules.court_capture == "all"
        """Whether a court card captures every matching court card on the table."""
        n = rules.num_players
        seat = kn.seat
        self.order = [(seat + k) % n for k in range(1, n)]
        """The other seats in turn order."""
        self.partner = (seat + 2) % 4 if rules.partnership_game else None
        """The partner's seat in a partnership game, else ``None``."""
        u = kn.unseen.bit_count()
        self.unseen_count = [0] + [(kn.unseen & CLASS_MASK[c]).bit_count() for c in range(1, 14)]
        """Per capture class 1..13 (index 0 unused): how many of its cards are unseen."""
        # chance that each other seat holds a card of each class when it next plays
        self.p_hold: dict[int, list[float]] = {}
        """Per other seat, per capture class 1..13 (index 0 unused): the chance that it holds a card of that class
        when it next plays (1 for the value of a build it controls)."""
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
        """Whether the move judged is the seat's last of the hand (the pack is empty and it holds one card)."""
        self.next_is_final = kn.pack_size == 0 and mine == 2
        """Whether the seat's next turn is its last of the hand (the pack is empty and it holds two cards)."""
        self.last_player = kn.dealer
        """The seat that plays last in every deal: the dealer."""
        self.my_side = rules.side_of(seat)
        """The seat's scoring side."""

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
        """Value of ``action`` in hand points (higher is better): what it takes now, less the opponents' threats on
        the table it leaves, plus the partner's and the seat's own next chances (see the module)."""
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
        """The best-scoring move of ``legal`` (the first on ties; no scoring for a single move)."""
        if len(legal) == 1:
            return legal[0]
        best_a = legal[0]
        best_v = self.score(best_a)
        for a in legal[1:]:
            v = self.score(a)
            if v > best_v:
                best_a, best_v = a, v
        return best_a
