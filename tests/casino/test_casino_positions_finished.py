"""Casino: the finished hand's position, and the public helpers of :mod:`cardtable.casino.tools`."""

from __future__ import annotations

import random

import pytest
from casino_crowded_support import issue_table

from cardtable.cards import Card, cards_to_mask, parse_cards
from cardtable.casino import CasinoGame, CasinoRules
from cardtable.casino.legal_moves import LegalMoves
from cardtable.casino.tools import moves_as_if, score_piles, validate_build
from cardtable.errors import InvalidPositionError

PILE0 = "TD AS AH 2S 3S 4S 5S 6S 7S KD KC 9H 9D 8C"


def finished(residue: str = "8C") -> str:
    """Side 0's pile; every other card is in side 1's pile (captured1 left out)."""
    return f"dealer: 1; turn: over; captured0: {PILE0}; last_capturer: 0; sweeps: 1 0; residue: {residue}"


def played_out(seed: int, players: int = 2) -> object:
    state = CasinoGame(CasinoRules(num_players=players)).new_hand(0)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_a_finished_hand_is_written_and_read_back() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        state = played_out(seed, players)
        text = state.to_position()  # type: ignore[attr-defined]
        assert "turn: over" in text and "residue:" in text
        back = CasinoGame(CasinoRules(num_players=players)).from_position(text)
        assert back.is_terminal() and back.to_position() == text
        assert back.breakdown() == state.breakdown() and back.returns() == state.returns()  # type: ignore[attr-defined]
        assert back.view(0).result == state.view(0).result  # type: ignore[attr-defined]


def test_a_finished_hand_is_scored_from_its_piles() -> None:
    state = CasinoGame().from_position(finished())
    assert state.is_terminal() and state.residue == Card.parse("8C").bit
    # side 0: 7 spades of 13 (most spades), 2 aces, big casino, little casino, 1 sweep; side 1: 38 cards, 2 aces
    assert state.returns() == [1 + 2 + 2 + 1 + 1, 3 + 2]


@pytest.mark.parametrize(("text", "message"), [
    (finished().replace("residue: 8C", "residue: 8D"), "went to side 0's pile"),
    (finished() + "; hand0: QS", "every hand and the table are empty"),
    (finished() + "; table: QS", "every hand and the table are empty"),
    (finished() + "; deal: 1", "after the last deal"),
    ("dealer: 1; turn: 0; hand0: 3D; hand1: 4H; residue: 5C", "finished hand only"),
    (finished() + "; pack: 2", "the pack holds 0 cards"),
])
def test_impossible_finished_hands_are_rejected(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        CasinoGame().from_position(text)


def test_score_piles() -> None:
    a, b = score_piles(["TD AS 2S 3S", "2H 3H 4H 5H 6H"], [1, 0])
    assert (a.big_casino, a.little_casino, a.aces, a.most_spades, a.sweep_points, a.total) == (2, 1, 1, 1, 1, 6)
    assert (b.most_cards, b.total) == (3, 3)
    assert [s.total for s in score_piles(["TD AS 2S 3S", "2H 3H 4H 5H 6H"], [1, 0], CasinoRules.preset("classic"))] == [5, 3]
    masks = [cards_to_mask(parse_cards("TD AS")), cards_to_mask(parse_cards("2S"))]
    assert [s.total for s in score_piles(masks)] == [3 + 1 + 2, 1]  # one spade each: nobody has most spades
    with pytest.raises(InvalidPositionError, match="2 piles are needed"):
        score_piles(["TD"])
    with pytest.raises(InvalidPositionError, match="shares cards"):
        score_piles(["TD AS", "AS"])
    with pytest.raises(InvalidPositionError, match="sweeps must be 2 counts"):
        score_piles(["TD", "AS"], [1])
    with pytest.raises(InvalidPositionError, match="pile 1"):
        score_piles(["TD", "XX"])


def test_validate_build() -> None:
    build = validate_build("[single 8 @1: 5C+3D]", ["KS", "8H 2C"])
    assert (build.value, build.controller, build.kind) == (8, 1, "single")
    assert validate_build(build, [["KS"], ["8H", "2C"]]) is build
    with pytest.raises(InvalidPositionError, match="holds no card of value 8"):
        validate_build(build, ["8H", "2C"])
    with pytest.raises(InvalidPositionError, match="not worth 8"):
        validate_build("single 8 @1: 5C+4D", ["KS", "8H"])
    with pytest.raises(InvalidPositionError, match="court cards"):
        validate_build("multiple 8 @1: 5C+3D | 8D+KS", ["KS", "8H"])
    with pytest.raises(InvalidPositionError, match=r"controller must be a seat 0\.\.1"):
        validate_build("single 8 @2: 5C+3D", ["KS", "8H"])
    with pytest.raises(InvalidPositionError, match="also in a hand"):
        validate_build("single 8 @1: 5C+3D", ["KS", "8H 5C"])
    other = validate_build("single 8 @0: 6H+2D", ["8S", "8H"])
    with pytest.raises(InvalidPositionError, match="two builds share a value"):
        validate_build("single 8 @1: 5C+3D", ["8S", "8H"], others=[other])
    duplicates = CasinoRules(allow_duplicate_value_builds=True)
    assert validate_build("single 8 @1: 5C+3D", ["8S", "8H"], duplicates, others=[other]).value == 8


def test_moves_as_if_it_were_that_seats_turn() -> None:
    game = CasinoGame()
    table = "table: 5C [single 7 @0: 4S+3C]"
    state = game.from_position(f"dealer: 1; turn: 0; hand0: 7D 8S; hand1: 4H 9C; {table}")
    assert moves_as_if(state, 0) == state.legal_actions()
    their_turn = game.from_position(f"dealer: 1; turn: 1; hand0: 7D; hand1: 4H 9C; {table}")
    assert moves_as_if(state, 1) == their_turn.legal_actions()
    guessed = game.from_position(f"dealer: 1; turn: 1; hand0: 7D; hand1: 7H 2H; {table}")
    assert moves_as_if(state, 1, hand="7H 2H") == guessed.legal_actions()
    assert "7H x [7]" in {str(a) for a in guessed.legal_actions()}
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        moves_as_if(state, 2)
    with pytest.raises(InvalidPositionError, match="on the table"):
        moves_as_if(state, 1, hand="5C 2H")


def test_moves_as_if_stays_lazy_on_a_crowded_table() -> None:
    state = issue_table(2, 24)
    other = moves_as_if(state, 1, hand=state.hands[0])  # seat 1 holding seat 0's cards
    assert isinstance(other, LegalMoves) and len(other) == state.legal_action_count() > 100_000
    assert other[12345] in other and state.can_apply(other[12345])
