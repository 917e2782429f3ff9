"""Gymnasium ids, ``action_masks()`` and the same-step vector envs (issue 22)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardtable.adapters  # noqa: F401  (registers the ids)
from cardtable.adapters.registration import ENV_IDS, register_envs


@pytest.mark.parametrize(("env_id", "kwargs", "actions"), [
    ("cardtable/GinRummy-v0", {}, 125),
    ("cardtable/GinRummy-v0", {"preset": "openspiel"}, 237),
    ("cardtable/Casino-v0", {"num_players": 3}, 117),
    ("cardtable/Pinochle-v0", {}, 296),
])
def test_make_builds_the_game_with_its_options(env_id: str, kwargs: dict[str, object], actions: int) -> None:
    env = gym.make(env_id, opponent="easy", **kwargs)
    assert env.action_space == gym.spaces.Discrete(actions)
    assert env.unwrapped.levels[1] == "easy"
    obs, _info = env.reset(seed=5)
    masks = env.get_wrapper_attr("action_masks")()
    assert masks.dtype == bool and masks.shape == (actions,)
    assert np.array_equal(masks, obs["action_mask"].astype(bool)) and masks.any()
    check_env(env.unwrapped, skip_render_check=True)


def test_register_envs_again_is_harmless_and_ids_are_listed() -> None:
    register_envs()
    assert set(ENV_IDS.values()) <= set(gym.registry)


def test_action_masks_follow_the_hand_and_are_empty_when_it_ends() -> None:
    env = gym.make("cardtable/GinRummy-v0").unwrapped
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    done = False
    while not done:
        masks = env.action_masks()
        assert np.array_equal(np.flatnonzero(masks), env.adapter.legal_ids(env.game_state, env.pending))
        _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(masks))))
    assert not env.action_masks().any()


@pytest.mark.parametrize(("env_id", "kwargs"), [("cardtable/Casino-v0", {"num_players": 4}),
                                                ("cardtable/Pinochle-v0", {})])
def test_make_vec_rows_always_carry_a_legal_action(env_id: str, kwargs: dict[str, object]) -> None:
    """The default vector env resets a finished hand in the same step: no all-zero mask reaches a policy."""
    envs = gym.make_vec(env_id, num_envs=3, **kwargs)
    assert envs.metadata["autoreset_mode"] == gym.vector.AutoresetMode.SAME_STEP
    obs, _ = envs.reset(seed=11)
    rng = np.random.default_rng(11)
    finished = 0
    for _ in range(2000):
        assert (obs["action_mask"].sum(axis=1) > 0).all()
        actions = [int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]]
        obs, _, terminated, _, info = envs.step(actions)
        for row in np.flatnonzero(terminated):
            finished += 1
            assert info["_final_obs"][row]
            assert not info["final_obs"][row]["action_mask"].any()  # the finished hand had no move left
        if finished >= 3:
            break
    assert finished >= 3


def test_make_vec_rejects_a_bad_vectorization() -> None:
    from cardtable.adapters.registration import sync_vector_env

    with pytest.raises(ValueError, match="vectorization"):
        sync_vector_env("casino", 2, vectorization="threads")
