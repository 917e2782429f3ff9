"""Train a Gin Rummy policy with sb3-contrib's MaskablePPO on the Gymnasium environment, unchanged
(``--game casino``: a two-player Casino policy, the same way).

``gym.make("cardtable/GinRummy-v0", opponent=..., zero_sum=True)`` (``cardtable/Casino-v0``) is the
environment as the package registers it: its ``action_masks()`` method is what ``MaskablePPO`` asks for
the legal actions, so no ``ActionMasker`` wrapper is needed. The observation is the ``Dict`` of the
observation planes and the action mask, hence ``"MultiInputPolicy"``. A Casino move is a path of
action ids (a card, then the items it takes or builds on); the env asks for one id at a time, and
the teacher of ``--imitate`` labels each of them.

What it does:

* ``--n-envs`` copies of the env (``DummyVecEnv``: one process; ``--subproc``: one process each),
  the opponents given by ``--opponent`` spread over them round robin (``random,easy``: half the
  envs against ``random``, half against ``easy``);
* the reward is the hand's point *difference* (``zero_sum=True``: the learner's points minus the
  opponent's), multiplied by ``--reward-scale`` (hand points reach 100 and more; PPO's value loss
  and gradient clipping behave better with rewards of order one);
* ``--shaping C`` (default 0: none) adds potential-based shaping on the learner's own deadwood,
  ``F = gamma * Phi(s') - Phi(s)`` with ``Phi(s) = -C * deadwood(s)`` and ``Phi = 0`` when the hand
  is over (:class:`DeadwoodShaping`): the optimal policy is unchanged (Ng et al., 1999), every step
  that lowers the deadwood is rewarded at once; ``curve.csv`` keeps the true points in
  ``train_points`` and the shaping apart in ``train_shaping``;
* every ``--eval-every`` steps the greedy policy (masked ``predict(..., deterministic=True)``)
  plays ``--eval-hands`` fixed deals against each ``--eval-opponents`` level;
* it stops after ``--timesteps`` steps or ``--minutes`` of wall-clock time, whichever comes first,
  and writes to ``--out``: ``model.zip`` (the checkpoint, also saved at every evaluation) and
  ``curve.csv`` (one row per rollout, the first at step 0: steps, seconds, hands, the mean training points over the
  last ``--window`` hands, and the evaluation margins when there was one).

    pip install -e '.[train]'
    python examples/train_gin_maskable_ppo.py --minutes 55 --opponent random,easy --out runs/gin_ppo

The checkpoint loads with ``MaskablePPO.load(path)``; pick an action with
``model.predict(obs, action_masks=env.action_masks(), deterministic=True)``.
"""

from __future__ import annotations

import argparse
import csv
import math
import multiprocessing
import statistics
import time
from collections import deque
from functools import partial
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.evaluation import evaluate_policy
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecEnv

import cardtable.adapters  # noqa: F401  (registers the cardtable/... Gymnasium ids)
from cardtable.adapters.registration import ENV_IDS
from cardtable.agents import make_agent, parse_agent_spec

GAMES = ("gin", "casino")
"""The games this script trains (``--game``): two-player Gin Rummy and two-player Casino."""
LEVELS = {"gin": ("random", "easy", "medium", "hard", "simple"), "casino": ("random", "easy", "medium", "hard")}
"""Each game's computer levels (opponents, evaluation, the teacher): ``random`` first."""


DEADWOOD = 380  # observation index: the learner's minimum deadwood / 110 (cardtable.adapters.gin)


