"""Game records: JSON round trip, exact replay, and rejection of corrupt or tampered records."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.agents import RandomAgent
from cardtable.errors import CardtableError, CorruptRecordError
from cardtable.match import Match
from cardtable.record import FORMAT, VERSION, GameRecord

PRESETS = ["standard", "modern", "classic", "oklahoma", "openspiel"]


def played(seed: int, preset: str = "standard", target: int = 100) -> Match:
    match = Match("gin", seed=seed, seat_names=["Ann", "Bob"], preset=preset, target_score=target)
    match.play([RandomAgent(seed), RandomAgent(seed + 1)])
    return match


@pytest.fixture(scope="module")
def record_text() -> str:
    return played(5, target=60).record().dumps()


def reload(text: str, change: Any) -> GameRecord:
    """Load ``text``, apply ``change`` to the record, and return it re-serialised (fresh digest) and loaded."""
    rec = GameRecord.loads(text)
    change(rec)
    return GameRecord.loads(rec.dumps())


# --- round trip --------------------------------------------------------------------------------------


@settings(max_examples=8, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.sampled_from(PRESETS), st.sampled_from([25, 60]))
def test_records_replay_to_an_identical_match(seed: int, preset: str, target: int) -> None:
    match = played(seed, preset, target)
    assert match.is_over() and match.outcome is not None
    text = match.record().dumps()
    rec = GameRecord.loads(text)
    again = rec.replay()
    assert again.state == match.state and again.totals == match.totals
    assert again.outcome == match.outcome and again.score_sheet() == match.score_sheet()
    assert [h.actions for h in again.hands] == [h.actions for h in match.hands]
    assert again.record().dumps() == text
    assert rec.seat_names == ["Ann", "Bob"] and rec.seed == seed and rec.game == "gin"
    assert rec.rules == match.game.rules.to_dict()


def unfinished_match(moves: int = 60) -> Match:
    """A match stopped in the middle of its first hand, after ``moves`` player decisions."""
    match = Match("gin", seed=9)
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(moves):
        match.resolve_chance()
        seat = match.state.current_player()
        match.apply(agents[seat].act(match.state.view(seat), match.state.legal_actions()))
    assert not match.is_over() and len(match.hands) == 1
    return match


def test_unfinished_match_records_and_replays() -> None:
    match = unfinished_match()
    rec = GameRecord.loads(match.record().dumps(indent=2))
    assert rec.final_totals is None and rec.winner is None
    again = rec.replay()
    assert again.state == match.state and not again.is_over()


def test_record_without_seed_replays_its_chance_steps() -> None:
    match = played(3, target=30)
    rec = match.record()
    rec.seed = None
    again = GameRecord.loads(rec.dumps()).replay()
    assert again.totals == match.totals and again.state == match.state


def test_record_json_shape(record_text: str) -> None:
    data = json.loads(record_text)
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert isinstance(data["digest"], str) and len(data["digest"]) == 64
    assert data["hands"][0][0].startswith("deal ")


# --- corrupt or tampered ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "not json", "{", "[1, 2]", "null", '"a string"', "{}"])
def test_corrupt_json_is_rejected(text: str) -> None:
    with pytest.raises(CorruptRecordError) as info:
        GameRecord.loads(text)
    assert str(info.value)
    assert isinstance(info.value, CardtableError)


def test_wrong_digest_is_rejected(record_text: str) -> None:
    data = json.loads(record_text)
    data["digest"] = "0" * 64
    with pytest.raises(CorruptRecordError, match="checksum"):
        GameRecord.loads(json.dumps(data))
    del data["digest"]
    with pytest.raises(CorruptRecordError, match="checksum"):
        GameRecord.loads(json.dumps(data))


def test_edit_without_new_digest_is_rejected(record_text: str) -> None:
    data = json.loads(record_text)
    data["seat_names"] = ["Eve", "Bob"]
    with pytest.raises(CorruptRecordError, match="checksum"):
        GameRecord.loads(json.dumps(data))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [("format", "chess-pgn", "not a cardtable record"), ("version", 99, "version"), ("hands", [[1, 2]], "action strings"),
     ("seed", "x", "wrong type"), ("first_dealer", True, "wrong type")],
)
def test_malformed_fields_are_rejected(record_text: str, field: str, value: Any, message: str) -> None:
    data = json.loads(record_text)
    data[field] = value
    body = {k: v for k, v in data.items() if k != "digest"}
    from cardtable.record import _digest

    data["digest"] = _digest(body)
    with pytest.raises(CorruptRecordError, match=message):
        GameRecord.loads(json.dumps(data))


def first_player_action(rec: GameRecord) -> int:
    return next(i for i, a in enumerate(rec.hands[0]) if not a.startswith(("deal", "drawn")))


def test_tampered_action_is_rejected(record_text: str) -> None:
    def change(rec: GameRecord) -> None:
        i = first_player_action(rec)
        rec.hands[0][i] = "knock AS"  # with a recomputed digest

    rec = reload(record_text, change)
    with pytest.raises(CorruptRecordError, match=r"hand 1, action \d+ \('knock AS'\)"):
        rec.replay()


def test_tampered_but_legal_action_is_rejected(record_text: str) -> None:
    def change(rec: GameRecord) -> None:
        i = first_player_action(rec)
        rec.hands[0][i] = {"take": "pass", "pass": "take"}[rec.hands[0][i]]

    with pytest.raises(CorruptRecordError):
        reload(record_text, change).replay()


def test_tampered_chance_step_is_rejected_with_a_seed(record_text: str) -> None:
    def change(rec: GameRecord) -> None:
        dealt = rec.hands[0][:21]
        # deal a card that the seeded shuffle deals later instead of the first one
        later = next(a for a in rec.hands[0][21:] if a.startswith("drawn"))
        rec.hands[0][0] = "deal " + later.split()[1]
        assert rec.hands[0][0] not in dealt

    with pytest.raises(CorruptRecordError, match="differs from the seeded deal"):
        reload(record_text, change).replay()


def test_tampered_draw_is_rejected_with_a_seed(record_text: str) -> None:
    def change(rec: GameRecord) -> None:
        i = next(i for i, a in enumerate(rec.hands[0]) if a.startswith("drawn"))
        other = next(a for a in rec.hands[0][i + 1 :] if a.startswith("drawn"))
        rec.hands[0][i] = other

    with pytest.raises(CorruptRecordError, match=r"hand 1, action \d+: chance step"):
        reload(record_text, change).replay()


def test_wrong_points_are_rejected(record_text: str) -> None:
    def change(rec: GameRecord) -> None:
        rec.hand_points[0] = [rec.hand_points[0][0] + 1, rec.hand_points[0][1]]

    with pytest.raises(CorruptRecordError, match="hand points differ"):
        reload(record_text, change).replay()


def test_wrong_final_result_is_rejected(record_text: str) -> None:
    def totals(rec: GameRecord) -> None:
        assert rec.final_totals is not None
        rec.final_totals = [rec.final_totals[0] + 10, rec.final_totals[1]]

    with pytest.raises(CorruptRecordError, match="final result differs"):
        reload(record_text, totals).replay()

    def winner(rec: GameRecord) -> None:
        assert rec.winner is not None
        rec.winner = 1 - rec.winner

    with pytest.raises(CorruptRecordError, match="final result differs"):
        reload(record_text, winner).replay()


def test_actions_after_the_end_are_rejected(record_text: str) -> None:
    def extra(rec: GameRecord) -> None:
        rec.hands.append(["pass"])
        rec.hand_points.append([0, 0])

    with pytest.raises(CorruptRecordError, match="over"):
        reload(record_text, extra).replay()

    def extra_action(rec: GameRecord) -> None:
        rec.hands[-1].append("pass")

    with pytest.raises(CorruptRecordError, match="over"):
        reload(record_text, extra_action).replay()


def test_bad_rules_or_first_dealer_are_rejected(record_text: str) -> None:
    def rules(rec: GameRecord) -> None:
        rec.rules = {**rec.rules, "knock_limit": 99}

    with pytest.raises(CorruptRecordError, match="cannot be set up"):
        reload(record_text, rules).replay()

    def game(rec: GameRecord) -> None:
        rec.game = "bridge"

    with pytest.raises(CorruptRecordError, match="cannot be set up"):
        reload(record_text, game).replay()

    def dealer(rec: GameRecord) -> None:
        rec.first_dealer = 1 - rec.first_dealer

    with pytest.raises(CorruptRecordError, match="first dealer"):
        reload(record_text, dealer).replay()


def test_truncated_record_is_rejected(record_text: str) -> None:
    with pytest.raises(CorruptRecordError, match="not valid JSON"):
        GameRecord.loads(record_text[: len(record_text) // 2])


def test_hand_that_did_not_finish_is_rejected() -> None:
    text = unfinished_match().record().dumps()

    def extra_hand(rec: GameRecord) -> None:
        rec.hands.append(["deal AS"])

    with pytest.raises(CorruptRecordError, match="hand 2: hand 1 did not finish"):
        reload(text, extra_hand).replay()


def test_prefix_replays_to_the_position_before_that_action() -> None:
    from cardtable import GameRecord, Match
    from cardtable.agents import RandomAgent

    m = Match("gin", seed=9)
    m.play([RandomAgent(1), RandomAgent(2)])
    rec = m.record()
    h = len(rec.hands) - 1
    cut = rec.prefix(h, 30)
    assert cut.final_totals is None and cut.winner is None and len(cut.hand_points) == h
    replayed = cut.replay()
    assert replayed.state.history and [str(a) for a in replayed.state.history] == rec.hands[h][:30]
    assert GameRecord.loads(cut.dumps()).replay().state == replayed.state
    with pytest.raises(IndexError):
        rec.prefix(h + 1, 0)
