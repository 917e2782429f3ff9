"""The Gin position format: text, one-line and JSON forms, round trips, and impossible positions rejected."""

from __future__ import annotations

import json

import pytest
from gin_positions import position

from cardtable.cards import Card
from cardtable.errors import InvalidNotationError, InvalidPositionError
from cardtable.gin import GinGame, GinRules, GinState

BASE = {
    "dealer": "0", "phase": "draw", "turn": "0",
    "hand0": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "hand1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH", "discard": "KC",
}


def same_position(a: GinState, b: GinState) -> bool:
    return a.to_position() == b.to_position() and a.legal_actions() == b.legal_actions()


def test_text_one_line_json_and_comments_agree() -> None:
    game = GinGame()
    text = "\n".join(f"{k}: {v}" for k, v in BASE.items())
    from_text = game.from_position(text)
    one_line = game.from_position("; ".join(f"{k}: {v}" for k, v in BASE.items()))
    commented = game.from_position("# a draw decision\n" + text.replace("KC", "KC   # the upcard"))
    from_json = game.from_position(json.loads(json.dumps(BASE)))
    assert from_text == one_line == commented == from_json
    assert from_text.stock_size == 52 - 21 and from_text.current_player() == 0
    assert game.from_position(from_text.to_json()) == from_text
    assert game.from_position(from_text.to_position()) == from_text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"dealer": "2"}, "dealer must be 0 or 1"),
        ({"phase": "over"}, "needs 'outcome'"),
        ({"phase": "dealing", "turn": "1"}, "only the hands are set"),
        ({"phase": "dealing", "turn": "1", "discard": "-", "hand0": "AS 2S"}, "as many cards as the dealer or one more"),
        ({"phase": "dealing", "discard": "-"}, "'turn' is the non-dealer"),
        ({"phase": "showdown"}, "phase must be one of"),
        ({"phase": "over", "outcome": "void"}, "needs 'void'"),
        ({"phase": "over", "outcome": "knock"}, "needs the knock discard"),
        ({"phase": "over", "outcome": "gin", "knock": "KD", "melds": "AS2S3S 4S5S6S"}, "every card of the knocker is melded"),
        ({"phase": "over", "outcome": "knock", "knock": "KD", "melds": "AS2S3S4S5S6S7S8S9STS"}, "no deadwood is gin"),
        ({"phase": "over", "outcome": "knock", "knock": "KD", "melds": "AS2S3S 4S5S6S7S8S9S"}, "not an arrangement"),
        ({"phase": "over", "outcome": "knock", "knock": "KD", "melds": "AS2S"}, "not a meld"),
        ({"phase": "over", "outcome": "knock", "knock": "KD", "melds": "AH2H3H"}, "not made of the knocker's"),
        ({"outcome": "void"}, "finished hand only"),
        ({"turn": "x"}, "turn must be 0 or 1"),
        ({"hand0": "AS AS 3S 4S 5S 6S 7S 8S 9S TS"}, "appears twice"),
        ({"discard": "AS"}, "appears twice"),
        ({"hand0": "AS"}, "holds 10 cards"),
        ({"phase": "discard"}, "holds 11 cards"),
        ({"discard": "-"}, "cannot be empty"),
        ({"limit": "abc"}, "must be integers"),
        ({"limit": "11"}, "limit must be 0..10"),
        ({"draws": "-1"}, "draws >= 0"),
        ({"known0": "AH"}, "not in hand0"),
        ({"taken": "AH"}, "hand of the seat to act"),
        ({"taken": "AS"}, "only meaningful"),
        ({"phase": "arrange"}, "needs the knock discard"),
        ({"phase": "offer"}, "seat 1 is to act"),
        ({"phase": "offer", "turn": "1", "discard": "KC QC"}, "single first upcard"),
        ({"phase": "wall"}, "only with 2 cards in the stock"),
        ({"phase": "wall-knock", "hand1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "turn": "1"}, "only with 2 cards"),
    ],
)
def test_impossible_positions_are_rejected(change: dict[str, str], message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        GinGame().from_position({**BASE, **change})


def test_malformed_text_is_rejected() -> None:
    game = GinGame()
    for text, message in [
        ("dealer 0", "without 'key: value'"),
        ("dealer: 0\ndealer: 1", "given twice"),
        ("colour: red", "unknown position field"),
        ("phase: draw", "dealer must be 0 or 1"),
        ("dealer: 0\nphase: draw\nturn: 0", "'hand0' is required"),
    ]:
        with pytest.raises(InvalidPositionError, match=message):
            game.from_position(text)
    with pytest.raises(InvalidPositionError):
        game.from_position(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="not a card"):
        game.from_position({**BASE, "hand1": "AH 2H 3H 4H 5H 6H 7H 8H 9H ZZ"})


def test_arrange_phase_round_trip_with_a_taken_card() -> None:
    # the knocker took 7H from the pile, then knocked 2D: two arrangements remain to choose from
    state = position("4D 5D 6D 7D 7S 7C 2C 3H AS 2D", "8D 9D KS KH KC 2S 3S 4S QC JH", phase="draw", discard="TS 7H")
    state.apply("take")
    state.apply("knock 2D")
    assert state.phase == "arrange" and state.taken is not None
    copy = GinGame().from_position(state.to_position())
    assert same_position(copy, state) and copy.knock_card == state.knock_card
    copy.apply(copy.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert copy.showdown == state.showdown


@pytest.mark.parametrize("game_rules", [GinRules(stock_end="wall"), GinRules.preset("openspiel")])
def test_wall_phases_round_trip(game_rules: GinRules) -> None:
    state = position("6C AS 3S 5S 7D 9C JH QD KC 2H 4D", "4C 5C 9S 9D 9H KS KD KH 2D 3H", stock=2, game_rules=game_rules)
    state.apply("discard 6C")
    game = GinGame(game_rules)
    assert state.phase == "wall" and same_position(game.from_position(state.to_position()), state)
    state.apply("take knock")
    assert state.phase == "wall-knock" and same_position(game.from_position(state.to_position()), state)


def test_arrange_after_knocking_with_the_card_just_taken_round_trips() -> None:
    """openspiel (discard_taken_card): take 2D and knock it; the knocker then chooses among arrangements."""
    game = GinGame(GinRules.preset("openspiel"))
    state = game.from_position("dealer: 1; phase: draw; turn: 0; hand0: AS AH AD 5C 6C 7C 8C JH QH KH; "
                               "hand1: 4C 9C TC 2S 3S 4S 9H 9D 9S KC; discard: 3D 2D")
    state.apply("take")
    state.apply("knock 2D")
    assert state.phase == "arrange" and state.taken == state.knock_card
    back = game.from_position(state.to_position())
    assert same_position(back, state) and back.taken == back.knock_card


def test_the_deal_and_the_finished_hand_have_positions() -> None:
    state = GinGame().new_hand(0)
    assert state.to_position().startswith("dealer: 0\nphase: dealing\nturn: 1")
    state.apply("deal 7H")
    state.apply("deal 2C")
    copy = GinGame().from_position(state.to_position())
    assert copy.hand(1) == [Card.parse("7H")] and copy.hand(0) == [Card.parse("2C")] and copy.stock_size == 50
    assert [str(a) for a in copy.legal_actions()] == [str(a) for a in state.legal_actions()]
    over = position("AS 2S 3S 4H 5H 6H TC JC QC 8D JD", "9S 9D 9H KS KD KH 5C 6C 7C 3D", discard="2C")
    over.apply("knock JD")
    text = over.to_position()
    assert "phase: over" in text and "outcome: knock" in text and "melds: AS2S3S 4H5H6H TCJCQC" in text
    back = GinGame().from_position(text)
    assert back.is_terminal() and back.showdown == over.showdown and back.returns() == over.returns()
    assert back.view(1).discard_pile[-1] == Card.parse("JD")  # the knock discard is shown after the hand


def test_oklahoma_limit_comes_from_the_upcard_field() -> None:
    game = GinGame(GinRules.preset("oklahoma"))
    assert game.from_position({**BASE, "upcard": "6D", "discard": "6D KC"}).knock_limit == 6
    assert game.from_position({**BASE, "discard": "AD KC"}).knock_limit == 0  # bottom card: the first upcard
    assert game.from_position({**BASE, "limit": "3"}).knock_limit == 3
