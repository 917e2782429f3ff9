"""The environment spec (``docs/adapters/env_spec.json``, written by ``benchmarks/env_spec.py``) holds.

For every game x preset x seating: a few dozen fresh random hands stay within the documented
reward range and longest-episode bound, the spaces have the documented sizes, the bounds in the
JSON are the ones the rules give now, and the JSON covers every preset the library defines (a new
preset without a spec row fails here until the benchmark is run again).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardtable.adapters.bounds import GIN_MAX_DEADWOOD_HAND, GIN_MAX_DEFENDER_DEADWOOD

ROOT = Path(__file__).resolve().parents[2]


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


BENCH = _load(ROOT / "benchmarks" / "env_spec.py", "benchmarks_env_spec")
HOOK = _load(ROOT / "docs" / "hooks" / "env_spec_tables.py", "docs_hooks_env_spec_tables")
SPEC: dict[str, Any] = json.loads((ROOT / "docs" / "adapters" / "env_spec.json").read_text(encoding="utf-8"))
CONFIGS = {c.key: c for c in BENCH.configs()}
PAGES = {"gin": "gin_rummy.md", "casino": "casino.md", "pinochle": "pinochle.md"}


def test_the_spec_covers_every_preset_and_seating() -> None:
    from cardtable.registry import GAMES, game_class

    assert set(SPEC["configs"]) == set(CONFIGS)
    for game in GAMES:
        presets = {row["preset"] for row in SPEC["configs"].values() if row["game"] == game}
        assert presets == set(game_class(game).rules_class.PRESETS), game
    seatings = {(r["num_players"], r["options"].get("partnerships", True))
                for r in SPEC["configs"].values() if r["game"] == "casino"}
    assert seatings == {(2, True), (3, True), (4, True), (4, False)}


@pytest.mark.parametrize("key", sorted(CONFIGS))
def test_spaces_and_bounds_are_those_of_the_code(key: str) -> None:
    from cardtable.adapters.gym_env import CardtableGymEnv
    from cardtable.adapters.pettingzoo_env import CardtableAEC

    config, row = CONFIGS[key], SPEC["configs"][key]
    adapter = config.adapter()
    pz, gym = CardtableAEC(adapter), CardtableGymEnv(adapter)
    for space in (pz.action_space("player_0"), gym.action_space):
        assert space.n == row["num_actions"]
    for space in (pz.observation_space("player_0"), gym.observation_space):
        assert space["observation"].shape == (row["obs_size"],)
        assert space["action_mask"].shape == (row["num_actions"],)
    assert BENCH.bounds(config) == row["bounds"]  # the JSON is not stale
    low, high = row["bounds"]["reward"]
    # the adapter's own utility bounds (OpenSpiel's) contain the spec's range
    assert adapter.min_utility <= low <= high <= adapter.max_utility


@pytest.mark.parametrize("key", sorted(CONFIGS))
def test_fresh_random_hands_stay_within_the_documented_bounds(key: str) -> None:
    config, bounds = CONFIGS[key], SPEC["configs"][key]["bounds"]
    longest = bounds["max_episode_length"]
    low, high = bounds["reward"]
    hands = 12 if config.game == "casino" else 30
    for steps, rewards, ending in BENCH.pettingzoo_hands(config, hands, seed=7):
        assert 1 <= steps <= longest
        assert all(low <= r <= high for r in rewards), rewards
        # a hand scores nothing for everyone only when void or a no-score tie (Gin)
        assert any(rewards) or ending.startswith("void") or ending == "tie", (ending, rewards)
    zlow, zhigh = bounds["zero_sum_reward"]
    for steps, reward in BENCH.gymnasium_hands(config, hands // 2, seed=7):
        assert 1 <= steps <= longest
        assert zlow - 1e-9 <= reward <= zhigh + 1e-9


@pytest.mark.parametrize("key", sorted(SPEC["configs"]))
def test_the_measured_figures_fit_the_bounds(key: str) -> None:
    row = SPEC["configs"][key]
    assert BENCH.violations(row) == []
    for api in ("pettingzoo", "gymnasium"):
        length = row[api]["length"]
        assert length["min"] <= length["median"] <= length["p95"] <= length["max"]
        assert row[api]["hands"] >= 100


def test_a_seat_never_scores_more_than_the_bound_allows() -> None:
    from cardtable.gin.melds import all_melds, card_values, deadwood, mask_of

    hand = mask_of(GIN_MAX_DEADWOOD_HAND)
    assert hand.bit_count() == 10 and all_melds(hand) == []
    assert deadwood(hand) == card_values(hand) == GIN_MAX_DEFENDER_DEADWOOD
    gin = {r["preset"]: r["bounds"]["reward"][1] for r in SPEC["configs"].values() if r["game"] == "gin"}
    assert gin == {"standard": 31 + 98, "modern": 129, "classic": 20 + 98, "oklahoma": 2 * 129, "openspiel": 25 + 98}
    casino = {k: r["bounds"]["reward"][1] for k, r in SPEC["configs"].items() if r["game"] == "casino"}
    assert casino["casino/standard/2p"] == casino["casino/standard/4p"] == 11 + 24
    assert casino["casino/standard/3p"] == 11 + 16 and casino["casino/standard/4p-solo"] == 11 + 12
    assert {v for k, v in casino.items() if "classic" in k} == {11}


def test_partners_share_their_sides_points_and_zero_sum_gives_two_thirds_of_the_difference() -> None:
    import numpy as np

    from cardtable.adapters.pettingzoo_env import casino_v0

    for zero_sum in (False, True):
        env = casino_v0(num_players=4, zero_sum=zero_sum)
        env.reset(seed=3)
        rng = np.random.default_rng(3)  # random play: always trailing would crowd the table (slow)
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            rewards[agent] += reward
            mask = observation["action_mask"]
            env.step(None if termination or truncation else int(rng.choice(np.flatnonzero(mask))))
        p, q = env.game_state.points[0], env.game_state.points[1]
        assert p != q  # the seed gives a hand where the sides differ, so the check means something
        expected = [p, q, p, q] if not zero_sum else [2 * (p - q) / 3, 2 * (q - p) / 3] * 2
        assert [rewards[a] for a in env.possible_agents] == pytest.approx(expected)


def test_most_random_gin_hands_score_nothing() -> None:
    fractions = [r["pettingzoo"]["all_zero_fraction"] for r in SPEC["configs"].values() if r["game"] == "gin"]
    assert min(fractions) > 0.5
    others = [r["pettingzoo"]["all_zero_fraction"] for r in SPEC["configs"].values() if r["game"] != "gin"]
    assert max(others) == 0.0  # Casino's and Pinochle's points never all vanish


@pytest.mark.parametrize("game", sorted(PAGES))
def test_each_env_page_shows_its_spec_table(game: str) -> None:
    page = (ROOT / "docs" / "adapters" / PAGES[game]).read_text(encoding="utf-8")
    assert f"<!-- env-spec: {game} -->" in page
    out = HOOK.on_page_markdown(page)
    assert "<!-- env-spec:" not in out
    rows = [line for line in out.splitlines() if line.startswith("| `")]
    keys = [k for k, r in SPEC["configs"].items() if r["game"] == game]
    assert len([line for line in rows if "`Discrete(" in line]) == len(keys)
    for key in keys:
        row = SPEC["configs"][key]
        assert f"`Discrete({row['num_actions']})` | `float32[{row['obs_size']}]`" in out
        assert f"| {row['bounds']['max_episode_length']} |" in out
    assert "## Environment spec" in out and "Versioning" in out


def test_the_hook_refuses_an_unknown_game() -> None:
    with pytest.raises(ValueError, match="no configuration"):
        HOOK.env_spec_markdown("bridge", SPEC)
