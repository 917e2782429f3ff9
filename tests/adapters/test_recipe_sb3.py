"""The MaskablePPO recipe (docs/adapters/training-sb3.md) runs as the page shows it, on a tiny budget.

The training command is read from the page and run with the budget cut down (later options win in
argparse); the checkpoint it writes must load, and the loaded policy, given the masks, must only
ever choose legal actions. The committed trained model and its learning curve are checked too.
"""

from __future__ import annotations

import csv
import importlib.util
import shlex
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")
torch = pytest.importorskip("torch")
pytest.importorskip("matplotlib")
torch.set_num_threads(1)  # the machine is shared

from sb3_contrib import MaskablePPO  # noqa: E402

from cardtable.adapters import gin_env  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "adapters" / "training-sb3.md"
SCRIPT = "examples/train_gin_maskable_ppo.py"
MODEL = ROOT / "src" / "cardtable" / "adapters" / "models" / "gin_maskable_ppo.zip"
CURVE = ROOT / "src" / "cardtable" / "adapters" / "models" / "gin_maskable_ppo_curve.csv"
CASINO_MODEL = ROOT / "src" / "cardtable" / "adapters" / "models" / "casino_maskable_ppo.zip"
CASINO_CURVE = ROOT / "src" / "cardtable" / "adapters" / "models" / "casino_maskable_ppo_curve.csv"
TINY = ["--timesteps", "512", "--n-envs", "2", "--n-steps", "128", "--batch-size", "64",
        "--eval-every", "512", "--eval-hands", "3", "--quiet"]


def _load(relative: str) -> ModuleType:
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _page_commands(script: str) -> list[list[str]]:
    """The arguments of the page's ``python <script> ...`` lines: the recipe, the committed Gin policy's run,
    then the committed Casino policy's."""
    lines = [line for line in PAGE.read_text(encoding="utf-8").splitlines() if line.startswith(f"python {script}")]
    assert len(lines) == 3, f"{PAGE.name} should show three 'python {script}' commands: {lines}"
    return [shlex.split(line, comments=True)[2:] for line in lines]


def _page_command(script: str) -> list[str]:
    """The recipe's arguments (the page's first command)."""
    return _page_commands(script)[0]


def _observation(model: Any) -> str:
    """The observation variant a model was trained on, by its size."""
    return {542: "standard", 700: "melds"}[model.observation_space["observation"].shape[0]]


def _play(model: Any, hands: int, opponent: str, seed: int, deterministic: bool) -> tuple[int, int]:
    """Plays ``hands`` hands with the masked policy in an env that raises on an illegal action;
    returns (decisions, decisions where the unmasked policy would have chosen an illegal action)."""
    env = gin_env(opponent=opponent, seat=None, illegal_action="raise", observation=_observation(model))
    decisions = unmasked_illegal = 0
    obs, _ = env.reset(seed=seed)
    for _ in range(hands):
        done = False
        while not done:
            mask = env.action_masks()
            action, _ = model.predict(obs, action_masks=mask, deterministic=deterministic)
            assert mask[int(action)], f"illegal action {int(action)} chosen with the mask given"
            free, _ = model.predict(obs, deterministic=True)
            unmasked_illegal += not mask[int(free)]
            decisions += 1
            obs, _, done, _, _ = env.step(int(action))
        obs, _ = env.reset()
    return decisions, unmasked_illegal


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("gin_ppo")
    return _load(SCRIPT).main([*_page_command(SCRIPT), *TINY, "--out", str(out)])  # type: ignore[no-any-return]


def test_the_page_command_is_a_wall_clock_run_of_the_script() -> None:
    args = _load(SCRIPT).parse_args(_page_command(SCRIPT))
    assert args.minutes is not None and args.minutes > 0
    assert args.out == Path("runs/gin_ppo")


