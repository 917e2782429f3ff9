"""Move notation: every legal move's text reads back to itself, and the looser spellings people type."""

from __future__ import annotations

import random

import pytest
from casino_positions import names, play_random, position, random_position, variants
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.casino import CasinoGame, CasinoRules, CasinoState
from cardtable.errors import AmbiguousActionError, CardtableError, IllegalActionError, InvalidNotationError


def round_trip(state: CasinoState) -> None:
    legal = state.legal_actions()
    texts = names(legal)
    assert len(set(texts)) == len(texts), f"ambiguous notation: {texts}"
    assert len({t.lower() for t in texts}) == len(texts)
    for a in legal:
        assert state.parse_action(str(a)) == a
        assert state.parse_action(a.pretty()) == a
        assert state.parse_action(str(a).lower()) == a


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_legal_move_round_trips(n: int) -> None:
    rng = random.Random(n)
    for options in variants(n):
        game = CasinoGame(CasinoRules(**options))
        play_random(game.new_hand(0), rng, round_trip)
        for _ in range(20):
            round_trip(random_position(rng, game.rules))


def test_chance_steps_round_trip() -> None:
    rng = random.Random(3)
    state = CasinoGame().new_hand(1)
    while not state.is_terminal():
        if state.is_chance_node():
            for a in state.legal_actions()[:3]:
                assert state.parse_action(str(a)) == a
        legal = state.legal_actions()
        state.apply(str(legal[rng.randrange(len(legal))]))


C08 = "dealer: 1; turn: 0; hand0: 2C 7D; hand1: 4H 9C; table: 3D 4S 5H 7C"


@pytest.mark.parametrize("text", [
    "2C b7 5H 3D+4S 7C", "2c b7 5h 3d 4s 7c", "2C b 7 7C 3D+4S 5H", "2C build 7 5H | 3D+4S | 7C",
    "2♣ b7 5♥ 3♦+4♠ 7♣", "2C B7 4S+3D 7C 5H",
])
def test_grouping_and_spelling_do_not_matter(text: str) -> None:
    s = position(C08)
    assert str(s.parse_action(text)) == "2C b7 5H 7C 4S+3D"


@pytest.mark.parametrize(("text", "want"), [
    ("trail 7D", "7D trail"), ("7D t", "7D trail"), ("7d TRAIL", "7D trail"),
    ("7D x 3D 4S", "7D x 4S+3D"), ("7D capture 7C", "7D x 7C"), ("7D take 4S+3D 7C", "7D x 7C 4S+3D"),
])
def test_verbs(text: str, want: str) -> None:
    assert str(position(C08).parse_action(text)) == want


def test_tens_and_build_references() -> None:
    s = position("dealer: 1; turn: 0; hand0: 3S 10C; hand1: 7S 3C; table: 10D [single 7 @1: 2H+5C]")
    want = "3S b10 [7] TD"
    for text in (want, "3S b10 [7] 10D", "3s bt [7] td", "3S b10 [7:2H,5C] TD", "3S b10 [2H+5C] 10D", "3S b10 TD [7]"):
        assert str(s.parse_action(text)) == want
    with pytest.raises(IllegalActionError, match="no build"):
        s.apply("3S b10 [9] TD")


def test_full_references_when_builds_may_share_a_value() -> None:
    text = "dealer: 1; turn: 0; hand0: 8D 8H; hand1: 8S 8C; table: [single 8 @0: 5C+3D] [8 @1: 6H+2H]"
    s = position(text, allow_duplicate_value_builds=True)
    texts = names(s.legal_actions())
    assert "8D x [8:6H,2H] [8:5C,3D]" in texts
    assert "8D x [8:5C,3D]" in texts
    with pytest.raises(InvalidNotationError, match="ambiguous"):
        s.apply("8D x [8]")
    assert str(s.parse_action("8D x [5C+3D]")) == "8D x [8:5C,3D]"


