"""CleanRL-style PPO with invalid-action masking on the Gin Rummy vector env (NumPy and PyTorch only).

One file, in the spirit of CleanRL's ``ppo.py``: ``gym.make_vec("cardtable/GinRummy-v0", num_envs=N)``
steps ``N`` hands at once (same-step autoreset: the row of a finished hand already holds the next
hand's observation and mask, so every mask the policy sees has a legal action); an actor-critic MLP
collects ``--num-steps`` steps per row, then PPO's clipped objective is optimised for
``--update-epochs`` epochs over minibatches, with generalized advantage estimation.

Masking: before sampling, the logits of the ids the row's ``action_mask`` forbids are replaced by
``-1e8``, so they get probability ~0 (``exp(-1e8)`` underflows to 0): the policy never picks one, the
log-probabilities and the entropy are those of the distribution over the legal ids, and the same
mask is stored with each step so that the update recomputes the very distribution that acted.

    .venv/bin/python examples/cleanrl_ppo_masked.py --total-timesteps 200000 --num-envs 8 --save runs/gin_ppo.pt

``--save PATH`` writes the actor (observation -> logits, no mask inside): a module mapping a
``(batch, 542)`` float tensor to ``(batch, 125)`` logits, as TorchScript, or as a ``torch.export``
archive when PATH ends in ``.pt2``. :func:`load_policy` reads either back without this file, and
``cardtable.adapters.policy.TorchPolicy(path=PATH)`` plays it as a cardtable agent (the arena spec
``cardtable.adapters.policy:TorchPolicy/path=PATH``). Needs ``cardtable[rl]`` and PyTorch
(``cardtable[train]``).
"""

from __future__ import annotations

import argparse
import time
import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from torch import nn

import cardtable.adapters  # noqa: F401  (registers cardtable/GinRummy-v0)

