"""Observation vectors: fixed shape, float32, inside [0, 1] at every step of random hands (chance and end too)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from cardtable.adapters import adapter_for
from cardtable.adapters.gin import GinAdapter

ADAPTERS = [adapter_for("gin"), adapter_for("gin", preset="oklahoma"), adapter_for("pinochle"),
            adapter_for("casino", num_players=2), adapter_for("casino", num_players=4)]


@pytest.mark.parametrize("adapter", ADAPTERS, ids=["gin", "gin-oklahoma", "pinochle", "casino2", "casino4"])
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