class DeadwoodShaping(gym.Wrapper[Any, Any, Any, Any]):
    """Potential-based shaping (Ng, Harada and Russell, 1999) on the learner's own deadwood.

    Adds ``F = gamma * Phi(s') - Phi(s)`` to every reward, with ``Phi(s) = -coef * deadwood(s)``
    (deadwood in points, read from the observation) and ``Phi = 0`` once the hand is over, so the
    shaping sums to ``-Phi(s0)`` plus discounting terms over a hand and leaves the optimal policy
    unchanged, while rewarding every step that lowers the deadwood. ``info["shaping"]`` holds ``F``,
    so a logger can subtract it and report the true points.
    """

    def __init__(self, env: gym.Env[Any, Any], coef: float, gamma: float) -> None:
        super().__init__(env)
        self.coef = coef
        self.gamma = gamma
        self.phi = 0.0

    def _potential(self, obs: dict[str, np.ndarray]) -> float:
        return -self.coef * 110.0 * float(obs["observation"][DEADWOOD])

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self.phi = self._potential(obs)
        return obs, info

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        phi = 0.0 if terminated or truncated else self._potential(obs)
        shaping = self.gamma * phi - self.phi
        self.phi = phi
        info = {**info, "shaping": shaping}
        return obs, float(reward) + shaping, terminated, truncated, info


def registered_env(game: str, opponent: str, observation: str = "standard") -> gym.Env[Any, Any]:
    """``gym.make`` of ``game``'s registered id against ``opponent``, rewarding point differences
    (``observation``: Gin's variant; Casino has one observation)."""
    options = {"observation": observation} if game == "gin" else {}
    return gym.make(ENV_IDS[game], opponent=opponent, zero_sum=True, **options)


def make_env(opponent: str, reward_scale: float = 1.0, shaping: float = 0.0, gamma: float = 1.0,
             observation: str = "standard", game: str = "gin") -> gym.Env[Any, Any]:
    """The registered env of ``game`` against ``opponent`` with the ``observation`` variant; rewards are point
    differences plus, if ``shaping`` > 0 (Gin), the deadwood shaping (:class:`DeadwoodShaping`), times
    ``reward_scale``."""
    env = registered_env(game, opponent, observation)
    if shaping > 0:
        env = DeadwoodShaping(env, shaping, gamma)
    if reward_scale != 1.0:
        # A Gymnasium wrapper forwards action_masks() (SB3 reaches it through get_wrapper_attr).
        env = gym.wrappers.TransformReward(env, lambda r: r * reward_scale)
    return env


def make_vec_env(opponents: list[str], n_envs: int, reward_scale: float, subproc: bool = False,
                 shaping: float = 0.0, gamma: float = 1.0, observation: str = "standard", game: str = "gin") -> VecEnv:
    """``n_envs`` envs, the opponents assigned round robin."""
    fns = [partial(make_env, opponents[i % len(opponents)], reward_scale, shaping, gamma, observation, game)
           for i in range(n_envs)]
    return SubprocVecEnv(fns) if subproc else DummyVecEnv(fns)


def evaluate(model: MaskablePPO, env: VecEnv, hands: int, seed: int) -> tuple[float, float]:
    """Mean point difference per hand of the greedy masked policy over ``hands`` deals fixed by
    ``seed``, and the half-width of its normal 95% confidence interval."""
    env.seed(seed)
    rewards, _ = evaluate_policy(model, env, n_eval_episodes=hands, deterministic=True,
                                 return_episode_rewards=True, warn=False)
    points = [float(r) for r in rewards]
    sd = statistics.stdev(points) if len(points) > 1 else 0.0
    return statistics.fmean(points), 1.96 * sd / math.sqrt(len(points))


