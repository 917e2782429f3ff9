"""Rules config: presets, every option, invalid values; the game registry."""

from __future__ import annotations

import pytest

from cardtable.errors import InvalidRulesError
from cardtable.pinochle import PinochleGame, PinochleRules
from cardtable.registry import make_game


def test_standard_defaults() -> None:
    r = PinochleRules.preset("standard")
    assert r.to_dict() == {
        "target_score": 1000, "counting": "simple", "dix_scores_when_played": True,
        "meld_requires_hand_card": False, "double_pinochle_300": False, "declare_out": False,
    }
    assert r.preset_name() == "standard"


def test_hoyle_preset() -> None:
    r = PinochleRules.preset("hoyle")
    assert (r.dix_scores_when_played, r.meld_requires_hand_card, r.counting, r.double_pinochle_300) == (
        False, True, "classic", True)
    assert r.target_score == 1000 and r.declare_out is False
    assert r.preset_name() == "hoyle"


def test_overrides_and_describe() -> None:
    r = PinochleRules.preset("hoyle", target_score=500)
    assert r.target_score == 500 and r.preset_name() is None
    assert "target_score=500" in PinochleRules(target_score=500).describe()


@pytest.mark.parametrize("options", [
    {"target_score": 0}, {"target_score": "1000"}, {"target_score": True}, {"counting": "metric"},
    {"counting": 1}, {"dix_scores_when_played": 1}, {"meld_requires_hand_card": "yes"},
    {"double_pinochle_300": None}, {"declare_out": 0}, {"no_such_option": True},
])
def test_invalid_values_rejected(options: dict[str, object]) -> None:
    with pytest.raises(InvalidRulesError):
        PinochleRules(**options)  # type: ignore[arg-type]


def test_unknown_preset() -> None:
    with pytest.raises(InvalidRulesError):
        PinochleRules.preset("tournament")


def test_frozen_and_round_trip() -> None:
    r = PinochleRules(counting="modern", declare_out=True)
    with pytest.raises(AttributeError):
        r.counting = "simple"  # type: ignore[misc]
    assert PinochleRules.from_dict(r.to_dict()) == r


def test_registry() -> None:
    g = make_game("pinochle", preset="hoyle")
    assert isinstance(g, PinochleGame) and g.rules == PinochleRules.preset("hoyle")
    assert make_game("pinochle", counting="modern").rules.counting == "modern"
