"""Every numbered example of gin_rummy.md (G-01 .. G-16), plus the rules they stand for.

Each test sets the scene from a position string (via ``GinGame.from_position``) and drives
it with action notation, as a user or an agent would.
"""

from __future__ import annotations

import pytest
from gin_positions import deal_sequence, position, rules

from cardtable.cards import Card, cards_to_mask, full_deck, parse_cards
from cardtable.core import HandResult
from cardtable.errors import IllegalActionError
from cardtable.gin import GinGame, GinRules, GinState
from cardtable.gin.melds import deadwood, is_meld, minimal_arrangements


def mask(text: str) -> int:
    return cards_to_mask(parse_cards(text))


def names(actions: list[object]) -> list[str]:
    return [str(a) for a in actions]


def knocks(state: GinState) -> set[str]:
    return {str(a.card) for a in state.legal_actions() if a.kind == "knock"}


def illegal(state: GinState, action: str) -> IllegalActionError:
    """Apply ``action``, expect IllegalActionError, and check that nothing changed."""
    before = state.clone()
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert state == before and state._signature() == before._signature()
    return info.value


def score(state: GinState) -> tuple[int, int]:
    assert state.is_terminal() and state.showdown is not None
    return state.showdown.points


# --- G-01 -----------------------------------------------------------------------------------------

G01_KNOCKER = "3C 4C 5C 7D 7H 7S JS QS KS AH"
G01_DEFENDER = "2D 2H 2S 9H TH JH 6C 7C QD 5H"


def test_g01_knock_with_chained_layoffs() -> None:
    state = position(G01_KNOCKER + " KH", G01_DEFENDER, discard="8D")
    assert "AH" in knocks(state) and "KH" in knocks(state)
    state.apply("knock KH")
    sd = state.showdown
    assert sd is not None and sd.outcome == "knock" and sd.result == "knock"
    assert sd.knocker == 0 and sd.knocker_deadwood == 1 and sd.knock_card == Card.parse("KH")
    assert sd.defender_deadwood_no_layoffs == 6 + 7 + 10 + 5
    assert sd.defender_deadwood == 15
    assert set(sd.defender_deadwood_cards) == set(parse_cards("QD 5H"))
    laid = [c for c, _ in sd.layoffs]
    assert set(laid) == set(parse_cards("6C 7C"))
    # a legal chain: 6C onto 3C-5C before 7C goes onto the clubs run (or 7C onto the 7s set)
    melds = [set(m) for m in sd.knocker_melds]
    for card, idx in sd.layoffs:
        target = melds[idx]
        ranks = {c.rank for c in target}
        if len(ranks) == 1:
            assert card.rank in ranks and len(target) == 3
        else:
            assert card.suit == next(iter(target)).suit and card.rank in (min(ranks) - 1, max(ranks) + 1)
        target.add(card)
    assert score(state) == (14, 0) and state.returns() == [14, 0] and sd.winner == 0
    assert GinGame().hand_result(state).points == (14, 0)


def test_g01_knocker_never_lays_off_and_knock_card_is_public_after() -> None:
    state = position(G01_KNOCKER + " KH", G01_DEFENDER, discard="8D")
    state.apply("knock KH")
    view = state.view(1)
    assert view.showdown is not None and view.opponent_hand is not None
    assert Card.parse("KH") in view.discard_pile
    assert set(view.opponent_hand) == set(parse_cards(G01_KNOCKER))


# --- G-02 / G-03 -----------------------------------------------------------------------------------

G02_KNOCKER = "AS 2S 3S 4H 5H 6H TC JC QC 8D"


@pytest.mark.parametrize(("preset", "expected"), [("standard", 30), ("classic", 15), ("openspiel", 30), ("modern", 30)])
def test_g02_undercut(preset: str, expected: int) -> None:
    state = position(G02_KNOCKER + " JD", "9S 9D 9H KS KD KH 5C 6C 7C 3D", discard="2C", preset=preset)
    state.apply("knock JD")
    sd = state.showdown
    assert sd is not None and sd.knocker_deadwood == 8 and sd.defender_deadwood == 3 and sd.layoffs == ()
    assert sd.result == "undercut" and sd.winner == 1
    assert score(state) == (0, expected)


def test_g03_equal_deadwood_is_an_undercut_by_default() -> None:
    state = position(G02_KNOCKER + " JD", "9S 9D 9H KS KD KH 5C 6C 7C 8S", discard="2C")
    state.apply("knock JD")
    sd = state.showdown
    assert sd is not None and sd.knocker_deadwood == sd.defender_deadwood == 8
    assert sd.result == "undercut" and score(state) == (0, 25)


@pytest.mark.parametrize("game_rules", [rules("openspiel"), rules("standard", undercut_on_tie=False)])
def test_g03_tie_scores_nothing_without_undercut_on_tie(game_rules: GinRules) -> None:
    state = position(G02_KNOCKER + " JD", "9S 9D 9H KS KD KH 5C 6C 7C 8S", discard="2C", game_rules=game_rules)
    state.apply("knock JD")
    sd = state.showdown
    assert sd is not None and sd.result == "tie" and sd.winner is None
    assert score(state) == (0, 0)
    game = GinGame(game_rules)
    result = game.hand_result(state)
    assert result.winner is None and not result.void and result.points == (0, 0)
    assert game.next_dealer(0, result) == 1  # the deal still alternates
    assert game.next_dealer(1, result) == 0