class CurveLogger(BaseCallback):
    """Writes the learning curve, evaluates and checkpoints periodically, stops at the time budget."""

    def __init__(self, out: Path, reward_scale: float, window: int, seconds: float | None,
                 eval_envs: dict[str, VecEnv], eval_every: int, eval_hands: int, eval_seed: int,
                 shaped: bool = False, phased: bool = False) -> None:
        super().__init__()
        self.phased = phased
        self.shaped = shaped
        self.recent_shaping: deque[float] = deque(maxlen=window)
        self.shaping_returns: np.ndarray = np.zeros(0)
        self.out = out
        self.reward_scale = reward_scale
        self.recent: deque[float] = deque(maxlen=window)
        self.seconds = seconds
        self.eval_envs = eval_envs
        self.eval_every = eval_every
        self.eval_hands = eval_hands
        self.eval_seed = eval_seed
        self.hands = 0
        self.next_eval = 0
        self.evaluated_at = -1
        self.best = -math.inf
        self.start = time.perf_counter()
        self.returns: np.ndarray = np.zeros(0)
        self.rows: list[dict[str, Any]] = []
        self.columns = ((["phase"] if phased else []) + ["timesteps", "seconds", "hands", "train_points"]
                        + (["train_shaping"] if shaped else []))
        for opp in eval_envs:
            self.columns += [f"eval_{opp}", f"eval_{opp}_ci"]
        self._file = (out / "curve.csv").open("w", newline="", encoding="utf-8")
        self._csv = csv.DictWriter(self._file, self.columns)
        self._csv.writeheader()

    def _on_training_start(self) -> None:
        self.returns = np.zeros(self.training_env.num_envs)
        self.shaping_returns = np.zeros(self.training_env.num_envs)

    def _on_step(self) -> bool:
        # train_points: the true point differences, the shaping (if any) taken out and summed apart
        shaping = np.array([info.get("shaping", 0.0) for info in self.locals["infos"]])
        self.returns += self.locals["rewards"] / self.reward_scale - shaping
        self.shaping_returns += shaping
        for i in np.flatnonzero(self.locals["dones"]):
            self.recent.append(float(self.returns[i]))
            self.recent_shaping.append(float(self.shaping_returns[i]))
            self.returns[i] = self.shaping_returns[i] = 0.0
            self.hands += 1
        return self.seconds is None or time.perf_counter() - self.start < self.seconds

    def _on_rollout_start(self) -> None:  # after the previous update: the policy as it now is
        self.log_row(final=False)

    def log_row(self, final: bool, phase: str = "ppo", force_eval: bool = False) -> None:
        row: dict[str, Any] = {
            "timesteps": self.num_timesteps if phase == "ppo" else 0,
            "seconds": round(time.perf_counter() - self.start, 1),
            "hands": self.hands,
            "train_points": round(statistics.fmean(self.recent), 3) if self.recent else "",
        }
        if self.phased:
            row["phase"] = phase
        if self.shaped:
            row["train_shaping"] = round(statistics.fmean(self.recent_shaping), 3) if self.recent_shaping else ""
        updates = self.model._n_updates  # type: ignore[attr-defined]
        if force_eval:
            self.evaluated_at = -2  # the policy changed outside PPO's updates
        if final and updates == self.evaluated_at:  # not trained since the last evaluation: the same figures
            row.update({k: v for k, v in self.rows[-1].items() if k.startswith("eval_")})
        elif force_eval or final or self.num_timesteps >= self.next_eval:
            self.next_eval = self.num_timesteps + self.eval_every
            self.evaluated_at = updates
            for opp, env in self.eval_envs.items():
                mean, ci = evaluate(self.model, env, self.eval_hands, self.eval_seed)  # type: ignore[arg-type]
                row[f"eval_{opp}"], row[f"eval_{opp}_ci"] = round(mean, 3), round(ci, 3)
            self.model.save(self.out / "model.zip")
            key = "easy" if "easy" in self.eval_envs else next(iter(self.eval_envs))
            if row[f"eval_{key}"] > self.best:  # the best checkpoint on the evaluation deals so far
                self.best = row[f"eval_{key}"]
                self.model.save(self.out / "best.zip")
            if self.verbose:
                evals = ", ".join(f"vs {o} {row[f'eval_{o}']:+.2f}" for o in self.eval_envs)
                print(f"{row['timesteps']:>9} steps {row['seconds']:>7.0f} s {self.hands:>7} hands  "
                      f"train {row['train_points']}  eval {evals}", flush=True)
        self.rows.append(row)
        self._csv.writerow(row)
        self._file.flush()

    def close(self) -> None:
        self._file.close()


class Demonstrations:
    """States of the learner's seat with the teacher's action id there and the hand's discounted return."""

    def __init__(self) -> None:
        self.obs: list[np.ndarray] = []
        self.masks: list[np.ndarray] = []
        self.actions: list[int] = []
        self.returns: list[float] = []

    def __len__(self) -> int:
        return len(self.actions)

    def tensors(self) -> tuple[dict[str, torch.Tensor], torch.Tensor, torch.Tensor, np.ndarray]:
        masks = np.stack(self.masks).astype(bool)
        obs = {"observation": torch.as_tensor(np.stack(self.obs), dtype=torch.float32),
               "action_mask": torch.as_tensor(masks, dtype=torch.float32)}
        return (obs, torch.as_tensor(self.actions, dtype=torch.long),
                torch.as_tensor(self.returns, dtype=torch.float32), masks)


