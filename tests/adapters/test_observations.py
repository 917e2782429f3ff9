"""Observation vectors: fixed shape, float32, inside [0, 1] at every step of random hands (chance and end too)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from cardtable.adapters import adapter_for
from cardtable.adapters.gin import GinAdapter

ADAPTERS = [adapter_for("gin"), adapter_for("gin", preset="oklahoma"), GinAdapter(observation="melds"),
            GinAdapter(preset="oklahoma", observation="melds"), adapter_for("pinochle"),
            adapter_for("casino", num_players=2), adapter_for("casino", num_players=4)]


@pytest.mark.parametrize("adapter", ADAPTERS, ids=["gin", "gin-oklahoma", "gin-melds", "gin-oklahoma-melds", "pinochle",
                                                   "casino2", "casino4"])
def test_observations_have_fixed_shape_and_bounds(adapter: Any) -> None:
    rng = random.Random(7)
    for h in range(4):
        state = adapter.new_state(h % adapter.num_players)
        while True:
            for seat in range(adapter.num_players):
                obs = adapter.observe(state.view(seat))
                assert obs.shape == (adapter.obs_size,) and obs.dtype == np.float32
                assert obs.min() >= 0.0 and obs.max() <= 1.0
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_gin_observation_layout() -> None:
    adapter = GinAdapter()
    state = adapter.game_obj.from_position(
        "dealer: 1; phase: arrange; turn: 0; hand0: 4D 5D 6D 7D 7S 7C 7H 2C 3H AS; "
        "hand1: 8D 9D 2S 2H 5C 9C JC QS KH 4H; known1: 8D; discard: KS QH; knock: TC")
    view = state.view(0)
    obs = adapter.observe(view)
    hand = {c.index for c in view.hand}
    assert set(np.flatnonzero(obs[:52])) == hand
    assert set(np.flatnonzero(obs[52:104])) == {c.index for c in view.opponent_known}
    assert set(np.flatnonzero(obs[104:156])) == {c.index for c in view.discard_pile}
    assert obs[375] == 1.0 and obs[376] == 0.0
    assert obs[364 + 9] == 1.0  # phase "arrange"
    # the defender does not see the knock card, the knocker does
    defender = adapter.observe(state.view(1))
    assert defender[104:156].sum() == obs[104:156].sum() - 1


def test_gin_meld_features_say_what_the_hand_and_the_table_show() -> None:
    from adapter_helpers import random_positions

    from cardtable.cards import cards_to_mask
    from cardtable.gin.melds import canonical_arrangement, deadwood

    standard, melds = GinAdapter(), GinAdapter(observation="melds")
    assert (standard.obs_size, melds.obs_size) == (542, 700)
    with pytest.raises(ValueError, match="observation must be one of"):
        GinAdapter(observation="rich")
    upcard_features = 0
    for state in random_positions(melds, 40, seed=21):
        for seat in (0, 1):
            view = state.view(seat)
            obs = melds.observe(view)
            assert np.array_equal(obs[:542], standard.observe(view))  # the standard planes come first, unchanged
            hand = cards_to_mask(view.hand)
            in_meld = {c.index for m in canonical_arrangement(hand) for c in view.hand if m & c.bit}
            assert set(np.flatnonzero(obs[542:594])) == in_meld
            for c in view.hand:
                assert obs[594 + c.index] == pytest.approx(min(deadwood(hand & ~c.bit) / 110, 1.0))
            # unseen: not in the seat's hand, the pile, the opponent's known cards or its revealed hand
            shown = {c.index for c in (*view.hand, *view.discard_pile, *view.opponent_known, *(view.opponent_hand or ()))}
            if view.taken_card is not None:
                shown.add(view.taken_card.index)
            assert set(np.flatnonzero(obs[646:698])) == set(range(52)) - shown
            if view.discard_pile and len(view.hand) == 10 and view.discard_pile[-1] not in view.hand:
                up = view.discard_pile[-1]
                keep = hand if not state.rules.discard_taken_card else hand | up.bit
                best = min(deadwood((hand | up.bit) & ~(1 << i)) for i in range(52) if keep >> i & 1)
                assert obs[698] == pytest.approx(min(best / 110, 1.0))
                joins = any(m & up.bit for m in canonical_arrangement(hand | up.bit))
                assert obs[699] == float(joins)
                upcard_features += joins
    assert upcard_features > 5


def test_gin_opponent_discards_and_declined_upcards_match_the_engine() -> None:
    from adapter_helpers import random_positions

    from cardtable.adapters.gin import opponent_discards

    adapter = GinAdapter()
    checked = 0
    for k, state in enumerate(random_positions(adapter, 12, seed=13)):
        if k % 4:
            continue
        for seat in (0, 1):
            opp = 1 - seat
            replay = adapter.new_state(state.dealer)
            discarded, declined = [], set()
            for action, actor in zip(state.history, state.actors):
                if actor == opp and action.kind in ("pass", "draw") and replay.discard:
                    declined.add(replay.discard[-1].index)
                if actor == opp and action.kind == "discard":
                    discarded.append(action.card.index)
                replay.apply(action)
            got_discarded, got_declined = opponent_discards(state.view(seat))
            assert got_discarded == discarded
            assert set(got_declined) == declined
            obs = adapter.observe(state.view(seat))
            assert set(np.flatnonzero(obs[438:490])) == set(discarded)
            checked += 1
    assert checked > 50


def test_gin_incremental_event_reading_equals_a_fresh_reading() -> None:
    from adapter_helpers import random_positions

    shared, fresh = GinAdapter(), GinAdapter()
    for k, state in enumerate(random_positions(shared, 6, seed=17)):
        seat = k % 2
        fresh._readers.clear()
        assert np.array_equal(shared.observe(state.view(seat)), fresh.observe(state.view(seat)))