# --- G-04 ----------------------------------------------------------------------------------------

G04_KNOCKER = "5C 6C 7C 2H 2D 2S 9D TD JD QD"
G04_DEFENDER = "AS AH AC 4S 5S 6S 8C KS 3D 2C"


@pytest.mark.parametrize(("preset", "expected"), [("standard", 48), ("classic", 43)])
@pytest.mark.parametrize("notation", ["knock KH", "gin KH", "K kh"])
def test_g04_gin_blocks_layoffs(preset: str, expected: int, notation: str) -> None:
    state = position(G04_KNOCKER + " KH", G04_DEFENDER, discard="3H", preset=preset)
    state.apply(notation)
    sd = state.showdown
    assert sd is not None and sd.outcome == "gin" and sd.result == "gin"
    assert sd.knocker_deadwood == 0 and sd.layoffs == ()
    assert sd.defender_deadwood == sd.defender_deadwood_no_layoffs == 23
    assert score(state) == (expected, 0)


def test_gin_is_never_undercut() -> None:
    state = position(G04_KNOCKER + " KH", "AS AH AC 3S 3H 3C 3D 4S 5S 6S", discard="8H")
    assert deadwood(mask("AS AH AC 3S 3H 3C 3D 4S 5S 6S")) == 0
    state.apply("knock KH")
    assert state.showdown is not None and state.showdown.result == "gin" and score(state) == (25, 0)


def test_gin_with_several_arrangements_has_no_arrangement_decision() -> None:
    # three zero-deadwood arrangements: the 7s as a set of 4, or 7S in the spade run, or 7H in the heart run
    hand = "7S 7H 7D 7C 4S 5S 6S 8H 9H TH"
    assert len(minimal_arrangements(mask(hand))) == 3
    state = position(hand + " KD", "AS AH AC 2S 2H 2C 3D 3H 3C 4D", discard="QC")  # defender D0 = 4
    state.apply("knock KD")
    assert state.is_terminal() and state.showdown is not None
    assert state.showdown.result == "gin" and score(state) == (29, 0)


# --- G-05 ----------------------------------------------------------------------------------------

G05_HAND = "AS 2S 3S 4S 5H 5D 5C 9D TD JD QD"
G05_OPPONENT = "7H 7S 7C KH KS KC 2H 3C 4H 8C"


def test_g05_big_gin() -> None:
    assert deadwood(mask(G05_OPPONENT)) == 17
    state = position(G05_HAND, G05_OPPONENT, discard="6D")
    assert "big gin" in names(state.legal_actions())
    state.apply("big gin")
    sd = state.showdown
    assert sd is not None and sd.outcome == "big gin" and sd.result == "big gin"
    assert sd.knock_card is None and sd.layoffs == () and sd.defender_deadwood == 17
    assert score(state) == (48, 0)


@pytest.mark.parametrize(("preset", "expected"), [("classic", 37), ("openspiel", 42)])
def test_g05_without_big_gin_the_player_must_discard(preset: str, expected: int) -> None:
    state = position(G05_HAND, G05_OPPONENT, discard="6D", preset=preset)
    assert "big gin" not in names(state.legal_actions())
    err = illegal(state, "big gin")
    assert err.rule == "4.3.3" and "big_gin_bonus" in str(err)
    gins = {str(a.card) for a in state.legal_actions() if a.kind == "knock" and deadwood(mask(G05_HAND) & ~a.card.bit) == 0}
    assert gins == {"AS", "4S", "9D", "QD"}
    state.apply("knock QD")
    if preset == "openspiel":  # the knocker may keep a meld back (knocker_melds="within-limit"); all melded is gin
        full = max(state.legal_actions(), key=lambda a: sum(m.bit_count() for m in a.melds))
        assert state.phase == "arrange" and sum(m.bit_count() for m in full.melds) == 10
        state.apply(full)
    assert state.showdown is not None and state.showdown.outcome == "gin"
    assert score(state) == (expected, 0)


def test_big_gin_holder_may_choose_another_action() -> None:
    state = position(G05_HAND, G05_OPPONENT, discard="6D")
    legal = names(state.legal_actions())
    assert {"knock AS", "knock 4S", "knock 9D", "knock QD", "discard 5H"} <= set(legal)
    state.apply("discard 5H")
    assert not state.is_terminal() and state.current_player() == 1


def test_big_gin_needs_every_card_melded() -> None:
    state = position("AS 2S 3S 4S 5H 5D 5C 9D TD JD KD", G05_OPPONENT, discard="6D")
    err = illegal(state, "big gin")
    assert err.rule == "4.3.3"


# --- G-06 / G-07 -----------------------------------------------------------------------------------


def test_g06_overlapping_melds_the_minimum_counts() -> None:
    hand = mask("7H 8H 9H TH 7S 7D KC KD KS 2C")
    assert deadwood(hand) == 2
    assert minimal_arrangements(hand) == [tuple(sorted((mask("8H 9H TH"), mask("7H 7S 7D"), mask("KC KD KS"))))]
    state = position("7H 8H 9H TH 7S 7D KC KD KS 2C QH", "AS 2D 4C 6S 8C JS 3H 5D 9C QS", discard="4D")
    assert "QH" in knocks(state)
    state.apply("knock QH")  # unique minimal arrangement: no arrangement decision
    sd = state.showdown
    assert sd is not None and sd.knocker_deadwood == 2 and len(sd.knocker_melds) == 3


