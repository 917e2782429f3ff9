"""The page's own engine (issue 24): :class:`~cardtable.apps.web.solo.SoloDesk` answers the table's messages
as the server does, with no server, store or web framework."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.apps.web.serialize import card_tokens, serialize_view
from cardtable.apps.web.solo import SoloDesk
from cardtable.apps.web.table import WebError
from cardtable.apps.web.tables import TableManager
from cardtable.record import GameRecord
from cardtable.registry import GAMES, game_class, make_game
from cardtable.store import Store

from .test_views_private import hidden_for

ONE_HAND = {"gin": 400, "casino": 400, "pinochle": 400}
"""More moves than any hand takes (a guard against a loop)."""


def spec(game: str, level: str = "easy", preset: str = "standard", **extra: Any) -> dict[str, Any]:
    n = make_game(game, preset=preset).num_players
    return {"game": game, "preset": preset,
            "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "computer", "level": level}] * (n - 1), **extra}


def choose(msg: dict[str, Any]) -> str:
    """The fixed rule for the person's moves: the first listed move that is not a pass of the Gin upcard
    (a knock or gin first when there is one, so that Gin hands end soon)."""
    moves = [a["m"] for a in msg["legal"]]
    for word in ("gin", "knock"):
        ends = [m for m in moves if m.startswith(word)]
        if ends:
            return ends[0]
    return moves[0]


def page_sees(msg: dict[str, Any]) -> dict[str, Any]:
    """A message without what differs by construction between two tables: the id and the personal token."""
    return {k: v for k, v in msg.items() if k not in ("table", "token")}


class Leaks:
    """Every message the person gets, checked against the cards hidden from the person at that moment."""

    def __init__(self, desk: SoloDesk, table_id: str) -> None:
        self.table = desk.tables[table_id].table
        self.seat = desk.tables[table_id].seat
        self.found: list[str] = []
        self.seen = 0

    def check(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for msg in messages:
            if msg["t"] != "state":
                continue
            self.seen += 1
            now = {k: v for k, v in msg.items() if k != "last"}
            bad = card_tokens(now) & hidden_for(self.table, self.seat)
            if bad:
                self.found.append(f"move {msg['n']}: {sorted(bad)}")
            if msg["last"] is not None:
                final = self.table.last_hand
                assert final is not None
                extra = card_tokens(msg["last"]) - card_tokens(serialize_view(self.table.game, final.state.view(self.seat)))
                if extra:
                    self.found.append(f"last hand: {sorted(extra)}")
        return messages


def run_computers(desk: SoloDesk, table_id: str, leaks: Leaks | None = None) -> list[dict[str, Any]]:
    """Call ``step`` until the person is to act (or the match is over): every state the page is sent."""
    out: list[dict[str, Any]] = []
    for _ in range(500):
        if not desk.to_move(table_id):
            assert desk.step(table_id) == []
            return out
        got = desk.step(table_id)
        out += leaks.check(got) if leaks else got
    raise AssertionError("the computers never stopped")


def latest(desk: SoloDesk, table_id: str) -> dict[str, Any]:
    (msg,) = desk.receive(table_id, {"t": "state"})
    return msg


def seated(game_spec: dict[str, Any], seed: int) -> tuple[SoloDesk, dict[str, Any]]:
    """A desk with a new table, the person joined and the computers moved up to the person's turn."""
    desk = SoloDesk()
    made = desk.create(game_spec, seed=seed)
    desk.receive(made["id"], {"t": "join", "token": made["token"]})
    run_computers(desk, made["id"])
    return desk, made


def play_until(desk: SoloDesk, table_id: str, done: Any, limit: int = 400) -> dict[str, Any]:
    """The person plays by :func:`choose` (the computers answer) until ``done(state)``: that state."""
    for _ in range(limit):
        msg = latest(desk, table_id)
        if done(msg):
            return msg
        desk.receive(table_id, {"t": "act", "m": choose(msg), "n": msg["n"]})
        run_computers(desk, table_id)
    raise AssertionError("never came")


