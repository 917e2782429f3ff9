"""Action notation: round trips, cards without a copy suffix, ambiguity, rule-naming errors."""

from __future__ import annotations

import random

import pytest
from pinochle_support import pos, step

from cardtable.core import GameState
from cardtable.errors import AmbiguousActionError, IllegalActionError, InvalidNotationError
from cardtable.pinochle import PinochleGame
from cardtable.pinochle.actions import DECLARE_OUT, NO_EXCHANGE, NO_MELD, PLAY, meld_action
from cardtable.pinochle.deck import parse_card, parse_mask
from cardtable.pinochle.melds import PINOCHLE

PLAY_POS = "dealer: 0; leader: 1; trumpcard: KSb; hand1: QSa QSb JDa +9; hand0: 12"


def test_texts() -> None:
    assert str(PLAY[parse_card("QSa")]) == "play QSa"
    assert str(meld_action(PINOCHLE, parse_mask("QSa JDb"))) == "meld pinochle QSa JDb"
    assert (str(NO_MELD), str(NO_EXCHANGE), str(DECLARE_OUT)) == ("no meld", "no exchange", "declare out")
    assert meld_action(PINOCHLE, parse_mask("QSa JDb")).pretty() == "meld pinochle Q♠a J♦b"


def test_round_trip_through_random_hands() -> None:
    rng = random.Random(11)
    for dealer in (0, 1):
        state = PinochleGame().new_hand(dealer)
        while not state.is_terminal():
            for action in state.legal_actions():
                assert state.parse_action(str(action)) == action
            step(state, rng)


def test_copyless_card_when_unambiguous() -> None:
    s = pos(PLAY_POS)
    assert str(s.parse_action("play JD")) == "play JDa"
    assert str(s.parse_action("JD")) == "play JDa"
    assert str(s.parse_action("Play  J♦a")) == "play JDa"
    with pytest.raises(AmbiguousActionError) as err:
        s.parse_action("play QS")
    assert set(err.value.candidates) == {"play QSa", "play QSb"}


def test_meld_notation_variants() -> None:
    s = pos("dealer: 1; phase: meld; leader: 0; trumpcard: AHb; won0: 2; hand1: 11; hand0: QSa JDa JDb KHa QHa +6")
    assert str(s.parse_action("meld pinochle JDa QSa")) == "meld pinochle QSa JDa"
    assert str(s.parse_action("meld royal marriage KH QH")) == "meld royal-marriage KHa QHa"
    assert str(s.parse_action("meld royal KHa QHa")) == "meld royal-marriage KHa QHa"
    with pytest.raises(AmbiguousActionError):
        s.parse_action("meld pinochle QS JD")
    assert str(s.parse_action("meld pinochle QS JDb")) == "meld pinochle QSa JDb"
    assert s.parse_action("nomeld") is NO_MELD


def test_bad_notation() -> None:
    s = pos(PLAY_POS)
    for text in ("", "fly QSa", "play", "play XX", "meld nothing QSa", "play QSa QSb"):
        with pytest.raises(InvalidNotationError):
            s.apply(text)


def test_illegal_names_the_rule() -> None:
    s = pos(PLAY_POS)
    before = s.to_position()
    with pytest.raises(IllegalActionError, match=r"you do not hold the A♠ \[4\.1\]"):  # never where it is
        s.apply("play ASa")
    with pytest.raises(IllegalActionError, match=r"6\.1"):
        s.apply("meld pinochle QSa JDa")
    with pytest.raises(IllegalActionError, match=r"10\.3"):
        s.apply("declare out")
    with pytest.raises(IllegalActionError, match="chance"):
        s.apply("draw 9Ca")
    assert s.to_position() == before


def test_exchange_errors() -> None:
    s = pos("dealer: 1; phase: exchange; leader: 0; trumpcard: ACa; won0: 2; hand1: 11; hand0: 9Ca +10")
    with pytest.raises(IllegalActionError, match=r"only a dix.*7\.1"):
        s.apply("exchange ASa")
    with pytest.raises(IllegalActionError, match=r"decide the dix exchange first"):
        s.apply("no meld")
    with pytest.raises(IllegalActionError, match=r"7\.1"):
        s.apply("exchange 9Cb")


def test_meld_shape_errors() -> None:
    s = pos("dealer: 1; phase: meld; leader: 0; trumpcard: AHb; won0: 2; hand1: QSb +10; hand0: QSa JDa +9")
    with pytest.raises(IllegalActionError, match=r"do not form.*6\.2"):
        s.apply("meld pinochle QSa JSa")
    with pytest.raises(IllegalActionError, match=r"you do not hold that copy of the Q♠.*6\.3\.1"):  # the opponent's
        s.apply("meld pinochle QSb JDa")
    with pytest.raises(IllegalActionError, match=r"7\.2|6\.3\.1"):
        s.apply("meld dix 9Ha")


def test_fast_chance_matches_generic_sampler() -> None:
    rng = random.Random(8)
    state = PinochleGame().new_hand(1)
    while not state.is_terminal():
        if state.is_chance_node():
            seed = rng.randrange(10**9)
            fast = state.sample_chance(random.Random(seed))
            generic = GameState.sample_chance(state, random.Random(seed))
            assert fast == generic
            for bad in ("deal ASa", "turnup ASa", "draw ASa", "play ASa"):
                if bad != str(fast) and not state.can_apply(state.parse_unlisted(bad)):
                    with pytest.raises(IllegalActionError):
                        state.apply(state.parse_unlisted(bad))
        step(state, rng)
