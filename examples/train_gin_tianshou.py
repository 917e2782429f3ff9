"""Train a masked DQN on Gin Rummy with Tianshou 2 (``tianshou.algorithm.DQN``).

Tianshou's discrete Q-learning policy honours an action mask given as ``obs.mask`` next to the
network input ``obs.obs``; :class:`cardtable.adapters.tianshou.TianshouMaskWrapper` renames the keys of
``gym.make("cardtable/GinRummy-v0")``'s observation to that convention. The Q-values of the ids the
mask forbids are pushed below every legal one before each ``argmax`` (acting greedily, and the
online network's choice in the double-DQN target), and the epsilon-greedy exploration draws among the
legal ids only. The envs are built with ``illegal_action="raise"``, so a single illegal id would stop
training with an error instead of being quietly penalised.

    .venv/bin/python examples/train_gin_tianshou.py --epochs 10 --epoch-steps 5000 --save runs/gin_dqn.pt

``--save PATH`` writes the Q-network as TorchScript: a module mapping a ``(batch, 542)`` float tensor
to ``(batch, 125)`` Q-values, whose highest legal entry is the greedy action: it loads without Tianshou
(``torch.jit.load``), and ``cardtable.adapters.policy.TorchPolicy(path=PATH)`` plays it as a cardtable
agent (the arena spec ``cardtable.adapters.policy:TorchPolicy/path=PATH``). Needs ``cardtable[rl]``, PyTorch and Tianshou (``cardtable[train]``).
"""

from __future__ import annotations

import argparse
import time
import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from tianshou.algorithm import DQN
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net