# --- the server and the page's engine say the same -------------------------------------------------------------
class Pushes:
    """A connection of the server that keeps what it is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.messages.append(message)


async def _server_hand(store: Store, game_spec: dict[str, Any]) -> tuple[int, list[dict[str, Any]], list[str]]:
    """A hand played at the server through :class:`TableManager`: the seed, what the person was sent, the moves."""
    manager = TableManager(store)
    try:
        table, tokens = await manager.create(game_spec)
        page = Pushes()
        seat = await manager.join(table, tokens[0], page, max_connections=8)
        played: list[str] = []

        async def settle() -> None:
            for _ in range(2000):
                task = table.computer_task
                if not table.computer_to_act() and (task is None or task.done()):
                    return
                await asyncio.sleep(0.005)
            raise AssertionError("the server's computers never stopped")

        await settle()
        for _ in range(ONE_HAND[table.game]):
            msg = page.messages[-1]
            if msg["last"] is not None:
                break
            move = choose(msg)
            played.append(move)
            await manager.act(table, seat, move, msg["n"])
            await settle()
        else:
            raise AssertionError("the hand never ended")
        assert table.match.seed is not None
        return table.match.seed, page.messages, played
    finally:
        await manager.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_page_is_sent_what_the_server_sends(tmp_path: Path, game: str) -> None:
    """The same table (game, seats, seed) at the server and in the page: for a whole hand, with the person's
    moves chosen by one rule, the person is sent the same state messages, one for one."""
    game_spec = spec(game)
    with Store.open(str(tmp_path / "web.db")) as store:
        seed, server, played = asyncio.run(_server_hand(store, game_spec))
    desk = SoloDesk()
    made = desk.create(game_spec, seed=seed)
    tid = made["id"]
    page = desk.receive(tid, {"t": "join", "token": made["token"]})
    page += run_computers(desk, tid)
    for move in played:
        page += desk.receive(tid, {"t": "act", "m": move, "n": page[-1]["n"]})
        page += run_computers(desk, tid)
    assert page[-1]["last"] is not None and page[-1]["last"]["number"] == 1  # the end-of-hand sheet
    assert [m["t"] for m in page] == ["state"] * len(page)
    assert len(page) == len(server) > len(played)
    for ours, theirs in zip(page, server, strict=True):
        assert page_sees(ours) == page_sees(theirs)


def test_a_hint_is_the_servers_hint(tmp_path: Path) -> None:
    """The page works out a hint with the server's hint player and number of moves."""
    game_spec = spec("gin")

    async def at_server() -> tuple[int, list[dict[str, Any]]]:
        with Store.open(str(tmp_path / "web.db")) as store:
            manager = TableManager(store)
            try:
                table, tokens = await manager.create(game_spec)
                page = Pushes()
                seat = await manager.join(table, tokens[0], page, max_connections=8)
                while table.to_act() != seat:
                    await asyncio.sleep(0.01)
                assert table.match.seed is not None
                return table.match.seed, await manager.hints(table, seat)
            finally:
                await manager.close()

    seed, hints = asyncio.run(at_server())
    desk, made = seated(game_spec, seed)
    assert desk.receive(made["id"], {"t": "hint"}) == [{"t": "hints", "hints": hints}]
    assert 1 <= len(hints) <= 3 and all(h["label"] and h["m"] for h in hints)


# --- whole hands of every preset -------------------------------------------------------------------------------
PRESETS = [(game, preset) for game in GAMES for preset in game_class(game).rules_class.presets()]


@pytest.mark.parametrize(("game", "preset"), PRESETS, ids=[f"{g}-{p}" for g, p in PRESETS])
def test_a_whole_hand_of_every_preset_against_easy(game: str, preset: str) -> None:
    desk = SoloDesk()
    made = desk.create(spec(game, preset=preset), seed=11)
    tid = made["id"]
    assert made["seats"][0]["kind"] == "human" and made["seats"][0]["token"] == made["token"]
    leaks = Leaks(desk, tid)
    msg = leaks.check(desk.receive(tid, {"t": "join", "token": made["token"]}))[-1]
    msg = (run_computers(desk, tid, leaks) or [msg])[-1]
    hinted = undone = 0
    for _ in range(ONE_HAND[game]):
        if msg["last"] is not None:
            break
        assert msg["to_act"] == 0 and msg["legal"] and msg["hints"] is True
        if not hinted:
            (answer,) = desk.receive(tid, {"t": "hint"})
            assert answer["t"] == "hints" and answer["hints"], answer
            assert answer["hints"][0]["m"] in {a["m"] for a in msg["legal"]} or msg.get("more_moves")
            hinted += 1
        got = leaks.check(desk.receive(tid, {"t": "act", "m": choose(msg), "n": msg["n"]}))
        msg = (got + run_computers(desk, tid, leaks) or [latest(desk, tid)])[-1]
        if msg["can_undo"] and not undone:
            before = desk.tables[tid].table.version
            (back,) = leaks.check(desk.receive(tid, {"t": "undo", "n": msg["n"]}))
            assert back["t"] == "state" and back["n"] > msg["n"] and desk.tables[tid].table.undos == 1
            assert desk.tables[tid].table.version > before
            undone += 1
            msg = back
    else:
        raise AssertionError("the hand never ended")
    last = msg["last"]
    assert last["number"] == 1 and last["summary"] and len(last["points"]) == len(msg["seats"])
    assert msg["sheet"] and (msg["hand_no"] >= 2 or msg["over"] is not None)
    assert hinted == 1
    assert leaks.seen > 3 and not leaks.found, leaks.found[:5]
    json.dumps(desk.save(tid))  # what the page keeps is JSON


