"""Matches to the target, hand results, the end-of-hand test, declaring out, records and replay."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pinochle_support import game, pos, random_hand

from cardtable.agents import RandomAgent
from cardtable.core import HandResult
from cardtable.errors import CorruptRecordError, InvalidPositionError
from cardtable.match import Match
from cardtable.record import GameRecord


def test_hand_result_breakdown() -> None:
    state = random_hand(random.Random(3), 0)
    result = game().hand_result(state)
    d = result.details
    for seat in (0, 1):
        total = sum(d["meld"][seat].values()) + sum(d["dix"][seat].values()) + d["card_points"][seat]
        assert total == result.points[seat]
    assert sum(d["counters"]) == 240 and d["last_trick"] in (0, 1) and d["declared"] is None


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_match_plays_to_target_and_replays(seed: int) -> None:
    match = Match("pinochle", seed=seed, target_score=600)
    outcome = match.play([RandomAgent(seed), RandomAgent(seed + 1)])
    assert outcome.winner in (0, 1)
    assert max(match.totals) >= 600 and match.totals[outcome.winner] >= 600
    dealers = [h.dealer for h in match.hands]
    assert all(a != b for a, b in pairwise(dealers))  # the deal alternates
    record = GameRecord.loads(match.record().dumps())
    again = record.replay()
    assert again.totals == match.totals and again.state == match.state
    assert again.outcome == match.outcome


def test_tampered_record_is_caught() -> None:
    match = Match("pinochle", seed=5, target_score=300)
    match.play([RandomAgent(1), RandomAgent(2)])
    record = match.record()
    record.hands[0][30] = "play ASa" if record.hands[0][30] != "play ASa" else "play ASb"
    with pytest.raises(CorruptRecordError):
        GameRecord.loads(record.dumps()).replay()


def _result(points: tuple[int, int], declared: int | None = None) -> HandResult:
    return HandResult(points=points, details={"declared": declared})


def test_tie_at_target_plays_on() -> None:
    g = game()
    assert g.match_outcome([1030, 1030], [_result((100, 100))]) is None
    out = g.match_outcome([1050, 1020], [_result((150, 60))])
    assert out is not None and out.winner == 0 and out.margin == 30


DECLARE = ("dealer: 1; leader: 0; trumpcard: KSb; tricks: 3; hand0: 12; hand1: 12; won0: ASa ASb THa THb;"
           "won1: 9Ha 9Hb; points0: run=150 dix-played=10; points1: marriage=20")


def test_declare_out_scores_the_partial_hand() -> None:
    s = pos(DECLARE, declare_out=True)
    assert "declare out" in {str(a) for a in s.legal_actions()}
    s.apply("declare out")
    assert s.is_terminal()
    result = game(declare_out=True).hand_result(s)
    assert result.points == (160 + 40, 20 + 0) and result.details["declared"] == 0
    g = game(declare_out=True)
    assert g.match_outcome([1000, 900], [result]).winner == 0  # type: ignore[union-attr]
    assert g.match_outcome([990, 1200], [result]).winner == 1  # type: ignore[union-attr]


def test_declare_out_classic_rounds_partial_count() -> None:
    s = pos(DECLARE.replace("won0: ASa ASb THa THb", "won0: ASa KSa THa JHa"), declare_out=True, counting="classic")
    s.apply("declare out")
    assert s.counters[0] == 30  # 11 + 4 + 10 + 2 = 27 rounds up; no last trick


def test_random_matches_with_declaring() -> None:
    match = Match("pinochle", seed=2, declare_out=True)
    outcome = match.play([RandomAgent(3), RandomAgent(4)])
    assert outcome.winner in (0, 1)
    assert GameRecord.loads(match.record().dumps()).replay().outcome == outcome


def test_hands_of_a_match_carry_the_game_totals_and_claim_what_the_match_books() -> None:
    """Each hand knows the totals before it (public, in both views and in positions); the claim a view
    shows is exactly what the match counts when that seat declares out (10.3.2)."""
    rng = random.Random(11)
    match = Match("pinochle", seed=11, target_score=400, declare_out=True)
    agents = [RandomAgent(1), RandomAgent(2)]
    claims: list[int] = []
    while match.outcome is None:
        match.resolve_chance()
        state = match.state
        assert state.totals == tuple(match.totals)
        assert state.view(0).game_totals == state.view(1).game_totals == state.totals
        seat = state.current_player()
        view = state.view(seat)
        legal = [a for a in state.legal_actions() if str(a) != "declare out"]
        if len(match.hands) >= 2 and state.ntricks >= 4:
            claims.append(view.claim())
            match.apply("declare out")
            break
        match.apply(agents[seat].act(view, legal) if rng.random() < 0.9 else legal[0])
    assert match.outcome is not None and claims
    assert match.outcome.details["claim"] == claims[0]
    assert match.outcome.winner == (seat if claims[0] >= 400 else 1 - seat)
    again = GameRecord.loads(match.record().dumps()).replay()
    assert again.state == match.state and again.outcome == match.outcome


def test_totals_in_positions() -> None:
    s = pos(DECLARE + "; totals: 850 620", declare_out=True)
    assert s.totals == (850, 620) and s.view(1).game_totals == (850, 620)
    assert s.view(0).claim() == 850 + 160 + 40  # meld and dix, counters of ASa ASb THa THb
    assert pos(s.to_position(), declare_out=True).totals == (850, 620)
    assert pos(DECLARE).totals == (0, 0)
    for bad in ("850", "a b", "-5 3", "1 2 3"):
        with pytest.raises(InvalidPositionError, match="totals"):
            pos(DECLARE + f"; totals: {bad}")