def collect(model: MaskablePPO, teacher: Any, envs: list[Any], data: Demonstrations, *, learner_acts: bool,
            max_states: int, deadline: float, reward_scale: float, gamma: float) -> list[float]:
    """Plays whole hands in the unwrapped ``envs`` (in turn) until ``max_states`` new states or the
    ``deadline`` (``perf_counter``): at every decision of the learner's seat the teacher is asked,
    from that seat's view and legal moves only, and its move, as the codec's action id, is recorded
    with the observation and the mask. The teacher's action is played, or with ``learner_acts`` the
    greedy policy's (DAgger: the teacher labels the states the policy itself reaches). The hand's
    point difference times ``reward_scale``, discounted to each state by ``gamma``, is the value
    target. Returns the point differences of the hands played."""
    points: list[float] = []
    start = len(data)
    while len(data) - start < max_states and time.perf_counter() < deadline:
        env = envs[len(points) % len(envs)]
        obs, _ = env.reset()
        first = len(data)
        done = False
        reward = 0.0
        while not done:
            aid = teacher_id(teacher, env)
            mask = obs["action_mask"].astype(bool)
            assert mask[aid], "the teacher chose a move outside the env's mask"
            data.obs.append(obs["observation"])
            data.masks.append(mask)
            data.actions.append(int(aid))
            if learner_acts:
                action, _ = model.predict(obs, action_masks=mask, deterministic=True)
                aid = int(action)
            obs, r, done, _, _ = env.step(aid)
            reward = float(r)
        steps = len(data) - first
        data.returns.extend(reward * reward_scale * gamma ** (steps - 1 - i) for i in range(steps))
        points.append(reward)
    return points


def teacher_id(teacher: Any, env: Any) -> int:
    """The action id the teacher's move takes next in the unwrapped ``env``: a Gin move is one id; a
    Casino move is a path of ids, and once some are chosen (``env.pending``, perhaps by the policy) the
    teacher chooses among the legal moves whose path goes that way."""
    state, pending = env.game_state, tuple(env.pending)
    legal = state.legal_moves()
    if pending:
        legal = [m for m in legal if tuple(env.adapter.encode(state, m)[:len(pending)]) == pending]
    move = teacher.act(state.view(env.seat), legal)
    return int(env.adapter.encode(state, move)[len(pending)])


