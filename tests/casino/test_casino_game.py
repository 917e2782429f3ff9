"""Dealing, turn order, "last", views, positions, scoring results and the match."""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest
from casino_positions import game, names, play_random, position, random_position, variants

from cardtable import GameRecord, Match
from cardtable.agents import RandomAgent
from cardtable.cards import Card, mask_to_cards
from cardtable.casino import CasinoGame, CasinoRules, CasinoState
from cardtable.casino.dealing import deal_order
from cardtable.core import CHANCE, TERMINAL
from cardtable.errors import IllegalActionError, InvalidPositionError


@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_deal_order(n: int) -> None:
    dealer = n - 1
    state = game(num_players=n).new_hand(dealer)
    assert state.current_player() == CHANCE
    deck = [Card.from_index(i) for i in range(52)]
    order = deal_order(n, dealer, True)
    assert len(order) == 4 * n + 4
    for card in deck[: len(order)]:
        assert state.current_player() == CHANCE
        state.apply(f"deal {card}")
    left = (dealer + 1) % n
    assert state.current_player() == left
    # 2 to each player from the dealer's left, 2 to the table, 2 to the dealer; twice
    expected: dict[int, list[Card]] = {s: [] for s in range(-1, n)}
    k = 0
    for _ in range(2):
        for s in [(dealer + i) % n for i in range(1, n)] + [-1, dealer]:
            expected[s] += deck[k:k + 2]
            k += 2
    for s in range(n):
        assert state.hand(s) == sorted(expected[s])
    assert state.table == sorted(expected[-1])


def test_later_deals_and_last() -> None:
    rng = random.Random(5)
    for n in (2, 3, 4):
        state = game(num_players=n).new_hand(0)
        lasts = 0
        while not state.is_terminal():
            if state.is_chance_node():
                a = state.sample_chance(rng)
                if a.last:
                    lasts += 1
                    assert state.deal_number == state.rules.num_deals and state.dealt == 0
                    assert not state.last_deal
                state.apply(a)
                if state.current_player() != CHANCE:
                    assert all(len(state.hand(s)) == 4 for s in range(n))
                    assert state.current_player() == 1 % n
                    assert state.last_deal == (state.deal_number == state.rules.num_deals)
                    assert state.view(0).last_deal == state.last_deal
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
        assert lasts == 1
        assert any(e.startswith("last:") for e in state.view(0).events)
        assert sum(1 for a in state.history if a.kind == "deal") == 52


