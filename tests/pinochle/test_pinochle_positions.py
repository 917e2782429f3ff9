"""Positions: text and JSON round trips, the documented example, and impossible positions rejected."""

from __future__ import annotations

import random

import pytest
from pinochle_support import game, legal, pos, step

from cardtable.errors import InvalidPositionError
from cardtable.pinochle import PinochleState, position
from cardtable.pinochle.deck import FULL


def _random_points(seed: int, count: int) -> list[PinochleState]:
    rng = random.Random(seed)
    out = []
    state = game().new_hand(seed % 2)
    while len(out) < count:
        if state.is_terminal():
            state = game().new_hand(rng.randrange(2))
        step(state, rng)
        if state.phase not in ("deal", "over"):
            out.append(state.clone())
    return out


@pytest.mark.parametrize("seed", range(4))
def test_text_and_json_round_trip(seed: int) -> None:
    for state in _random_points(seed, 60):
        again = game().from_position(state.to_position())
        assert again.to_fields() == state.to_fields()
        assert legal(again) == legal(state)
        assert again.current_player() == state.current_player()
        assert game().from_position(state.to_json()).to_fields() == state.to_fields()


def test_documented_example() -> None:
    text = position.__doc__.split("::")[1].split("\n\n")[1]  # type: ignore[union-attr]
    s = game().from_position(text.replace("\n", ";"))
    assert s.stage == 2 and s.current_player() == 0
    assert legal(s) == {"play TDa"}


def test_conservation_in_positions() -> None:
    s = pos("dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12")
    total = s.hand(0) | s.hand(1) | s.won[0] | s.won[1] | s.stock | (1 << s.trump_card)
    assert total == FULL and s.stock.bit_count() == 23


@pytest.mark.parametrize("text", [
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 11",  # wrong hand size
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: KSb +11; hand0: 12",  # card twice
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12; stock: 22",  # wrong stock count
    "dealer: 0; leader: 1; hand1: 12; hand0: 12",  # no trump
    "dealer: 2; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12",
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12; phase: over",
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12; colour: red",
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12; turn: 0",
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 11; melded0: KHa",  # melded without record
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12; known0: 9Cb",
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12; dix: 9Ha",
    "dealer: 0; leader: 1; trumpcard: 9Sa; hand1: 12; hand0: 12",  # turned-up dix must have scored
    "dealer: 0; leader: 1; trump: S; trumpcard: -; won0: 12; won1: 12; hand1: 12; hand0: 11; melded0: KHa;"
    " records: KHa=marriage",  # melds in stage 2
    "dealer: 1; phase: exchange; leader: 0; trumpcard: ACa; won0: 2; hand1: 11; hand0: 11",  # no dix to exchange
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12; won0: 1",
    "dealer: 0; leader: 1; trumpcard: KHb; trump: S; hand1: 12; hand0: 12",
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12; declarer: 0",  # declarer in play
    "dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12; phase: over; declarer: 2",
    "dealer: 0; phase: deal; hand0: 4",  # the non-dealer gets the first packet of four
    "dealer: 0; phase: deal; hand0: 5",  # packets of four
    "dealer: 0; phase: deal; hand1: 4; trumpcard: KSb",  # no turn-up during the deal
    "dealer: 0; phase: deal; hand1: 4; turn: 1",  # the next packet goes to seat 0
])
def test_impossible_positions(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        pos(text)


def test_the_deal_and_the_finished_hand_have_positions() -> None:
    state = game().new_hand(0)
    assert state.to_position() == "dealer: 0\nphase: deal\nhand0: -\nhand1: -\ntotals: 0 0\n"
    rng = random.Random(3)
    for _ in range(6):
        step(state, rng)
    back = game().from_position(state.to_position())
    assert back.concealed == state.concealed and back.dealt == 6 and back.deal_target() == state.deal_target() == 0
    while not state.is_terminal():
        step(state, rng)
    text = state.to_position()
    assert "phase: over" in text and "declarer: -" in text
    back = game().from_position(text)
    assert back.is_terminal() and back.returns() == state.returns() and back.counters == state.counters


def test_a_declaration_ends_the_hand_wherever_it_was_made() -> None:
    rules_game = game(declare_out=True)
    state = rules_game.new_hand(1)
    rng = random.Random(8)
    while state.phase != "exchange" and state.phase != "meld":
        step(state, rng)
        if state.is_terminal():
            state = rules_game.new_hand(1)
    state.apply("declare out")
    text = state.to_position()
    assert "phase: over" in text and f"declarer: {state.declarer}" in text
    back = rules_game.from_position(text)
    assert back.returns() == state.returns() and back.declarer == state.declarer


def test_a_meld_step_without_a_legal_meld_can_be_set_up() -> None:
    """Play skips it, but a position may name it: its only move is to make no meld."""
    s = pos("dealer: 1; phase: meld; leader: 0; trumpcard: ACa; won0: 2; hand1: 11; "
            "hand0: 9Sa 9Sb 9Ha 9Hb 9Da 9Db TSa TSb THa THb TDa")
    assert legal(s) == {"no meld"}
    s.apply("no meld")
    assert s.phase == "draw-winner"