# --- saving --------------------------------------------------------------------------------------------------
def test_a_table_restored_mid_hand_plays_on_the_same(tmp_path: Path) -> None:
    desk, made = seated(spec("pinochle"), 5)
    tid = made["id"]
    moves = iter(range(7))
    play_until(desk, tid, lambda msg: next(moves) == 6)  # six moves into the hand
    saved = json.loads(json.dumps(desk.save(tid)))  # as IndexedDB gives it back
    assert saved["id"] == tid and saved["token"] == made["token"] and saved["game"] == "pinochle"
    assert not saved["finished"] and saved["names"][0] == "Ann" and saved["you"] == 0
    msg = latest(desk, tid)

    other = SoloDesk()
    assert other.restore(saved) == tid
    (joined,) = other.receive(tid, {"t": "join", "token": made["token"]})
    assert joined == msg
    move = {"t": "act", "m": choose(msg), "n": msg["n"]}
    here = desk.receive(tid, move) + run_computers(desk, tid)
    there = other.receive(tid, move) + run_computers(other, tid)
    assert here == there and here
    assert desk.record_text(tid) == other.record_text(tid)


def test_a_restore_undone_table_keeps_its_undos() -> None:
    desk, made = seated(spec("gin"), 2)
    tid = made["id"]
    msg = play_until(desk, tid, lambda msg: msg["can_undo"], limit=40)
    (back,) = desk.receive(tid, {"t": "undo", "n": msg["n"]})
    saved = desk.save(tid)
    assert saved["undos"] == 1
    other = SoloDesk()
    other.restore(saved)
    assert other.receive(tid, {"t": "join", "token": made["token"]}) == [back]


def _corruptions(saved: dict[str, Any]) -> list[Any]:
    record = GameRecord.loads(saved["record"])
    moved = GameRecord.loads(saved["record"])
    moved.hands[0][-1] = "discard ZZ"  # a proper record (its checksum right) that does not replay
    extra = GameRecord.loads(saved["record"])
    extra.hands[0].append("knock 2C")
    seat0 = dict(saved["seats"][0])
    return [
        None, [], "text", {}, {**saved, "id": "../x"}, {**saved, "id": 7}, {**saved, "token": "x" * 32},
        {**saved, "token": None}, {**saved, "record": saved["record"].replace('"gin"', '"casino"', 1)},
        {**saved, "record": "{"}, {**saved, "record": record.dumps()[:-10]}, {**saved, "record": moved.dumps()},
        {**saved, "record": extra.dumps()}, {**saved, "seats": saved["seats"][:1]},
        {**saved, "seats": [saved["seats"][0], {**saved["seats"][1], "level": "grandmaster"}]},
        {**saved, "seats": [saved["seats"][0], {**saved["seats"][1], "kind": "human"}]},
        {**saved, "seats": [{k: v for k, v in seat0.items() if k != "kind"}, saved["seats"][1]]},
        {**saved, "seats": "two"}, {**saved, "undos": -1}, {**saved, "undos": "1"}, {**saved, "game": "casino"},
        {**saved, "seats": [[1], saved["seats"][1]]},
    ]