def test_g07_ace_is_low_only() -> None:
    assert deadwood(mask("QS KS AS")) == 21
    assert deadwood(mask("KS AS 2S")) == 13
    assert deadwood(mask("AS 2S 3S")) == 0
    assert not is_meld(mask("QS KS AS")) and not is_meld(mask("KS AS 2S"))
    assert is_meld(mask("AS 2S 3S")) and is_meld(mask("JS QS KS"))


# --- G-08 ----------------------------------------------------------------------------------------

# Knocking the taken 7C would leave deadwood 1 (legal by the count), yet it is forbidden.
G08_HAND = "5C 5S 5H 6C 6S 6H 2D 3D 4D AH"


def test_g08_taken_card_may_not_be_discarded_or_knocked() -> None:
    state = position(G08_HAND, "KS KD KH QS QD QH JS JD JH 9C", phase="draw", discard="TC 7C")
    state.apply("take")
    assert state.taken == Card.parse("7C")
    assert "discard 7C" not in names(state.legal_actions()) and "knock 7C" not in names(state.legal_actions())
    for notation in ("discard 7C", "knock 7C"):
        err = illegal(state, notation)
        assert "discard_taken_card" in err.rule
    assert deadwood(mask(G08_HAND)) <= 10  # knocking 7C would otherwise be legal by the count
    state.apply("discard AH")
    assert state.current_player() == 1 and state.phase == "draw"


def test_g08_card_drawn_from_stock_may_be_discarded_at_once() -> None:
    state = position(G08_HAND, "KS KD KH QS QD QH JS JD JH 9C", phase="draw", discard="TC 7C")
    state.apply("draw")
    drawn = state.legal_actions()[0]
    state.apply(drawn)
    assert drawn.card is not None
    state.apply(f"discard {drawn.card}")
    assert state.discard[-1] == drawn.card


def test_g08_openspiel_allows_discarding_the_taken_card() -> None:
    state = position(G08_HAND, "KS KD KH QS QD QH JS JD JH 9C", phase="draw", discard="TC 7C", preset="openspiel")
    state.apply("take")
    assert {"discard 7C", "knock 7C"} <= set(names(state.legal_actions()))
    state.apply("discard 7C")
    assert state.discard[-1] == Card.parse("7C") and state.returned == Card.parse("7C")


# --- G-09 ----------------------------------------------------------------------------------------

OFFER_HANDS = ("AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AD 3D 5D 7D 9D JD KD 2C 4C 6C")


def offer_state(preset: str = "standard") -> GinState:
    # dealer 0, so seat 1 (the non-dealer) decides first
    return position(*OFFER_HANDS, phase="offer", turn=1, dealer=0, discard="8H", preset=preset)


def test_g09_both_pass_then_nondealer_must_draw() -> None:
    state = offer_state()
    assert names(state.legal_actions()) == ["take", "pass"] and state.current_player() == 1
    illegal(state, "draw")
    state.apply("pass")
    assert state.phase == "offer-dealer" and state.current_player() == 0
    assert names(state.legal_actions()) == ["take", "pass"]
    state.apply("pass")
    assert state.current_player() == 1 and names(state.legal_actions()) == ["draw"]
    err = illegal(state, "take")
    assert err.rule == "4.1.3"
    state.apply("draw")
    assert state.is_chance_node()
    drawn = state.legal_actions()[0]
    state.apply(drawn)
    state.apply("discard AD")
    # the passed upcard stays; the non-dealer's discard goes on top of it
    assert state.discard == parse_cards("8H AD")
    assert state.phase == "draw" and state.current_player() == 0
    assert state.draws == 0 and state.decisions == [(1, "pass"), (0, "pass")]


def test_g09_dealer_takes_after_nondealer_passes() -> None:
    state = offer_state()
    state.apply("pass")
    state.apply("take")
    assert state.current_player() == 0 and state.phase == "discard"
    assert "discard 8H" not in names(state.legal_actions())
    illegal(state, "discard 8H")
    state.apply("discard AS")
    assert state.current_player() == 1 and names(state.legal_actions()) == ["draw", "take"]
    assert state.draws == 0  # first-upcard takes are not counted (4.6.3)


def test_g09_nondealer_takes() -> None:
    state = offer_state()
    state.apply("take")
    assert state.current_player() == 1 and state.phase == "discard"
    assert Card.parse("8H") in state.hand(1)
    state.apply("discard AD")
    assert state.current_player() == 0 and names(state.legal_actions()) == ["draw", "take"]
    view = state.view(0)
    assert Card.parse("8H") in view.opponent_known


def test_first_upcard_protocol_from_a_real_deal() -> None:
    import random

    game = GinGame()
    state = game.new_hand(dealer=1)
    state.resolve_chance(random.Random(11))
    assert state.phase == "offer" and state.current_player() == 0  # non-dealer first
    assert len(state.discard) == 1 and state.first_upcard == state.discard[0]
    assert state.stock_size == 31 and len(state.hand(0)) == len(state.hand(1)) == 10


