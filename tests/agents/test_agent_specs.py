"""Agent specs: a level with constructor options after slashes, for command lines and the arena."""

from __future__ import annotations

import pytest

from cardtable.agents import AGENT_LEVELS, make_agent, parse_agent_spec
from cardtable.agents.gin.hard import HardGinAgent
from cardtable.agents.pinochle.hard import HardPinochleAgent


def test_parse_reads_numbers_booleans_none_and_words() -> None:
    assert parse_agent_spec("medium") == ("medium", {})
    assert parse_agent_spec(" hard / time_budget=none / worlds=40 / heavy=false / mode=fast ") == (
        "hard", {"time_budget": None, "worlds": 40, "heavy": False, "mode": "fast"})
    assert parse_agent_spec("hard/time_budget=0.25") == ("hard", {"time_budget": 0.25})


@pytest.mark.parametrize("bad", ["hard/time_budget", "hard/=3", "hard/2x=1", "hard/"])
def test_malformed_options_are_named(bad: str) -> None:
    with pytest.raises(ValueError, match="name=value"):
        parse_agent_spec(bad)


def test_options_reach_the_constructor() -> None:
    gin = make_agent("gin", "hard/time_budget=none/worlds=12/workers=2", seed=3)
    assert isinstance(gin, HardGinAgent)
    assert (gin.time_budget, gin.worlds, gin.workers, gin.seed) == (None, 12, 2, 3)
    pin = make_agent("pinochle", "hard", seed=1, time_budget=0.3)
    assert isinstance(pin, HardPinochleAgent) and pin.time_budget == 0.3
    # keyword options win over the spec's
    assert make_agent("gin", "hard/worlds=5", worlds=9).worlds == 9


@pytest.mark.parametrize("game", sorted(AGENT_LEVELS))
def test_unknown_options_and_levels_are_clear_errors(game: str) -> None:
    for level in AGENT_LEVELS[game]:
        with pytest.raises(ValueError, match=f"{game} agent '{level}': bad options nonsense=1"):
            make_agent(game, f"{level}/nonsense=1")
    with pytest.raises(ValueError, match="unknown agent level 'expert'"):
        make_agent(game, "expert/time_budget=1")


def test_explaining_agent_prefers_the_given_levels_then_the_strongest() -> None:
    from cardtable.agents import explaining_agent
    from cardtable.agents.gin.medium import MediumGinAgent

    assert isinstance(explaining_agent("gin", seed=1), HardGinAgent)
    assert isinstance(explaining_agent("gin", seed=1, prefer=["random", "medium"]), MediumGinAgent)
    assert isinstance(explaining_agent("pinochle", prefer=["expert"]), HardPinochleAgent)  # unknown: skipped
    assert explaining_agent("no-such-game") is None