def test_the_recipe_trains_and_writes_a_checkpoint_and_a_curve(trained: dict[str, Any]) -> None:
    assert trained["timesteps"] == 512
    with trained["curve"].open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["timesteps"]) for r in rows] == [0, 256, 512]  # one row per update of 2 x 128 steps
    assert [r["eval_random"] != "" for r in rows] == [True, False, True]  # at 0, then every 512 steps
    assert rows[-1]["eval_easy"] != "" and float(rows[-1]["eval_easy"]) < 0  # easy beats a barely trained policy
    assert int(rows[-1]["hands"]) == trained["hands"] > 0 and rows[-1]["train_points"] != ""
    assert set(trained["eval"]) == {"random", "easy"}


def test_the_loaded_checkpoint_with_masks_never_plays_an_illegal_action(trained: dict[str, Any]) -> None:
    model = MaskablePPO.load(trained["model"], device="cpu")
    assert model.action_space.n == 125
    decisions, unmasked_illegal = _play(model, hands=6, opponent="random", seed=3, deterministic=False)
    more, more_illegal = _play(model, hands=6, opponent="easy", seed=4, deterministic=True)
    assert decisions + more > 50
    # the masks do the work: the barely trained policy, unmasked, would often choose an illegal id
    assert unmasked_illegal + more_illegal > 0


def test_the_plot_script_draws_the_curve(trained: dict[str, Any], tmp_path: Path) -> None:
    png = _load("examples/plot_learning_curve.py").main([str(trained["curve"]), str(tmp_path / "curve.png")])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a learning curve"):
        _load("examples/plot_learning_curve.py").main([str(bad), str(tmp_path / "bad.png")])


def test_bad_arguments_are_refused() -> None:
    script = _load(SCRIPT)
    for argv in (["--opponent", "grandmaster"], ["--minutes", "0"], ["--net", "64,x"], ["--shaping", "-1"]):
        with pytest.raises(SystemExit):
            script.parse_args(argv)