from cardtable.adapters.tianshou import TianshouMaskWrapper, make_tianshou_env


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command-line options."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--epochs", type=int, default=10, help="training epochs (each ends with a test)")
    p.add_argument("--epoch-steps", type=int, default=5000, help="env steps per epoch")
    p.add_argument("--collect-steps", type=int, default=64, help="env steps collected between updates")
    p.add_argument("--updates-per-step", type=float, default=0.125, help="gradient steps per env step collected")
    p.add_argument("--num-envs", type=int, default=8, help="training envs")
    p.add_argument("--test-envs", type=int, default=4)
    p.add_argument("--test-episodes", type=int, default=20, help="hands played greedily after each epoch")
    p.add_argument("--opponent", default="random", help="built-in agent level the learner plays")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--n-step", type=int, default=3)
    p.add_argument("--target-update-freq", type=int, default=320)
    p.add_argument("--eps-train", type=float, default=0.1, help="exploration while collecting (among legal ids)")
    p.add_argument("--eps-test", type=float, default=0.0)
    p.add_argument("--buffer-size", type=int, default=20_000, help="transitions kept (each ~4.6 kB)")
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--hidden", type=int, default=256, help="width of the two hidden layers")
    p.add_argument("--reward-scale", type=float, default=0.04, help="hand points x this (points reach ~100)")
    p.add_argument("--threads", type=int, default=1, help="torch.set_num_threads")
    p.add_argument("--save", default=None, help="write the Q-network here (TorchScript)")
    args = p.parse_args(argv)
    for name in ("epochs", "epoch_steps", "collect_steps", "num_envs", "test_envs", "test_episodes",
                 "n_step", "buffer_size", "batch_size", "hidden", "threads"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.updates_per_step * args.collect_steps < 0.5:
        p.error("--updates-per-step x --collect-steps must give at least one gradient step")
    return args


def make_env(opponent: str, reward_scale: float) -> gym.Env[Any, Any]:
    """One training env: Gin Rummy against ``opponent``, Tianshou's ``obs``/``mask`` keys, scaled reward,
    an illegal id raising :class:`~cardtable.errors.IllegalActionError`."""
    env = make_tianshou_env("cardtable/GinRummy-v0", opponent=opponent, illegal_action="raise")
    return gym.wrappers.TransformReward(env, lambda r: r * reward_scale)


def save_q_network(net: Net, path: str, obs_size: int) -> None:
    """Write the Q-network as TorchScript: ``(batch, obs_size)`` float -> ``(batch, num_actions)`` Q-values."""
    body = net.model.model.eval()  # Net -> MLP -> torch.nn.Sequential
    with warnings.catch_warnings():  # TorchScript is deprecated in recent PyTorch, still loads everywhere
        warnings.simplefilter("ignore", DeprecationWarning)
        with torch.no_grad():
            scripted = torch.jit.trace(body, torch.zeros(2, obs_size))
        torch.jit.save(scripted, path)


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train DQN for ``args.epochs`` epochs; returns the policy, the network and what was measured."""
    torch.set_num_threads(args.threads)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    train_envs = DummyVectorEnv([lambda: make_env(args.opponent, args.reward_scale) for _ in range(args.num_envs)])
    test_envs = DummyVectorEnv([lambda: make_env(args.opponent, args.reward_scale) for _ in range(args.test_envs)])
    train_envs.seed(args.seed)
    test_envs.seed(args.seed + 10_000)
    probe: TianshouMaskWrapper = make_tianshou_env("cardtable/GinRummy-v0")
    obs_size = int(probe.observation_space["obs"].shape[0])
    net = Net(state_shape=obs_size, action_shape=int(probe.action_space.n), hidden_sizes=[args.hidden, args.hidden])
    policy = DiscreteQLearningPolicy(model=net, action_space=probe.action_space,
                                     observation_space=probe.observation_space,
                                     eps_training=args.eps_train, eps_inference=args.eps_test)
    algorithm = DQN(policy=policy, optim=AdamOptimizerFactory(lr=args.lr), gamma=args.gamma,
                    n_step_return_horizon=args.n_step, target_update_freq=args.target_update_freq)
    buffer = VectorReplayBuffer(args.buffer_size, args.num_envs)
    train_collector = Collector[CollectStats](algorithm, train_envs, buffer, exploration_noise=True)
    test_collector = Collector[CollectStats](algorithm, test_envs, exploration_noise=True)
    train_collector.reset()
    train_collector.collect(n_step=args.batch_size * args.num_envs)  # fill the buffer a little first
    trainer = algorithm.create_trainer(OffPolicyTrainerParams(
        training_collector=train_collector, test_collector=test_collector, max_epochs=args.epochs,
        epoch_num_steps=args.epoch_steps, collection_step_num_env_steps=args.collect_steps,
        test_step_num_episodes=args.test_episodes, batch_size=args.batch_size,
        update_step_num_gradient_steps_per_sample=args.updates_per_step, verbose=False, show_progress=False))

    start = time.perf_counter()
    trainer.reset(reset_collectors=False)  # keep the warm-up transitions
    epochs: list[dict[str, float]] = []
    for _ in range(args.epochs):
        stats = trainer.execute_epoch()
        test = stats.test_collect_stat
        test_points = float(np.mean(test.returns)) / args.reward_scale if test is not None and len(test.returns) else float("nan")
        loss = float(stats.training_stat.loss) if stats.training_stat is not None else float("nan")
        epochs.append({"epoch": stats.epoch, "env_steps": stats.info_stat.train_step, "loss": loss,
                       "test_points": test_points, "gradient_steps": stats.info_stat.update_step})
        print(f"epoch {stats.epoch}: env steps {stats.info_stat.train_step}, loss {loss:.4f}, "
              f"greedy points per hand vs {args.opponent} ({args.test_episodes} hands): {test_points:.2f}")
    elapsed = time.perf_counter() - start
    train_envs.close()
    test_envs.close()
    if args.save:
        save_q_network(net, args.save, obs_size)
        print(f"saved the Q-network (TorchScript) to {args.save}")
    env_steps = epochs[-1]["env_steps"] if epochs else 0
    return {"policy": policy, "net": net, "epochs": epochs, "env_steps": env_steps, "seconds": elapsed,
            "steps_per_second": env_steps / elapsed if elapsed else float("nan")}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Parse the options, train, print a summary; returns :func:`train`'s result."""
    args = parse_args(argv)
    result = train(args)
    print(f"{result['env_steps']} env steps in {result['seconds']:.1f} s ({result['steps_per_second']:.0f} steps/s)")
    return result


if __name__ == "__main__":
    main()
