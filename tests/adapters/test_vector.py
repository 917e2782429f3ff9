"""GinVectorEnv: observations and masks equal the single adapter's, same-step autoreset, seeds, illegal ids."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from cardtable.adapters.gin import KNOCK_ID, GinAdapter
from cardtable.adapters.vector import GinVectorEnv
from cardtable.errors import IllegalActionError
from cardtable.gin.melds import deadwood

EAGER = (107, 108)  # big gin, take knock: taken whenever legal, as knocks are, so that hands reach a showdown


def _eager_actions(mask: np.ndarray, rng: np.random.Generator, env: GinVectorEnv | None = None) -> np.ndarray:
    """Per row a knock, big gin or take knock when one is legal, else a random legal id; with ``env``, a
    discard that leaves the least deadwood (so that hands often reach a showdown)."""
    out = []
    for i, row in enumerate(mask):
        legal = np.flatnonzero(row)
        keen = [a for a in legal if KNOCK_ID <= a < KNOCK_ID + 52 or a in EAGER]
        discards = [a for a in legal if a < KNOCK_ID]
        if keen:
            out.append(rng.choice(keen))
        elif env is not None and discards:
            hand = env.game_states[i].hands[env.seats[i]]
            out.append(min(discards, key=lambda a: (deadwood(hand & ~(1 << int(a))), rng.random())))
        else:
            out.append(rng.choice(legal))
    return np.array(out, dtype=np.int64)


def _reference(adapter: GinAdapter, state: Any, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """What the single environment shows: GinAdapter.observe of the seat's view, and the legal ids."""
    mask = np.zeros(adapter.num_actions, dtype=np.int8)
    if not state.is_terminal():
        mask[adapter.legal_ids(state)] = 1
    return adapter.observe(state.view(seat)), mask


def _check_rows(env: GinVectorEnv, obs: dict[str, np.ndarray]) -> None:
    assert obs["action_mask"].any(axis=1).all(), "a row without a legal id"
    for row, state in enumerate(env.game_states):
        want_obs, want_mask = _reference(env.adapter, state, env.seats[row])
        np.testing.assert_array_equal(obs["observation"][row], want_obs)
        np.testing.assert_array_equal(obs["action_mask"][row], want_mask)
        assert state.current_player() == env.seats[row]


@pytest.mark.parametrize("preset", ["standard", "openspiel"])
@pytest.mark.parametrize("seat", [0, 1, None])
def test_rows_equal_the_adapter_observation_over_many_hands(preset: str, seat: int | None) -> None:
    env = GinVectorEnv(6, preset=preset, seat=seat)
    assert env.observation_space.contains(env.reset(seed=11)[0])
    obs, _ = env.reset(seed=11)
    rng = np.random.default_rng(5)
    outcomes: dict[str, int] = {}
    for _ in range(400):
        _check_rows(env, obs)
        before = list(env.game_states)
        seats = list(env.seats)
        obs, reward, term, trunc, info = env.step(_eager_actions(obs["action_mask"], rng, env))
        assert not trunc.any()
        assert env.observation_space.contains(obs)
        for row in range(env.num_envs):
            if not term[row]:
                assert reward[row] == 0.0 and env.game_states[row] is before[row]
                continue
            ended = before[row]
            assert ended.is_terminal() and env.game_states[row] is not ended
            outcomes[ended.showdown.outcome] = outcomes.get(ended.showdown.outcome, 0) + 1
            want_obs, want_mask = _reference(env.adapter, ended, seats[row])
            final = info["final_obs"][row]
            np.testing.assert_array_equal(final["observation"], want_obs)
            np.testing.assert_array_equal(final["action_mask"], want_mask)
            assert not final["action_mask"].any()
            assert reward[row] == ended.returns()[seats[row]]
            assert info["hand_points"][row].tolist() == ended.returns()
        if term.any():
            np.testing.assert_array_equal(info["_final_obs"], term)
            np.testing.assert_array_equal(info["_hand_points"], term)
            np.testing.assert_array_equal(info["final_info"]["hand_points"], info["hand_points"])
            np.testing.assert_array_equal(info["_final_info"], term)
            assert [x is None for x in info["final_obs"]] == (~term).tolist()
        else:
            assert "final_obs" not in info
    # the eager policy reaches every kind of scored ending, not only voids
    assert outcomes.get("knock", 0) + outcomes.get("gin", 0) >= 10, outcomes


