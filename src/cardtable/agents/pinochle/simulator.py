""":class:`Sim`, a fast bitmask simulator of the rest of a Pinochle hand (stage 1 with the heuristics for
both seats, stage 2 with a greedy full-information policy), used by ``hard`` in sampled worlds
(:func:`sample_world`).
"""

from __future__ import annotations

import random

from ...pinochle.actions import DRAW, EXCHANGE, NO_EXCHANGE, NO_MELD, PLAY, PinochleAction, meld_action
from ...pinochle.deck import FULL, NINE, RANK_MASKS, SUIT_MASKS, card_points, iter_bits
from ...pinochle.melds import (
    DIX,
    KIND_POINTS,
    legal_melds,
    record_add,
)
from ...pinochle.rules import PinochleRules
from ...pinochle.tricks import follower_wins, stage2_options
from .evaluation import (
    LIGHT_KEY,
    exchange_choice,
    light_shapes,
    meld_values,
    play_values,
)
from .stage2 import greedy_stage2
from .tracking import ORDER, SUIT, Ctx, Knowledge

__all__ = ["Sim", "sample_world", "action_of"]


class Sim:
    """The rest of one hand in a fully specified world, played by the heuristic (stage 1) and greedily (stage 2).

    ``score`` per seat accumulates meld and dix points and counters won from
    the moment the simulation starts; :meth:`margin` is the result for a seat.
    """

    __slots__ = (
        "dix_scored",
        "draws",
        "hands",
        "heavy",
        "known",
        "last",
        "lead",
        "leader",
        "log",
        "melded",
        "nstock",
        "ntricks",
        "played",
        "pts",
        "rules",
        "score",
        "scored",
        "tc",
        "trump",
    )

    def __init__(self, rules: PinochleRules, trump: int, hands: list[int], melded: list[int], known: list[int],
                 scored: tuple[int, ...], dix_scored: int, tc: int, stock: list[int], played: int, leader: int,
                 lead: int, ntricks: int) -> None:
        self.rules = rules
        """The rules of the hand."""
        self.pts = card_points(rules.counting)
        """Points of each card index under the rules' counting."""
        self.trump = trump
        """The trump suit (0..3)."""
        self.hands = hands
        """Per seat: its cards, concealed and melded (masks)."""
        self.melded = melded
        """Per seat: its cards on the table (masks)."""
        self.known = known
        """Per seat: its concealed cards the other seat knows of, such as a former trump card (masks)."""
        self.scored = scored
        """Per meld kind (0..9): the mask of the cards that have scored in that kind."""
        self.dix_scored = dix_scored
        """The dixes that have scored their 10 points (mask)."""
        self.tc = tc
        """The index of the trump card under the stock, -1 once taken."""
        # The stock as one queue of future draws per seat (plus the last face-down card, for the winner of
        # trick 12): the same distribution as one shuffled stock, but a seat's draws do not depend on who
        # wins which trick, so the candidates of one world differ far less (common random numbers).
        self.last = stock[0] if stock else -1
        """The last face-down card of the stock (the winner of trick 12 draws it), -1 for an empty stock."""
        self.draws = [stock[1::2], stock[2::2]]
        """Per seat: the stock cards it will draw, the next one last."""
        self.nstock = len(stock)
        """Face-down cards left in the stock."""
        self.played = played
        """Cards played to tricks so far (mask)."""
        self.score = [0, 0]
        """Per seat: meld, dix and counter points won since the simulation started (and 10 for the last trick)."""
        self.leader = leader
        """The seat that leads (or led) the current trick."""
        self.lead = lead
        """The card index led to the current trick, -1 before the lead."""
        self.ntricks = ntricks
        """Tricks completed so far in the hand (stage-2 tricks are not counted)."""
        self.heavy = False
        """Stage-1 cards chosen by the full ``medium`` judgement (slower) instead of the light policy."""
        self.log: list[PinochleAction] | None = None
        """When a list, every action of the simulation is appended (chance draws included), for tests."""

    def ctx(self, p: int) -> Ctx:
        """Seat ``p``'s decision context: its own cards and what is public to it, never the other seat's
        hidden cards."""
        o = 1 - p
        opp_known = self.melded[o] | self.known[o]
        unseen = FULL & ~self.hands[p] & ~self.played & ~opp_known & ~((1 << self.tc) if self.tc >= 0 else 0)
        return Ctx(self.rules, self.pts, self.trump, self.tc, self.hands[p], self.melded[p], unseen, opp_known,
                   self.hands[o].bit_count() - opp_known.bit_count(), self.nstock, self.ntricks, self.scored,
                   self.dix_scored)

    def choose_card(self, p: int, lead: int) -> int:
        """The light stage-1 policy: the medium player's rules of thumb on static card values.

        Cards of nearly complete melds, trumps and side aces are kept; a trick is
        won when a counter is led, when a meld waits, or cheaply in the led suit.
        """
        hand = self.hands[p]
        if not hand & (hand - 1):
            return hand.bit_length() - 1
        if self.heavy:
            cards = list(iter_bits(hand))
            vals = play_values(self.ctx(p), cards, lead)
            return cards[max(range(len(cards)), key=vals.__getitem__)]
        trump = self.trump
        pts = self.pts
        scored = self.scored
        meldish = 0
        pending = False
        for kind, slots, full in light_shapes(trump):
            held = 0
            bad = scored[kind]
            for sl in slots:
                if hand & sl & ~bad:
                    held += 1
            if held >= len(slots) - 1:
                meldish |= hand & full
                if held == len(slots):
                    pending = True
        best, best_key = -1, 1e9
        if lead < 0:
            for c in iter_bits(hand):
                k = LIGHT_KEY[trump][c] + (9.0 if meldish >> c & 1 else 0.0)
                if pending:  # lead to win: a side ace or a high trump not needed for melds
                    if SUIT[c] != trump and ORDER[c] == 0 and not meldish >> c & 1:
                        k -= 30.0
                    elif SUIT[c] == trump and ORDER[c] <= 1 and not meldish >> c & 1:
                        k -= 20.0
                if k < best_key:
                    best, best_key = c, k
            return best
        want = pending or pts[lead] >= 10
        win, win_key = -1, 1e9
        for c in iter_bits(hand):
            k = LIGHT_KEY[trump][c] + (9.0 if meldish >> c & 1 else 0.0)
            if follower_wins(lead, c, trump):
                if k < win_key:
                    win, win_key = c, k
            elif k < best_key:
                best, best_key = c, k
        if win >= 0 and (want or best < 0 or (SUIT[win] == SUIT[lead] and win_key <= best_key + 6.0)):
            return win
        return best

    def play_card(self, p: int, c: int) -> None:
        """Play ``c`` for ``p``: a lead, or a follow that completes the trick (and its stage-1 aftermath)."""
        bit = 1 << c
        self.hands[p] &= ~bit
        self.melded[p] &= ~bit
        self.known[p] &= ~bit
        self.played |= bit
        if self.log is not None:
            self.log.append(PLAY[c])
        if self.lead < 0:
            self.lead = c
            return
        leader, lead = self.leader, self.lead
        winner = p if follower_wins(lead, c, self.trump) else leader
        self.score[winner] += self.pts[lead] + self.pts[c]
        self.ntricks += 1
        self.lead = -1
        self.leader = winner
        if self.rules.dix_scores_when_played:
            dixes = SUIT_MASKS[self.trump] & RANK_MASKS[NINE]
            for who, x in ((leader, lead), (p, c)):
                b = 1 << x
                if dixes & b and not self.dix_scored & b:
                    self.dix_scored |= b
                    self.score[who] += 10

    def exchange(self, p: int, dix: int) -> None:
        """Seat ``p`` exchanges ``dix`` for the trump card, scoring 10 if that dix has not scored yet."""
        bit = 1 << dix
        self.hands[p] = (self.hands[p] & ~bit) | (1 << self.tc)
        self.melded[p] &= ~bit
        self.known[p] = (self.known[p] & ~bit) | (1 << self.tc)
        self.tc = dix
        if self.log is not None:
            self.log.append(EXCHANGE[dix])
        if not self.dix_scored & bit:
            self.dix_scored |= bit
            self.score[p] += 10

    def meld(self, p: int, kind: int, mask: int) -> None:
        """Seat ``p`` melds the cards of ``mask`` as a ``kind`` meld and scores its points."""
        self.scored = record_add(self.scored, kind, mask)
        if kind == DIX:
            self.dix_scored |= mask
        self.melded[p] |= mask
        self.known[p] &= ~mask
        self.score[p] += KIND_POINTS[kind]
        if self.log is not None:
            self.log.append(meld_action(kind, mask))

    def can_exchange(self, p: int) -> list[int]:
        """The dixes seat ``p`` may exchange for the trump card (none once it is taken, or if it is a nine itself)."""
        if self.tc < 0 or ORDER[self.tc] == NINE:
            return []
        return list(iter_bits(self.hands[p] & SUIT_MASKS[self.trump] & RANK_MASKS[NINE]))

    def legal_melds(self, p: int) -> list[tuple[int, int]]:
        """Seat ``p``'s legal melds, as (kind, cards mask) pairs."""
        r = self.rules
        return legal_melds(self.trump, self.hands[p], self.hands[p] & ~self.melded[p], self.scored,
                           self.dix_scored, r.meld_requires_hand_card, r.double_pinochle_300)

    def policy_exchange(self, p: int) -> None:
        """Seat ``p`` exchanges a dix if it can (an unscored one first)."""
        dixes = self.can_exchange(p)
        if dixes:
            self.exchange(p, exchange_choice(dixes, self.dix_scored))

    def policy_meld(self, p: int) -> None:
        """Seat ``p`` makes the legal meld :func:`.evaluation.meld_values` values most, if any."""
        melds = self.legal_melds(p)
        if melds:
            if len(melds) == 1:
                self.meld(p, *melds[0])
                return
            vals = meld_values(self.ctx(p), melds)
            best = max(range(len(melds)), key=lambda i: vals[i])
            self.meld(p, *melds[best])

    def draw(self) -> None:
        """Both seats draw, the trick's winner first; on the last card the loser takes the trump card and stage 2
        begins (melded cards go back to hand)."""
        w = self.leader
        if self.nstock >= 2:
            cw, cl = self.draws[w].pop(), self.draws[1 - w].pop()
            self.hands[w] |= 1 << cw
            self.hands[1 - w] |= 1 << cl
            self.nstock -= 2
            if self.log is not None:
                self.log.extend((DRAW[cw], DRAW[cl]))
        elif self.nstock:
            self.hands[w] |= 1 << self.last
            self.nstock = 0
            if self.log is not None:
                self.log.append(DRAW[self.last])
            self.hands[1 - w] |= 1 << self.tc
            self.known[1 - w] |= 1 << self.tc
            self.tc = -1
            self.melded = [0, 0]

    def finish_trick_turn(self) -> None:
        """After a stage-1 trick: the winner's exchange and meld, then the draw."""
        w = self.leader
        self.policy_exchange(w)
        self.policy_meld(w)
        self.draw()

    def run(self) -> None:
        """Play on to the end of the hand from a trick start or a pending follow."""
        while self.tc >= 0 or self.nstock:
            if self.lead < 0:
                self.play_card(self.leader, self.choose_card(self.leader, -1))
            p = 1 - self.leader
            self.play_card(p, self.choose_card(p, self.lead))
            self.finish_trick_turn()
        hands = self.hands[:]
        won = [0, 0]
        last = self.leader
        if self.lead >= 0:  # a stage-2 lead is pending
            f = 1 - self.leader
            opts = stage2_options(hands[f], self.lead, self.trump)
            wins = [x for x in iter_bits(opts) if follower_wins(self.lead, x, self.trump)]
            pick = max(wins, key=lambda x: self.pts[x]) if wins else min(iter_bits(opts), key=lambda x: self.pts[x])
            hands[f] &= ~(1 << pick)
            winner = f if wins else self.leader
            won[winner] += self.pts[self.lead] + self.pts[pick]
            self.leader = winner
            self.lead = -1
            last = winner
        if hands[self.leader]:
            last = greedy_stage2(hands, self.leader, self.trump, self.pts, won, self.log)
        self.score[0] += won[0]
        self.score[1] += won[1]
        self.score[last] += 10

    def copy(self) -> Sim:
        """An independent copy to play one candidate in (the :attr:`log` list, if any, is shared)."""
        new = Sim.__new__(Sim)
        for name in ("rules", "pts", "trump", "scored", "dix_scored", "tc", "played", "leader", "lead", "ntricks",
                     "log", "heavy", "last", "nstock"):
            setattr(new, name, getattr(self, name))
        for name in ("hands", "melded", "known", "score"):
            setattr(new, name, getattr(self, name)[:])
        new.draws = [self.draws[0][:], self.draws[1][:]]
        return new

    def margin(self, seat: int) -> int:
        """``seat``'s score less the other seat's, since the simulation started."""
        return self.score[seat] - self.score[1 - seat]


