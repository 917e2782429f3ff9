"""The Tianshou recipe (``examples/train_gin_tianshou.py``, docs/adapters/training-tianshou.md) and its wrapper.

The script runs as the page shows it, in a subprocess, with the page's options plus a tiny budget
(a few hundred env steps). ``NUMBA_DISABLE_JIT=1`` spares the test the compilation of Tianshou's
Numba helpers (up to a minute on a loaded machine; the same code runs as plain Python).
"""

from __future__ import annotations

import importlib.util
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from recipe_helpers import page_command, play_gin_hands

from cardtable.adapters import gin_env
from cardtable.adapters.tianshou import TianshouMaskWrapper, make_tianshou_env
from cardtable.errors import IllegalActionError

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "examples/train_gin_tianshou.py"
PAGE = ROOT / "docs" / "adapters" / "training-tianshou.md"
TINY = ["--epochs", "2", "--epoch-steps", "128", "--collect-steps", "32", "--updates-per-step", "0.25",
        "--num-envs", "4", "--test-envs", "2", "--test-episodes", "2", "--batch-size", "32",
        "--buffer-size", "2000", "--hidden", "64", "--target-update-freq", "8", "--eps-train", "0.5"]


def _page_command() -> list[str]:
    return page_command(PAGE, SCRIPT)


# --- the wrapper ---------------------------------------------------------------------------------
def test_the_wrapper_renames_the_keys_and_keeps_the_mask() -> None:
    env = make_tianshou_env("cardtable/GinRummy-v0", opponent="easy", illegal_action="raise")
    obs, _ = env.reset(seed=4)
    assert set(obs) == {"obs", "mask"} and obs["mask"].dtype == np.bool_
    assert env.observation_space.contains(obs)
    reference = gin_env(opponent="easy", illegal_action="raise")
    expected, _ = reference.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(40):  # the same hand, step by step
        np.testing.assert_array_equal(obs["obs"], expected["observation"])
        np.testing.assert_array_equal(obs["mask"], expected["action_mask"] == 1)
        np.testing.assert_array_equal(obs["mask"], reference.action_masks())
        action = int(rng.choice(np.flatnonzero(obs["mask"])))
        obs, reward, done, _, _ = env.step(action)
        expected, expected_reward, _, _, _ = reference.step(action)
        assert reward == expected_reward
        if done:
            break


def test_the_wrapper_serves_every_game_and_refuses_other_observations() -> None:
    for env_id, n in (("cardtable/Casino-v0", 117), ("cardtable/Pinochle-v0", 296)):
        obs, _ = make_tianshou_env(env_id).reset(seed=1)
        assert obs["mask"].shape == (n,) and obs["mask"].any()
    with pytest.raises(ValueError, match=re.escape("Dict(observation=..., action_mask=...)")):
        TianshouMaskWrapper(gym.make("CartPole-v1"))


# --- the recipe ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    if importlib.util.find_spec("tianshou") is None or importlib.util.find_spec("torch") is None:
        pytest.skip("the train extra (Tianshou, PyTorch) is not installed")
    path = tmp_path_factory.mktemp("tianshou") / "gin_dqn.pt"
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "OMP_NUM_THREADS": "1"}
    command = [sys.executable, SCRIPT, *_page_command(), *TINY, "--save", str(path)]  # later options win
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done, path


def test_the_page_command_sets_the_main_options() -> None:
    """(The run below parses all of them: an unknown option would fail it.)"""
    assert {"--epochs", "--num-envs", "--seed", "--save"} <= set(_page_command())


def test_the_recipe_trains_with_finite_losses(run: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    done, _ = run
    epochs = re.findall(r"^epoch (\d+): env steps (\d+), loss (\S+),", done.stdout, re.MULTILINE)
    assert [int(e) for e, _, _ in epochs] == [1, 2], done.stdout
    steps = [int(s) for _, s, _ in epochs]
    assert steps[0] >= 128 and steps[1] >= steps[0] + 128
    assert all(math.isfinite(float(loss)) for _, _, loss in epochs)
    assert re.search(r"greedy points per hand vs random \(2 hands\): -?\d", done.stdout)


def test_the_masks_matter_and_the_saved_network_plays_legal_gin(run: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    """The run above used ``illegal_action="raise"``: it finished, so no illegal id was sent. Here the
    saved network without its mask would pick illegal ids, and with it (as ``TorchPolicy``) plays
    whole hands of legal Gin."""
    import torch

    from cardtable.adapters.policy import TorchPolicy

    torch.set_num_threads(1)
    _, path = run
    player = TorchPolicy(path=str(path))
    env = gin_env(opponent="random", illegal_action="raise")
    obs, _ = env.reset(seed=2)
    unmasked_illegal = 0
    for _ in range(200):
        with torch.no_grad():
            q = player.module(torch.as_tensor(obs["observation"])[None])[0]
        assert q.shape == (125,)
        unmasked_illegal += int(obs["action_mask"][int(q.argmax())] == 0)
        obs, _, done, _, _ = env.step(player.policy(obs["observation"], env.action_masks()))  # raises if illegal
        if done:
            obs, _ = env.reset()
    assert unmasked_illegal > 0
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(env.action_masks() == 0)[0]))  # the check the run relied on is live

    play_gin_hands(f"cardtable.adapters.policy:TorchPolicy/path={path}")
