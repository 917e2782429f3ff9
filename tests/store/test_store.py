"""Saving, loading, listing, deleting, statistics, import and export."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest
from sqlalchemy import text

from cardtable.errors import CardtableError
from cardtable.match import Match
from cardtable.record import GameRecord
from cardtable.store import (
    LATEST_VERSION,
    Autosaver,
    CorruptRecordError,
    GameNotFoundError,
    SeatKind,
    Store,
    StoreError,
)

from .conftest import agents_for, play, quick_match


def test_save_after_every_move_and_reload_mid_match(store: Store) -> None:
    match = Match("gin", seed=21, seat_names=["You", "simple (1)"])
    agents = agents_for(["random", "simple"], 21)
    autosave = Autosaver(store, match, ["human", "computer:simple"])
    checked = 0
    while not match.is_over():
        play(match, agents, autosave, moves=17)
        again = store.load_match(autosave.game_id or 0)
        assert again.state == match.state
        assert again.totals == match.totals
        assert len(again.hands) == len(match.hands)
        assert again.record().dumps() == match.record().dumps()
        checked += 1
    assert checked >= 3
    assert autosave.saves >= 40
    info = store.game_info(autosave.game_id or 0)
    assert info.status == "finished"
    assert info.final_totals == match.outcome.final_totals if match.outcome else False
    assert info.winner == match.outcome.winner if match.outcome else False
    assert info.moves == sum(len(h.actions) for h in match.hands)
    assert info.seat_kinds == (SeatKind.human(), SeatKind.computer("simple"))
    assert len(store.list_games()) == 1  # one row, updated in place


def test_reloaded_match_continues_with_the_same_deals(store: Store) -> None:
    match = Match("gin", seed=5, seat_names=["A", "B"])
    agents = agents_for(["simple", "simple"], 5)
    play(match, agents, moves=30)
    game_id = store.save_match(match)
    again = store.load_match(game_id)
    # the same player moves from here on give the same chance steps: the generator was restored in step
    while not match.is_over():
        match.resolve_chance()
        again.resolve_chance()
        assert again.state == match.state
        if match.is_over():
            break
        seat = match.state.current_player()
        action = agents[seat].act(match.state.view(seat), match.state.legal_actions())
        match.apply(action)
        again.apply(str(action))
    assert again.record().dumps() == match.record().dumps()


def test_unseeded_matches_reload(store: Store) -> None:
    for i in range(8):  # the first dealer is random: both dealers occur
        match = Match("gin", seed=None, seat_names=["You", "Bot"])
        play(match, agents_for(["simple", "random"], i), moves=12)
        game_id = store.save_match(match)
        again = store.load_match(game_id)
        assert again.state == match.state and again.first_dealer == match.first_dealer
        assert again.seed is None
        store.save_match(again, game_id)  # continuing saves into the same row
        assert store.load_match(game_id).state == match.state


def test_listing_latest_unfinished_abandon_delete(store: Store) -> None:
    assert store.latest_unfinished() is None
    assert store.version() == LATEST_VERSION
    done = store.save_match(quick_match(1), seat_kinds=["human", "simple"])
    open_ids = []
    for seed in (2, 3):
        m = Match("gin", seed=seed, seat_names=["You", "Computer"])
        play(m, agents_for(["simple", "simple"], seed), moves=5)
        open_ids.append(store.save_match(m, seat_kinds=["human", "simple"]))
    latest = store.latest_unfinished("gin")
    assert latest is not None and latest.id == open_ids[-1]
    assert store.latest_unfinished("casino") is None
    assert {g.id for g in store.list_games(status="in_progress")} == set(open_ids)
    assert [g.id for g in store.list_games(status="finished")] == [done]
    assert len(store.list_games(limit=2)) == 2
    assert len(store.list_games(limit=2, offset=2)) == 1
    store.abandon(open_ids[-1])
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == open_ids[0]
    assert store.game_info(open_ids[-1]).status == "abandoned"
    store.delete(open_ids[0])
    with pytest.raises(GameNotFoundError):
        store.load_match(open_ids[0])
    with pytest.raises(GameNotFoundError):
        store.delete(open_ids[0])
    with pytest.raises(GameNotFoundError):
        store.abandon(12345)
    with store.engine.connect() as conn:  # the record and the seats went with the game
        assert conn.execute(text("SELECT COUNT(*) FROM records WHERE game_id = :g"), {"g": open_ids[0]}).scalar() == 0
        assert conn.execute(text("SELECT COUNT(*) FROM game_seats WHERE game_id = :g"), {"g": open_ids[0]}).scalar() == 0
    uids = {g.uid for g in store.list_games()}
    assert len(uids) == 2 and all(len(u) == 32 for u in uids)
    assert store.find_uid(store.game_info(done).uid).id == done
    with pytest.raises(StoreError, match="status"):
        store.list_games(status="paused")


def test_update_checks_identity_and_kinds(store: Store) -> None:
    m = Match("gin", seed=8, seat_names=["You", "Bot"])
    play(m, agents_for(["simple", "simple"], 8), moves=3)
    game_id = store.save_match(m, seat_kinds=["human", "computer:random"])
    other = Match("gin", seed=9, seat_names=["You", "Bot"])
    with pytest.raises(StoreError, match="another match"):
        store.save_match(other, game_id)
    with pytest.raises(GameNotFoundError):
        store.save_match(m, 999)
    with pytest.raises(CardtableError, match="seat kinds"):
        store.save_match(m, seat_kinds=["human"])
    with pytest.raises(CardtableError, match="bad computer level"):
        store.save_match(m, seat_kinds=["human", "Robot!"])
    store.save_match(m, game_id, seat_kinds=["human", "simple"])
    assert store.game_info(game_id).seat_kinds[1] == SeatKind("computer", "simple")
    store.save_match(m, game_id)  # None keeps the kinds
    assert store.game_info(game_id).seat_kinds[1].label == "simple"


def test_stats_by_game_and_opponent(store: Store) -> None:
    expected: dict[str, list[int]] = {}
    for seed in range(6):
        level = "simple" if seed % 2 else "random"
        m = quick_match(seed, levels=("simple", level), names=("You", f"{level} (1)"))
        assert m.outcome is not None
        store.save_match(m, seat_kinds=["human", level])
        margin = m.outcome.final_totals[0] - m.outcome.final_totals[1]
        expected.setdefault(level, []).append(margin)
    unfinished = Match("gin", seed=99, seat_names=["You", "random (1)"])
    play(unfinished, agents_for(["simple", "random"], 99), moves=4)
    store.abandon(store.save_match(unfinished, seat_kinds=["human", "random"]))
    store.save_match(quick_match(50), seat_kinds=["simple", "simple"])  # no human seat: left out
    rows = {r.opponent: r for r in store.stats()}
    assert set(rows) == {"random", "simple"}
    for level, margins in expected.items():
        r = rows[level]
        assert r.played == len(margins)
        assert r.won == sum(1 for x in margins if x > 0)
        assert r.lost == r.played - r.won
        assert r.mean_margin == pytest.approx(sum(margins) / len(margins))
        assert r.win_rate == pytest.approx(r.won / r.played)
    assert rows["random"].abandoned == 1 and rows["simple"].abandoned == 0
    # from the other seat's point of view, by name
    theirs = store.stats(player="simple (1)")
    assert [(r.opponent, r.won) for r in theirs] == [("human", rows["simple"].lost)]
    assert store.stats(game="casino") == []


def test_export_import_round_trip(store: Store, tmp_path: Path) -> None:
    m = Match("gin", seed=14, seat_names=["You", "Bot"])
    play(m, agents_for(["simple", "simple"], 14), moves=20)
    game_id = store.save_match(m, seat_kinds=["human", "simple"])
    target = tmp_path / "game.json"
    text_ = store.export_record(game_id, target)
    assert json.loads(target.read_text())["meta"]["seat_kinds"] == ["human", "computer:simple"]
    assert GameRecord.loads(text_).hands == m.record().hands
    new_id = store.import_record(target)
    assert new_id != game_id
    info = store.game_info(new_id)
    assert info.source == "import" and info.status == "in_progress"
    assert info.seat_kinds == (SeatKind.human(), SeatKind.computer("simple"))
    assert store.load_match(new_id).state == m.state
    bad = tmp_path / "bad.json"
    bad.write_text(text_.replace('"discard', '"dizcard', 1))
    with pytest.raises(CorruptRecordError, match=r"bad\.json"):
        store.import_record(bad)
    with pytest.raises(StoreError, match="cannot read"):
        store.import_record(tmp_path / "missing.json")
    assert len(store.list_games()) == 2


def test_corrupt_rows(store: Store) -> None:
    ids = []
    for seed in (31, 32, 33, 34, 35):
        m = Match("gin", seed=seed, seat_names=["You", "Bot"])
        play(m, agents_for(["simple", "simple"], seed), moves=10)
        ids.append(store.save_match(m, seat_kinds=["human", "simple"]))
    good = GameRecord.loads(store.export_record(ids[0]))
    good.meta = {}
    tampered = good.to_dict()
    tampered["hands"][0][0] = "deal 2C" if tampered["hands"][0][0] != "deal 2C" else "deal 3C"
    illegal = GameRecord.from_dict(good.to_dict())
    illegal.hands[0].append("knock QS")  # a well-formed record (fresh checksum) that does not replay
    with store.engine.begin() as conn:
        upd = text("UPDATE records SET record = :r WHERE game_id = :g")
        conn.execute(upd, {"r": "{not json", "g": ids[0]})
        conn.execute(upd, {"r": json.dumps(tampered), "g": ids[1]})
        conn.execute(upd, {"r": illegal.dumps(), "g": ids[2]})
        conn.execute(text("DELETE FROM records WHERE game_id = :g"), {"g": ids[3]})
        conn.execute(text("UPDATE games SET rules = '[oops', totals = 'x' WHERE id = :g"), {"g": ids[4]})
    with pytest.raises(CorruptRecordError, match=rf"game {ids[0]}: record is not valid JSON"):
        store.load_match(ids[0])
    with pytest.raises(CorruptRecordError, match=rf"game {ids[1]}: .*checksum"):
        store.load_match(ids[1])
    with pytest.raises(CorruptRecordError, match=rf"game {ids[2]}: hand 1"):
        store.load_match(ids[2])
    with pytest.raises(CorruptRecordError, match=rf"game {ids[3]}: its record is missing"):
        store.load_match(ids[3])
    # a damaged summary column does not hide the game, and the record still loads
    listed = {g.id: g for g in store.list_games()}
    assert listed[ids[4]].damaged and not listed[ids[0]].damaged
    assert store.load_match(ids[4]).totals == [0, 0]


def test_dropped_without_close_then_reopened(db_url: str) -> None:
    st = Store.open(db_url)
    m = Match("gin", seed=41, seat_names=["You", "Bot"])
    saver = Autosaver(st, m, ["human", "simple"])
    play(m, agents_for(["simple", "simple"], 41), saver, moves=25)
    game_id = saver.game_id
    del saver, st
    gc.collect()
    again = Store.open(db_url)
    try:
        assert again.load_match(game_id or 0).state == m.state
        latest = again.latest_unfinished()
        assert latest is not None and latest.id == game_id
    finally:
        again.close()


def test_two_stores_on_one_database(db_url: str) -> None:
    a, b = Store.open(db_url), Store.open(db_url)
    try:
        m1 = Match("gin", seed=1, seat_names=["You", "Bot"])
        m2 = Match("gin", seed=2, seat_names=["You", "Bot"])
        s1, s2 = Autosaver(a, m1), Autosaver(b, m2)
        ag1, ag2 = agents_for(["simple"] * 2, 1), agents_for(["simple"] * 2, 2)
        for _ in range(6):
            play(m1, ag1, s1, moves=3)
            play(m2, ag2, s2, moves=3)
        assert b.load_match(s1.game_id or 0).state == m1.state
        assert a.load_match(s2.game_id or 0).state == m2.state
    finally:
        a.close()
        b.close()


def test_autosaver_skips_unchanged_and_reports_errors(store: Store) -> None:
    m = Match("gin", seed=3, seat_names=["You", "Bot"])
    saver = Autosaver(store, m, ["human", "random"])
    first = saver()
    assert saver() == first and saver.saves == 1
    play(m, agents_for(["simple", "simple"], 3), moves=2)
    saver()
    assert saver.saves == 2
    saver.abandon()
    assert store.game_info(first or 0).status == "abandoned"
    errors: list[StoreError] = []
    broken = Autosaver(store, Match("gin", seed=4, seat_names=["x", "y"]), game_id=4242, on_error=errors.append)
    assert broken() is None and len(errors) == 1
    strict = Autosaver(store, Match("gin", seed=4, seat_names=["x", "y"]), game_id=4242)
    with pytest.raises(GameNotFoundError):
        strict()


def test_a_failed_save_changes_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    import cardtable.store.store as store_module

    m = Match("gin", seed=17, seat_names=["You", "Bot"])
    agents = agents_for(["simple", "simple"], 17)
    play(m, agents, moves=5)
    gid = store.save_match(m)
    before = store.game_info(gid)
    play(m, agents, moves=5)
    monkeypatch.setattr(store_module, "_UPDATE_RECORD", text("UPDATE no_such_table SET x = :v_moves"))
    with pytest.raises(StoreError, match="database error"):
        store.save_match(m, gid)
    monkeypatch.undo()
    after = store.game_info(gid)
    assert (after.moves, after.updated_at) == (before.moves, before.updated_at)  # the games row was rolled back too
    assert store.load_record(gid).hands == GameRecord.loads(store.export_record(gid)).hands
    assert sum(len(h) for h in store.load_record(gid).hands) == before.moves


def test_unusable_files_raise_store_errors(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(StoreError, match="not a database"):
        Store.open(junk)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot create"):
        Store.open(blocker / "sub" / "x.db")
