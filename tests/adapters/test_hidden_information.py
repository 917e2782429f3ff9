"""No hidden-information leaks: changing only cards a seat cannot see leaves its observation and mask unchanged.

The other state is made by :func:`cardtable.adapters.base.resample`, which deals every card the seat
has not seen anew and replays the history; the test checks that the other cards really moved.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from adapter_helpers import random_positions

from cardtable.adapters.base import resample
from cardtable.adapters.casino import CasinoAdapter
from cardtable.adapters.gin import GinAdapter
from cardtable.adapters.pinochle import PinochleAdapter

ADAPTERS = [GinAdapter(), GinAdapter(observation="melds"), PinochleAdapter(), CasinoAdapter(num_players=2),
            CasinoAdapter(num_players=3), CasinoAdapter(num_players=4)]


def _seen(adapter: Any, state: Any, seat: int) -> tuple[Any, Any, str, str]:
    view = state.view(seat)
    acting = state.current_player() == seat
    mask = adapter.legal_ids(state) if acting else []
    return (adapter.observe(view), mask, adapter.observation_string(view), adapter.information_state_string(view))


def _hidden_cards(state: Any, seat: int) -> Any:
    """What the seat cannot see: the other hands and the stock (as the engine holds them)."""
    others = tuple(h for s, h in enumerate(state.hands) if s != seat) if hasattr(state, "hands") else ()
    if hasattr(state, "concealed"):
        others = (state.concealed[1 - seat],)
    stock = getattr(state, "stock", getattr(state, "pack", None))
    return others, stock


@pytest.mark.parametrize("adapter", ADAPTERS, ids=["gin", "gin-melds", "pinochle", "casino2", "casino3", "casino4"])
def test_unseen_cards_do_not_change_observation_or_mask(adapter: Any) -> None:
    rng = random.Random(3)
    checked = changed = 0
    for k, state in enumerate(random_positions(adapter, 6, seed=21)):
        if k % 3:
            continue
        for seat in range(adapter.num_players):
            other = resample(adapter, state, seat, rng)
            before, after = _seen(adapter, state, seat), _seen(adapter, other, seat)
            assert np.array_equal(before[0], after[0])
            assert before[1:] == after[1:]
            changed += _hidden_cards(state, seat) != _hidden_cards(other, seat)
            checked += 1
    assert checked > 50
    assert changed > checked // 2


@pytest.mark.parametrize("adapter", ADAPTERS[:3], ids=["gin", "pinochle", "casino2"])
def test_resample_keeps_the_whole_information_of_the_seat(adapter: Any) -> None:
    rng = random.Random(4)
    for k, state in enumerate(random_positions(adapter, 3, seed=5)):
        if k % 5:
            continue
        seat = state.current_player()
        other = resample(adapter, state, seat, rng)
        assert other.view(seat).events == state.view(seat).events
        assert other.view(seat).hand == state.view(seat).hand
        assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("observation", ["standard", "melds"])
def test_gin_observation_ignores_swapping_an_unseen_opponent_card_with_the_stock(observation: str) -> None:
    adapter = GinAdapter(observation=observation)
    state = next(s for k, s in enumerate(random_positions(adapter, 1, seed=8)) if k == 6).clone()
    seat = state.current_player()
    opp = 1 - seat
    unseen = state.hands[opp] & ~state.known[opp]
    low_hand = unseen & -unseen
    low_stock = state.stock & -state.stock
    before = _seen(adapter, state, seat)
    state.hands[opp] ^= low_hand | low_stock
    state.stock ^= low_hand | low_stock
    state._legal = None
    after = _seen(adapter, state, seat)
    assert np.array_equal(before[0], after[0])
    assert before[1:3] == after[1:3]