@pytest.mark.parametrize("text", ["", "zz", "8S q 5D", "8S x 5D 5D", "deal", "8S b", "8S b99x"])
def test_unreadable_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        position(C08).apply(text)


def test_ambiguous_error_is_a_notation_error() -> None:
    assert issubclass(AmbiguousActionError, InvalidNotationError)


def test_illegal_moves_name_their_rule() -> None:
    s = position(C08)
    cases = {
        "9S trail": "7 one card from the hand",
        "2C x 5H": "7.2.3",
        "7D x 7C 5H": "7.2.3",
        "2C b9 7C": "holding requirement 7.3.1",
        "7D b7": "7.3.1 material",
        "2C b7 9H": "4.1 loose cards",
        "deal 5S": "chance",
    }
    for text, rule in cases.items():
        with pytest.raises(IllegalActionError) as info:
            s.apply(text)
        assert rule in info.value.rule, (text, info.value)
    assert s.to_position() == position(C08).to_position()  # nothing changed


@pytest.mark.parametrize(("setup", "move", "rule"), [
    ("table: KS QH 5C; hand0: KD 8S; hand1: 4H 9C", "KD x QH", "court capture 7.2.1"),
    ("table: KS QH 5C; hand0: KD 5S; hand1: 4H 9C", "5S x KS", "7.2.2"),
    ("table: KS QH 5C; hand0: KD 5S; hand1: 4H 9C", "KD b5 5C", "3.3 / 7.3.1"),
    ("table: KS QH 5C; hand0: KD 5S; hand1: 4H 9C", "5S x QH 5C", "7.2.2"),
    ("table: 5C 3D; hand0: 8S 2S; hand1: 4H 9C", "2S b11 5C 3D", "7.3.6 value"),
    ("table: [single 5 @1: 3C+2C] [single 4 @1: AC+3S]; hand0: AS 9S; hand1: 5H 4H", "AS b9 [5] [4]",
     "7.3.6 builds used"),
    ("table: [single 5 @1: 3C+2C] 2D; hand0: AS 8S; hand1: 5H 4H", "AS b8 [5] 2D", "7.3.3"),
    ("table: [single 5 @1: 3C+2C]; hand0: 4S 8S; hand1: 5H 4H", "4S b8 [5]", "7.3.3 raise"),
])
def test_more_rules_named(setup: str, move: str, rule: str) -> None:
    s = position(f"dealer: 1; turn: 0; {setup}")
    with pytest.raises(IllegalActionError) as info:
        s.apply(move)
    assert rule in info.value.rule, info.value


def test_raise_own_and_court_all_rules_named() -> None:
    s = position("dealer: 1; turn: 0; hand0: 2S 8D 6C; hand1: 3C 4C 5C; table: [single 6 @0: 2D+4S] KS KH",
                 raise_own_build=False)
    with pytest.raises(IllegalActionError, match="raise_own_build"):
        s.apply("2S b8 [6]")
    s = position("dealer: 1; turn: 0; hand0: KD 8D; hand1: 3C 4C; table: KS KH", court_capture="all")
    with pytest.raises(IllegalActionError, match="court_capture = 'all'"):
        s.apply("KD x KS")
    s.apply("KD x KS KH")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789TJQKASHDCtxb[]:,+| @lastrailde♠♥", max_size=24))
def test_any_text_parses_or_raises_a_cardtable_error(text: str) -> None:
    s = position("dealer: 1; turn: 0; hand0: 2C 7D TS; hand1: 4H 8C KD; table: 3D 4S 5H 7C [single 8 @1: 5C+3C]")
    try:
        action = s.apply(text)
    except CardtableError:
        return
    assert action in position("dealer: 1; turn: 0; hand0: 2C 7D TS; hand1: 4H 8C KD;"
                              " table: 3D 4S 5H 7C [single 8 @1: 5C+3C]").legal_actions()
