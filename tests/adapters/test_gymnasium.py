"""Gymnasium single-agent environments: ``check_env``, episodes against built-in agents, illegal actions."""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cardtable.adapters import casino_env, gin_env, pinochle_env
from cardtable.adapters.base import resample
from cardtable.errors import IllegalActionError

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(
    ("make", "opponent"),
    [(gin_env, "easy"), (gin_env, "random"), (pinochle_env, "random"), (pinochle_env, "easy"), (casino_env, "easy"),
     (functools.partial(casino_env, num_players=4), "random")],
)
def test_check_env(make: Any, opponent: str) -> None:
    check_env(make(opponent=opponent), skip_render_check=True)


def _episode(env: Any, seed: int) -> tuple[float, dict[str, Any]]:
    obs, info = env.reset(seed=seed)
    rng = random.Random(seed)
    while True:
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        obs, reward, term, trunc, info = env.step(action)
        if term or trunc:
            return float(reward), info


@pytest.mark.parametrize("make", [gin_env, pinochle_env, casino_env])
def test_episode_reward_is_the_seats_hand_points(make: Any) -> None:
    env = make(opponent="easy", seat=1)
    for seed in range(2):
        reward, info = _episode(env, seed)
        assert reward == float(info["hand_points"][1])
        assert env.game_state.is_terminal()


def test_three_player_casino_against_medium() -> None:
    env = casino_env(opponent="medium", num_players=3, zero_sum=True)
    reward, info = _episode(env, 1)
    points = info["hand_points"]
    assert reward == pytest.approx(points[0] - (points[1] + points[2]) / 2)


def test_illegal_actions() -> None:
    env = gin_env()
    obs, _ = env.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, term, _, info = env.step(bad)
    assert term and reward == -1.0 and info["illegal_action"]
    env = gin_env(illegal_action="raise")
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(bad)


@pytest.mark.parametrize("make", [gin_env, pinochle_env, functools.partial(casino_env, num_players=3)])
def test_gym_observation_ignores_unseen_cards(make: Any) -> None:
    env = make(opponent="random")
    obs, _ = env.reset(seed=3)
    rng = random.Random(1)
    for _ in range(15):
        real = env.game_state
        env.game_state = resample(env.adapter, real, env.seat, rng)
        other = env._obs()
        env.game_state = real
        assert np.array_equal(obs["observation"], other["observation"])
        assert np.array_equal(obs["action_mask"], other["action_mask"])
        obs, _, term, _, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        if term:
            break


def test_levels_per_seat_and_random_seat() -> None:
    env = casino_env(opponent=["random", "easy", "medium"], num_players=3, seat=None)
    seats = set()
    for seed in range(6):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert env.game_state.current_player() == env.seat
        assert [a.name for a in env._opponents][1:] != ["random", "random"]
    assert len(seats) > 1
    with pytest.raises(ValueError):
        casino_env(opponent=["random", "easy"], num_players=3)
