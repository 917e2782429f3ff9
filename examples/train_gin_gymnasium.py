"""Train a small Gin Rummy agent through the Gymnasium environment (NumPy only, no deep-learning library).

The policy is linear-softmax over the legal actions (illegal ones masked
out), trained with REINFORCE and a running-mean baseline on the hand points
against one of the built-in agents. It is a minimal, readable starting
point, not a strong player: it learns the easy things (knock when possible,
avoid feeding the opponent) over a few thousand hands.

    .venv/bin/python examples/train_gin_gymnasium.py --episodes 2000 --opponent random

Needs ``cardtable[rl]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np

from cardtable.adapters import gin_env


class LinearPolicy:
    """``softmax(W @ obs + b)`` restricted to the action mask."""

    def __init__(self, obs_size: int, num_actions: int, seed: int = 0, lr: float = 0.01) -> None:
        self.rng = np.random.default_rng(seed)
        self.w = np.zeros((num_actions, obs_size), dtype=np.float32)
        self.b = np.zeros(num_actions, dtype=np.float32)
        self.lr = lr

    def probs(self, obs: dict[str, Any]) -> np.ndarray:
        logits = self.w @ obs["observation"] + self.b
        logits = np.where(obs["action_mask"] > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, obs: dict[str, Any], greedy: bool = False) -> int:
        p = self.probs(obs)
        return int(p.argmax()) if greedy else int(self.rng.choice(len(p), p=p))

    def update(self, trajectory: list[tuple[dict[str, Any], int]], advantage: float) -> None:
        for obs, action in trajectory:
            grad = -self.probs(obs)
            grad[action] += 1.0  # d log pi(action) / d logits
            self.w += self.lr * advantage * np.outer(grad, obs["observation"])
            self.b += self.lr * advantage * grad


def run_episode(env: Any, policy: LinearPolicy, seed: int | None, greedy: bool = False) -> tuple[float, list[tuple[dict[str, Any], int]]]:
    obs, _ = env.reset(seed=seed)
    trajectory = []
    while True:
        action = policy.act(obs, greedy)
        trajectory.append((obs, action))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward), trajectory


def evaluate(env: Any, policy: LinearPolicy, episodes: int, seed: int) -> float:
    return statistics.fmean(run_episode(env, policy, seed + i, greedy=True)[0] for i in range(episodes))


def train(episodes: int = 2000, opponent: str = "random", eval_episodes: int = 100, seed: int = 0,
          lr: float = 0.01, log_every: int = 200) -> dict[str, Any]:
    """Train for ``episodes`` hands; returns the mean greedy points per hand before and after."""
    env = gin_env(opponent=opponent)
    policy = LinearPolicy(env.adapter.obs_size, env.adapter.num_actions, seed, lr)
    before = evaluate(env, policy, eval_episodes, 10_000 + seed)
    baseline = 0.0
    recent: list[float] = []
    env.reset(seed=seed)
    for episode in range(1, episodes + 1):
        reward, trajectory = run_episode(env, policy, None)
        scaled = reward / 25.0  # hand points are up to ~100: keep steps small
        policy.update(trajectory, scaled - baseline)
        baseline += 0.05 * (scaled - baseline)
        recent.append(reward)
        if log_every and episode % log_every == 0:
            print(f"episode {episode}: mean points over the last {log_every}: {statistics.fmean(recent[-log_every:]):.2f}")
    after = evaluate(env, policy, eval_episodes, 10_000 + seed)
    return {"episodes": episodes, "before": before, "after": after, "policy": policy}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--opponent", default="random", help="built-in agent level to train against")
    parser.add_argument("--eval-episodes", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=0.01)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = train(args.episodes, args.opponent, args.eval_episodes, args.seed, args.lr)
    print(f"trained {args.episodes} hands in {time.perf_counter() - start:.1f} s")
    print(f"greedy points per hand vs {args.opponent}: before {result['before']:.2f}, after {result['after']:.2f}")
    return result


if __name__ == "__main__":
    main()