def test_deal_order_alternates_nondealer_first() -> None:
    cards = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H"
    state = GinGame().new_hand(dealer=0)
    for action in deal_sequence(cards):
        state.apply(action)
    dealt = parse_cards(cards)
    assert set(state.hand(1)) == set(dealt[0:20:2])  # non-dealer gets the 1st, 3rd, ... card
    assert set(state.hand(0)) == set(dealt[1:20:2])
    assert state.discard == [dealt[20]] and state.first_upcard == dealt[20]


# --- G-10 ----------------------------------------------------------------------------------------

G10_HANDS = ("AS 2S 3S 4H 5H 6H 7C 7D 7H 2C", "9S 9D 9C KS KD KH 5C 6C 8C 3D")


def g10_state(preset: str = "standard") -> GinState:
    state = position(*G10_HANDS, phase="draw", stock=3, preset=preset)
    state.apply("draw")
    assert names(state.legal_actions()) == ["drawn JC", "drawn QC", "drawn KC"]
    state.apply("drawn JC")
    assert state.stock_size == 2
    return state


def test_g10_plain_discard_at_two_cards_voids_the_hand() -> None:
    state = g10_state()
    state.apply("discard JC")
    sd = state.showdown
    assert state.is_terminal() and sd is not None and sd.outcome == "void" and score(state) == (0, 0)
    game = GinGame()
    result = game.hand_result(state)
    assert result.void and result.winner is None
    assert game.next_dealer(0, result) == 0 and game.next_dealer(1, result) == 1  # same dealer again
    view = state.view(1)
    assert view.opponent_hand is None  # nothing is revealed in a void hand


def test_g10_knock_at_two_cards_is_scored() -> None:
    state = g10_state()
    assert "knock JC" in names(state.legal_actions())
    state.apply("knock JC")
    sd = state.showdown
    assert sd is not None and sd.knocker_deadwood == 2 and sd.defender_deadwood == 22
    assert score(state) == (20, 0)


def test_stock_never_below_two_a_draw_decision_never_has_two() -> None:
    with pytest.raises(Exception, match="at least 3"):
        position(*G10_HANDS, phase="draw", stock=2)


# --- G-11 ----------------------------------------------------------------------------------------


def results(wins_a: int, wins_b: int) -> list[HandResult]:
    out = [HandResult(points=(10, 0), winner=0) for _ in range(wins_a)]
    out += [HandResult(points=(0, 10), winner=1) for _ in range(wins_b)]
    out += [HandResult(points=(0, 0), void=True), HandResult(points=(0, 0), winner=None)]  # void and tie: no winner
    return out


@pytest.mark.parametrize(
    ("preset", "totals", "wins", "final", "margin"),
    [
        ("standard", (104, 37), (5, 3), (104, 37), 67),
        ("modern", (104, 37), (5, 3), (329, 112), 217),
        ("modern", (104, 0), (5, 0), (658, 0), 658),
        ("classic", (104, 37), (5, 3), (304, 97), 207),
        ("classic", (104, 0), (5, 0), (404, 0), 404),
        ("standard", (104, 0), (5, 0), (104, 0), 104),
        ("oklahoma", (104, 37), (5, 3), (104, 37), 67),
        ("openspiel", (104, 37), (5, 3), (104, 37), 67),
    ],
)
def test_g11_game_end_and_bonuses(
    preset: str, totals: tuple[int, int], wins: tuple[int, int], final: tuple[int, int], margin: int
) -> None:
    game = GinGame(GinRules.preset(preset))
    outcome = game.match_outcome(totals, results(*wins))
    assert outcome is not None
    assert outcome.final_totals == final and outcome.winner == 0 and outcome.margin == margin
    # mirrored seats give the mirrored result
    mirrored = [HandResult(points=r.points[::-1], void=r.void, winner=None if r.winner is None else 1 - r.winner)
                for r in results(*wins)]
    other = game.match_outcome(totals[::-1], mirrored)
    assert other is not None and other.final_totals == final[::-1] and other.winner == 1


def test_g11_game_goes_on_below_target_and_ties_go_to_who_reached_it() -> None:
    game = GinGame()
    assert game.match_outcome((99, 98), results(3, 3)) is None
    assert game.match_outcome((100, 0), []) is not None
    custom = GinGame(GinRules(box_bonus=5))
    # seat 1 reached 100 with 1 hand won: 105; seat 0 has 95 and 2 hands won: 105. Equal: seat 1 wins.
    outcome = custom.match_outcome((95, 100), [HandResult((10, 0), winner=0)] * 2 + [HandResult((0, 100), winner=1)])
    assert outcome is not None and outcome.final_totals == (105, 105) and outcome.winner == 1 and outcome.margin == 0
    small = GinGame(GinRules(target_score=10))
    assert small.match_outcome((0, 10), [HandResult((0, 10), winner=1)]) is not None


# --- G-12 ----------------------------------------------------------------------------------------