def test_a_corrupt_save_is_refused_and_loses_nothing() -> None:
    desk, made = seated(spec("gin"), 4)
    tid = made["id"]
    moves = iter(range(2))
    play_until(desk, tid, lambda msg: next(moves) == 1)  # one move in
    saved = desk.save(tid)
    before = latest(desk, tid)
    for bad in _corruptions(saved):
        with pytest.raises(WebError) as caught:
            desk.restore(bad)
        assert caught.value.code == "corrupt", (bad, caught.value)
        with pytest.raises(WebError):
            desk.replay(bad)
    assert latest(desk, tid) == before and list(desk.tables) == [tid]  # the table open here is untouched
    assert desk.restore(saved) == tid  # a restored table is opened anew: the page joins it again
    assert desk.receive(tid, {"t": "join", "token": made["token"]}) == [before]


# --- refused messages ------------------------------------------------------------------------------------------
def test_bad_messages_are_answered_with_errors() -> None:
    desk = SoloDesk()
    made = desk.create(spec("casino"), seed=8)
    tid = made["id"]

    def error(message: Any, code: str, table: str = tid) -> list[dict[str, Any]]:
        answer = desk.receive(table, message)
        assert answer and answer[0]["t"] == "error" and answer[0]["code"] == code, (message, answer)
        assert answer[0]["msg"]
        return answer

    error({"t": "act", "m": "x", "n": 0}, "hello")  # before join, as at the server
    error({"t": "join", "token": "not-the-token"}, "token")
    error({"t": "state"}, "no-table", table="nope")
    error("act", "malformed")
    error({"m": "x"}, "malformed")
    assert desk.receive(tid, {"t": "ping"}) == [{"t": "pong"}]
    (msg,) = desk.receive(tid, {"t": "join", "token": made["token"]})
    run_computers(desk, tid)
    msg = latest(desk, tid)
    error({"t": "teleport"}, "unknown")
    error({"t": "act", "m": choose(msg)}, "bad-request")
    error({"t": "act", "m": 5, "n": msg["n"]}, "bad-request")
    error({"t": "act", "m": choose(msg), "n": msg["n"], "seat": 1}, "seat")
    stale = error({"t": "act", "m": choose(msg), "n": msg["n"] - 1}, "stale")
    assert stale[1] == msg  # the state again, as the server sends it
    illegal = error({"t": "act", "m": "capture ZZ", "n": msg["n"]}, "illegal")
    assert len(illegal) == 1
    error({"t": "undo"}, "bad-request")
    error({"t": "undo", "n": msg["n"]}, "undo")
    error({"t": "pick", "card": "ZZ", "picks": [], "n": msg["n"]}, "bad-request")
    error({"t": "pick", "card": "TD", "picks": "all", "n": msg["n"]}, "bad-request")
    assert latest(desk, tid) == msg  # nothing changed
    desk.receive(tid, {"t": "act", "m": choose(msg), "n": msg["n"]})
    assert desk.to_move(tid)  # the computer's turn now
    now = latest(desk, tid)
    turn = error({"t": "act", "m": choose(msg), "n": now["n"]}, "turn")
    assert turn[1]["t"] == "state"
    error({"t": "hint"}, "turn")
    error({"t": "pick", "card": "TD", "picks": [], "n": now["n"]}, "turn")
    assert desk.receive(tid, {"t": "leave"}) == [{"t": "left"}]
    error({"t": "state"}, "hello")
    (back,) = desk.receive(tid, {"t": "join", "token": made["token"]})
    assert back["t"] == "state"


def test_a_pick_is_answered_as_the_server_answers_it() -> None:
    desk, made = seated(spec("casino"), 8)
    tid = made["id"]
    msg = latest(desk, tid)
    card = msg["view"]["hand"][0]
    (picked,) = desk.receive(tid, {"t": "pick", "card": card, "picks": [], "n": msg["n"]})
    assert picked["t"] == "picked" and picked["card"] == card and picked["moves"]
    assert [m["m"] for m in picked["moves"]] == [f"{card} trail"]
    other, gin = seated(spec("gin"), 1)
    g = latest(other, gin["id"])
    (err,) = other.receive(gin["id"], {"t": "pick", "card": "AS", "picks": [], "n": g["n"]})
    assert err["code"] == "bad-request" and "listed moves" in err["msg"]