def collect_round(model: MaskablePPO, args: argparse.Namespace, data: Demonstrations, *, round_index: int,
                  deadline: float, teacher: Any = None, envs: list[Any] | None = None) -> list[float]:
    """One round of :func:`collect` (the policy plays after the first round), in this process with
    ``teacher`` and ``envs``, or with ``--imitate-workers`` > 1 in that many forked processes, each
    with its own teacher and envs (seeded by round and worker) and an even share of
    ``--imitate-states``; their states are added to ``data`` in worker order."""
    kwargs: dict[str, Any] = {"learner_acts": round_index > 0, "deadline": deadline,
                              "reward_scale": args.reward_scale, "gamma": args.gamma}
    workers = args.imitate_workers
    if workers <= 1:
        assert teacher is not None and envs is not None
        return collect(model, teacher, envs, data, max_states=args.imitate_states, **kwargs)
    ctx = multiprocessing.get_context("fork")  # the children start with the policy as it is now
    queue = ctx.Queue()

    def work(w: int) -> None:
        try:
            torch.set_num_threads(1)
            part = Demonstrations()
            points = collect(model, make_agent(args.game, args.imitate, seed=args.seed + 7),
                             imitation_envs(args, seed=args.seed * 1000 + 500 + 97 * round_index + 13 * w), part,
                             max_states=max(1, args.imitate_states // workers), **kwargs)
            queue.put((w, np.stack(part.obs) if part.obs else None, part.masks, part.actions, part.returns, points))
        except BaseException as exc:  # tell the parent, which waits for one answer per worker
            queue.put((w, f"{type(exc).__name__}: {exc}"))
            raise

    procs = [ctx.Process(target=work, args=(w,), daemon=True) for w in range(workers)]
    for proc in procs:
        proc.start()
    results = sorted((queue.get() for _ in procs), key=lambda r: r[0])
    for proc in procs:
        proc.join()
    for result in results:
        if len(result) == 2:
            raise RuntimeError(f"imitation worker {result[0]} failed: {result[1]}")
    points: list[float] = []
    for _, obs, masks, actions, returns, part_points in results:
        if obs is not None:
            data.obs.extend(obs)
        data.masks.extend(masks)
        data.actions.extend(actions)
        data.returns.extend(returns)
        points.extend(part_points)
    return points


def imitation_envs(args: argparse.Namespace, seed: int) -> list[Any]:
    """One unwrapped env per ``--opponent`` level, reset with ``seed``, ``seed + 1``, ..."""
    envs = [registered_env(args.game, o, args.observation).unwrapped for o in args.opponent]
    for i, env in enumerate(envs):
        env.reset(seed=seed + i)
    return envs


def clone(model: MaskablePPO, data: Demonstrations, *, epochs: int, lr: float, batch_size: int,
          value_coef: float, seed: int) -> float:
    """Behaviour cloning into ``model.policy``: ``epochs`` passes of cross-entropy between the
    masked policy (illegal logits at -inf, as PPO sees them) and the teacher's ids, plus
    ``value_coef`` x the squared error of the value head against the discounted hand return.
    Returns the share of the recorded states where the greedy masked policy now picks the
    teacher's action."""
    policy = model.policy
    obs, actions, returns, masks = data.tensors()
    optimizer = torch.optim.Adam(policy.parameters(), lr=lr)
    gen = torch.Generator().manual_seed(seed)
    n = len(actions)
    policy.set_training_mode(True)
    for _ in range(epochs):
        for idx in torch.randperm(n, generator=gen).split(batch_size):
            batch = {k: v[idx] for k, v in obs.items()}
            values, log_prob, _ = policy.evaluate_actions(batch, actions[idx], action_masks=masks[idx.numpy()])
            loss = -log_prob.mean() + value_coef * torch.nn.functional.mse_loss(values.flatten(), returns[idx])
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
    policy.set_training_mode(False)
    agree = 0
    with torch.no_grad():
        for idx in torch.arange(n).split(4096):
            batch = {k: v[idx] for k, v in obs.items()}
            dist = policy.get_distribution(batch, action_masks=masks[idx.numpy()])
            agree += int((dist.get_actions(deterministic=True) == actions[idx]).sum())
    return agree / max(n, 1)


def imitate(model: MaskablePPO, args: argparse.Namespace, logger: CurveLogger) -> dict[str, Any]:
    """The warm start: ``--imitate-rounds`` rounds of collecting the teacher's choices (the first
    round with the teacher playing, later ones with the policy playing and the teacher labelling)
    and cloning them, within ``--imitate-minutes``; one curve row (phase ``imitate``) per round."""
    # in-process collection keeps one teacher and its envs over the rounds; workers make their own
    in_process = args.imitate_workers <= 1
    teacher = make_agent(args.game, args.imitate, seed=args.seed + 7) if in_process else None
    envs = imitation_envs(args, seed=args.seed * 1000 + 500) if in_process else None
    data = Demonstrations()
    budget = args.imitate_minutes * 60
    agreement = 0.0
    rounds = args.imitate_rounds
    for r in range(rounds):
        # collecting takes ~3/4 of each round's share of the budget, cloning the rest
        deadline = logger.start + budget * (r + 0.75) / rounds
        points = collect_round(model, args, data, round_index=r, deadline=deadline, teacher=teacher, envs=envs)
        logger.hands += len(points)
        logger.recent.extend(points)
        agreement = clone(model, data, epochs=args.imitate_epochs, lr=args.imitate_lr,
                          batch_size=args.batch_size, value_coef=0.5, seed=args.seed + r)
        logger.log_row(final=False, phase="imitate", force_eval=True)
        if logger.verbose:
            print(f"imitation round {r + 1}/{rounds}: {len(data)} states, agreement with {args.imitate} "
                  f"{agreement:.3f}", flush=True)
    logger.recent.clear()
    return {"teacher": args.imitate, "states": len(data), "agreement": agreement, "data": data}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="gin", choices=GAMES, help="the game, two players (default: gin)")
    parser.add_argument("--timesteps", type=int, default=20_000_000, help="stop after this many env steps (default: 20M)")
    parser.add_argument("--minutes", type=float, default=None, help="wall-clock budget: stop when reached (default: none)")
    parser.add_argument("--opponent", default="random,easy",
                        help="comma-separated opponent levels spread over the envs (default: random,easy)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="output folder (default: runs/GAME_ppo)")
    parser.add_argument("--n-envs", type=int, default=4, help="environments stepped together (default: 4)")
    parser.add_argument("--subproc", action="store_true", help="one process per env (SubprocVecEnv; default: DummyVecEnv)")
    parser.add_argument("--threads", type=int, default=1, help="torch.set_num_threads (default: 1)")
    parser.add_argument("--reward-scale", type=float, default=0.02, help="reward = point difference x this (default: 0.02)")
    parser.add_argument("--n-steps", type=int, default=1024, help="steps per env per rollout (default: 1024)")
    parser.add_argument("--batch-size", type=int, default=512)
    parser.add_argument("--n-epochs", type=int, default=5)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.995, help="discount: a hand has up to ~60 decisions (default: 0.995)")
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--clip-range", type=float, default=0.2, help="PPO's clip range (default: 0.2)")
    parser.add_argument("--target-kl", type=float, default=None,
                        help="stop an update's epochs when the KL to the rollout policy passes this (default: none)")
    parser.add_argument("--imitate", default=None, metavar="LEVEL",
                        help="warm start: clone this level's choices before PPO, a level with options such as "
                             "hard/time_budget=none/worlds=32 (default: none)")
    parser.add_argument("--imitate-minutes", type=float, default=15.0,
                        help="wall-clock time of the warm start, inside --minutes (default: 15)")
    parser.add_argument("--imitate-rounds", type=int, default=3,
                        help="rounds of collecting and cloning; rounds after the first let the policy play (default: 3)")
    parser.add_argument("--imitate-states", type=int, default=10_000_000,
                        help="at most this many new states per round (default: no limit but the time)")
    parser.add_argument("--imitate-workers", type=int, default=1,
                        help="processes collecting the teacher's choices, e.g. one per core (default: 1)")
    parser.add_argument("--imitate-epochs", type=int, default=4, help="cloning passes over the data per round (default: 4)")
    parser.add_argument("--imitate-lr", type=float, default=1e-3, help="cloning learning rate (default: 0.001)")
    parser.add_argument("--shaping", type=float, default=0.0,
                        help="deadwood shaping: Phi = -this x own deadwood in points, F = gamma Phi' - Phi (default: 0, none)")
    parser.add_argument("--observation", default="standard", choices=("standard", "melds"),
                        help="observation variant: melds appends the meld features (default: standard)")
    parser.add_argument("--net", default="64,64", help="hidden layer sizes of the policy and value nets (default: 64,64)")
    parser.add_argument("--eval-every", type=int, default=50_000, help="steps between evaluations (default: 50000)")
    parser.add_argument("--eval-hands", type=int, default=100, help="hands per evaluation (default: 100)")
    parser.add_argument("--eval-opponents", default="random,easy", help="levels evaluated against (default: random,easy)")
    parser.add_argument("--window", type=int, default=500, help="training hands averaged in train_points (default: 500)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    levels_of_game = LEVELS[args.game]
    if args.out is None:
        args.out = Path(f"runs/{args.game}_ppo")
    for name in ("opponent", "eval_opponents"):
        levels = [s.strip() for s in getattr(args, name).split(",") if s.strip()]
        if not levels or any(level not in levels_of_game for level in levels):
            parser.error(f"--{name.replace('_', '-')}: give {args.game} levels among {', '.join(levels_of_game)}")
        setattr(args, name, levels)
    if args.imitate is not None:
        try:
            level, _ = parse_agent_spec(args.imitate)
        except ValueError as exc:
            parser.error(f"--imitate: {exc}")
        if level not in levels_of_game[1:]:
            parser.error(f"--imitate: give a {args.game} level among {', '.join(levels_of_game[1:])}, "
                         f"with options if you like")
        try:
            make_agent(args.game, args.imitate)  # its options too: a worker would fail only after the fork
        except ValueError as exc:
            parser.error(f"--imitate: {exc}")
    if args.game != "gin" and (args.shaping > 0 or args.observation != "standard"):
        parser.error("--shaping and --observation are Gin's: Casino has one observation and no deadwood")
    if args.minutes is not None and args.minutes <= 0:
        parser.error("--minutes must be positive")
    if args.imitate is not None and (args.imitate_minutes <= 0 or args.imitate_rounds <= 0 or args.imitate_states <= 0
                                     or args.imitate_workers <= 0
                                     or (args.minutes is not None and args.imitate_minutes >= args.minutes)):
        parser.error("--imitate-minutes, --imitate-rounds, --imitate-states and --imitate-workers must be positive, "
                     "--imitate-minutes less than --minutes")
    if args.shaping < 0:
        parser.error("--shaping must be 0 (none) or positive")
    if args.timesteps <= 0 or args.n_envs <= 0 or args.reward_scale <= 0:
        parser.error("--timesteps, --n-envs and --reward-scale must be positive")
    try:
        args.net = [int(n) for n in args.net.split(",")]
    except ValueError:
        parser.error("--net: comma-separated layer sizes, e.g. 64,64")
    return args


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train as the arguments say; returns the paths written, the steps, the seconds and the last evaluation."""
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    env = make_vec_env(args.opponent, args.n_envs, args.reward_scale, args.subproc, args.shaping, args.gamma,
                       args.observation, args.game)
    eval_envs: dict[str, VecEnv] = {o: DummyVecEnv([partial(make_env, o, observation=args.observation, game=args.game)])
                                    for o in args.eval_opponents}
    model = MaskablePPO(
        "MultiInputPolicy", env, learning_rate=args.lr, n_steps=args.n_steps, batch_size=args.batch_size,
        n_epochs=args.n_epochs, gamma=args.gamma, gae_lambda=0.95, ent_coef=args.ent_coef,
        clip_range=args.clip_range, target_kl=args.target_kl,
        policy_kwargs={"net_arch": {"pi": args.net, "vf": args.net}}, seed=args.seed, device="cpu",
    )
    logger = CurveLogger(args.out, args.reward_scale, args.window, args.minutes * 60 if args.minutes else None,
                         eval_envs, args.eval_every, args.eval_hands, eval_seed=10_000 + args.seed,
                         shaped=args.shaping > 0, phased=args.imitate is not None)
    logger.verbose = 0 if args.quiet else 1
    imitation: dict[str, Any] | None = None
    try:
        if args.imitate is not None:
            logger.init_callback(model)
            imitation = imitate(model, args, logger)
        model.learn(total_timesteps=args.timesteps, callback=logger)
        logger.log_row(final=True)  # the final evaluation, and the final checkpoint
    finally:
        logger.close()
        env.close()
    last = logger.rows[-1]
    return {
        "model": args.out / "model.zip", "curve": args.out / "curve.csv", "timesteps": model.num_timesteps,
        "seconds": last["seconds"], "hands": logger.hands,
        "eval": {o: (last[f"eval_{o}"], last[f"eval_{o}_ci"]) for o in args.eval_opponents},
        "imitation": imitation,
    }


if __name__ == "__main__":
    result = main()
    print(f"{result['timesteps']} steps, {result['hands']} hands in {result['seconds']:.0f} s; saved {result['model']}")
    for opponent, (mean, ci) in result["eval"].items():
        print(f"greedy point difference per hand vs {opponent}: {mean:+.2f} +- {ci:.2f}")