def test_g12_knock_legality_depends_on_the_discard() -> None:
    hand = "5S 6S 7S 8S 9H 9D 9C KC 4H 3D 2C"
    state = position(hand, "AS AH 2S 2H 3S 3H JD JH QS QC", phase="discard", discard="TD")
    assert knocks(state) == {"KC"}
    assert len([a for a in state.legal_actions() if a.kind == "discard"]) == 11
    expected_left = {"4H": 15, "3D": 16, "2C": 17, "5S": 19, "8S": 19}
    for card, left in expected_left.items():
        assert deadwood(mask(hand) & ~Card.parse(card).bit) == left
        err = illegal(state, f"knock {card}")
        assert err.rule == "4.3.2" and f"would be {left}" in str(err)
    for card in ("6S", "7S", "9H", "9D", "9C"):
        assert deadwood(mask(hand) & ~Card.parse(card).bit) > 19
        illegal(state, f"knock {card}")
    state.apply("knock KC")
    assert state.showdown is not None and state.showdown.knocker_deadwood == 9


def test_knock_of_a_card_not_held_is_explained() -> None:
    state = position("5S 6S 7S 8S 9H 9D 9C KC 4H 3D 2C", "AS AH 2S 2H 3S 3H JD JH QS QC", discard="TD")
    err = illegal(state, "discard TD")
    assert err.rule == "4.3" and "you do not hold the" in str(err)


# --- G-13 ----------------------------------------------------------------------------------------

G13_KNOCKER = "4D 5D 6D 7D 7S 7C 7H 2C 3H AS"
G13_DEFENDER = "8D 9D KS KH KC 2S 3S 4S QC JH"
ARR_A = "arrange 4D5D6D7D 7S7H7C"
ARR_B = "arrange 4D5D6D 7S7H7D7C"


def g13_state() -> GinState:
    state = position(G13_KNOCKER + " JC", G13_DEFENDER, discard="TS")
    state.apply("knock JC")
    return state


def test_g13_two_arrangements_are_offered() -> None:
    state = g13_state()
    assert state.phase == "arrange" and state.current_player() == 0 and not state.is_terminal()
    assert sorted(names(state.legal_actions())) == sorted([ARR_A, ARR_B])
    # the knocker picks before seeing the defender's cards
    view = state.view(0)
    assert view.opponent_hand is None and view.showdown is None
    assert not set(view.hand) & set(parse_cards(G13_DEFENDER))
    for value in (view.opponent_known, view.discard_pile):
        assert not set(value) & set(parse_cards(G13_DEFENDER))


def test_g13_arrangement_a_lets_the_defender_lay_off() -> None:
    state = g13_state()
    state.apply(ARR_A)
    sd = state.showdown
    assert sd is not None and sd.knocker_deadwood == 6
    assert [str(c) for c, _ in sd.layoffs] == ["8D", "9D"]
    assert sd.defender_deadwood == 20 and score(state) == (14, 0)


def test_g13_arrangement_b_blocks_the_layoffs() -> None:
    state = g13_state()
    state.apply("arrange 7c7d7h7s 6d5d4d")  # any order and case
    sd = state.showdown
    assert sd is not None and sd.layoffs == () and sd.defender_deadwood == 37
    assert score(state) == (31, 0)


def test_g13_only_minimal_arrangements_are_accepted() -> None:
    state = g13_state()
    err = illegal(state, "arrange 4D5D6D 7S7H7C")
    assert err.rule == "5.1"
    illegal(state, "discard 2C")


# --- G-14 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("upcard", "limit"), [("4C", 4), ("AH", 0), ("7S", 7), ("KD", 10), ("TH", 10), ("2S", 2)])
def test_g14_oklahoma_knock_limit_from_the_first_upcard(upcard: str, limit: int) -> None:
    hands = "2C 3C 5C 6C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D TD"
    state = GinGame(GinRules.preset("oklahoma")).new_hand(dealer=0)
    for action in deal_sequence(f"{hands} {upcard}"):
        state.apply(action)
    assert state.knock_limit == limit and state.view(0).knock_limit == limit and state.view(1).knock_limit == limit
    standard = GinGame().new_hand(dealer=0)
    for action in deal_sequence(f"{hands} {upcard}"):
        standard.apply(action)
    assert standard.knock_limit == 10


def test_g14_limit_stays_fixed_after_the_upcard_is_taken() -> None:
    state = position(*OFFER_HANDS, phase="offer", turn=1, dealer=0, discard="4S", preset="oklahoma")
    assert state.knock_limit == 4
    state.apply("take")
    state.apply("discard AD")
    assert state.knock_limit == 4


OK_KNOCKER = "AS 2S 3S 4H 5H 6H 8D 8C 8H 3C"  # K = 3
OK_DEFENDER = "9S 9D 9C KS KD KH 5C 7D 2D 6D"  # D = 20


@pytest.mark.parametrize(("upcard", "expected", "doubled"), [("7S", 34, True), ("7H", 17, False)])
def test_g14_spade_upcard_doubles(upcard: str, expected: int, doubled: bool) -> None:
    state = position(OK_KNOCKER + " KC", OK_DEFENDER, discard=upcard, upcard=upcard, preset="oklahoma")
    assert state.knock_limit == 7
    state.apply("knock KC")
    sd = state.showdown
    assert sd is not None and sd.knocker_deadwood == 3 and sd.defender_deadwood == 20
    assert sd.doubled is doubled and score(state) == (expected, 0)