def test_last_is_announced_in_the_record() -> None:
    match = Match("casino", seed=4, num_players=3)
    match.play([RandomAgent(i) for i in range(3)])
    for hand in match.hands:
        if hand.result is not None:
            assert sum(a.endswith(" last") for a in hand.actions) == 1
    s = game(num_players=4).new_hand(0)
    rng = random.Random(1)
    while not (s.is_chance_node() and s.deal_number == 3):
        s.apply(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    card = s.sample_chance(rng).card
    assert names(s.legal_actions())[0].endswith(" last")
    t = s.clone()
    assert t.apply(f"deal {card}").last  # the plain spelling reads as the announcing step
    assert s.apply(f"deal {card} last").last and s.last_deal
    with pytest.raises(IllegalActionError, match="last"):
        s.apply(f"deal {s.sample_chance(rng).card} last")


def test_views_hide_other_hands_and_the_pack() -> None:
    rng = random.Random(9)
    for n in (2, 3, 4):
        state = game(num_players=n).new_hand(0)
        while not state.is_terminal():
            if not state.is_chance_node():
                for seat in range(n):
                    check_view(state, seat)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert state.view(0).result is not None


def check_view(state: CasinoState, seat: int) -> None:
    view = state.view(seat)
    hidden = state.pack
    for s in range(state.num_players):
        if s != seat:
            hidden |= state.hands[s]
    text = repr(view) + " ".join(view.events)
    for card in mask_to_cards(hidden):
        assert str(card) not in text.replace("seat", "")
    assert view.hand == tuple(state.hand(seat))
    assert view.hand_sizes == tuple(len(state.hand(s)) for s in range(state.num_players))
    assert view.pack_size == state.pack_size


def test_views_show_public_information() -> None:
    s = position("dealer: 1; turn: 0; hand0: 9C 2H; hand1: 7S 6D; table: 5D 4C [single 9 @0: 6S+3H];"
                 " captured0: AS 2S; sweeps: 2 0; last_capturer: 0")
    v = s.view(1)
    assert v.builds == s.builds and v.builds[0].controller == 0
    assert v.sweeps == (2, 0) and v.last_capturer == 0
    assert v.captured_counts[0] == 2 and v.captured[0] == (Card.parse("AS"), Card.parse("2S"))
    assert v.spade_counts[0] == 2
    assert v.table == tuple(s.table)
    assert v.hand == tuple(s.hand(1))
    assert v.my_builds == () and s.view(0).my_builds == s.builds


@pytest.mark.parametrize("n", [2, 3, 4])
def test_positions_round_trip(n: int) -> None:
    rng = random.Random(n)
    for options in variants(n):
        g = CasinoGame(CasinoRules(**options))

        def visit(state: CasinoState, g: CasinoGame = g) -> None:
            fields = state.to_fields()
            again = g.from_position(state.to_position())
            assert again.to_fields() == fields
            assert g.from_position(json.loads(json.dumps(state.to_json()))).to_fields() == fields
            assert names(again.legal_actions()) == names(state.legal_actions())

        play_random(g.new_hand(1), rng, visit)
        for _ in range(10):
            visit(random_position(rng, g.rules))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_positions_round_trip_during_deals(n: int) -> None:
    g = game(num_players=n)
    state = g.new_hand(n - 1)
    rng = random.Random(n)
    while not state.is_terminal():
        fields = state.to_fields()
        again = g.from_position(fields)
        assert again.to_fields() == fields
        assert names(again.legal_actions()) == names(state.legal_actions())
        assert again.last_deal == state.last_deal
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_position_mid_deal() -> None:
    s = position("dealer: 1; turn: deal; dealt: 5; hand0: 2S 3S; hand1: 9D; table: 4H 5H")
    assert s.is_chance_node() and s.pack_size == 52 - 5
    s.apply("deal 7C")
    assert s.hand(1) == [Card.parse("9D"), Card.parse("7C")]
    with pytest.raises(InvalidPositionError):  # 2 to seat 0, 2 to the table, 1 to the dealer (5.3)
        position("dealer: 1; turn: deal; dealt: 5; hand0: 2S 3S 9D; hand1: -; table: 4H 5H")
    with pytest.raises(InvalidPositionError):  # dealt without turn: deal
        position("dealer: 1; turn: 0; dealt: 5; hand0: 2S; hand1: 3S; table: 4H 5H")
    last = position("dealer: 1; deal: 6; turn: deal; dealt: 0; hand0: -; hand1: -; table: 5C")
    assert names(last.legal_actions())[0].endswith(" last") and not last.last_deal


def test_position_between_deals() -> None:
    s = position("dealer: 0; deal: 2; turn: deal; hand0: -; hand1: -; table: 5C 5D")
    with pytest.raises(InvalidPositionError):
        position("dealer: 0; deal: 2; turn: deal; hand0: 8S; hand1: -; table: 5C")
    with pytest.raises(InvalidPositionError):  # with every hand empty no build can have a controller
        position("dealer: 0; deal: 2; turn: deal; hand0: -; hand1: -; table: 5C [single 8 @0: 5D+3D]")
    assert s.is_chance_node() and s.pack_size == 40
    assert s.to_fields()["turn"] == "deal"


@pytest.mark.parametrize("text", [
    "dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H; table: 5C",  # sizes
    "dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 3D; table: 5C",  # duplicate
    "dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 7C; table: [single 9 @1: 5C+4C]",  # controller lacks a 9
    "dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: [single 9 @1: 5C+4C] [9 @1: 9D]",
    "dealer: 1; turn: 0; hand0: 9D 8S; hand1: 8H 9C; table: [single 9 @1: 5C+4C] [multiple 8 @0: 8D | 5S+3S]"
    " [9 @0: 6S+3H]",  # two 9-builds
    "dealer: 2; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: 5C",  # no seat 2
    "dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: 5C; deal: 7",
    "dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: 5C; pack: 5",
    "dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: 5C [single 8 @0: 5D"  # brackets
    , "dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: 5C; colour: red",
    "dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: 5C; captured0: 50",
])
def test_impossible_positions_are_rejected(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        position(text)


def test_position_with_counts_and_explicit_piles() -> None:
    s = position("dealer: 1; deal: 3; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: 5C; captured0: 10;"
                 " last_capturer: 1; sweeps: 1 0")
    assert bin(s.captured[0]).count("1") == 10 and s.pack_size == 24
    assert bin(s.captured[1]).count("1") == 52 - 10 - 24 - 5
    assert s.card_count() == 52 and s.last_capturer == 1 and s.sweeps == [1, 0]


def test_hand_result_breakdown_per_side() -> None:
    rng = random.Random(2)
    for options in ({"num_players": 2}, {"num_players": 3}, {"num_players": 4}, {"num_players": 4, "partnerships": False}):
        g = game(**options)
        s = play_random(g.new_hand(0), rng)
        r = g.hand_result(s)
        assert len(r.points) == g.num_sides
        sides = r.details["sides"]
        assert [d["total"] for d in sides] == list(r.points)
        for d in sides:
            assert set(d) >= {"cards", "spades", "big_casino", "little_casino", "aces", "sweeps", "most_cards"}
        assert sum(d["cards"] for d in sides) == 52
        assert s.returns() == [r.points[g.side_of(seat)] for seat in range(g.num_players)]
    with pytest.raises(IllegalActionError):
        g.hand_result(g.new_hand(0))


def test_match_and_record_replay() -> None:
    for n in (2, 3, 4):
        match = Match("casino", seed=n, num_players=n)
        outcome = match.play([RandomAgent(i) for i in range(n)])
        assert max(outcome.final_totals) >= 21
        assert list(outcome.final_totals).count(max(outcome.final_totals)) == 1
        dealers = [h.dealer for h in match.hands]
        assert all(b == (a + 1) % n for a, b in pairwise(dealers))
        again = GameRecord.loads(match.record().dumps()).replay()
        assert again.totals == match.totals and again.state == match.state


def test_terminal_state() -> None:
    s = play_random(game().new_hand(0), random.Random(0))
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    with pytest.raises(IllegalActionError):
        s.apply("deal 2S")
    back = game().from_position(s.to_position())  # a finished hand has a position too (turn: over)
    assert back.is_terminal() and back.returns() == s.returns() and back.breakdown() == s.breakdown()


def test_fast_chance_sampling_matches_the_generic_sampler() -> None:
    from cardtable.core import GameState

    state = game(num_players=3).new_hand(2)
    for seed in range(30):
        a = state.sample_chance(random.Random(seed))
        b = GameState.sample_chance(state, random.Random(seed))
        assert a == b and str(a) == str(b)
        state.apply(a)
        if not state.is_chance_node():
            break
    outcomes = state.clone()
    assert outcomes.chance_outcomes() == []
