#!/usr/bin/env python3
"""Environment spec: reward range, episode lengths and space sizes of every env configuration.

    python benchmarks/env_spec.py [--hands 1000] [--easy-hands 200] [--seed 1] [--out docs/adapters/env_spec.json]

One *configuration* is a game x rules preset x player count: every preset of every
game (read from the rules classes' ``PRESETS``), Casino with 2, 3 and 4 players, 4
players both in partnerships (the default, ``partnerships=True``) and each for
themself (``partnerships=False``). For each one the script plays ``--hands``
hands with random legal actions (uniform over the action mask) and records:

* ``pettingzoo``: the AEC env (``zero_sum=False``): episode length in agent
  steps (every ``env.step`` with an action, all seats, Casino's sub-decisions
  included), each seat's reward, and how many hands scored 0 for every seat (a
  void hand, or a Gin tie without an undercut);
* ``gymnasium``: the single-learner env against ``opponent="random"`` with
  ``zero_sum=True`` and the learner's seat drawn for every hand (``seat=None``):
  learner steps only, and the zero-sum reward;
* ``gymnasium_easy`` (``--easy-hands`` > 0): the same against the ``easy`` level
  with ``zero_sum=False`` (general-sum rewards);
* ``bounds``: what the rules allow: the general-sum reward range (from the
  rules' scoring, see :func:`cardtable.adapters.bounds.reward_bounds`), the ``zero_sum=True`` range, and
  the adapter's ``max_game_length`` as the longest possible episode.

It writes the figures as JSON (``docs/adapters/env_spec.json``, which the docs
hook ``docs/hooks/env_spec_tables.py`` turns into the env pages' tables) and
prints a table. It fails (exit 1) if a measured figure is outside its bound.
Lengths are reported as median, 95th percentile and maximum seen.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.adapters.bounds import reward_bounds, zero_sum_bounds

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "docs" / "adapters" / "env_spec.json"
CASINO_SEATINGS: tuple[tuple[int, bool], ...] = ((2, True), (3, True), (4, True), (4, False))
"""Casino player counts, with ``partnerships`` (only meaningful for 4 players)."""

@dataclass(frozen=True)
class Config:
    """One environment configuration."""

    game: str
    preset: str
    num_players: int = 2
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """``game/preset`` plus the seating for Casino (``casino/standard/4p``, ``.../4p-solo``)."""
        if self.game != "casino":
            return f"{self.game}/{self.preset}"
        solo = "-solo" if self.num_players == 4 and not self.options.get("partnerships", True) else ""
        return f"{self.game}/{self.preset}/{self.num_players}p{solo}"

    def adapter_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"preset": self.preset, **self.options}
        if self.game == "casino":
            kwargs["num_players"] = self.num_players
        return kwargs

    def adapter(self) -> Any:
        from cardtable.adapters import adapter_for

        return adapter_for(self.game, **self.adapter_kwargs())


def configs() -> list[Config]:
    """Every game x preset (x Casino seating) the library defines now."""
    from cardtable.registry import GAMES, game_class

    out = []
    for game in GAMES:
        for preset in game_class(game).rules_class.PRESETS:
            if game == "casino":
                out += [Config(game, preset, n, {} if partners else {"partnerships": False})
                        for n, partners in CASINO_SEATINGS]
            else:
                out.append(Config(game, preset))
    return out


# --- theoretical bounds ------------------------------------------------------------------------------
def bounds(config: Config) -> dict[str, Any]:
    """The theoretical figures of ``config``."""
    adapter = config.adapter()
    low, high, why = reward_bounds(config.game, adapter.rules)
    zlow, zhigh = zero_sum_bounds(low, high, adapter.rules)
    return {"reward": [low, high], "reward_why": why, "zero_sum_reward": [zlow, zhigh],
            "max_episode_length": adapter.max_game_length,
            "adapter_utility": [adapter.min_utility, adapter.max_utility]}


# --- measurements ----------------------------------------------------------------------------------
def _pick(rng: np.random.Generator, mask: Any) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def ending(state: Any) -> str:
    """How a finished hand ended: Gin's result (``knock``, ``gin``, ``undercut``...) or ``void: reason``;
    ``scored`` for the other games (every hand is scored)."""
    showdown = getattr(state, "showdown", None)
    if showdown is None:
        return "scored"
    return f"void: {showdown.void_reason}" if showdown.result == "void" else str(showdown.result)


def pettingzoo_hands(config: Config, hands: int, seed: int) -> Iterator[tuple[int, list[float], str]]:
    """``(agent steps, reward of each seat, ending)`` of ``hands`` random-vs-random hands of the AEC env."""
    from cardtable.adapters.pettingzoo_env import CardtableAEC

    env = CardtableAEC(config.adapter())
    rng = np.random.default_rng(seed)
    for i in range(hands):
        env.reset(seed=seed * 1_000_003 + i)
        steps = 0
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            totals[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            env.step(_pick(rng, observation["action_mask"]))
            steps += 1
        yield steps, [totals[a] for a in env.possible_agents], ending(env.game_state)


def gymnasium_hands(config: Config, hands: int, seed: int, opponent: str = "random",
                    zero_sum: bool = True) -> Iterator[tuple[int, float]]:
    """``(learner steps, learner reward)`` of ``hands`` hands of the single-learner env (random learner,
    seat drawn for every hand)."""
    from cardtable.adapters.gym_env import CardtableGymEnv

    env = CardtableGymEnv(config.adapter(), opponent=opponent, seat=None, zero_sum=zero_sum)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    for _ in range(hands):
        steps, done, reward = 0, False, 0.0
        while not done:
            obs, reward, done, truncated, info = env.step(_pick(rng, obs["action_mask"]))
            steps += 1
            assert not truncated and not info.get("illegal_action")
        yield steps, float(reward)
        obs, _ = env.reset()


def _lengths(values: list[int]) -> dict[str, float]:
    arr = np.asarray(values)
    return {"median": float(np.median(arr)), "p95": float(np.percentile(arr, 95)), "max": int(arr.max()),
            "min": int(arr.min())}


def measure(config: Config, hands: int, easy_hands: int, seed: int) -> dict[str, Any]:
    """Every measured figure of ``config`` (see the module docstring)."""
    adapter = config.adapter()
    out: dict[str, Any] = {"game": config.game, "preset": config.preset, "num_players": config.num_players,
                           "options": config.options, "num_actions": adapter.num_actions, "obs_size": adapter.obs_size,
                           "bounds": bounds(config)}
    t0 = time.perf_counter()
    pz = list(pettingzoo_hands(config, hands, seed))
    rewards = [r for _, rs, _ in pz for r in rs]
    endings = Counter(end for _, _, end in pz)
    out["pettingzoo"] = {"hands": hands, "zero_sum": False, "length": _lengths([s for s, _, _ in pz]),
                         "reward_seen": [min(rewards), max(rewards)],
                         "mean_reward": round(float(np.mean(rewards)), 3),
                         "all_zero_fraction": round(sum(all(r == 0 for r in rs) for _, rs, _ in pz) / hands, 4),
                         "endings": {k: round(v / hands, 4) for k, v in endings.most_common()}}
    gym = list(gymnasium_hands(config, hands, seed))
    out["gymnasium"] = {"hands": hands, "opponent": "random", "zero_sum": True,
                        "length": _lengths([s for s, _ in gym]),
                        "reward_seen": [min(r for _, r in gym), max(r for _, r in gym)]}
    if easy_hands:
        easy = list(gymnasium_hands(config, easy_hands, seed, opponent="easy", zero_sum=False))
        out["gymnasium_easy"] = {"hands": easy_hands, "opponent": "easy", "zero_sum": False,
                                 "length": _lengths([s for s, _ in easy]),
                                 "reward_seen": [min(r for _, r in easy), max(r for _, r in easy)],
                                 "mean_reward": round(float(np.mean([r for _, r in easy])), 3)}
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def violations(row: dict[str, Any]) -> list[str]:
    """The measured figures of ``row`` that fall outside its bounds (empty when all fit)."""
    b = row["bounds"]
    problems = []
    for api, reward_key in (("pettingzoo", "reward"), ("gymnasium", "zero_sum_reward"), ("gymnasium_easy", "reward")):
        if api not in row:
            continue
        low, high = b[reward_key]
        seen_low, seen_high = row[api]["reward_seen"]
        if seen_low < low - 1e-9 or seen_high > high + 1e-9:
            problems.append(f"{api} reward {seen_low}..{seen_high} outside {low}..{high}")
        if row[api]["length"]["max"] > b["max_episode_length"]:
            problems.append(f"{api} length {row[api]['length']['max']} > {b['max_episode_length']}")
    return problems


# --- output -----------------------------------------------------------------------------------------
def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def table(rows: list[dict[str, Any]]) -> str:
    """A plain-text table of the rows."""
    head = ("config", "actions", "obs", "reward bound", "seen", "zero-sum bound", "seen", "all-0",
            "PZ med/p95/max", "gym med/p95/max", "bound")
    lines = [head]
    for r in rows:
        b, pz, gym = r["bounds"], r["pettingzoo"], r["gymnasium"]
        lines.append((
            r["key"], str(r["num_actions"]), str(r["obs_size"]),
            "..".join(_num(x) for x in b["reward"]), "..".join(_num(x) for x in pz["reward_seen"]),
            "..".join(_num(x) for x in b["zero_sum_reward"]), "..".join(_num(x) for x in gym["reward_seen"]),
            f"{pz['all_zero_fraction']:.1%}",
            "/".join(_num(pz["length"][k]) for k in ("median", "p95", "max")),
            "/".join(_num(gym["length"][k]) for k in ("median", "p95", "max")),
            str(b["max_episode_length"])))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(line, widths)) for line in lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="random-vs-random hands per configuration and API")
    parser.add_argument("--easy-hands", type=int, default=200, help="hands against the easy level (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="only configurations whose key starts with this")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the JSON file to write ('-': none)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.easy_hands < 0:
        parser.error("--hands must be at least 1 and --easy-hands at least 0")
    if args.only and str(args.out) != "-":
        parser.error("--only is for a look at some rows: give --out - too (the JSON holds every row)")
    import platform

    rows = []
    for config in configs():
        if not config.key.startswith(args.only):
            continue
        row = {"key": config.key, **measure(config, args.hands, args.easy_hands, args.seed)}
        rows.append(row)
        print(f"{config.key}: {row['seconds']} s", file=sys.stderr, flush=True)
    print(table(rows))
    bad = {r["key"]: violations(r) for r in rows if violations(r)}
    for key, problems in bad.items():
        print(f"OUT OF BOUNDS {key}: {'; '.join(problems)}")
    if str(args.out) != "-":
        configs_out = {r["key"]: {k: v for k, v in r.items() if k != "key"} for r in rows}
        given = [f"--hands {args.hands}", f"--easy-hands {args.easy_hands}", f"--seed {args.seed}"]
        doc = {"command": "python benchmarks/env_spec.py " + " ".join(given),
               "python": platform.python_version(), "hands": args.hands, "easy_hands": args.easy_hands,
               "seed": args.seed, "configs": configs_out}
        args.out.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