def sample_world(kn: Knowledge, rng: random.Random, lead_by: int) -> Sim:
    """A world consistent with ``kn``: the opponent's hidden cards and the stock order drawn at random.

    ``lead_by`` is the seat that led the trick in progress (when ``kn.lead`` is set), else the leader.
    """
    me, opp = kn.seat, 1 - kn.seat
    if kn.opp_hand:
        opp_cards = kn.opp_hand
        stock: list[int] = []
    else:
        pool = list(iter_bits(kn.unseen))
        rng.shuffle(pool)
        hidden = pool[: kn.opp_hidden]
        stock = pool[kn.opp_hidden:]
        opp_cards = kn.opp_known
        for c in hidden:
            opp_cards |= 1 << c
    hands = [0, 0]
    hands[me], hands[opp] = kn.hand, opp_cards
    melded = [0, 0]
    melded[me], melded[opp] = kn.melded, kn.opp_melded
    known = [0, 0]
    known[opp] = kn.opp_known & ~kn.opp_melded
    return Sim(kn.rules, kn.trump, hands, melded, known, kn.scored, kn.dix_scored, kn.trump_card, stock, kn.played,
               lead_by, kn.lead, kn.ntricks)


def action_of(kind: str, card: int = -1, meld: tuple[int, int] | None = None) -> PinochleAction:
    """The action of ``kind``: a play or exchange of card index ``card``, no exchange, the meld ``meld``
    ((kind, cards mask)) when given, else no meld."""
    if kind == "play":
        return PLAY[card]
    if kind == "exchange":
        return EXCHANGE[card]
    if kind == "no exchange":
        return NO_EXCHANGE
    if meld is not None:
        return meld_action(*meld)
    return NO_MELD
