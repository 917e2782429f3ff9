"""Every numbered example of casino.md (C-01 .. C-37), each set up from a position string.

Unless a test says otherwise: 2 players, preset ``standard``, seat 1 deals and
seat 0 (the mover) plays first in the round, so both hands have equal size.
"""

from __future__ import annotations

import pytest
from casino_positions import game, names, position

from cardtable.cards import Card, cards_to_mask, parse_cards
from cardtable.casino import CasinoRules
from cardtable.casino.builds import parse_build
from cardtable.casino.scoring import score_hand
from cardtable.core import HandResult
from cardtable.errors import IllegalActionError, InvalidPositionError


def mask(text: str) -> int:
    return cards_to_mask(parse_cards(text))


def two(table: str, hand: str, other: str, **options: object) -> object:
    return position(f"dealer: 1; turn: 0; hand0: {hand}; hand1: {other}; table: {table}", **options)


def illegal(state: object, move: str, rule: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        state.apply(move)  # type: ignore[attr-defined]
    assert rule in info.value.rule, f"{move}: {info.value}"


def test_c01_court_card_takes_only_one() -> None:
    s = two("QS QH 7D", "QD 5C", "4H 9C")
    assert set(names(s.legal_actions())) == {"QD x QS", "QD x QH", "QD trail", "5C trail"}
    illegal(s, "QD x QS QH", "7.2.1")
    s = two("QS QH 7D", "QD 5C", "4H 9C", court_capture="all")
    assert [a for a in names(s.legal_actions()) if a.startswith("QD x")] == ["QD x QS QH"]
    illegal(s, "QD x QS", "7.2.1")


def test_c02_one_two_or_three_equal_cards() -> None:
    s = two("8C 8D 8H", "8S KC", "4H 9C")
    legal = s.legal_actions()
    assert len(legal) == 9
    assert len([a for a in legal if a.kind == "capture"]) == 7
    assert {str(a) for a in legal if a.card == Card.parse("KC")} == {"KC trail"}
    illegal(s, "8S b8 8C", "holding requirement 7.3.1")
    illegal(s, "8S b16 8C", "7.3.6 value")
    s.apply("8S x 8C 8D 8H")
    assert s.sweeps == [1, 0]


def test_c03_capture_by_sums() -> None:
    s = two("5D 3C 4H 2S 2D", "8S JC", "4S 9C")
    assert set(names(s.legal_actions())) == {
        "8S x 5D+3C", "8S x 4H+2S+2D", "8S x 5D+3C 4H+2S+2D", "8S trail", "JC trail",
    }


def test_c04_disjoint_groups_not_everything() -> None:
    s = two("AC 2D 3H 5S 6C 8D", "8S JC", "4S 9C")
    captures = {frozenset(str(c) for c in parse_cards(" ".join(str(Card.from_index(i)) for i in range(52) if a.loose >> i & 1)))
                for a in s.legal_actions() if a.kind == "capture"}
    want = [
        "8D", "6C 2D", "5S 3H", "5S 2D AC", "8D 6C 2D", "8D 5S 3H", "8D 5S 2D AC", "6C 2D 5S 3H", "8D 6C 2D 5S 3H",
    ]
    assert captures == {frozenset(w.split()) for w in want}
    assert len(s.legal_actions()) == 11
    illegal(s, "8S x AC 2D 3H 5S 6C 8D", "7.2.3")


def test_c05_single_build_then_no_trail() -> None:
    s = two("5C", "3D 8S", "4H 9C")
    assert set(names(s.legal_actions())) == {"3D b8 5C", "3D trail", "8S trail"}
    s.apply("3D b8 5C")
    (b,) = s.builds
    assert (b.kind, b.value, b.controller, b.cards) == ("single", 8, 0, mask("5C 3D"))
    s.apply("4H trail")
    assert names(s.legal_actions()) == ["8S x [8]"]
    illegal(s, "8S trail", "controller rule 7.4.1")


def test_c06_one_card_four_uses() -> None:
    s = two("AC 2D", "3H 3S 6D", "4H 9C KD")
    with_3h = {a for a in names(s.legal_actions()) if a.startswith("3H")}
    assert with_3h == {"3H x 2D+AC", "3H b6 2D+AC", "3H b3 2D+AC", "3H trail"}
    assert {a for a in names(s.legal_actions()) if a.startswith("6D")} == {"6D trail"}
    assert len(s.legal_actions()) == 9
    illegal(s, "3H b4 AC", "holding requirement 7.3.1")
    illegal(s, "3H b5 2D", "holding requirement 7.3.1")
    t = s.clone()
    t.apply("3H b6 2D+AC")
    assert str(t.builds[0]) == "[single 6 @0: 3H+2D+AC]"
    s.apply("3H b3 AC 2D")
    assert s.builds[0].kind == "multiple" and s.builds[0].value == 3


@pytest.mark.parametrize("text", [
    "single 5 @0: 2S+3S", "single 10 @0: AS+4S+5S", "multiple 5 @0: 2S+3S | 4S+AS",
    "multiple 9 @0: 9S | 9H", "multiple 9 @0: 6S+3S | 5S+4S | 9H", "multiple 1 @0: AS | AH",
])
def test_c07_valid_builds(text: str) -> None:
    parse_build(text)


@pytest.mark.parametrize("text", [
    "single 5 @0: 5S", "single 10 @0: JS+TS", "multiple 9 @0: 6S+3S | 6H+4H", "single 11 @0: 2C+9D",
    "multiple 5 @0: 2S+3S",
])
def test_c07_invalid_builds(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        parse_build(text)


def test_c08_five_card_multiple_build() -> None:
    s = two("3D 4S 5H 7C", "2C 7D", "4H 9C")
    assert {a for a in names(s.legal_actions()) if a.startswith("2C")} == {
        "2C b7 5H", "2C b7 5H 7C", "2C b7 5H 4S+3D", "2C b7 5H 7C 4S+3D", "2C trail",
    }
    assert {a for a in names(s.legal_actions()) if a.startswith("7D")} == {
        "7D x 7C", "7D x 4S+3D", "7D x 7C 4S+3D", "7D trail",
    }
    s.apply("2C b7 5H 3D+4S 7C")
    assert str(s.builds[0]) == "[multiple 7 @0: 5H+2C | 7C | 4S+3D]"
    assert s.sweeps == [0, 0] and s.loose == 0


C09 = "dealer: 1; turn: 0; hand0: 9C 2H; hand1: 7S 6D; table: 5D 4C [single 9 @0: 6S+3H]"


def test_c09_capturing_a_build_with_loose_cards() -> None:
    s = position(C09)
    assert set(names(s.legal_actions())) == {"9C x [9]", "9C x 5D+4C [9]"}
    illegal(s, "2H trail", "controller rule 7.4.1")
    illegal(s, "9C trail", "controller rule 7.4.1")
    illegal(s, "9C x 5D+4C", "no-orphan 7.4.2")
    illegal(s, "9C b9 [9]", "holding requirement 7.3.1")
    s.apply("9C x [9] 5D+4C")
    assert s.sweeps == [1, 0]


def test_c10_a_build_is_not_a_summand() -> None:
    s = two("2D [single 7 @1: 4H+3S]", "9S 7C", "7H 5S")
    assert set(names(s.legal_actions())) == {"7C x [7]", "7C b9 2D", "7C trail", "9S trail"}
    illegal(s, "9S x 2D [7]", "not a summand")
    illegal(s, "7C b7 [7]", "holding requirement 7.3.1")
    s.apply("7C b9 2D")
    assert {b.value for b in s.builds} == {7, 9}


def test_c11_raising_twice_three_players() -> None:
    s = position("dealer: 2; turn: 0; hand0: 3S 6C; hand1: 2H 8C; hand2: AD 9S; table: 3D", num_players=3)
    s.apply("3S b6 3D")
    s.apply("2H b8 [6]")
    assert s.builds[0].controller == 1 and s.builds[0].is_single and s.builds[0].value == 8
    assert not s.controlled_by(0)
    s.apply("AD b9 [8]")
    (b,) = s.builds
    assert (b.value, b.kind, b.controller, b.cards) == (9, "single", 2, mask("3S 3D 2H AD"))
    assert "6C trail" in names(s.legal_actions())


def test_c12_a_multiple_build_is_fixed() -> None:
    table = "[multiple 3 @1: 3S | 3D]"
    s = two(table, "2H 5C", "3C 9C")
    illegal(s, "2H b5 [3]", "multiple build fixed")
    s = two(table, "2H 8C", "3C 9C")
    illegal(s, "2H b8 [3]", "multiple build fixed")
    s = two(table, "3H 8C", "3C 9C")
    assert "3H x [3]" in names(s.legal_actions())
    illegal(s, "3H b3 [3]", "holding requirement 7.3.1")
    s = two("[multiple 3 @0: 3S | 3D]", "3H 3C", "8C 9C")
    assert {"3H x [3]", "3H b3 [3]"} <= set(names(s.legal_actions()))


def test_c13_table_cards_cannot_raise_a_single_build() -> None:
    table = "2C [single 5 @1: AS+4D]"
    s = two(table, "3H 8D TS", "5H 9C KD")
    legal = set(names(s.legal_actions()))
    assert {"3H b8 [5]", "8D b10 2C", "3H trail", "8D trail", "TS trail"} <= legal
    illegal(s, "3H b10 [5] 2C", "7.3.3")
    illegal(s, "3H b5 2C [5]", "holding requirement 7.3.1")
    p = two(table, "3H 8D TS", "5H 9C KD", permissive_builds=True)
    p.apply("3H b10 [5]+2C")
    assert str(p.builds[0]) == "[single 10 @0: 4D+3H+2C+AS]"


def test_c14_raise_and_absorb() -> None:
    s = two("9D [single 7 @1: 3C+4H]", "2S 9C", "7H 5S")
    assert {"2S b9 [7] 9D", "2S b9 [7]", "9C x 9D"} <= set(names(s.legal_actions()))
    illegal(s, "9C x [7]", "7.2.2")
    t = s.clone()
    t.apply("2S b9 [7]")
    assert t.builds[0].is_single and t.loose == mask("9D")
    s.apply("2S b9 [7] 9D")
    assert str(s.builds[0]) == "[multiple 9 @0: 4H+3C+2S | 9D]"


def test_c15_adding_with_table_cards_then_hand_card_then_capture() -> None:
    start = "dealer: 1; turn: 0; hand0: 6C 9D 9S; hand1: 9H 4S 5S; table: 3D [single 9 @1: 5S+4H]"
    with pytest.raises(InvalidPositionError):
        position(start)  # 5S twice
    start = "dealer: 1; turn: 0; hand0: 6C 9D 9S; hand1: 9H 4S KS; table: 3D [single 9 @1: 5S+4H]"
    s = position(start)
    illegal(s, "6C b9 3D", "merge rule 7.3.5")
    assert "6C b9 3D" in names(position(start, allow_duplicate_value_builds=True).legal_actions())
    s.apply("6C b9 3D [9]")
    assert str(s.builds[0]) == "[multiple 9 @0: 5S+4H | 6C+3D]"
    s.apply("4S trail")
    illegal(s, "9D trail", "controller rule 7.4.1")
    s.apply("9D b9 [9]")
    assert str(s.builds[0]) == "[multiple 9 @0: 5S+4H | 6C+3D | 9D]"
    s.apply("KS trail")
    s.apply("9S x [9]")
    assert not s.builds


def test_c15_duplicate_value_builds_option() -> None:
    start = "dealer: 1; turn: 0; hand0: 6C 9D 9S; hand1: 9H 4S KS; table: 3D [single 9 @1: 5S+4H]"
    s = position(start, allow_duplicate_value_builds=True)
    s.apply("6C b9 3D")
    assert sorted((b.value, b.controller) for b in s.builds) == [(9, 0), (9, 1)]


def test_c16_adding_to_a_multiple_build() -> None:
    s = two("6D [multiple 8 @1: 3S+5H | 8C]", "2C 8H 8D TS", "8S 4C 9C KD")
    legal = set(names(s.legal_actions()))
    assert {"8H b8 [8]", "2C b8 6D [8]", "8H x [8]", "8D x [8]"} <= legal
    illegal(s, "2C b10 [8]", "multiple build fixed")
    illegal(s, "2C b8 6D", "merge rule 7.3.5")
    s.apply("2C b8 6D [8]")
    assert str(s.builds[0]) == "[multiple 8 @0: 5H+3S | 8C | 6D+2C]"


C17 = "dealer: 1; turn: 0; hand0: 8C 4D; hand1: 7S 6D; table: 8H KS [single 8 @0: 5C+3D]"


def test_c17_the_controller_may_not_trail() -> None:
    s = position(C17)
    assert set(names(s.legal_actions())) == {"8C x [8]", "8C x 8H [8]"}
    illegal(s, "4D trail", "controller rule 7.4.1")
    illegal(s, "8C trail", "controller rule 7.4.1")
    illegal(s, "8C x 8H", "no-orphan 7.4.2")
    illegal(s, "8C b8 [8]", "holding requirement 7.3.1")
    illegal(s, "4D b8 [8]", "7.3.6 grouping")


def test_c18_control_passes() -> None:
    s = position("dealer: 1; turn: 0; hand0: 8C 4D; hand1: TS 6D; table: 8H KS [single 10 @1: 5C+3D+2S]")
    assert set(names(s.legal_actions())) == {"4D trail", "8C trail", "8C x 8H"}
    s.apply("4D trail")
    illegal(s, "6D trail", "controller rule 7.4.1")


def test_c19_partnership_trail() -> None:
    s = position("dealer: 3; turn: 0; hand0: TH 2C; hand1: 5D 3C; hand2: TC 4S; hand3: 6H 7H; table: KD QC",
                 num_players=4)
    s.apply("TH trail")
    s.apply("5D trail")
    assert s.turn == 2
    legal = set(names(s.legal_actions()))
    assert {"TC trail", "TC x TH"} <= legal
    illegal(s, "TC b10 TH", "holding requirement 7.3.1")
    p = position("dealer: 3; turn: 2; hand0: 2C; hand1: 3C; hand2: TC 4S; hand3: 6H 7H; table: KD QC TH 5D",
                 num_players=4, build_for_partner=True)
    illegal(p, "TC b10 TH", "holding requirement 7.3.1")  # only adding to a partner's build is allowed


def test_c20_residue_goes_to_the_last_capturer() -> None:
    s = position("dealer: 0; deal: 6; turn: 0; hand0: 4C; hand1: -; table: JD; last_capturer: 1;"
                 " captured0: 21; captured1: 29")
    before = s.sweeps[:]
    s.apply("4C trail")
    assert s.is_terminal()
    assert s.captured[1] & mask("4C JD") == mask("4C JD")
    assert s.sweeps == before
    assert any("residue" in e and "side 1" in e for e in s.view(0).events)


def test_c21_dealers_last_card_court() -> None:
    s = position("dealer: 0; deal: 6; turn: 0; hand0: JC; hand1: -; table: JD 4C 7H; last_capturer: 1")
    s.apply("JC x JD")
    assert s.captured[0] & mask("4C 7H JD JC") == mask("4C 7H JD JC")
    assert s.sweeps == [0, 0]
    s = position("dealer: 0; deal: 6; turn: 0; hand0: JC; hand1: -; table: JD; last_capturer: 1")
    s.apply("JC x JD")
    assert s.sweeps == [1, 0]
    assert s.breakdown()[0]["sweep_points"] == 1


def test_c22_simple_pair() -> None:
    s = two("8D KS", "8C", "4H")
    s.apply("8C x 8D")
    assert s.loose == mask("KS")


@pytest.mark.parametrize(("table", "card", "taken"), [
    ("3D 4C KH", "7S", "3D 4C"),
    ("5H 2C KH", "7S", "5H 2C"),
    ("6D AS KH", "7S", "6D AS"),
    ("2S 3C 4D KH", "9H", "2S 3C 4D"),
])
def test_c23_captures_by_sums(table: str, card: str, taken: str) -> None:
    s = two(table, card, "TH")
    assert [a.loose for a in s.legal_actions() if a.kind == "capture"] == [mask(taken)]


def test_c23_no_capture_of_a_wrong_sum() -> None:
    s = two("2S 2D KH", "7S", "TH")
    assert names(s.legal_actions()) == ["7S trail"]


def test_c24_sum_and_match_together() -> None:
    s = two("3H 5C 8D QS", "8S", "TH")
    assert {a.loose for a in s.legal_actions() if a.kind == "capture"} == {mask("3H 5C 8D"), mask("3H 5C"), mask("8D")}


@pytest.mark.parametrize(("preset", "points"), [("standard", 1), ("classic", 0)])
def test_c25_sweep(preset: str, points: int) -> None:
    rules = CasinoRules.preset(preset)
    s = game(**rules.to_dict()).from_position(
        "dealer: 1; deal: 6; turn: 0; hand0: TC; hand1: 5H; table: AC 2D 3H 4S")
    s.apply("TC x 4S+3H+2D+AC")
    assert s.sweeps == [1, 0]
    assert any("sweep" in e for e in s.view(1).events)
    assert names(s.legal_actions()) == ["5H trail"]
    s.apply("5H trail")
    result = s.breakdown()
    assert result[0]["sweeps"] == 1 and result[0]["sweep_points"] == points


def test_c26_a_build_cannot_be_taken_at_once() -> None:
    s = two("2C", "6D 8H", "8S 3C")
    s.apply("6D b8 2C")
    assert set(names(s.legal_actions())) == {"3C trail", "8S trail", "8S x [8]"}
    before = s.captured[1]
    s.apply("8S x [8]")
    assert s.captured[1] & ~before == mask("8S 6D 2C")


def test_c27_pair_building_to_gather_three() -> None:
    s = two("5D", "5C 5S", "4H 9C")
    illegal(s, "5C b10 5D", "holding requirement 7.3.1")
    s.apply("5C b5 5D")
    assert s.builds[0].kind == "multiple"
    s.apply("4H trail")
    before = s.captured[0]
    s.apply("5S x [5]")
    assert s.captured[0] & ~before == mask("5C 5D 5S")


def test_c28_building_with_several_table_cards() -> None:
    s = two("AC 2D 3H", "AS 7C", "4H 9C")
    legal = set(names(s.legal_actions()))
    assert {"AS b7 3H+2D+AC", "AS x AC"} <= legal
    assert not [a for a in s.legal_actions() if a.card == Card.parse("7C") and a.kind == "capture"]
    s.apply("AS b7 3H+2D+AC")
    assert s.builds[0].is_single and s.builds[0].cards == mask("AS AC 2D 3H")


def test_c29_raising_an_opponents_build() -> None:
    s = two("[single 8 @1: 2C+6D]", "AH 9S", "8S 3C")
    s.apply("AH b9 [8]")
    assert s.builds[0].controller == 0 and s.builds[0].value == 9
    assert "3C trail" in names(s.legal_actions())


def test_c30_raise_to_ten_and_absorb_a_ten() -> None:
    s = two("TD [single 7 @1: 2H+5C]", "3S TC", "7S 3C")
    s.apply("3S b10 [7] TD")
    assert str(s.builds[0]) == "[multiple 10 @0: 5C+3S+2H | TD]"
    assert s.hands[0] == mask("TC")


def test_c31_build_plus_loose_cards() -> None:
    s = position("dealer: 0; turn: 1; hand0: TS 4H; hand1: 3D 9C; table: 7S [single 10 @0: 6H+4C]")
    s.apply("3D trail")
    s.apply("TS x [10] 7S+3D")
    assert s.sweeps == [1, 0]


def test_c32_scoring_a_hand() -> None:
    pool = [c for c in parse_cards(" ".join(f"{r}{s}" for s in "HDC" for r in "3456789TJQK")) if str(c) != "TD"]
    a = mask("3S 4S 5S 6S 7S 8S TD AC AD") | cards_to_mask(pool[:19])
    assert a.bit_count() == 28 and (a & 0x1FFF).bit_count() == 6
    b = ((1 << 52) - 1) & ~a
    assert b.bit_count() == 24 and (b & 0x1FFF).bit_count() == 7
    std = score_hand([a, b], [1, 0], 1)
    assert [s.total for s in std] == [8, 4]
    assert (std[0].most_cards, std[0].big_casino, std[0].aces, std[0].sweep_points) == (3, 2, 2, 1)
    assert (std[1].most_spades, std[1].little_casino, std[1].aces) == (1, 1, 2)
    assert [s.total for s in score_hand([a, b], [1, 0], 0)] == [7, 4]


def test_c33_ties_in_the_majorities() -> None:
    deck = list(range(52))
    a = sum(1 << i for i in deck[:26])
    b = ((1 << 52) - 1) & ~a
    s = score_hand([a, b], [0, 0], 1)
    assert sum(x.total for x in s) == 8 and s[0].most_cards == s[1].most_cards == 0
    spades = [0x1F, 0x1F << 5, 0x7 << 10]  # 5, 5 and 3 spades
    s3 = score_hand(spades, [0, 0, 0], 1)
    assert all(x.most_spades == 0 for x in s3)
    others = [i for i in range(13, 52)]
    piles = [0x1F | sum(1 << i for i in others[:13]), 0x1F << 5 | sum(1 << i for i in others[13:25]),
             0x7 << 10 | sum(1 << i for i in others[25:39])]
    counts = [p.bit_count() for p in piles]
    assert counts == [18, 17, 17]
    assert [x.most_cards for x in score_hand(piles, [0, 0, 0], 1)] == [3, 0, 0]


def test_c34_game_end_target_21() -> None:
    g2 = game()
    none: list[HandResult] = []
    out = g2.match_outcome([23, 22], none)
    assert out is not None and out.winner == 0 and out.margin == 1
    assert g2.match_outcome([22, 22], none) is None
    assert g2.match_outcome([20, 20], none) is None
    g3 = game(num_players=3)
    out3 = g3.match_outcome([22, 22, 24], none)
    assert out3 is not None and out3.winner == 2
    assert g3.match_outcome([22, 22, 15], none) is None


C35 = "dealer: 1; turn: 0; hand0: 2S 8D; hand1: 6C 8C; table: [single 6 @1: 2D+4S] [single 8 @1: 3H+5C]"


def test_c35_a_raise_into_an_existing_value_merges() -> None:
    s = position(C35)
    illegal(s, "2S b8 [6]", "merge rule 7.3.5")
    s.apply("2S b8 [6] [8]")
    (b,) = s.builds
    assert str(b) == "[multiple 8 @0: 4S+2S+2D | 5C+3H]"
    d = position(C35, allow_duplicate_value_builds=True)
    d.apply("2S b8 [6:4S,2D]")
    assert sorted((b.value, b.controller) for b in d.builds) == [(8, 0), (8, 1)]
    assert [b.value for b in d.controlled_by(0)] == [8]


C36 = "dealer: 1; turn: 0; hand0: 2S 8D 6C 6H; hand1: 3C 4C 5C 7C; table: [single 6 @0: 2D+4S]"


def test_c36_raising_ones_own_build() -> None:
    s = position(C36)
    assert "2S b8 [6]" in names(s.legal_actions())
    r = position(C36, raise_own_build=False)
    illegal(r, "2S b8 [6]", "raise_own_build")
    r.apply("6H b6 [6]")
    assert str(r.builds[0]) == "[multiple 6 @0: 4S+2D | 6H]"


C37 = ("dealer: 3; turn: 0; hand0: 7S 4C; hand1: 3C 5C; hand2: 9S KD; hand3: 6H 8H;"
       " table: 2C [single 9 @2: 5D+4H]")


def test_c37_building_for_a_partner() -> None:
    s = position(C37, num_players=4)
    illegal(s, "7S b9 2C [9]", "holding requirement 7.3.1")
    p = position(C37, num_players=4, build_for_partner=True)
    p.apply("7S b9 2C [9]")
    (b,) = p.builds
    assert str(b) == "[multiple 9 @2: 5D+4H | 7S+2C]"
    assert not p.controlled_by(0)
