"""``cardtable arena`` on the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.record import GameRecord


def test_arena_command_prints_the_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "out.jsonl"
    rc = main(["arena", "gin", "--agents", "random,simple", "--deals", "4", "--seed", "1", "--hands",
               "--workers", "1", "--records", str(out_file)])
    captured = capsys.readouterr()
    assert rc == 0
    text = captured.out
    assert "arena: gin (standard, 2 players)\n4 duplicate deals x 2 seatings = 8 hands; seed 1" in text
    assert max(len(line) for line in text.splitlines() if not line.startswith("records:")) <= 80  # #20: 113 wide
    for needle in ("points/hand [95% CI]", "margin/hand [95% CI]", "hand wins", "Wilson 95%", "head-to-head",
                   "records: 8 games written to"):
        assert needle in text
    assert "8/8" in text or "simple" in text
    lines = out_file.read_text().splitlines()
    assert len(lines) == 8
    GameRecord.loads(lines[0]).replay()
    assert "gin arena" in captured.err  # the progress bar


def test_arena_json_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["arena", "gin", "--agents", "simple,random", "--deals", "2", "--matches", "--workers", "2",
               "--option", "target_score=25", "--preset", "standard", "--json", "--no-progress"])
    captured = capsys.readouterr()
    assert rc == 0 and captured.err == ""
    data = json.loads(captured.out)
    assert data["unit"] == "matches" and data["games"] == 4
    assert "target_score=25" in data["rules"]
    assert [a["label"] for a in data["agents"]] == ["simple", "random"]


def test_arena_sequential_flag(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["arena", "gin", "-a", "simple,random", "-n", "300", "--hands", "--sequential", "--min-deals", "10",
               "--workers", "1", "--no-progress"])
    out = capsys.readouterr().out
    assert rc == 0 and "sequential test (mSPRT, alpha 0.05): stopped early" in out
    assert "simple is better" in out


def test_arena_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "gin", "--agents", "simple,wizard", "--deals", "1", "--no-progress"]) == 2
    assert "unknown agent level 'wizard'" in capsys.readouterr().err
    assert main(["arena", "gin", "--agents", "simple,random", "--players", "3", "--no-progress"]) == 2
    assert "2 players only" in capsys.readouterr().err


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    assert main(["arena", "gin", "--agents", "simple,random", "--deals", "1", "--ray", "--no-progress"]) == 2
    assert "pip install 'cardtable[ray]'" in capsys.readouterr().err


def test_arena_json_is_strict_with_one_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "gin", "--agents", "simple,random", "--deals", "1", "--hands", "--json",
                 "--workers", "1", "--sequential", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["agents"][0]["margin_per_hand"]["low"] is None  # one deal: no interval
    assert data["sequential"][0]["significant"] is False


def test_arena_unwritable_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "missing-dir" / "out.jsonl"
    assert main(["arena", "gin", "--agents", "simple,random", "--deals", "1", "--records", str(bad),
                 "--no-progress"]) == 2
    assert "cannot write records" in capsys.readouterr().err


def test_ray_connection_failure_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import types

    fake = types.ModuleType("ray")

    def init(**kwargs: object) -> None:
        raise ConnectionError("Failed to connect to Ray cluster")

    fake.is_initialized = lambda: False  # type: ignore[attr-defined]
    fake.init = init  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", fake)
    assert main(["arena", "gin", "--agents", "simple,random", "--deals", "1", "--ray", "localhost:6399",
                 "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "cannot start or reach the Ray cluster at localhost:6399: Failed to connect" in err