def _random_hand(env: Any, seed: int) -> tuple[float, float, float, int]:
    """One hand of uniformly random legal actions: (total reward, total info["shaping"] or 0,
    the learner's deadwood at the start, steps where the shaping was not 0)."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    deadwood0 = 110.0 * float(obs["observation"][380])
    total = shaping = 0.0
    moved = 0
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(env.get_wrapper_attr("action_masks")())))
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        shaping += info.get("shaping", 0.0)
        moved += info.get("shaping", 0.0) != 0.0
        done = terminated or truncated
    return total, shaping, deadwood0, moved


def test_deadwood_shaping_is_potential_based_and_kept_apart_from_the_points() -> None:
    script = _load(SCRIPT)
    for seed in (1, 2, 3):
        plain, no_shaping, _, _ = _random_hand(script.make_env("easy"), seed)
        shaped, shaping, deadwood0, moved = _random_hand(script.make_env("easy", shaping=0.5, gamma=1.0), seed)
        assert no_shaping == 0.0 and moved > 1
        assert shaped - shaping == pytest.approx(plain)  # the same hand: the true points, plus F at every step
        # gamma = 1: F = Phi(s') - Phi(s) telescopes to Phi(end) - Phi(start) = 0 + 0.5 x deadwood at the deal
        assert shaping == pytest.approx(0.5 * deadwood0)


def test_a_shaped_run_logs_the_true_points_and_the_shaping_apart(tmp_path: Path) -> None:
    result = _load(SCRIPT).main([*TINY, "--timesteps", "256", "--opponent", "easy", "--shaping", "1",
                                 "--eval-opponents", "easy", "--out", str(tmp_path)])
    with result["curve"].open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert rows[-1]["train_points"] != "" and float(rows[-1]["train_points"]) < 0  # easy wins against a fresh net
    # the shaping sums to about +1 x the deadwood at the deal (20 to 100 points) per hand, unlike the points
    assert 10 < float(rows[-1]["train_shaping"]) < 110


def test_the_committed_model_is_small_loads_and_plays_legally() -> None:
    assert MODEL.stat().st_size < 2_500_000  # two hidden layers of 256, no optimizer state
    model = MaskablePPO.load(MODEL, device="cpu")
    # trained on the meld features, as the page's command says; the bridge reads that from the model
    observation = _load(SCRIPT).parse_args(_page_commands(SCRIPT)[1]).observation
    assert _observation(model) == observation
    from cardtable.adapters.policy import SB3Policy

    assert SB3Policy(path=str(MODEL)).observation == observation
    decisions, _ = _play(model, hands=6, opponent="easy", seed=5, deterministic=True)
    assert decisions > 0
    with CURVE.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) > 10 and int(rows[-1]["timesteps"]) > 100_000
    # the page shows the curve made from this CSV and reports the run's length
    assert (ROOT / "docs" / "images" / "gin-ppo-learning-curve.png").is_file()
    assert f"{int(rows[-1]['timesteps']):,}" in PAGE.read_text(encoding="utf-8")



def _agreement(model: Any, data: Any) -> tuple[float, float]:
    """The share of recorded states where the greedy masked policy picks the teacher's id, and the
    share a uniformly random legal choice would get."""
    agree = chance = 0.0
    for obs, mask, aid in zip(data.obs, data.masks, data.actions):
        action, _ = model.predict({"observation": obs, "action_mask": mask.astype(np.int8)},
                                  action_masks=mask, deterministic=True)
        agree += int(action) == aid
        chance += 1 / mask.sum()
    return agree / len(data), chance / len(data)


def test_the_imitation_warm_start_clones_the_teacher_then_ppo_goes_on(tmp_path: Path) -> None:
    script = _load(SCRIPT)
    committed = _page_commands(SCRIPT)[1]  # the committed policy's run, as the page shows it, cut down
    assert {"--imitate", "--imitate-minutes", "--imitate-rounds"} <= set(committed)
    result = script.main([*committed, *TINY, "--timesteps", "256", "--eval-opponents", "easy",
                          "--imitate-states", "150", "--imitate-rounds", "2", "--imitate-epochs", "25",
                          "--imitate-lr", "1e-3", "--minutes", "5", "--imitate-minutes", "2", "--out", str(tmp_path)])
    imitation = result["imitation"]
    data = imitation["data"]
    assert imitation["teacher"] == committed[committed.index("--imitate") + 1]
    assert imitation["states"] == len(data) >= 300  # two rounds of 150+
    assert len(data.obs) == len(data.masks) == len(data.returns) == len(data)
    assert all(mask[aid] for mask, aid in zip(data.masks, data.actions))  # the teacher's ids are legal
    # the value targets are the hands' point differences (x 0.02), discounted: |target| <= 0.02 x ~250
    assert any(r != 0 for r in data.returns) and max(abs(r) for r in data.returns) < 6
    # cloning worked: the policy after the warm start (and 256 PPO steps) agrees with the teacher
    # on most recorded states, far above what a random legal choice would
    assert imitation["agreement"] > 0.8
    agree, chance = _agreement(MaskablePPO.load(result["model"], device="cpu"), data)
    assert chance < 0.6 and agree > 0.75 and agree > chance + 0.25
    observation = script.parse_args(committed).observation
    fresh, _ = _agreement(MaskablePPO("MultiInputPolicy", script.make_env("easy", observation=observation), seed=1,
                                      device="cpu"), data)
    assert agree > fresh + 0.2  # an untrained net does not agree by itself
    with result["curve"].open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    phases = [r["phase"] for r in rows]
    assert phases[:2] == ["imitate", "imitate"] and set(phases[2:]) == {"ppo"}
    assert all(r["eval_easy"] != "" and int(r["timesteps"]) == 0 for r in rows[:2])  # evaluated after each round
    assert int(rows[-1]["timesteps"]) == result["timesteps"] == 256
    png = _load("examples/plot_learning_curve.py").main([str(result["curve"]), str(tmp_path / "curve.png")])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_imitation_arguments_are_refused() -> None:
    script = _load(SCRIPT)
    for argv in (["--imitate", "grandmaster"], ["--imitate", "easy/bogus=1"], ["--imitate", "medium", "--imitate-workers", "0"],
                 ["--imitate", "medium", "--imitate-rounds", "0"],
                 ["--imitate", "medium", "--minutes", "10", "--imitate-minutes", "10"]):
        with pytest.raises(SystemExit):
            script.parse_args(argv)


def test_a_failing_imitation_worker_is_reported_not_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    script = _load(SCRIPT)

    def broken(*args: Any, **kwargs: Any) -> list[float]:
        raise ValueError("the teacher broke")

    monkeypatch.setattr(script, "collect", broken)  # the forked workers see it too
    args = script.parse_args(["--imitate", "easy", "--imitate-workers", "2"])
    with pytest.raises(RuntimeError, match="imitation worker 0 failed: ValueError: the teacher broke"):
        script.collect_round(None, args, script.Demonstrations(), round_index=0, deadline=time.perf_counter() + 30)


def test_casino_trains_with_the_same_script_and_imitation_labels_every_id_of_a_move(tmp_path: Path) -> None:
    """``--game casino``: the committed Casino policy's run, cut down. A Casino move is a path of ids; the
    teacher labels each id, also after the policy chose the first ones itself (the second round)."""
    script = _load(SCRIPT)
    casino = _page_commands(SCRIPT)[2]
    assert casino[casino.index("--game") + 1] == "casino" and "--imitate" in casino
    result = script.main([*casino, *TINY, "--timesteps", "256", "--eval-opponents", "random", "--imitate-states", "150",
                          "--imitate-rounds", "2", "--imitate-workers", "1", "--imitate-epochs", "2", "--minutes", "5",
                          "--imitate-minutes", "2", "--out", str(tmp_path)])
    data = result["imitation"]["data"]
    assert len(data) >= 300 and all(mask[aid] for mask, aid in zip(data.masks, data.actions))
    # the observation's planes of the ids chosen so far in a move (card, items, kind: cardtable.adapters.casino)
    pending = [obs[416:520].any() or obs[572:584].any() for obs in data.obs]
    assert any(pending) and not all(pending)  # first ids and later ids of moves, both labelled
    model = MaskablePPO.load(result["model"], device="cpu")
    assert model.action_space.n == 117
    with pytest.raises(SystemExit):
        script.parse_args(["--game", "casino", "--observation", "melds"])  # Gin's only
    with pytest.raises(SystemExit):
        script.parse_args(["--game", "casino", "--opponent", "simple"])  # a Gin level


def test_the_committed_casino_model_is_small_loads_and_plays_legally() -> None:
    from cardtable.adapters import casino_env
    from cardtable.adapters.policy import SB3Policy

    assert CASINO_MODEL.stat().st_size < 2_500_000  # two hidden layers of 256, no optimizer moments
    model = MaskablePPO.load(CASINO_MODEL, device="cpu")
    assert model.action_space.n == 117
    env = casino_env(opponent="easy", seat=None, illegal_action="raise")
    obs, _ = env.reset(seed=5)
    decisions = 0
    for _ in range(3):
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, done, _, _ = env.step(int(action))  # raises on an illegal id
            decisions += 1
        obs, _ = env.reset()
    assert decisions > 30
    assert SB3Policy(path=str(CASINO_MODEL)).observation == "standard"
    with CASINO_CURVE.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert rows[0]["phase"] == "imitate" and int(rows[-1]["timesteps"]) > 100_000
    assert (ROOT / "docs" / "images" / "casino-ppo-learning-curve.png").is_file()
    assert f"{int(rows[-1]['timesteps']):,}" in PAGE.read_text(encoding="utf-8")