def test_terminal_rows_carry_the_next_hands_first_observation() -> None:
    env = GinVectorEnv(4)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    finished = 0
    while finished < 12:
        obs, _, term, _, _ = env.step(_eager_actions(obs["action_mask"], rng))
        for row in np.flatnonzero(term):
            finished += 1
            state = env.game_states[row]
            learner_moves = [a for a, who in zip(state.history, state.actors, strict=True)
                             if who == env.seats[row] and not a.is_chance]
            assert learner_moves == [], "the new row's hand should be at the learner's first decision"
            assert obs["action_mask"][row].any()
    np.testing.assert_array_equal(env.action_masks(), obs["action_mask"].astype(bool))


def test_spaces_and_metadata() -> None:
    env = GinVectorEnv(3)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert isinstance(env, gym.vector.VectorEnv)
    assert env.single_action_space == spaces.Discrete(125)
    assert env.action_space == spaces.MultiDiscrete([125] * 3)
    assert env.observation_space["observation"].shape == (3, 542)
    assert env.observation_space["observation"].dtype == np.float32
    assert env.observation_space["action_mask"].shape == (3, 125)
    assert env.observation_space["action_mask"].dtype == np.int8
    spiel = GinVectorEnv(2, preset="openspiel")
    assert spiel.single_action_space == spaces.Discrete(237)
    obs, _ = spiel.reset(seed=0)
    assert obs["action_mask"].shape == (2, 237)
    assert env.action_masks().dtype == np.bool_


def _trajectory(seed: int, steps: int = 150) -> list[Any]:
    env = GinVectorEnv(5, seat=None)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(0)
    out: list[Any] = [obs["observation"].copy()]
    for _ in range(steps):
        obs, reward, term, _, _ = env.step(_eager_actions(obs["action_mask"], rng))
        out += [obs["observation"].copy(), reward.copy(), term.copy()]
    return out


def test_same_seed_same_trajectory() -> None:
    first, again, other = _trajectory(7), _trajectory(7), _trajectory(8)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


def test_reset_with_a_seed_restarts_the_sequence() -> None:
    env = GinVectorEnv(3)
    obs1, _ = env.reset(seed=4)
    env.step(_eager_actions(obs1["action_mask"], np.random.default_rng(0)))
    obs2, _ = env.reset(seed=4)
    np.testing.assert_array_equal(obs1["observation"], obs2["observation"])


def test_zero_sum_reward() -> None:
    env = GinVectorEnv(4, zero_sum=True)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    seen = 0
    while seen < 8:
        seats = list(env.seats)
        obs, reward, term, _, info = env.step(_eager_actions(obs["action_mask"], rng))
        for row in np.flatnonzero(term):
            points = info["hand_points"][row]
            assert reward[row] == points[seats[row]] - points[1 - seats[row]]
            seen += 1


def test_illegal_id_is_penalized_and_the_row_dealt_again() -> None:
    env = GinVectorEnv(3, illegal_reward=-5.0)
    obs, _ = env.reset(seed=9)
    illegal = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    actions = _eager_actions(obs["action_mask"], np.random.default_rng(1))
    actions[1] = illegal
    before = env.game_states[1]
    shown = obs["observation"][1].copy()
    obs, reward, term, _, info = env.step(actions)
    assert term[1] and reward[1] == -5.0
    assert info["illegal_action"].tolist()[1] and info["_illegal_action"][1]
    assert not info.get("_hand_points", np.zeros(3, dtype=bool))[1]
    np.testing.assert_array_equal(info["final_obs"][1]["observation"], shown)
    assert info["final_obs"][1]["action_mask"][illegal] == 0
    assert env.game_states[1] is not before and obs["action_mask"][1].any()
    _check_rows(env, obs)