def test_g14_doubling_includes_bonuses() -> None:
    state = position(G04_KNOCKER + " KH", G04_DEFENDER, discard="5D", upcard="5D", preset="oklahoma")
    state.apply("knock KH")
    assert score(state) == (48, 0)
    state = position(G04_KNOCKER + " KH", G04_DEFENDER, discard="QS", upcard="QS", preset="oklahoma")
    state.apply("knock KH")
    assert score(state) == (96, 0)


def test_g14_ace_upcard_allows_only_gin() -> None:
    state = position(OK_KNOCKER + " KC", OK_DEFENDER, discard="AH", upcard="AH", preset="oklahoma")
    assert state.knock_limit == 0 and knocks(state) == set()
    err = illegal(state, "knock KC")
    assert err.rule == "4.3.2" and "limit 0" in str(err)
    gin = position(G04_KNOCKER + " KH", G04_DEFENDER, discard="AD", upcard="AD", preset="oklahoma")
    assert knocks(gin) == {"KH"}


def test_g14_limit_below_deadwood_forbids_knock() -> None:
    state = position(OK_KNOCKER + " KC", OK_DEFENDER, discard="2H", upcard="2H", preset="oklahoma")
    assert state.knock_limit == 2 and "KC" not in knocks(state)
    state = position(OK_KNOCKER + " KC", OK_DEFENDER, discard="3H", upcard="3H", preset="oklahoma")
    assert "KC" in knocks(state)  # K = 3 <= L = 3


# --- G-15 ----------------------------------------------------------------------------------------

G15_HANDS = ("AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AD 3D 5D 7D 9D JD KD 2C 4C 6C")


def test_g15_repeated_upcard_voids_the_hand() -> None:
    state = position(*G15_HANDS, phase="draw", discard="TC 9H", preset="openspiel")
    state.apply("take")
    state.apply("discard 9H")
    assert not state.is_terminal()
    state.apply("take")
    state.apply("discard 9H")
    sd = state.showdown
    assert state.is_terminal() and sd is not None and sd.outcome == "void" and "repeated" in sd.void_reason
    assert score(state) == (0, 0)


def test_g15_other_discard_breaks_the_chain() -> None:
    state = position(*G15_HANDS, phase="draw", discard="TC 9H", preset="openspiel")
    state.apply("take")
    state.apply("discard 9H")
    state.apply("take")
    state.apply("discard AD")
    assert not state.is_terminal()
    state.apply("take")  # AD
    state.apply("discard AD")
    assert not state.is_terminal()  # seat 1 did not return the same card on the turn before


def test_g15_first_upcard_take_does_not_count() -> None:
    state = position(*G15_HANDS, phase="offer", turn=1, dealer=0, discard="9H",
                     game_rules=GinRules.preset("openspiel", offer_take_returns=False))
    state.apply("take")  # non-dealer, first-upcard offer
    state.apply("discard 9H")
    state.apply("take")  # dealer, normal turn: counts
    state.apply("discard 9H")
    assert not state.is_terminal()
    state.apply("take")
    state.apply("discard 9H")
    assert state.is_terminal() and state.showdown is not None and state.showdown.outcome == "void"


def test_openspiel_counts_the_first_upcard_take_toward_the_repeated_upcard_void() -> None:
    """OpenSpiel's gin_rummy: P0 takes the first upcard 9H and returns it, P1 takes and returns it: void."""
    state = position(*G15_HANDS, phase="offer", turn=1, dealer=0, discard="9H", preset="openspiel")
    state.apply("take")  # non-dealer, first-upcard offer: counts under offer_take_returns
    state.apply("discard 9H")
    state.apply("take")
    state.apply("discard 9H")
    sd = state.showdown
    assert state.is_terminal() and sd is not None and sd.outcome == "void" and "repeated" in sd.void_reason


def test_standard_with_discard_taken_card_keeps_rule_4_6_3() -> None:
    state = position(*G15_HANDS, phase="offer", turn=1, dealer=0, discard="9H",
                     game_rules=GinRules(discard_taken_card=True))
    for _ in range(2):
        state.apply("take")
        state.apply("discard 9H")
    assert not state.is_terminal()


KEEP_BACK_KNOCKER = "AS AH AD 5C 6C 7C 8C JH QH KH 2D"  # knocks 2D: gin with AAA, 5-8C, JQK H


def test_openspiel_knocker_may_keep_a_meld_back() -> None:
    """knocker_melds="within-limit": any melds leaving deadwood <= the limit, so a meld may be held back."""
    defender = "4C 9C TC 2S 3S 4S 9H 9D 9S KC"
    state = position(KEEP_BACK_KNOCKER, defender, discard="7D", preset="openspiel")
    state.apply("knock 2D")
    assert state.phase == "arrange"
    assert {str(a) for a in state.legal_actions()} == {
        "arrange JHQHKH ASAHAD 5C6C7C8C",  # gin
        "arrange JHQHKH ASAHAD 5C6C7C",  # 8C kept back: K = 8
        "arrange JHQHKH ASAHAD 6C7C8C",  # 5C kept back: K = 5
        "arrange JHQHKH 5C6C7C8C",  # the aces kept back: K = 3
        "arrange JHQHKH 6C7C8C",  # K = 3 + 5 = 8 (JHQHKH 5C6C7C would leave 11)
    }
    assert all(state.can_apply(a) for a in state.legal_actions())
    state.apply("arrange 6C7C8C ASAHAD JHQHKH")
    sd = state.showdown
    assert sd is not None and sd.outcome == "knock" and sd.knocker_deadwood == 5
    # the defender lays off 9C TC onto 6-8C (not 4C: 5C is the knocker's deadwood)
    assert {str(c) for c, _ in sd.layoffs} == {"9C", "TC"}
    standard = position(KEEP_BACK_KNOCKER, defender, discard="7D", game_rules=GinRules(discard_taken_card=True))
    standard.apply("knock 2D")
    assert standard.is_terminal() and standard.showdown is not None and standard.showdown.outcome == "gin"


