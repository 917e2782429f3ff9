"""``state.selection_problem``: why a person's selection of table cards makes no move (the rule), at once."""

from __future__ import annotations

from cardtable.cards import Card, parse_cards
from cardtable.casino import CasinoGame


def test_selection_problem_names_the_rule_or_is_none() -> None:
    state = CasinoGame().from_position("dealer: 1; deal: 6; turn: 0; hand0: 9C KC 8S; hand1: 4H 9D 2H; "
                                       "table: 5S 4S 3H AS KH [single 8 @0: 5C+3D]")
    nine, king = Card.parse("9C"), Card.parse("KC")
    assert state.selection_problem(nine, parse_cards("5S 4S")) is None  # the capture 9C x 5S+4S
    assert state.selection_problem(nine, parse_cards("AS")) is not None  # no 10 held: 9C+AS is no build
    bad = state.selection_problem(nine, parse_cards("5S 3H"))
    assert bad is not None and "7.2.3" in str(bad) and "cannot be split" in str(bad)
    court = state.selection_problem(king, parse_cards("5S"))
    assert court is not None and "court" in str(court)
    assert state.selection_problem(king, parse_cards("KH")) is None
    off = state.selection_problem(nine, parse_cards("2D"))
    assert off is not None and "not on the table" in str(off)
    # a card of a build selects the whole build: 8S takes the 8-build (5C+3D) by picking one of its cards
    assert [str(a) for a in state.moves_for_selection(Card.parse("8S"), parse_cards("3D"))] == ["8S x [8]"]
    assert state.selection_problem(Card.parse("8S"), parse_cards("5C")) is None
