"""The RLlib recipe (issue 22): ``examples/train_gin_rllib.py``, run with the command of
``docs/adapters/training-rllib.md`` on a tiny budget, passes RLlib's env check (left on), trains, and
its restored masking module never picks an illegal id. One Ray session for the module."""

from __future__ import annotations

import importlib.util
import shlex
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("ray.rllib", reason="the RLlib recipe needs the train extra")
pytest.importorskip("torch", reason="the RLlib recipe needs the train extra")

import ray
import torch
from ray.rllib.core.columns import Columns
from ray.rllib.env import multi_agent_env_runner
from ray.rllib.env.multi_agent_env_runner import MultiAgentEnvRunner
from ray.rllib.utils.pre_checks.env import check_multiagent_environments

from cardtable.adapters.rllib import (
    ILLEGAL_METRIC,
    RLlibCardEnv,
    count_illegal_actions,
    module_policy,
    ppo_config,
)

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "adapters" / "training-rllib.md"
SCRIPT = ROOT / "examples" / "train_gin_rllib.py"
TINY = ["--iterations", "2", "--train-batch-size", "300", "--minibatch-size", "150", "--epochs", "1",
        "--hidden", "32", "--eval-hands", "3", "--num-env-runners", "0"]


def _documented_argv() -> list[str]:
    """The arguments of the page's ``python examples/train_gin_rllib.py ...`` command."""
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("python examples/train_gin_rllib.py "):
            return shlex.split(line)[2:]
    raise AssertionError(f"{PAGE.name} shows no 'python examples/train_gin_rllib.py' command")


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_gin_rllib", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def ray_session() -> Iterator[None]:
    torch.set_num_threads(1)
    ray.init(num_cpus=2, include_dashboard=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def recipe(ray_session: None, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The script run once with the documented command plus tiny settings (the later ones win),
    with RLlib's env check watched: each call records the env and whether the check raised."""
    checks: list[dict[str, Any]] = []

    def watched_check(env: Any) -> None:
        before = getattr(env, "illegal_actions", None)
        try:
            check_multiagent_environments(env)
        except Exception as exc:
            checks.append({"env": env, "error": exc})
            raise
        checks.append({"env": env, "error": None, "illegal_before": before, "illegal_after": env.illegal_actions})

    out = tmp_path_factory.mktemp("rllib") / "checkpoint"
    argv = [*_documented_argv(), *TINY, "--out", str(out)]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(multi_agent_env_runner, "check_multiagent_environments", watched_check)
        result = _load_script().main(argv)
    result["checks"] = checks
    result["argv"] = argv
    return result


def test_the_page_shows_the_recipe_command() -> None:
    argv = _documented_argv()
    assert {"--iterations", "--num-env-runners", "--out"} <= set(argv)
    assert "disable_env_checking=True" not in SCRIPT.read_text(encoding="utf-8")


def test_rllib_env_check_ran_on_the_env_and_passed(recipe: dict[str, Any]) -> None:
    assert recipe["env_checking"], "the recipe must leave RLlib's env check on"
    assert recipe["checks"], "RLlib's check_multiagent_environments was not called"
    for check in recipe["checks"]:
        assert check["error"] is None
        assert isinstance(check["env"], RLlibCardEnv)


def test_training_ran_and_no_illegal_action_was_sampled(recipe: dict[str, Any]) -> None:
    history = recipe["history"]
    assert [row["iteration"] for row in history] == [1, 2]
    assert history[-1]["env_steps"] >= 2 * 300
    assert sum(row["episodes"] for row in history) >= 1
    assert all(row["illegal_actions"] == 0 for row in history)
    assert all(np.isfinite(row["episode_return_mean"]) for row in history if row["episodes"])
    assert set(history[-1]["seat_returns"]) == {"player_0", "player_1"}


def test_checkpoint_restores_and_plays_legally(recipe: dict[str, Any]) -> None:
    assert (Path(recipe["checkpoint"]) / "learner_group").is_dir()
    evaluation = recipe["evaluation"]
    assert evaluation["hands"] == 3 and evaluation["decisions"] > 0
    assert evaluation["illegal"] == 0


def test_restored_module_masks_every_position_it_meets(recipe: dict[str, Any]) -> None:
    """The module's own logits (not :func:`module_policy`'s guard) rule out each illegal id, and
    samples from its exploration distribution are legal, in every position of two self-play hands."""
    module = recipe["module"]
    env = RLlibCardEnv({"game": "gin"})
    policy = module_policy(module)
    positions = 0
    for seed in (1, 2):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            (agent, o), = obs.items()
            legal = o["action_mask"].astype(bool)
            batch = {Columns.OBS: {"observations": torch.as_tensor(o["observations"][None]).repeat(64, 1),
                                   "action_mask": torch.as_tensor(o["action_mask"][None]).repeat(64, 1)}}
            with torch.no_grad():
                logits = module.forward_inference({Columns.OBS: {k: v[:1] for k, v in batch[Columns.OBS].items()}})
                logits = logits[Columns.ACTION_DIST_INPUTS][0].numpy()
                explore = module.forward_exploration(batch)[Columns.ACTION_DIST_INPUTS]
            assert int(logits.argmax()) in np.flatnonzero(legal)
            assert logits[~legal].max(initial=-np.inf) < -1e30 < logits[legal].min()
            sampled = module.get_exploration_action_dist_cls().from_logits(explore).sample().numpy()
            assert legal[sampled].all()
            action = policy(o["observations"], o["action_mask"])
            assert action == int(logits.argmax())
            obs, _, terminateds, _, _ = env.step({agent: action})
            done = terminateds["__all__"]
            positions += 1
    assert env.illegal_actions == 0
    assert positions > 20


def test_unmasked_sampling_is_counted_as_illegal(ray_session: None) -> None:
    """The illegal-action metric is real: random (unmasked) actions from the same env runner end hands
    as illegal and are counted, where the masked module above counted none."""
    runner = MultiAgentEnvRunner(config=ppo_config(train_batch_size=32, minibatch_size=32, num_epochs=1, hidden=(8,)))
    try:
        runner.sample(num_timesteps=40, random_actions=True)
        assert runner.get_metrics()[ILLEGAL_METRIC] > 0
    finally:
        runner.stop()


@pytest.mark.parametrize("game", ["gin", "pinochle", "casino"])
def test_env_check_passes_and_an_illegal_id_ends_the_hand(game: str) -> None:
    env = RLlibCardEnv({"game": game, "illegal_reward": -2.0})
    for _ in range(3):
        check_multiagent_environments(env)  # reset(seed=42) and one random, unmasked id
    obs, _ = env.reset(seed=5)
    (agent, o), = obs.items()
    illegal = int(np.flatnonzero(o["action_mask"] == 0)[0])
    count = env.illegal_actions
    obs, rewards, terminateds, truncateds, infos = env.step({agent: illegal})
    assert terminateds["__all__"] and not truncateds["__all__"]
    assert rewards[agent] == -2.0 and infos[agent] == {"illegal_action": True}
    assert env.illegal_actions == count + 1
    assert not obs[agent]["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step({agent: illegal})


def test_a_legal_hand_pays_each_seat_its_points() -> None:
    env = RLlibCardEnv({"game": "gin"})
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=3)
    paid = {"player_0": 0.0, "player_1": 0.0}
    while True:
        (agent, o), = obs.items()
        assert env.observation_spaces[agent].contains(o)
        obs, rewards, terminateds, _, infos = env.step({agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        for a, r in rewards.items():
            paid[a] += r
        if terminateds["__all__"]:
            break
    points = env.aec.game_state.returns()
    assert paid == {"player_0": float(points[0]), "player_1": float(points[1])}
    assert {a: i["hand_points"] for a, i in infos.items()} == {"player_0": points[0], "player_1": points[1]}
    assert env.illegal_actions == 0


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        RLlibCardEnv({"game": "poker"})
    with pytest.raises(ValueError, match="unknown game"):
        ppo_config("poker")
    with pytest.raises(ValueError, match="train_batch_size"):
        ppo_config(train_batch_size=0)
    env = RLlibCardEnv()
    env.reset(seed=0)
    with pytest.raises(ValueError, match="agent to act"):
        env.step({"nobody": 0})


def test_count_illegal_actions_reads_the_last_infos() -> None:
    logged: list[tuple[str, int]] = []

    class Logger:
        def log_value(self, key: str, value: int, reduce: str) -> None:
            assert reduce == "sum"
            logged.append((key, value))

    class Episode:
        def get_infos(self, index: int) -> dict[str, Any]:
            assert index == -1
            return {"player_0": {"illegal_action": True}, "player_1": {"hand_points": 0}}

    count_illegal_actions(episode=Episode(), metrics_logger=Logger())
    assert logged == [(ILLEGAL_METRIC, 1)]