ILLEGAL_LOGIT = -1e8
"""The logit given to an illegal id: its probability underflows to exactly 0."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command-line options (CleanRL's names, with dashes)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--total-timesteps", type=int, default=200_000, help="env steps over all rows")
    p.add_argument("--num-envs", type=int, default=8, help="hands stepped together")
    p.add_argument("--num-steps", type=int, default=128, help="steps per row in each rollout")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--save", default=None, help="write the trained actor here (TorchScript; .pt2: torch.export)")
    p.add_argument("--env-id", default="cardtable/GinRummy-v0", help="any cardtable Gymnasium id (Casino-v0, Pinochle-v0)")
    p.add_argument("--opponent", default="random", help="built-in agent level the learner plays")
    p.add_argument("--learning-rate", type=float, default=2.5e-4)
    p.add_argument("--anneal-lr", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--num-minibatches", type=int, default=4)
    p.add_argument("--update-epochs", type=int, default=4)
    p.add_argument("--clip-coef", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--reward-scale", type=float, default=0.04, help="hand points x this (points reach ~100)")
    p.add_argument("--hidden", type=int, default=256, help="width of the two hidden layers")
    p.add_argument("--threads", type=int, default=1, help="torch.set_num_threads")
    args = p.parse_args(argv)
    for name in ("total_timesteps", "num_envs", "num_steps", "num_minibatches", "update_epochs", "hidden", "threads"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if (args.num_envs * args.num_steps) % args.num_minibatches:
        p.error("--num-minibatches must divide --num-envs x --num-steps")
    return args


def layer_init(layer: nn.Linear, std: float = float(np.sqrt(2)), bias: float = 0.0) -> nn.Linear:
    """Orthogonal weights, constant bias (CleanRL's initialisation)."""
    nn.init.orthogonal_(layer.weight, std)
    nn.init.constant_(layer.bias, bias)
    return layer


def mlp(obs_size: int, hidden: int, out: int, out_std: float) -> nn.Sequential:
    """``obs_size -> hidden -> hidden -> out`` with tanh activations."""
    return nn.Sequential(layer_init(nn.Linear(obs_size, hidden)), nn.Tanh(),
                         layer_init(nn.Linear(hidden, hidden)), nn.Tanh(),
                         layer_init(nn.Linear(hidden, out), std=out_std))


def masked_logits(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """``logits`` with the ids where ``mask`` is False set to :data:`ILLEGAL_LOGIT`."""
    return torch.where(mask, logits, torch.tensor(ILLEGAL_LOGIT, dtype=logits.dtype))


class Agent(nn.Module):
    """The actor (observation -> logits, the part that is saved) and the critic (observation -> value)."""

    def __init__(self, obs_size: int, num_actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.actor = mlp(obs_size, hidden, num_actions, 0.01)
        self.critic = mlp(obs_size, hidden, 1, 1.0)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """The unmasked logits (what the saved policy computes)."""
        return self.actor(x)

    def get_value(self, x: torch.Tensor) -> torch.Tensor:
        """The critic's value, shape ``(batch,)``."""
        return self.critic(x).squeeze(-1)

    def get_action_and_value(self, x: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None
                             ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """Sample (or score the given) ``action`` from the masked distribution: ``(action, log_prob,
        entropy, value)``. The entropy counts only the legal ids."""
        logits = masked_logits(self.actor(x), mask)
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        p_log_p = dist.probs * dist.logits  # dist.logits are normalised log-probabilities
        entropy = -torch.where(mask, p_log_p, torch.zeros_like(p_log_p)).sum(-1)
        return action, dist.log_prob(action), entropy, self.get_value(x)


def greedy_actions(policy: nn.Module, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The legal id of highest logit in each row (how a saved policy is played)."""
    with torch.no_grad():
        logits = policy(torch.as_tensor(observation, dtype=torch.float32))
        return masked_logits(logits, torch.as_tensor(mask, dtype=torch.bool)).argmax(-1).numpy()


def save_policy(agent: Agent, path: str, obs_size: int) -> None:
    """Write ``agent.actor``: ``(batch, obs_size)`` float -> ``(batch, num_actions)`` logits, as a
    ``torch.export`` archive if ``path`` ends in ``.pt2``, else as TorchScript."""
    actor = agent.actor.eval()
    example = torch.zeros(2, obs_size)
    if path.endswith(".pt2"):
        batch = torch.export.Dim("batch")
        torch.export.save(torch.export.export(actor, (example,), dynamic_shapes=({0: batch},)), path)
        return
    with warnings.catch_warnings():  # TorchScript is deprecated in recent PyTorch, still loads everywhere
        warnings.simplefilter("ignore", DeprecationWarning)
        with torch.no_grad():
            scripted = torch.jit.trace(actor, example)
        torch.jit.save(scripted, path)


def load_policy(path: str) -> Any:
    """The saved actor, ready to call on a ``(batch, obs_size)`` float tensor (no need for this file)."""
    if path.endswith(".pt2"):
        return torch.export.load(path).module()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        module = torch.jit.load(path, map_location="cpu")
    return module.eval()


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Run PPO for ``args.total_timesteps`` env steps; returns the agent and what was measured."""
    torch.set_num_threads(args.threads)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    envs = gym.make_vec(args.env_id, num_envs=args.num_envs, opponent=args.opponent)
    obs_size = envs.single_observation_space["observation"].shape[0]
    num_actions = int(envs.single_action_space.n)
    agent = Agent(obs_size, num_actions, args.hidden)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)

    n, steps = args.num_envs, args.num_steps
    batch_size = n * steps
    minibatch_size = batch_size // args.num_minibatches
    num_iterations = max(1, args.total_timesteps // batch_size)
    obs = torch.zeros((steps, n, obs_size))
    masks = torch.zeros((steps, n, num_actions), dtype=torch.bool)
    actions = torch.zeros((steps, n), dtype=torch.long)
    logprobs = torch.zeros((steps, n))
    rewards = torch.zeros((steps, n))
    dones = torch.zeros((steps, n))
    values = torch.zeros((steps, n))

    next_obs_np, _ = envs.reset(seed=args.seed)
    next_obs = torch.as_tensor(next_obs_np["observation"])
    next_mask = torch.as_tensor(next_obs_np["action_mask"].astype(bool))
    next_done = torch.zeros(n)
    illegal_chosen = 0  # actions the policy picked outside the mask (must stay 0)
    illegal_reported = 0  # rows the env flagged with info["illegal_action"] (must stay 0)
    empty_masks = 0  # rows offered no legal id (same-step autoreset: must stay 0)
    hand_rewards: list[float] = []
    losses: list[dict[str, float]] = []
    start = time.perf_counter()
    env_time = 0.0

    for iteration in range(1, num_iterations + 1):
        if args.anneal_lr:
            optimizer.param_groups[0]["lr"] = (1.0 - (iteration - 1.0) / num_iterations) * args.learning_rate
        for step in range(steps):
            obs[step], masks[step], dones[step] = next_obs, next_mask, next_done
            empty_masks += int((~next_mask.any(-1)).sum())
            with torch.no_grad():
                action, logprob, _, value = agent.get_action_and_value(next_obs, next_mask)
            values[step], actions[step], logprobs[step] = value, action, logprob
            illegal_chosen += int((~next_mask.gather(1, action[:, None])).sum())
            t0 = time.perf_counter()
            next_obs_np, reward, terminated, truncated, info = envs.step(action.numpy())
            env_time += time.perf_counter() - t0
            rewards[step] = torch.as_tensor(reward * args.reward_scale, dtype=torch.float32)
            next_obs = torch.as_tensor(next_obs_np["observation"])
            next_mask = torch.as_tensor(next_obs_np["action_mask"].astype(bool))
            next_done = torch.as_tensor(np.logical_or(terminated, truncated), dtype=torch.float32)
            hand_rewards += [float(r) for r in np.asarray(reward)[np.logical_or(terminated, truncated)]]
            if "illegal_action" in info:
                illegal_reported += int(np.sum(info["illegal_action"]))

        with torch.no_grad():  # generalized advantage estimation, bootstrapped from the next value
            next_value = agent.get_value(next_obs)
            advantages = torch.zeros_like(rewards)
            lastgaelam = torch.zeros(n)
            for t in reversed(range(steps)):
                if t == steps - 1:
                    nextnonterminal, nextvalues = 1.0 - next_done, next_value
                else:
                    nextnonterminal, nextvalues = 1.0 - dones[t + 1], values[t + 1]
                delta = rewards[t] + args.gamma * nextvalues * nextnonterminal - values[t]
                lastgaelam = delta + args.gamma * args.gae_lambda * nextnonterminal * lastgaelam
                advantages[t] = lastgaelam
            returns = advantages + values

        b_obs, b_masks = obs.reshape(batch_size, obs_size), masks.reshape(batch_size, num_actions)
        b_actions, b_logprobs = actions.reshape(-1), logprobs.reshape(-1)
        b_advantages, b_returns, b_values = advantages.reshape(-1), returns.reshape(-1), values.reshape(-1)
        order = np.arange(batch_size)
        clipfracs: list[float] = []
        for _ in range(args.update_epochs):
            np.random.shuffle(order)
            for begin in range(0, batch_size, minibatch_size):
                mb = order[begin:begin + minibatch_size]
                _, newlogprob, entropy, newvalue = agent.get_action_and_value(b_obs[mb], b_masks[mb], b_actions[mb])
                logratio = newlogprob - b_logprobs[mb]
                ratio = logratio.exp()
                with torch.no_grad():
                    approx_kl = ((ratio - 1) - logratio).mean()
                    clipfracs.append(float(((ratio - 1.0).abs() > args.clip_coef).float().mean()))
                mb_adv = b_advantages[mb]
                if len(mb) > 1:
                    mb_adv = (mb_adv - mb_adv.mean()) / (mb_adv.std() + 1e-8)
                pg_loss = torch.max(-mb_adv * ratio,
                                    -mb_adv * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)).mean()
                v_loss = 0.5 * ((newvalue - b_returns[mb]) ** 2).mean()
                entropy_loss = entropy.mean()
                loss = pg_loss - args.ent_coef * entropy_loss + v_loss * args.vf_coef
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()

        var_y = float(b_returns.var())
        losses.append({
            "loss": loss.item(), "policy_loss": pg_loss.item(), "value_loss": v_loss.item(),
            "entropy": entropy_loss.item(), "approx_kl": approx_kl.item(),
            "clipfrac": float(np.mean(clipfracs)),
            "explained_variance": float("nan") if var_y == 0 else 1 - float((b_returns - b_values).var()) / var_y,
        })
        global_step = iteration * batch_size
        recent = hand_rewards[-200:]
        print(f"iteration {iteration}/{num_iterations}  steps {global_step}  "
              f"SPS {int(global_step / (time.perf_counter() - start))}  hands {len(hand_rewards)}  "
              f"mean points (last {len(recent)}) {np.mean(recent) if recent else float('nan'):.2f}  "
              f"loss {losses[-1]['loss']:.4f}  entropy {losses[-1]['entropy']:.3f}")

    elapsed = time.perf_counter() - start
    envs.close()
    if args.save:
        save_policy(agent, args.save, obs_size)
        print(f"saved the actor to {args.save}")
    return {
        "agent": agent, "global_steps": num_iterations * batch_size, "iterations": num_iterations,
        "seconds": elapsed, "steps_per_second": num_iterations * batch_size / elapsed,
        "env_seconds": env_time, "losses": losses, "hand_rewards": hand_rewards,
        "illegal_chosen": illegal_chosen, "illegal_reported": illegal_reported, "empty_masks": empty_masks,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Parse the options, train, print a summary; returns :func:`train`'s result."""
    args = parse_args(argv)
    result = train(args)
    print(f"{result['global_steps']} steps in {result['seconds']:.1f} s ({result['steps_per_second']:.0f} steps/s, "
          f"env {result['env_seconds']:.1f} s); illegal ids chosen: {result['illegal_chosen']}, flagged by the env: "
          f"{result['illegal_reported']}; empty masks: {result['empty_masks']}")
    return result


if __name__ == "__main__":
    main()