def test_bad_table_requests_are_refused_in_the_servers_words() -> None:
    desk = SoloDesk()
    cases = [
        ("x", "expected a JSON object"), ({"game": "poker"}, "unknown game"),
        ({**spec("gin"), "seats": [{"kind": "human"}]}, "gin needs 2 seats"),
        ({**spec("gin"), "seats": [{"kind": "human"}, {"kind": "human"}]}, "one person"),
        ({**spec("gin"), "seats": [{"kind": "computer"}, {"kind": "computer"}]}, "at least one person"),
        ({**spec("gin"), "seats": [{"kind": "human"}, {"kind": "open"}]}, "'human' or 'computer'"),
        ({**spec("gin"), "seats": [{"kind": "human"}, {"kind": "computer", "level": "god"}]}, "unknown level"),
        ({**spec("gin"), "target": 0}, "target must be"), ({**spec("gin"), "options": {"x": [1]}}, "bad option"),
        ({**spec("gin"), "preset": "nonesuch"}, "bad rules"),
    ]
    for bad, words in cases:
        with pytest.raises(WebError) as caught:
            desk.create(bad)
        code = "bad-target" if "target" in bad else "bad-request"  # a target out of range has its own code (and max)
        assert caught.value.code == code and words in str(caught.value), (bad, caught.value)
    assert desk.tables == {}
    four = desk.create({"game": "casino", "options": {"num_players": 4},
                        "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "computer", "level": "medium"}] * 3})
    assert [s["name"] for s in four["seats"]] == ["Ann", "Left", "Partner", "Right"]


# --- records ---------------------------------------------------------------------------------------------------
def test_a_finished_match_exports_imports_and_replays(tmp_path: Path) -> None:
    desk, made = seated(spec("gin", target=1), 3)
    tid = made["id"]
    msg = play_until(desk, tid, lambda msg: msg["over"] is not None)
    assert msg["over"] is not None and desk.step(tid) == [] and not desk.to_move(tid)
    saved = desk.save(tid)
    assert saved["finished"]
    text = desk.record_text(tid)
    path = tmp_path / "match.json"
    path.write_text(text, encoding="utf-8")
    shown = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)], capture_output=True, text=True,
                           timeout=120)
    assert shown.returncode == 0, shown.stderr
    record = GameRecord.loads(text)
    assert record.meta["source"] == "browser" and record.replay().is_over()

    imported = desk.import_record(text)
    assert imported["finished"] and imported["id"] != tid and imported["seats"][1]["level"] == "easy"
    assert GameRecord.loads(imported["record"]).hands == record.hands
    new = desk.restore(imported)
    assert desk.record_text(new) == text

    replay = desk.replay(saved)
    assert replay["hand"] == 1 and replay["hands"] == len(record.hands) and replay["frames"]
    assert all(len(f["views"]) == 2 for f in replay["frames"]) and replay["result"]["points"]
    assert replay["info"]["you"] == 0 and replay["info"]["final"] == msg["over"]["final"]
    with pytest.raises(WebError) as caught:
        desk.replay(saved, hand=99)
    assert caught.value.code == "no-hand"
    with pytest.raises(WebError) as caught:
        desk.import_record("not a record")
    assert caught.value.code == "corrupt"
    playing = desk.create(spec("gin"), seed=3)
    with pytest.raises(WebError) as caught:
        desk.replay(desk.save(playing["id"]))
    assert caught.value.code == "playing"


# --- no server in the import chain -----------------------------------------------------------------------------
PURE = """
import sys
for name in ("fastapi", "starlette", "sqlalchemy", "uvicorn", "psycopg", "psycopg2", "numpy", "torch"):
    sys.modules[name] = None  # importing any of them fails
from cardtable.apps.web.solo import SoloDesk
desk = SoloDesk()
made = desk.create({"game": "pinochle", "seats": [{"kind": "human", "name": "A"}, {"kind": "computer", "level": "hard"}]},
                   seed=1)
(msg,) = desk.receive(made["id"], {"t": "join", "token": made["token"]})
while desk.to_move(made["id"]):
    desk.step(made["id"])
msg = desk.receive(made["id"], {"t": "state"})[0]
after = desk.receive(made["id"], {"t": "act", "m": msg["legal"][0]["m"], "n": msg["n"]})
while desk.to_move(made["id"]):  # the hard computer replies
    after += desk.step(made["id"])
after += desk.receive(made["id"], {"t": "hint"}) + desk.receive(made["id"], {"t": "state"})
print(after[-2]["t"], after[-1]["t"], after[-1]["n"] > msg["n"], sorted(n for n in ("fastapi", "starlette", "sqlalchemy", "uvicorn") if sys.modules.get(n)))
"""


def test_the_desk_imports_no_server_package() -> None:
    done = subprocess.run([sys.executable, "-c", PURE], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["hints", "state", "True", "[]"]
