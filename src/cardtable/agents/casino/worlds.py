"""Sampled Casino worlds: the unseen cards dealt at random to the other seats and the pack, consistent
with what the seat knows, as an engine position.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...casino.state import PLAY, CasinoState
from ...casino.values import VALUE_MASK, bits
from .tracking import Knowledge

__all__ = ["sample_world", "world_state"]


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
