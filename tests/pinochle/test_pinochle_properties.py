"""Property tests: conservation, the 250 total, stage-2 legality against a brute-force check, hands end,
views never leak, clones are independent."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pinochle_support import game, random_hand, step

from cardtable.cards import PinochleCard
from cardtable.pinochle import PinochleState
from cardtable.pinochle.deck import CARDS, FULL, RANKS, iter_bits
from cardtable.pinochle.melds import ROYAL, RUN

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
OPTIONS = st.fixed_dictionaries({
    "counting": st.sampled_from(["simple", "classic", "modern"]),
    "dix_scores_when_played": st.booleans(),
    "meld_requires_hand_card": st.booleans(),
    "double_pinochle_300": st.booleans(),
})


def _cards_in_place(state: PinochleState) -> list[int]:
    parts = [*state.concealed, *state.melded, *state.won, state.stock]
    if state.trump_card >= 0:
        parts.append(1 << state.trump_card)
    if state.lead >= 0:
        parts.append(1 << state.lead)
    return parts


def _check_conservation(state: PinochleState) -> None:
    total = 0
    for part in _cards_in_place(state):
        assert not total & part, "a card is in two places"
        total |= part
    assert total == FULL
    if state.phase == "play" and state.lead < 0 and state.stage == 1:
        assert state.hand(0).bit_count() == state.hand(1).bit_count() == 12


@settings(max_examples=25, deadline=None)
@given(SEEDS, OPTIONS)
def test_conservation_and_invariants(seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    state = game(**options).new_hand(seed % 2)
    steps = 0
    while not state.is_terminal():
        step(state, rng)
        steps += 1
        if state.phase != "deal":
            _check_conservation(state)
        assert state.dix_scored.bit_count() <= 2
        assert steps < 400
    assert len(state.trick_log) == 24
    _check_meld_history(state)


def _check_meld_history(state: PinochleState) -> None:
    """11.1: one meld per stage-1 trick won; no card twice in one kind; no royal marriage after a run."""
    stage1_wins = [sum(1 for *_, w in state.trick_log[:12] if w == seat) for seat in (0, 1)]
    for seat in (0, 1):
        assert sum(1 for s, _, _ in state.meld_log if s == seat) <= stage1_wins[seat]
    used: dict[int, int] = {}
    for _, kind, mask in state.meld_log:
        assert not used.get(kind, 0) & mask
        if kind == ROYAL:
            assert not used.get(RUN, 0) & mask
        used[kind] = used.get(kind, 0) | mask
    dix_points = sum(v for b in state.breakdown for k, v in b.items() if k.startswith("dix"))
    assert dix_points <= 20


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_counters_and_last_trick_total_250(seed: int) -> None:
    state = random_hand(random.Random(seed), seed % 2)
    assert sum(state.counters) == 250
    assert state.card_points_of(0) + state.card_points_of(1) == 240
    assert state.points == [state.meld_points(s) + state.counters[s] for s in (0, 1)]


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_counters_sum_with_other_countings(seed: int) -> None:
    for counting in ("classic", "modern"):
        state = random_hand(random.Random(seed), seed % 2, counting=counting)
        assert state.card_points_of(0) + state.card_points_of(1) == 240
        if counting == "modern":
            assert sum(state.counters) == 250
        else:
            assert all(c % 10 == 0 for c in state.counters)


_ORDER = {rank: i for i, rank in enumerate(RANKS)}  # 0 = ace (highest)


def _brute_force_allowed(hand: list[PinochleCard], led: PinochleCard, trump: int) -> set[PinochleCard]:
    """Section 5.3 written directly from the text, on card objects."""
    def beats(c: PinochleCard) -> bool:
        return c.suit == led.suit and _ORDER[c.rank] < _ORDER[led.rank]

    same = [c for c in hand if c.suit == led.suit]
    if same:
        winners = [c for c in same if beats(c)]
        return set(winners or same)
    trumps = [c for c in hand if c.suit == trump]
    if led.suit != trump and trumps:
        return set(trumps)
    return set(hand)


@settings(max_examples=200, deadline=None)
@given(SEEDS)
def test_stage2_legality_against_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    cards = list(range(48))
    rng.shuffle(cards)
    n = rng.randint(1, 12)
    leader_cards, follower_cards = cards[:n], cards[n:2 * n]
    lead = leader_cards.pop()
    trump = rng.randrange(4)
    won = cards[2 * n:]
    half = rng.randrange(0, len(won) // 2 + 1) * 2
    text = (f"dealer: {rng.randrange(2)}; leader: 1; trump: {'SHDC'[trump]}; trumpcard: -; lead: {CARDS[lead]};"
            f"hand1: {' '.join(str(CARDS[i]) for i in leader_cards) or '-'};"
            f"hand0: {' '.join(str(CARDS[i]) for i in follower_cards)};"
            f"won0: {' '.join(str(CARDS[i]) for i in won[:half]) or '-'};"
            f"won1: {' '.join(str(CARDS[i]) for i in won[half:]) or '-'}")
    state = game().from_position(text)
    got = {a.physical for a in state.legal_actions()}
    want = _brute_force_allowed([CARDS[i] for i in follower_cards], CARDS[lead], trump)
    assert got == want
    for i in follower_cards:
        assert state.can_apply(state.parse_action(f"play {CARDS[i]}")) == (CARDS[i] in want)


def _all_cards(obj: Any) -> set[PinochleCard]:
    if isinstance(obj, PinochleCard):
        return {obj}
    if dataclasses.is_dataclass(obj):
        return _all_cards([getattr(obj, f.name) for f in dataclasses.fields(obj)])
    if isinstance(obj, dict):
        return _all_cards(list(obj.keys()) + list(obj.values()))
    if isinstance(obj, (list, tuple, set, frozenset)):
        out: set[PinochleCard] = set()
        for item in obj:
            out |= _all_cards(item)
        return out
    return set()


@settings(max_examples=20, deadline=None)
@given(SEEDS)
def test_views_never_leak(seed: int) -> None:
    rng = random.Random(seed)
    state = game(declare_out=seed % 3 == 0).new_hand(seed % 2)
    while not state.is_terminal():
        step(state, rng)
        if state.phase == "deal" or state.stage == 2:
            continue
        for seat in (0, 1):
            view = state.view(seat)
            hidden = (state.concealed[1 - seat] & ~state.known[1 - seat]) | state.stock
            seen = _all_cards(view)
            assert not {CARDS[i] for i in iter_bits(hidden)} & seen
            events = " ".join(view.events)
            assert not any(str(CARDS[i]) in events for i in iter_bits(hidden))
            assert view.opponent_hand is None


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_stage2_view_reveals_both_hands(seed: int) -> None:
    rng = random.Random(seed)
    state = game().new_hand(seed % 2)
    while state.stage == 1 or state.phase != "play":
        step(state, rng)
    view = state.view(0)
    assert set(view.opponent_hand or ()) == {CARDS[i] for i in iter_bits(state.hand(1))}


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_clone_independence(seed: int) -> None:
    rng = random.Random(seed)
    state = game().new_hand(seed % 2)
    for _ in range(rng.randrange(30, 120)):
        if state.is_terminal():
            break
        step(state, rng)
    copy = state.clone()
    assert copy == state
    snapshot = state.to_position() if not state.is_terminal() else ""
    history = list(state.history)
    rng2 = random.Random(seed + 1)
    while not copy.is_terminal():
        step(copy, rng2)
    assert state.history == history
    if not state.is_terminal():
        assert state.to_position() == snapshot
        assert copy != state