def test_openspiel_knock_check_follows_openspiels_quick_figure() -> None:
    """Runs 5-7S and 5-7C leave 2S AH 5H 7D 2C: knocking 7D leaves 10. OpenSpiel's figure (sets of 5s and 7s
    first, then the highest card dropped) is 11, so OpenSpiel offers no knock, and neither does the preset."""
    hand = "2S 5S 6S 7S AH 5H 7D 2C 5C 6C 7C"
    other = "AS 8S 9S TS JS 2H 6H JH 4D JD"
    exact = position(hand, other, discard="QC 8D", game_rules=GinRules.preset("openspiel", knock_check="exact"))
    assert knocks(exact) == {"7D"}
    state = position(hand, other, discard="QC 8D", preset="openspiel")
    assert knocks(state) == set()
    err = illegal(state, "knock 7D")
    assert err.rule == "4.3.2 knock_check" and "11 > knock limit 10" in str(err)


# --- discard-draw cap (4.6.2) ----------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "cap"), [("standard", 100), ("openspiel", 50)])
def test_discard_draw_cap(preset: str, cap: int) -> None:
    assert GinRules.preset(preset).max_discard_draws == cap
    below = position(*G15_HANDS, phase="draw", discard="TC 9H", preset=preset, draws=str(cap - 2))
    below.apply("take")
    assert below.draws == cap - 1 and below.phase == "discard"
    at = position(*G15_HANDS, phase="draw", discard="TC 9H", preset=preset, draws=str(cap - 1))
    hand_before = at.hands[0]
    at.apply("take")
    sd = at.showdown
    assert at.is_terminal() and sd is not None and sd.outcome == "void" and "cap" in sd.void_reason
    assert at.hands[0] == hand_before and at.discard[-1] == Card.parse("9H")  # the card is not taken
    assert score(at) == (0, 0)


def test_discard_draw_cap_counts_takes_in_normal_turns() -> None:
    state = position(*G15_HANDS, phase="draw", discard="TC 9H", game_rules=rules(max_discard_draws=3))
    state.apply("take")
    state.apply("discard AS")
    state.apply("take")
    state.apply("discard AD")
    assert state.draws == 2 and not state.is_terminal()
    state.apply("take")
    assert state.is_terminal() and state.showdown is not None and state.showdown.outcome == "void"


# --- G-16 ----------------------------------------------------------------------------------------

WALL_P = "6C AS 3S 5S 7D 9C JH QD KC 2H 4D"


@pytest.mark.parametrize("game_rules", [rules("standard", stock_end="wall"), rules("openspiel"), rules("classic", stock_end="wall")])
def test_g16_wall_take_and_knock(game_rules: GinRules) -> None:
    o_hand = "4C 5C 9S 9D 9H KS KD KH 2D 3H"
    state = position(WALL_P, o_hand, phase="discard", stock=2, game_rules=game_rules)
    state.apply("discard 6C")
    assert state.phase == "wall" and state.current_player() == 1
    assert names(state.legal_actions()) == ["take knock", "pass"]
    assert illegal(state, "draw").rule == "4.5"
    draws_before = state.draws
    state.apply("take knock")
    assert state.phase == "wall-knock" and state.draws == draws_before
    legal = state.legal_actions()
    assert {a.kind for a in legal} == {"knock"}  # must knock at once
    assert knocks(state) == {"2D", "3H"}
    assert illegal(state, "discard 2D").rule == "4.5"
    state.apply("knock 2D")
    sd = state.showdown
    assert sd is not None and sd.knocker == 1 and sd.knocker_deadwood == 3 and sd.outcome == "knock"


def test_g16_wall_without_knock_only_pass_and_void() -> None:
    o_hand = "4C 8C 9S 9D TH KS KD QH 2D 3H"
    state = position(WALL_P, o_hand, phase="discard", stock=2, game_rules=rules(stock_end="wall"))
    state.apply("discard 6C")
    assert names(state.legal_actions()) == ["pass"]
    assert illegal(state, "take knock").rule == "4.5"
    assert illegal(state, "take").rule
    state.apply("pass")
    sd = state.showdown
    assert state.is_terminal() and sd is not None and sd.outcome == "void" and score(state) == (0, 0)


def test_g16_wall_respects_discard_taken_card() -> None:
    # With 6C, seat 1 can knock only by discarding 6C itself: legal only when discard_taken_card is set.
    # Seat 1 holds deadwood 10 (AC 3D 4H 2S). With 6C the best other discard (4H) leaves 12 > 10.
    o_hand = "9S 9D 9H KS KD KH AC 3D 4H 2S"
    strict = position(WALL_P, o_hand, phase="discard", stock=2, game_rules=rules(stock_end="wall"))
    strict.apply("discard 6C")
    assert names(strict.legal_actions()) == ["pass"]
    loose = position(WALL_P, o_hand, phase="discard", stock=2, preset="openspiel")
    loose.apply("discard 6C")
    assert names(loose.legal_actions()) == ["take knock", "pass"]
    loose.apply("take knock")
    assert knocks(loose) == {"6C"}
    loose.apply("knock 6C")
    assert loose.showdown is not None and loose.showdown.knocker_deadwood == 10


