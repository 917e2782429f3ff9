"""The functions behind ``cardtable history``, ``replay``, ``stats``, ``resume``, ``export`` and ``import``."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from cardtable.match import Match
from cardtable.store import Autosaver, CorruptRecordError, GameNotFoundError, Store, StoreError, commands

from .conftest import agents_for, play, quick_match


def _run(fn: object, *args: object, **kwargs: object) -> str:
    out = io.StringIO()
    assert fn(*args, out, **kwargs) == 0  # type: ignore[operator]
    return out.getvalue()


def test_history(store: Store) -> None:
    assert "No saved games" in _run(commands.history, store)
    finished = quick_match(2, names=("You", "simple (1)"))
    fid = store.save_match(finished, seat_kinds=["human", "simple"])
    m = Match("gin", seed=3, seat_names=["You", "random (1)"])
    play(m, agents_for(["simple", "random"], 3), moves=4)
    uid = store.save_match(m, seat_kinds=["human", "random"])
    text = _run(commands.history, store)
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["id", "game", "last"]
    assert len(lines) == 3
    assert re.match(rf"\s*{uid}\s+gin\s.*\srandom \(1\)\s+in progress\s+0-0\s", lines[1])
    assert finished.outcome is not None
    score = "-".join(map(str, finished.outcome.final_totals))  # the person (seat 0) first
    won = "you won" if finished.outcome.winner == 0 else "you lost"
    assert re.match(rf"\s*{fid}\s+gin\s.*\ssimple \(1\)\s+{won}\s+{score}\s", lines[2])
    assert max(len(line) for line in lines) <= 78  # issue #20 item 16: it was 108 columns wide
    only = _run(commands.history, store, status="finished")
    assert len(only.splitlines()) == 2


def test_stats_chart(store: Store) -> None:
    assert "No finished games" in _run(commands.stats, store)
    for seed in range(4):
        store.save_match(quick_match(seed, levels=("simple", "random")), seat_kinds=["human", "random"])
    rows = store.stats()
    text = _run(commands.stats, store, width=20)
    assert "game" in text and "win rate" in text and "mean margin" in text
    (row,) = rows
    assert f"{row.played:>6} {row.won:>5} {row.lost:>5}" in text
    bar_line = next(line for line in text.splitlines() if line.startswith("gin vs random"))
    assert f"({row.won}/{row.played})" in bar_line
    inner = bar_line.split("│")[1]
    assert len(inner) == 20 and inner == commands.bar(row.won / row.played, 20)
    assert commands.bar(9 / 16, 2) == "█▏"


def test_replay_reveals_every_hand(store: Store, tmp_path: Path) -> None:
    match = quick_match(5, names=("Ann", "Bob"))
    gid = store.save_match(match, seat_kinds=["human", "simple"])
    text = _run(commands.replay, store, gid)
    assert text.startswith(f"Game {gid} (finished")
    for i, hand in enumerate(match.hands, 1):
        assert f"=== Hand {i}, dealer {match.seat_names[hand.dealer]} ===" in text
    # every player action is printed, each followed by both hands in full
    actions = [a for h in match.hands for a in h.actions if not a.startswith(("deal ", "drawn "))]
    printed = [line for line in text.splitlines() if line.startswith(("Ann: ", "Bob: "))]
    assert [p.split(": ", 1)[1] for p in printed] == actions
    assert text.count("    Ann: ") >= len(actions) and text.count("    Bob: ") >= len(actions)
    first_deal = match.hands[0].actions[0]
    assert f"chance: {first_deal}," in text
    assert match.format_score_sheet() in text
    # the same from an exported file, without a store
    path = tmp_path / "m.json"
    store.export_record(gid, path)
    from_file = _run(commands.replay, None, str(path))
    assert from_file.split("\n", 1)[1] == text.split("\n", 1)[1]
    with pytest.raises(StoreError, match="no store"):
        _run(commands.replay, None, str(gid))
    with pytest.raises(GameNotFoundError, match="neither"):
        _run(commands.replay, store, "no-such-file.json")
    with pytest.raises(GameNotFoundError):
        _run(commands.replay, store, 999)


def test_replay_step_mode_stops_on_q(store: Store) -> None:
    m = Match("gin", seed=6, seat_names=["You", "Bot"])
    play(m, agents_for(["simple", "simple"], 6), moves=10)
    gid = store.save_match(m, seat_kinds=["human", "simple"])  # unfinished: replayed as you saw it
    text = _run(commands.replay, store, str(gid), step=True, inp=io.StringIO("\n\nq\n"))
    assert text.count("[Enter: next, q: quit]") == 3
    assert "(match not finished)" not in text  # stopped early
    full = _run(commands.replay, store, gid, step=True, inp=io.StringIO("\n" * 1000))
    assert "(match not finished)" in full


def test_replay_refuses_a_corrupt_record_before_printing(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "cardtable-record"}')
    out = io.StringIO()
    with pytest.raises(CorruptRecordError):
        commands.replay(None, path, out)
    assert out.getvalue() == ""


def test_resume_continues_in_the_same_row(store: Store) -> None:
    assert commands.resume(store) is None
    match = Match("gin", seed=12, seat_names=["You", "simple (1)"])
    agents = agents_for(["simple", "simple"], 12)
    saver = Autosaver(store, match, ["human", "computer:simple"])
    play(match, agents, saver, moves=15)
    resumed = commands.resume(store)
    assert resumed is not None and resumed.game_id == saver.game_id
    assert resumed.match.state == match.state
    assert resumed.human_seats == [0] and resumed.computer_levels == {1: "simple"}
    again = resumed.autosaver(store)
    play(resumed.match, agents, again)
    assert again.game_id == saver.game_id and len(store.list_games()) == 1
    assert store.game_info(saver.game_id or 0).status == "finished"
    assert commands.resume(store) is None
    with pytest.raises(StoreError, match="finished"):
        commands.resume(store, saver.game_id)
    other = Match("gin", seed=13, seat_names=["You", "Bot"])
    oid = store.save_match(other)
    store.abandon(oid)
    assert commands.resume(store) is None
    back = commands.resume(store, oid)  # an abandoned game can still be taken up by id
    assert back is not None and back.info.status == "abandoned"


def test_export_and_import_commands(store: Store, tmp_path: Path) -> None:
    gid = store.save_match(quick_match(8))
    printed = _run(commands.export, store, gid)
    assert '"format": "cardtable-record"' in printed
    path = tmp_path / "g.json"
    assert f"written to {path}" in _run(commands.export, store, gid, path=path)
    text = _run(commands.import_records, store, [path])
    assert re.search(rf"g\.json: imported as game {gid + 1} \(finished\)", text)