def test_illegal_id_raises_when_asked() -> None:
    env = GinVectorEnv(2, illegal_action="raise")
    obs, _ = env.reset(seed=9)
    actions = np.array([int(np.flatnonzero(row == 0)[0]) for row in obs["action_mask"]])
    with pytest.raises(IllegalActionError, match="row 0: action id"):
        env.step(actions)
    with pytest.raises(IllegalActionError, match=r"out of range 0\.\.124"):
        env.step(np.array([999, 999]))
    lengths = [len(s.history) for s in env.game_states]
    legal = int(np.flatnonzero(obs["action_mask"][0])[0])
    with pytest.raises(IllegalActionError, match="row 1"):
        env.step(np.array([legal, -1]))
    assert [len(s.history) for s in env.game_states] == lengths, "no row moved"


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        GinVectorEnv(0)
    with pytest.raises(ValueError, match="seat"):
        GinVectorEnv(2, seat=2)
    with pytest.raises(ValueError, match="illegal_action"):
        GinVectorEnv(2, illegal_action="ignore")
    with pytest.raises(ValueError, match="unknown agent level"):
        GinVectorEnv(2, opponent="grandmaster").reset(seed=0)
    env = GinVectorEnv(2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.array([0, 0]))
    env.reset(seed=0)
    with pytest.raises(ValueError, match="shape"):
        env.step(np.array([0, 0, 0]))
    with pytest.raises(TypeError, match="integers"):
        env.step(np.array([0.0, 1.0]))


def test_built_in_agent_opponent() -> None:
    env = GinVectorEnv(2, opponent="easy", seat=1)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(60):
        _check_rows(env, obs)
        obs, *_ = env.step(_eager_actions(obs["action_mask"], rng))


def test_gymnasium_episode_statistics_wrapper() -> None:
    env = gym.wrappers.vector.RecordEpisodeStatistics(GinVectorEnv(4))
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    episodes = 0
    while episodes < 5:
        obs, reward, term, _, info = env.step(_eager_actions(obs["action_mask"], rng))
        if term.any():
            np.testing.assert_array_equal(info["episode"]["r"][term], reward[term])
            assert (info["episode"]["l"][term] >= 1).all()
            episodes += int(term.sum())


def test_make_vec_through_a_vector_entry_point() -> None:
    env_id = "cardtable-tests/GinVector-v0"
    if env_id not in gym.registry:
        gym.register(env_id, vector_entry_point="cardtable.adapters.vector:GinVectorEnv")
    env = gym.make_vec(env_id, num_envs=3, vectorization_mode="vector_entry_point", preset="openspiel", seat=1)
    assert isinstance(env.unwrapped, GinVectorEnv)
    obs, _ = env.reset(seed=0)
    assert env.num_envs == 3 and obs["action_mask"].shape == (3, 237) and env.unwrapped.seats == [1, 1, 1]


def _speed_module() -> Any:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "adapters_speed.py"
    spec = importlib.util.spec_from_file_location("adapters_speed_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_speed_benchmark_counts_every_row_and_names_the_best() -> None:
    speed = _speed_module()
    steps, elapsed = speed.vector_loop(4)(0.05, 1)
    assert steps > 0 and steps % 4 == 0 and elapsed > 0  # every step counts each of the 4 hands
    rates = {"gin/ours: gin vector (n=16)": 90.0, "gin/ours: adapter (engine + codec + observation)": 40.0,
             "pinochle/ours: adapter (engine + codec + observation)": 500.0, speed.OPENSPIEL_GIN: 60.0}
    assert speed.versus_openspiel(rates) == "best ours / OpenSpiel C++ gin_rummy: 1.50x (gin vector (n=16))"
    del rates[speed.OPENSPIEL_GIN]
    assert "not measured" in speed.versus_openspiel(rates)
    calls: list[tuple[float, int]] = []

    def fake(seconds: float, seed: int) -> tuple[int, float]:
        calls.append((seconds, seed))
        return 10 * (seed + 1), 1.0

    got = speed.measure([("gin", "a", fake, ""), ("gin", "b", None, "missing")], 3.0, 3, 5)
    assert calls == [(1.0, 5), (1.0, 6), (1.0, 7)] and got == {"gin/a": 70.0}  # (60 + 70 + 80) steps in 3 s
