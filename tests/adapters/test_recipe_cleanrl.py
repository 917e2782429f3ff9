"""The CleanRL-style masked PPO recipe (``examples/cleanrl_ppo_masked.py``, docs/adapters/training-cleanrl.md).

The script runs with the options of the page's command plus a tiny budget (512 env steps), then the
tests check what the page promises: finite losses, no illegal id ever chosen, masks that matter,
and a saved file that plays the trained network's actions.
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import gymnasium as gym  # noqa: E402
from recipe_helpers import page_command, play_gin_hands  # noqa: E402

from cardtable.adapters.policy import TorchPolicy  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "examples/cleanrl_ppo_masked.py"
PAGE = ROOT / "docs" / "adapters" / "training-cleanrl.md"
TINY = ["--total-timesteps", "512", "--num-envs", "4", "--num-steps", "64", "--num-minibatches", "2",
        "--update-epochs", "2", "--hidden", "64"]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cleanrl_ppo_masked", ROOT / SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _page_command() -> list[str]:
    return page_command(PAGE, SCRIPT)


def _positions(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` rows of observations and masks met by random legal play in the vector env."""
    env = gym.make_vec("cardtable/GinRummy-v0", num_envs=4)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    observations, masks = [], []
    while len(observations) * 4 < n:
        observations.append(obs["observation"])
        masks.append(obs["action_mask"].astype(bool))
        obs, *_ = env.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks[-1]]))
    env.close()
    return np.concatenate(observations)[:n], np.concatenate(masks)[:n]


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, dict[str, Any], Path]:
    torch.set_num_threads(1)
    module = _load()
    path = tmp_path_factory.mktemp("cleanrl") / "gin_ppo.pt"
    result = module.main(_page_command() + TINY + ["--save", str(path)])  # later options win
    return module, result, path


def test_the_page_command_is_the_recipe_with_its_options() -> None:
    args = _load().parse_args(_page_command())
    assert args.save and args.total_timesteps >= 100_000 and args.num_envs > 1
    assert {"--total-timesteps", "--num-envs", "--seed", "--save"} <= set(_page_command())


def test_training_runs_and_its_losses_are_finite(trained: tuple[ModuleType, dict[str, Any], Path]) -> None:
    _, result, _ = trained
    assert result["global_steps"] == 512 and result["iterations"] == 2
    assert len(result["losses"]) == 2
    for stats in result["losses"]:
        for key in ("loss", "policy_loss", "value_loss", "entropy", "approx_kl"):
            assert math.isfinite(stats[key]), (key, stats)
        assert stats["value_loss"] >= 0 and stats["entropy"] > 0
    assert result["hand_rewards"], "in 128 steps per row some hands end"
    assert all(math.isfinite(r) and abs(r) <= 200 for r in result["hand_rewards"])
    assert result["steps_per_second"] > 0


def test_no_illegal_action_is_chosen_and_no_mask_is_empty(trained: tuple[ModuleType, dict[str, Any], Path]) -> None:
    _, result, _ = trained
    assert result["illegal_chosen"] == 0
    assert result["illegal_reported"] == 0
    assert result["empty_masks"] == 0


def test_the_masks_matter(trained: tuple[ModuleType, dict[str, Any], Path]) -> None:
    """Without its mask the trained network would choose illegal ids; with it, only legal ones, and
    sampling gives a forbidden id probability exactly 0."""
    module, result, _ = trained
    agent = result["agent"]
    obs, masks = _positions(64, seed=5)
    unmasked = module.greedy_actions(agent, obs, np.ones_like(masks))
    assert not masks[np.arange(len(obs)), unmasked].all()
    masked = module.greedy_actions(agent, obs, masks)
    assert masks[np.arange(len(obs)), masked].all()
    x, m = torch.as_tensor(obs), torch.as_tensor(masks)
    with torch.no_grad():
        probs = torch.softmax(module.masked_logits(agent(x), m), -1)
        sampled, logprob, entropy, _ = agent.get_action_and_value(x, m)
    assert float(probs[~m].max()) == 0.0
    assert m[torch.arange(len(obs)), sampled].all() and torch.isfinite(logprob).all()
    assert (entropy <= torch.log(m.sum(-1).double()).float() + 1e-5).all()  # at most log(#legal)


def test_the_saved_policy_plays_the_trained_actions(trained: tuple[ModuleType, dict[str, Any], Path]) -> None:
    module, result, path = trained
    agent = result["agent"]
    obs, masks = _positions(48, seed=9)
    loaded = module.load_policy(str(path))
    with torch.no_grad():
        assert torch.allclose(loaded(torch.as_tensor(obs)), agent(torch.as_tensor(obs)), atol=1e-6)
    expected = module.greedy_actions(agent, obs, masks)
    player = TorchPolicy(path=str(path))
    assert [player.policy(o, m) for o, m in zip(obs, masks)] == expected.tolist()


def test_the_saved_policy_is_a_cardtable_player(trained: tuple[ModuleType, dict[str, Any], Path]) -> None:
    """The page's agent spec plays whole hands (an illegal move would raise)."""
    _, _, path = trained
    play_gin_hands(f"cardtable.adapters.policy:TorchPolicy/path={path}")


def test_a_pt2_archive_loads_to_the_same_network(trained: tuple[ModuleType, dict[str, Any], Path]) -> None:
    module, result, path = trained
    pt2 = path.with_suffix(".pt2")
    module.save_policy(result["agent"], str(pt2), 542)
    obs, _ = _positions(8, seed=2)
    with torch.no_grad():
        assert torch.allclose(module.load_policy(str(pt2))(torch.as_tensor(obs)), result["agent"](torch.as_tensor(obs)),
                              atol=1e-6)


def test_another_game_trains_through_gymnasiums_sync_vector_env() -> None:
    """Casino's moves take several ids (each with its own mask): still no illegal id, no empty mask."""
    torch.set_num_threads(1)
    result = _load().main(["--env-id", "cardtable/Casino-v0", "--total-timesteps", "128", "--num-envs", "2",
                           "--num-steps", "64", "--num-minibatches", "2", "--update-epochs", "1", "--hidden", "32"])
    assert result["global_steps"] == 128 and result["hand_rewards"]
    assert result["illegal_chosen"] == result["illegal_reported"] == result["empty_masks"] == 0
    assert all(math.isfinite(stats["loss"]) for stats in result["losses"])


@pytest.mark.parametrize("argv", [["--num-envs", "0"], ["--num-envs", "3", "--num-steps", "5", "--num-minibatches", "4"]])
def test_bad_options_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _load().parse_args(argv)
    assert "must" in capsys.readouterr().err
