"""Issue #19 item 7: every numeric rules option has finite, documented bounds, and the library rejects values
outside them with a message that names the option in a player's words and its bounds."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.errors import InvalidRulesError
from cardtable.registry import GAMES, make_game
from cardtable.rules import MAX_BONUS, MAX_TARGET, bounds_text


def _numbers(game: str) -> list[dataclasses.Field[Any]]:
    rules = type(make_game(game).rules)
    return [f for f in dataclasses.fields(rules)
            if (isinstance(f.default, int) and not isinstance(f.default, bool)) or f.metadata.get("min") is not None]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_number_has_finite_bounds_and_takes_both(game: str) -> None:
    rules = type(make_game(game).rules)
    numbers = _numbers(game)
    assert numbers
    for f in numbers:
        lo, hi, choices = f.metadata.get("min"), f.metadata.get("max"), f.metadata.get("choices")
        assert choices is not None or (lo is not None and hi is not None and hi <= MAX_TARGET), f.name
        if choices is None:
            assert bounds_text(f).startswith(f"{lo} to {hi}")
            for value in (lo, hi):
                assert getattr(rules(**{f.name: value}), f.name) == value


@pytest.mark.parametrize(
    ("game", "option", "value", "words", "bounds"),
    [
        ("gin", "target_score", 10**30, "the target score", f"from 1 to {MAX_TARGET}"),
        ("gin", "game_bonus", 10**19, "the game bonus", f"from 0 to {MAX_BONUS}"),
        ("gin", "max_discard_draws", 10**9, "the number of upcard takes that voids a hand", "from 1 to 1000"),
        ("gin", "box_bonus", MAX_BONUS + 1, "the box bonus", f"from 0 to {MAX_BONUS}"),
        ("gin", "big_gin_bonus", -1, "the big gin bonus", f"from 0 to {MAX_BONUS}"),
        ("casino", "target_score", 10**30, "the target score", f"from 1 to {MAX_TARGET}"),
        ("casino", "sweep_points", 10**19, "the sweep points", f"from 0 to {MAX_BONUS}"),
        ("pinochle", "target_score", MAX_TARGET + 1, "the target score", f"from 1 to {MAX_TARGET}"),
    ],
)
def test_values_beyond_the_bounds_are_refused_in_words(game: str, option: str, value: int, words: str,
                                                        bounds: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        make_game(game, **{option: value})
    message = str(info.value)
    assert message.startswith(f"{words} must be {bounds} (option {option}), not ")
    assert str(10**19) not in message and len(message) < 160  # a huge number is cut, not echoed


def test_a_huge_number_is_shown_by_its_digits() -> None:
    with pytest.raises(InvalidRulesError, match=r"not 100000… \(31 digits\)$"):
        make_game("gin", target_score=10**30)
    with pytest.raises(InvalidRulesError, match=r"not -100000… \(20 digits\)$"):
        make_game("gin", gin_bonus=-(10**19))


def test_the_command_line_refuses_them_before_playing(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "gin", "--plain", "--no-save", "--option", f"target_score={10**30}"])
    err = capsys.readouterr().err
    assert code == 2 and "target score must be from 1 to 100000" in err and "Traceback" not in err
