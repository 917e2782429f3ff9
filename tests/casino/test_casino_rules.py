"""Presets and options (casino.md section 14)."""

from __future__ import annotations

import pytest

from cardtable import make_game
from cardtable.casino import CasinoGame, CasinoRules
from cardtable.errors import InvalidRulesError


def test_presets() -> None:
    assert CasinoRules.presets() == ("standard", "classic")
    std = CasinoRules.preset("standard")
    assert std == CasinoRules()
    assert (std.num_players, std.partnerships, std.target_score, std.sweep_points) == (2, True, 21, 1)
    assert (std.court_capture, std.permissive_builds, std.allow_duplicate_value_builds) == ("one", False, False)
    assert (std.raise_own_build, std.build_for_partner) == (True, False)
    classic = CasinoRules.preset("classic")
    assert classic.sweep_points == 0 and classic.replace(sweep_points=1) == std
    assert classic.preset_name() == "classic"
    assert CasinoRules(court_capture="all").describe() == "standard + court_capture='all'"


def test_every_option_of_the_table_exists() -> None:
    assert set(CasinoRules.options()) == {
        "num_players", "partnerships", "target_score", "sweep_points", "court_capture", "permissive_builds",
        "allow_duplicate_value_builds", "raise_own_build", "build_for_partner",
    }


@pytest.mark.parametrize("bad", [
    {"num_players": 5}, {"num_players": 1}, {"target_score": 0}, {"sweep_points": -1},
    {"court_capture": "two"}, {"permissive_builds": 1}, {"partnerships": "yes"}, {"colour": "red"},
    {"build_for_partner": True}, {"build_for_partner": True, "num_players": 3},
    {"build_for_partner": True, "num_players": 4, "partnerships": False},
])
def test_invalid_options_are_rejected(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidRulesError):
        CasinoRules(**bad)


def test_build_for_partner_with_partnerships() -> None:
    assert CasinoRules(num_players=4, build_for_partner=True).build_for_partner


@pytest.mark.parametrize(("n", "partners", "sides", "side_of", "deals"), [
    (2, True, 2, [0, 1], 6),
    (3, True, 3, [0, 1, 2], 4),
    (4, True, 2, [0, 1, 0, 1], 3),
    (4, False, 4, [0, 1, 2, 3], 3),
])
def test_players_and_sides(n: int, partners: bool, sides: int, side_of: list[int], deals: int) -> None:
    game = CasinoGame(CasinoRules(num_players=n, partnerships=partners))
    assert game.num_players == n and game.num_sides == sides
    assert [game.side_of(s) for s in range(n)] == side_of
    assert game.rules.num_deals == deals
    assert 4 + deals * n * 4 == 52
    assert [game.next_dealer(d, None) for d in range(n)] == [(d + 1) % n for d in range(n)]  # type: ignore[arg-type]


def test_registry() -> None:
    game = make_game("casino", preset="classic", num_players=3)
    assert isinstance(game, CasinoGame)
    assert game.rules.sweep_points == 0 and game.num_players == 3
    assert make_game("casino", rules={"num_players": 4}).num_sides == 2
