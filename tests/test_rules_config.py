"""Frozen rules configs: presets, overrides, and clear rejection of unknown or invalid options."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardtable.errors import CardtableError, InvalidRulesError
from cardtable.gin import GinGame, GinRules
from cardtable.registry import make_game


def test_default_is_the_standard_preset() -> None:
    assert GinRules() == GinRules.preset() == GinRules.preset("standard")
    assert GinRules().preset_name() == "standard" and GinRules().describe() == "standard"


@pytest.mark.parametrize("name", ["standard", "modern", "classic", "oklahoma", "openspiel"])
def test_every_preset_builds_and_round_trips(name: str) -> None:
    rules = GinRules.preset(name)
    assert rules.preset_name() == name
    assert GinRules.from_dict(rules.to_dict()) == rules
    assert hash(rules) == hash(GinRules.from_dict(rules.to_dict()))
    assert set(rules.to_dict()) == set(GinRules.options())
    # stock_end = "wall" may be combined with any preset (4.6.4)
    assert GinRules.preset(name, stock_end="wall").stock_end == "wall"


def test_overrides_and_replace() -> None:
    rules = GinRules.preset("classic", target_score=50)
    assert rules.target_score == 50 and rules.gin_bonus == 20 and rules.preset_name() is None
    assert "target_score=50" in rules.describe()
    assert GinRules(undercut_bonus=10).undercut_bonus == 10
    assert rules.replace(target_score=100) == GinRules.preset("classic")
    assert GinRules(big_gin_bonus=None).big_gin_bonus is None


def test_rules_are_frozen() -> None:
    rules = GinRules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.knock_limit = 5  # type: ignore[misc]


def test_unknown_option_is_named() -> None:
    with pytest.raises(InvalidRulesError, match=r"unknown GinRules option\(s\): knock_limt; valid: target_score"):
        GinRules(knock_limt=5)  # type: ignore[call-arg]
    with pytest.raises(InvalidRulesError, match="keyword"):
        GinRules(100)  # type: ignore[misc]
    with pytest.raises(InvalidRulesError, match="unknown"):
        GinRules.preset("standard", jokers=True)
    with pytest.raises(InvalidRulesError, match="unknown"):
        GinRules.from_dict({"target_score": 100, "colour": "red"})
    with pytest.raises(InvalidRulesError, match="mapping"):
        GinRules.from_dict([("target_score", 100)])  # type: ignore[arg-type]


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(InvalidRulesError, match="unknown GinRules preset 'vegas'; presets: standard, modern"):
        GinRules.preset("vegas")


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("knock_limit", 11, "the knock limit must be from 0 to 10"),
        ("knock_limit", -1, "must be from 0 to 10"),
        ("knock_limit", "10", "must be an integer"),
        ("knock_limit", 10.0, "must be an integer"),
        ("knock_limit", True, "must be an integer"),
        ("knock_limit", None, "must not be None"),
        ("target_score", 0, "the target score must be from 1 to 100000"),
        ("max_discard_draws", 0, "the number of upcard takes that voids a hand must be from 1 to 1000"),
        ("gin_bonus", -5, "the gin bonus must be from 0 to 10000"),
        ("undercut_bonus", "25", "must be an integer"),
        ("big_gin_bonus", -1, "must be from 0 to 10000"),
        ("big_gin_bonus", "31", "must be an integer"),
        ("big_gin_bonus", True, "must be an integer"),
        ("undercut_on_tie", 1, "must be True or False"),
        ("oklahoma", "yes", "must be True or False"),
        ("discard_taken_card", None, "must not be None"),
        ("stock_end", "cliff", "must be one of 'standard', 'wall'"),
        ("stock_end", 2, "must be a string"),
        ("shutout", "triple", "must be one of 'none', 'double', 'flat'"),
        ("game_bonus", -1, "must be from 0 to 10000"),
        ("box_bonus", 2.5, "must be an integer"),
        ("shutout_bonus", -100, "must be from 0 to 10000"),
    ],
)
def test_bad_values_are_rejected(option: str, value: Any, message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message) as info:
        GinRules(**{option: value})
    assert f"(option {option})" in str(info.value)
    assert isinstance(info.value, CardtableError) and isinstance(info.value, ValueError)
    with pytest.raises(InvalidRulesError):
        GinRules.preset("openspiel", **{option: value})


@pytest.mark.parametrize(
    ("option", "value"),
    [("knock_limit", 0), ("knock_limit", 10), ("target_score", 1), ("max_discard_draws", 1), ("big_gin_bonus", 0),
     ("gin_bonus", 0), ("shutout", "flat"), ("stock_end", "wall")],
)
def test_edge_values_are_accepted(option: str, value: Any) -> None:
    assert getattr(GinRules(**{option: value}), option) == value


def test_make_game_with_presets_and_rules() -> None:
    game = make_game("gin", preset="classic", target_score=50)
    assert isinstance(game, GinGame) and game.rules == GinRules.preset("classic", target_score=50)
    assert make_game("gin", rules={"knock_limit": 5}).rules == GinRules(knock_limit=5)
    assert make_game("gin", rules=GinRules.preset("oklahoma")).rules.oklahoma
    with pytest.raises(InvalidRulesError, match="unknown game 'bridge'"):
        make_game("bridge")
    with pytest.raises(InvalidRulesError, match="unknown"):
        make_game("gin", preset="nope")
    with pytest.raises(InvalidRulesError, match="must be a GinRules"):
        make_game("gin", rules=42)
    with pytest.raises(InvalidRulesError, match="knock_limit"):
        make_game("gin", knock_limit=12)
