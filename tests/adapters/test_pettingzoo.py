"""PettingZoo AEC environments: the PettingZoo test suite, rewards, seeding and hidden information."""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from cardtable.adapters import casino_v0, gin_rummy_v0, pinochle_v0
from cardtable.adapters.base import resample
from cardtable.adapters.pettingzoo_env import CardtableAEC

ENVS = {
    "gin": gin_rummy_v0,
    "gin-openspiel": functools.partial(gin_rummy_v0, preset="openspiel"),
    "pinochle": pinochle_v0,
    "casino2": casino_v0,
    "casino3": functools.partial(casino_v0, num_players=3),
    "casino4": functools.partial(casino_v0, num_players=4),
}
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("name", list(ENVS))
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    api_test(ENVS[name](), num_cycles=200)
    seed_test(ENVS[name], num_cycles=200)


def _play(env: CardtableAEC, seed: int, check: Any = None) -> dict[str, float]:
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        if check is not None:
            check(env, agent)
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals


@pytest.mark.parametrize("name", ["gin", "pinochle", "casino3"])
def test_rewards_are_the_hand_points(name: str) -> None:
    for seed in range(3):
        env = ENVS[name]()
        totals = _play(env, seed)
        points = env.game_state.returns()
        assert [totals[a] for a in env.possible_agents] == [float(p) for p in points]


def test_zero_sum_rewards_and_shaping_only_when_asked() -> None:
    env = gin_rummy_v0(zero_sum=True)
    totals = _play(env, 2)
    assert sum(totals.values()) == 0.0
    calls = []
    env = gin_rummy_v0(shaping=lambda before, after: calls.append(1) or 0.5)
    shaped = _play(env, 2)
    plain = _play(gin_rummy_v0(), 2)
    assert calls and shaped != plain


def test_same_seed_same_hand_and_dealer_choice() -> None:
    a, b = casino_v0(num_players=3), casino_v0(num_players=3)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game_state.history == b.game_state.history
    c = gin_rummy_v0(dealer=1)
    c.reset(seed=1)
    assert c.game_state.dealer == 1


@pytest.mark.parametrize("name", ["gin", "pinochle", "casino2", "casino4"])
def test_observations_ignore_unseen_cards(name: str) -> None:
    rng = random.Random(0)
    seen = []

    def check(env: CardtableAEC, agent: str) -> None:
        if len(env.game_state.history) % 4:
            return
        seat = env.possible_agents.index(agent)
        before = env.observe(agent)
        real = env.game_state
        env.game_state = resample(env.adapter, real, seat, rng)
        after = env.observe(agent)
        env.game_state = real
        assert np.array_equal(before["observation"], after["observation"])
        assert np.array_equal(before["action_mask"], after["action_mask"])
        seen.append(1)

    _play(ENVS[name](), 4, check)
    assert len(seen) > 3


@pytest.mark.parametrize("name", ["gin", "pinochle", "casino3"])
def test_render_test(name: str) -> None:
    render_test(ENVS[name])


def test_illegal_action_raises_or_terminates_with_the_pettingzoo_wrapper() -> None:
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    from cardtable.errors import IllegalActionError

    env = gin_rummy_v0()
    env.reset(seed=0)
    agent = env.agent_selection
    bad = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    history = list(env.game_state.history)
    with pytest.raises(IllegalActionError):
        env.step(bad)
    assert env.game_state.history == history
    wrapped = TerminateIllegalWrapper(gin_rummy_v0(), illegal_reward=-1)
    wrapped.reset(seed=0)
    wrapped.step(bad)
    assert wrapped.rewards[agent] == -1 and all(wrapped.terminations.values())


def test_state_is_pettingzoos_method_and_the_engine_hand_is_game_state() -> None:
    """Issue 21, item 5: ``env.state`` no longer hides ``AECEnv.state()``; the engine's hand is ``game_state``."""
    from cardtable.gin.state import GinState

    env = gin_rummy_v0()
    env.reset(seed=3)
    assert isinstance(env.game_state, GinState) and not env.game_state.is_terminal()
    with pytest.raises(NotImplementedError, match="gin_rummy_v0"):
        env.state()
    # ansi render shows every hand (documented: for debugging, not an observation)
    text = gin_rummy_v0(render_mode="ansi")
    text.reset(seed=3)
    shown = text.render()
    hands = [text.game_state.view(s).hand for s in (0, 1)]
    assert all(str(card) in shown for hand in hands for card in hand)