def test_wall_discard_at_two_cards_standard_voids() -> None:
    state = position(WALL_P, "4C 5C 9S 9D 9H KS KD KH 2D 3H", phase="discard", stock=2)
    state.apply("discard 6C")
    assert state.is_terminal() and state.showdown is not None and state.showdown.outcome == "void"


# --- presets --------------------------------------------------------------------------------------


def test_presets_match_the_table() -> None:
    std = GinRules.preset("standard")
    assert std == GinRules()
    assert (std.target_score, std.knock_limit, std.gin_bonus, std.big_gin_bonus, std.undercut_bonus) == (100, 10, 25, 31, 25)
    assert std.undercut_on_tie and not std.discard_taken_card and std.stock_end == "standard"
    assert std.max_discard_draws == 100 and not std.oklahoma
    assert (std.game_bonus, std.box_bonus, std.shutout, std.shutout_bonus) == (0, 0, "none", 100)
    modern = GinRules.preset("modern")
    assert modern == std.replace(game_bonus=100, box_bonus=25, shutout="double")
    classic = GinRules.preset("classic")
    assert classic == std.replace(gin_bonus=20, big_gin_bonus=None, undercut_bonus=10, game_bonus=100,
                                  box_bonus=20, shutout="flat", shutout_bonus=100)
    assert GinRules.preset("oklahoma") == std.replace(oklahoma=True)
    assert GinRules.preset("openspiel") == std.replace(
        big_gin_bonus=None, undercut_on_tie=False, discard_taken_card=True, stock_end="wall", max_discard_draws=50,
        offer_take_returns=True, knocker_melds="within-limit", knock_check="openspiel",
    )
    assert not std.offer_take_returns and std.knocker_melds == "minimal" and std.knock_check == "exact"
    assert GinRules.presets() == ("standard", "modern", "classic", "oklahoma", "openspiel")
    for name in GinRules.presets():
        assert GinRules.preset(name).preset_name() == name


def test_knock_limit_option() -> None:
    state = position(OK_KNOCKER + " KC", OK_DEFENDER, discard="7H", game_rules=rules(knock_limit=2))
    assert state.knock_limit == 2 and "KC" not in knocks(state)
    state = position(OK_KNOCKER + " KC", OK_DEFENDER, discard="7H", game_rules=rules(knock_limit=3))
    assert "KC" in knocks(state)


def test_custom_bonuses_apply() -> None:
    state = position(G04_KNOCKER + " KH", G04_DEFENDER, discard="3H", game_rules=rules(gin_bonus=7))
    state.apply("knock KH")
    assert score(state) == (30, 0)
    state = position(G05_HAND, G05_OPPONENT, discard="6D", game_rules=rules(big_gin_bonus=50))
    state.apply("big gin")
    assert score(state) == (67, 0)
    state = position(G02_KNOCKER + " JD", "9S 9D 9H KS KD KH 5C 6C 7C 3D", discard="2C", game_rules=rules(undercut_bonus=0))
    state.apply("knock JD")
    assert score(state) == (0, 5)


# --- 2.5: the 11-card minimum and the best discard can differ --------------------------------------------

PEER_MISSES = [
    # (11 cards, 11-card minimum, best deadwood after one discard, a discard that reaches it)
    ("AS 2S AH 2H 3H AD 2D 7D 8D 9D 2C", 2, 0, "3H"),
    ("TS 8H JH 8D 9D TD JD 8C 9C TC JC", 18, 8, "TS"),
    ("2S 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C", 6, 2, "4H"),
    ("AS 2S KS AH 2H 2D KD AC 2C 3C KC", 2, 0, "3C"),
    ("3S 4S 5S 3D 5D 3C 4C 5C 6C 7C 8C", 8, 3, "5D"),
]


@pytest.mark.parametrize(("hand", "eleven", "best", "card"), PEER_MISSES)
def test_knock_uses_the_best_discard_not_the_11_card_arrangement(hand: str, eleven: int, best: int, card: str) -> None:
    # a well-known peer discards the worst deadwood card of its best 11-card arrangement and so
    # over-reports these hands; the spec evaluates every discard (2.5, 4.3.2)
    assert deadwood(mask(hand)) == eleven
    assert min(deadwood(mask(hand) & ~c.bit) for c in parse_cards(hand)) == best
    assert deadwood(mask(hand) & ~Card.parse(card).bit) == best
    others = [c for c in full_deck() if c not in parse_cards(hand)]
    state = position(hand, " ".join(map(str, others[-10:])), discard=str(others[0]))
    assert card in knocks(state)
    state.apply(f"knock {card}")
    if state.phase == "arrange":
        state.apply(state.legal_actions()[0])
    sd = state.showdown
    assert sd is not None and sd.knocker_deadwood == best and sd.outcome == ("gin" if best == 0 else "knock")
