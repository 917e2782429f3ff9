"""Train Gin Rummy with RLlib's PPO and its action-masking RLModule (self-play), then play the built-in agents.

Both seats are RLlib agents sharing one policy (cardtable.adapters.rllib.RLlibCardEnv: the PettingZoo
hand with observations ``{"observations", "action_mask"}``); the masking module adds ``log(mask)`` to
the logits, so no illegal id is sampled. RLlib's env check stays on: it steps the env with a random,
unmasked id, which ends that hand with a penalty instead of raising. Each iteration prints the mean
episode return (both seats together, and per seat) and the illegal ids played (0); the end saves a
checkpoint to ``--out``, restores the policy's module from it, and plays ``--eval-hands`` greedy hands
of the Gymnasium env against ``--opponent``.

    .venv/bin/python examples/train_gin_rllib.py --iterations 20 --num-env-runners 0 --out runs/gin_rllib

Needs ``cardtable[train]`` (Ray RLlib, PyTorch).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from pathlib import Path
from typing import Any

import ray
from ray.rllib.core.rl_module.rl_module import RLModule

from cardtable.adapters import gin_env
from cardtable.adapters.rllib import ILLEGAL_METRIC, POLICY_ID, module_policy, ppo_config


def module_path(checkpoint: str | Path) -> Path:
    """Where an algorithm checkpoint keeps the shared policy's RLModule."""
    return Path(checkpoint) / "learner_group" / "learner" / "rl_module" / POLICY_ID


def play_hands(module: Any, hands: int, opponent: str, preset: str, seed: int) -> dict[str, Any]:
    """Greedy hands of the module (seat 0) against a built-in agent; counts illegal ids (none expected)."""
    env = gin_env(opponent=opponent, preset=preset)
    policy = module_policy(module)
    points, illegal, decisions = [], 0, 0
    for hand in range(hands):
        obs, _ = env.reset(seed=seed + hand)
        while True:
            action = policy(obs["observation"], obs["action_mask"])
            decisions += 1
            obs, reward, terminated, truncated, info = env.step(action)
            illegal += bool(info.get("illegal_action"))
            if terminated or truncated:
                points.append(float(reward))
                break
    return {"hands": hands, "mean_points": statistics.fmean(points) if points else math.nan,
            "illegal": illegal, "decisions": decisions}


def _fmt(x: Any) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{float(x):.2f}"


def train(iterations: int = 20, num_env_runners: int = 0, out: str = "runs/gin_rllib", preset: str = "standard",
          train_batch_size: int = 4000, minibatch_size: int = 500, num_epochs: int = 4, hidden: tuple[int, ...] = (256, 256),
          lr: float = 3e-4, seed: int = 0, opponent: str = "random", eval_hands: int = 100) -> dict[str, Any]:
    """Build PPO (env check on), train ``iterations`` times, save to ``out``, evaluate the restored module."""
    config = ppo_config("gin", {"preset": preset}, num_env_runners=num_env_runners, train_batch_size=train_batch_size,
                        minibatch_size=minibatch_size, num_epochs=num_epochs, lr=lr, hidden=hidden, seed=seed)
    algo = config.build_algo()  # each env runner checks its env here (RLlib's check_multiagent_environments)
    history = []
    try:
        for _ in range(iterations):
            result = algo.train()
            runners = result["env_runners"]
            row = {
                "iteration": result["training_iteration"],
                "episode_return_mean": runners.get("episode_return_mean"),
                "seat_returns": {k: float(v) for k, v in runners.get("agent_episode_returns_mean", {}).items()},
                "episodes": runners.get("num_episodes", 0),
                "illegal_actions": runners.get(ILLEGAL_METRIC, 0),
                "env_steps": result.get("num_env_steps_sampled_lifetime"),
            }
            history.append(row)
            seats = ", ".join(f"{k} {_fmt(v)}" for k, v in sorted(row["seat_returns"].items()))
            print(f"iteration {row['iteration']}: mean episode return {_fmt(row['episode_return_mean'])} "
                  f"({seats}), {row['episodes']} hands, illegal actions {row['illegal_actions']}")
        checkpoint = algo.save_to_path(str(Path(out).resolve()))
    finally:
        algo.stop()
    print(f"checkpoint: {checkpoint}")
    module = RLModule.from_checkpoint(module_path(checkpoint))
    evaluation = play_hands(module, eval_hands, opponent, preset, 10_000 + seed) if eval_hands else None
    if evaluation:
        print(f"greedy points per hand vs {opponent} over {evaluation['hands']} hands: {_fmt(evaluation['mean_points'])}, "
              f"illegal actions {evaluation['illegal']} of {evaluation['decisions']} decisions")
    return {"history": history, "checkpoint": str(checkpoint), "module": module, "evaluation": evaluation,
            "env_checking": not config.disable_env_checking}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20, help="PPO training iterations")
    parser.add_argument("--num-env-runners", type=int, default=0, help="remote env runners (0: sample in this process)")
    parser.add_argument("--out", default="runs/gin_rllib", help="checkpoint directory")
    parser.add_argument("--preset", default="standard", help="Gin rules preset")
    parser.add_argument("--train-batch-size", type=int, default=4000, help="env steps per iteration")
    parser.add_argument("--minibatch-size", type=int, default=500)
    parser.add_argument("--epochs", type=int, default=4, help="SGD passes over each batch")
    parser.add_argument("--hidden", type=int, nargs="+", default=[256, 256], help="hidden layer sizes")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="random", help="built-in agent level for the evaluation hands")
    parser.add_argument("--eval-hands", type=int, default=100, help="evaluation hands after training (0: none)")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs for ray.init (default: all)")
    args = parser.parse_args(argv)
    if args.iterations < 1:
        parser.error("--iterations must be >= 1")
    started_ray = not ray.is_initialized()
    if started_ray:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False)
    start = time.perf_counter()
    try:
        result = train(args.iterations, args.num_env_runners, args.out, args.preset, args.train_batch_size,
                       args.minibatch_size, args.epochs, tuple(args.hidden), args.lr, args.seed, args.opponent,
                       args.eval_hands)
    finally:
        if started_ray:
            ray.shutdown()
    print(f"trained {args.iterations} iterations in {time.perf_counter() - start:.1f} s")
    return result


if __name__ == "__main__":
    main()
