"""Arena runs: determinism across workers, records that replay, self-play, partnerships, early stops."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardtable.arena import run_arena
from cardtable.errors import CardtableError
from cardtable.record import GameRecord


def test_same_results_for_any_number_of_workers(tmp_path: Path) -> None:
    one = run_arena("gin", ["random", "simple"], deals=6, seed=3, workers=1, records=tmp_path / "one.jsonl")
    two = run_arena("gin", ["random", "simple"], deals=6, seed=3, workers=2, records=tmp_path / "two.jsonl")
    assert one.results() == two.results()
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()
    assert one.backend == "local" and two.backend == "pool x2"


def test_hands_mode_is_deterministic_and_differs_by_seed() -> None:
    a = run_arena("gin", ["simple", "random"], deals=8, seed=5, unit="hands", workers=1)
    b = run_arena("gin", ["simple", "random"], deals=8, seed=5, unit="hands", workers=2)
    c = run_arena("gin", ["simple", "random"], deals=8, seed=6, unit="hands", workers=1)
    assert a.results() == b.results()
    assert a.results() != c.results()
    assert a.games == a.hands == 16


def test_records_replay_with_agent_names_and_duplicate_deals() -> None:
    sink = io.StringIO()
    report = run_arena("gin", ["simple", "random"], deals=3, seed=11, workers=1, records=sink)
    lines = sink.getvalue().splitlines()
    assert len(lines) == report.games == 6
    records = [GameRecord.loads(line) for line in lines]
    for rec in records:
        match = rec.replay()
        assert match.outcome is not None and match.outcome.winner == rec.winner
        assert sorted(rec.seat_names) == ["random", "simple"]
        meta = rec.meta["arena"]
        assert meta["agents"] == rec.seat_names and meta["seed"] == 11
    for deal in range(3):
        first, second = (r for r in records if r.meta["arena"]["deal"] == deal)
        assert first.seed == second.seed
        assert first.seat_names == second.seat_names[::-1]
        # the same shuffle: the first hand deals the same cards to the same seats
        deal_steps = [a for a in first.hands[0] if a.startswith("deal")]
        assert deal_steps and deal_steps == [a for a in second.hands[0] if a.startswith("deal")]


def test_hand_records_hold_one_hand_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    report = run_arena("gin", ["simple", "simple"], deals=2, seed=1, unit="hands", workers=1, records=path)
    lines = path.read_text().splitlines()
    assert len(lines) == report.games == 4
    for line in lines:
        rec = GameRecord.loads(line)
        assert len(rec.hands) == 1 and len(rec.hand_points) == 1
        assert rec.seat_names == ["simple", "simple#2"] or rec.seat_names == ["simple#2", "simple"]
        rec.replay()


def test_better_agent_wins_with_significant_margin() -> None:
    r = run_arena("gin", ["random", "simple"], deals=10, seed=2, unit="hands", workers=1)
    simple = r.agent("simple")
    assert simple.margin.low > 0
    assert r.pair("simple", "random").margin.low > 0
    assert r.pair("random", "simple").margin.high < 0
    assert r.agent("random").margin.mean == pytest.approx(-simple.margin.mean)


def test_self_play_within_its_interval_of_zero(toy: str) -> None:
    r = run_arena(toy, ["random"], deals=150, seed=4, unit="hands", workers=1)
    assert [a.label for a in r.agents] == ["random", "random#2"]
    for agent in r.agents:
        assert agent.margin.contains(0.0)
        assert agent.margin.high - agent.margin.low < 0.5
    assert r.pair("random", "random#2").margin.contains(0.0)
    gin = run_arena("gin", ["random", "random"], deals=40, seed=4, unit="hands", workers=1)
    assert gin.agent("random").margin.contains(0.0) and gin.agent("random#2").margin.contains(0.0)
    # deterministic agents against themselves cancel exactly in duplicate play
    g = run_arena("gin", ["simple", "simple"], deals=5, seed=4, unit="hands", workers=1)
    assert g.agent("simple").margin.mean == 0.0


def test_three_players_rotate_every_seat(toy: str) -> None:
    sink = io.StringIO()
    r = run_arena(toy, ["high", "random", "random"], deals=40, seed=1, unit="hands", workers=1,
                  options={"num_players": 3}, records=sink)
    assert r.seatings == 3 and r.games == 120 and r.num_players == 3
    high = r.agent("high")
    assert high.margin.low > 0 and high.win_rate > 0.5
    recs = [GameRecord.loads(line) for line in sink.getvalue().splitlines()]
    seats = {(rec.meta["arena"]["deal"], rec.seat_names.index("high")) for rec in recs}
    assert seats == {(d, s) for d in range(40) for s in range(3)}
    for rec in recs[:6]:
        rec.replay()


def test_four_players_in_partnerships(toy: str) -> None:
    sink = io.StringIO()
    r = run_arena(toy, ["high", "random"], deals=30, seed=2, workers=1, players=4, records=sink)
    assert r.num_players == 4 and r.num_sides == 2 and r.seatings == 2
    names = [GameRecord.loads(line).seat_names for line in sink.getvalue().splitlines()]
    assert names[:2] == [["high", "random", "high", "random"], ["random", "high", "random", "high"]]
    high = r.agent("high")
    assert high.trials == 60 and high.margin.low > 0
    assert r.pair("high", "random").win_rate == pytest.approx(high.win_rate)


def test_four_players_individually_with_four_agents(toy: str) -> None:
    r = run_arena(toy, ["high", "random", "random", "random"], deals=10, seed=3, unit="hands", workers=1,
                  options={"num_players": 4, "partnerships": False})
    assert r.seatings == 4 and r.games == 40 and len(r.pairs) == 6


def test_round_robin_head_to_head() -> None:
    r = run_arena("gin", ["random", "simple", "simple"], deals=3, seed=1, unit="hands", workers=1)
    assert r.groups == 3 and r.games == 3 * 3 * 2
    assert {(p.a, p.b) for p in r.pairs} == {("random", "simple"), ("random", "simple#2"), ("simple", "simple#2")}
    text = r.format_text()
    assert "head-to-head" in text and "x 3 tables" in text


def test_sequential_stops_early_at_the_same_deal_for_any_workers() -> None:
    kwargs = dict(deals=200, seed=9, unit="hands", sequential=True, min_deals=10)
    a = run_arena("gin", ["simple", "random"], workers=1, **kwargs)  # type: ignore[arg-type]
    b = run_arena("gin", ["simple", "random"], workers=2, **kwargs)  # type: ignore[arg-type]
    assert a.stopped_early and 10 <= a.deals_played < 200
    assert a.results() == b.results()
    assert a.sequential is not None and a.sequential[0].reject and a.sequential[0].direction == 1
    assert "stopped early" in a.format_text()


def test_sequential_runs_on_without_a_difference(toy: str) -> None:
    r = run_arena(toy, ["random", "random"], deals=40, seed=1, unit="hands", sequential=True, workers=1)
    assert not r.stopped_early and r.deals_played == 40


def test_json_report_is_serializable() -> None:
    r = run_arena("gin", ["simple", "random"], deals=2, seed=1, unit="hands", workers=1)
    data = json.loads(json.dumps(r.to_dict()))
    assert data["agents"][0]["label"] == "simple" and data["deals_played"] == 2


def test_errors() -> None:
    with pytest.raises(CardtableError, match="unknown agent level"):
        run_arena("gin", ["simple", "grandmaster"], deals=1)
    with pytest.raises(CardtableError, match="2 players only"):
        run_arena("gin", ["simple", "random"], deals=1, players=3)
    with pytest.raises(CardtableError, match="at least 1"):
        run_arena("gin", ["simple", "random"], deals=0)
    with pytest.raises(CardtableError):
        run_arena("gin", ["simple", "random"], deals=1, unit="sets")
    with pytest.raises(CardtableError, match="workers"):
        run_arena("gin", ["simple", "random"], deals=1, workers=0)


def test_two_agents_cannot_fill_three_sides(toy: str) -> None:
    with pytest.raises(CardtableError, match="at least 3 agents"):
        run_arena(toy, ["high", "random"], deals=1, players=3)


def test_progress_fallback_without_tqdm(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.arena.runner import Progress

    monkeypatch.setitem(__import__("sys").modules, "tqdm", None)
    stream = io.StringIO()
    bar = Progress(10, "gin arena", stream=stream)
    for _ in range(10):
        bar.update()
    bar.close()
    text = stream.getvalue()
    assert "gin arena [" in text and "10/10 games" in text and text.endswith("\n")
    silent = io.StringIO()
    quiet = Progress(3, "x", enabled=False, stream=silent)
    quiet.update(3)
    quiet.close()
    assert silent.getvalue() == "" and quiet.count == 3


def test_agent_errors_name_the_deal(toy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import cardtable.arena.play as arena_play

    class Broken:
        def act(self, view: object, legal: object) -> str:
            return "play 99"

    real = arena_play.make_agent
    monkeypatch.setattr(arena_play, "make_agent",
                        lambda game, level, seed=None: Broken() if level == "random" else real(game, level, seed))
    with pytest.raises(CardtableError) as info:
        run_arena(toy, ["high", "random"], deals=1, seed=1, workers=1)
    assert any("deal 0" in note and "seats:" in note for note in info.value.__notes__)


def test_agent_specs_and_thinking_time() -> None:
    r = run_arena("gin", ["hard/time_budget=none/worlds=4", "simple"], deals=1, seed=2, unit="hands", workers=1)
    hard, simple = r.agents
    assert hard.label == hard.level == "hard/time_budget=none/worlds=4"
    for a in (hard, simple):
        assert a.decisions > 0 and 0 < a.seconds_per_decision <= a.slowest
    assert "ms/move" in r.format_text() and r.to_dict()["agents"][0]["decisions"] == hard.decisions
    assert "seconds_per_decision" not in r.results()["agents"][0]  # results stay timing-free
    with pytest.raises(CardtableError, match="bad options nonsense=1"):
        run_arena("gin", ["hard/nonsense=1", "simple"], deals=1, workers=1)
