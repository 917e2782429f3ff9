"""Fair play and privacy (issue 19): private finished matches and statistics are their players' only,
an invite opens its seat once, and a join is saved before anyone hears of it."""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from cardtable.agents import make_agent
from cardtable.apps.web import persistence
from cardtable.apps.web.server import create_app
from cardtable.apps.web.tables import SeatSpec, Table, hash_token
from cardtable.match import Match
from cardtable.registry import make_game
from cardtable.store import Store
from cardtable.store import schema as s

from .conftest import TestClient, new_table

FRIENDS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]
SEATS = "X-Cardtable-Seats"


def app(db: str) -> TestClient:
    return TestClient(create_app(db, rate=100_000, burst=100_000))


def finished_table(manager: Any, *, public: bool, seed: int) -> tuple[Table, list[str]]:
    """A two-person Gin table whose match (to 1 point) is over, stored; return it and its seats' tokens."""
    match = Match(make_game("gin", target_score=1), seed=seed, seat_names=["Ann", "Bea"])
    match.play([make_agent("gin", "simple", seed=seed + i) for i in range(2)])
    tokens = [secrets.token_urlsafe(24) for _ in range(2)]
    seats = [SeatSpec("human", name, None, hash_token(tok)) for name, tok in zip(match.seat_names, tokens)]
    table = Table(id=secrets.token_hex(8), match=match, seats=seats, game_id=0, manager=manager, public=public,
                  joined={0, 1})
    manager._save(table, new=True)
    return table, tokens


def join(ws: Any, token: str) -> dict[str, Any]:
    ws.send_json({"t": "join", "token": token})
    msg = ws.receive_json()
    assert msg["t"] == "state", msg
    return msg  # type: ignore[no-any-return]


def refused(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    ws.send_json(message)
    msg = ws.receive_json()
    assert msg["t"] == "error", msg
    return msg  # type: ignore[no-any-return]


# --- item 3: finished matches and statistics --------------------------------------------------------------
def test_a_private_finished_match_is_seen_only_with_one_of_its_seats(db: str) -> None:
    with app(db) as client:
        manager = client.app.state.manager
        private, tokens = finished_table(manager, public=False, seed=3)
        public, _ = finished_table(manager, public=True, seed=4)
        other, other_tokens = finished_table(manager, public=False, seed=5)
        uid = {t.id: manager.store.game_info(t.game_id).uid for t in (private, public, other)}

        listed = client.get("/api/finished").json()["games"]  # a stranger: the public match only
        assert [g["uid"] for g in listed] == [uid[public.id]] and listed[0]["you"] is None
        assert client.get(f"/api/replay/{uid[public.id]}").status_code == 200
        assert client.get(f"/api/replay/{uid[private.id]}").status_code == 404  # as if it did not exist
        stranger = {SEATS: f"{other.id}:{other_tokens[0]}, {private.id}:{'x' * 32}"}  # another table's seat, a guess
        assert client.get(f"/api/replay/{uid[private.id]}", headers=stranger).status_code == 404
        assert uid[private.id] not in {g["uid"] for g in client.get("/api/finished", headers=stranger).json()["games"]}

        bea = {SEATS: f"{private.id}:{tokens[1]}"}
        mine = client.get("/api/finished", headers=bea).json()["games"]
        assert {g["uid"]: g["you"] for g in mine} == {uid[private.id]: 1, uid[public.id]: None}
        replay = client.get(f"/api/replay/{uid[private.id]}?hand=1", headers=bea)
        assert replay.status_code == 200 and replay.json()["info"]["you"] == 1
        assert all(len(f["views"]) == 2 for f in replay.json()["frames"])  # it is over: every hand shown


def test_statistics_are_the_visitors_own_with_anonymous_server_counts(db: str) -> None:
    with app(db) as client:
        manager = client.app.state.manager
        table, tokens = finished_table(manager, public=False, seed=3)
        finished_table(manager, public=True, seed=4)
        nobody = client.get("/api/stats").json()
        assert nobody["rows"] == [] and nobody["games"] == []  # no one else's games
        assert nobody["server"] == [{"game": "gin", "in_progress": 0, "finished": 2, "abandoned": 0}]
        assert "Ann" not in str(nobody) and "Bea" not in str(nobody)
        winner = table.match.outcome.winner  # type: ignore[union-attr]
        for seat in (0, 1):  # "your side" is the seat the token is for, not the creator's
            mine = client.get("/api/stats", headers={SEATS: f"{table.id}:{tokens[seat]}"}).json()
            assert [(r["played"], r["won"]) for r in mine["rows"]] == [(1, int(winner == seat))]
            assert [g["won"] for g in mine["games"]] == [winner == seat]
            assert (mine["games"][0]["margin"] > 0) == (winner == seat)


# --- item 4: an invite opens its seat once ---------------------------------------------------------------
def test_an_invite_is_claimed_once_and_the_players_own_token_survives_a_restart(db: str) -> None:
    with app(db) as client:
        made = new_table(client, "gin", FRIENDS)
        invite = made["seats"][1]["token"]
        url = f"/ws/{made['id']}"
        with client.websocket_connect(url) as bea:
            first = join(bea, invite)
            own = first["token"]
            assert first["you"] == 1 and own != invite and len(own) >= 32
            with client.websocket_connect(url) as creator:  # the creator keeps the link: it opens nothing now
                assert refused(creator, {"t": "join", "token": invite})["code"] == "token"
            with client.websocket_connect(url) as again:  # Bea's second window, with her own token
                second = join(again, own)
                assert second["you"] == 1 and "token" not in second
    with app(db) as client:  # a new server over the same database
        with client.websocket_connect(url) as creator:
            assert refused(creator, {"t": "join", "token": invite})["code"] == "token"
        with client.websocket_connect(url) as bea:
            assert join(bea, own)["you"] == 1


def test_the_creator_can_invite_again_only_an_empty_seat(db: str) -> None:
    with app(db) as client:
        made = new_table(client, "gin", FRIENDS)
        url = f"/ws/{made['id']}"
        with client.websocket_connect(url) as ann, client.websocket_connect(url) as bea:
            join(ann, made["seats"][0]["token"])
            join(bea, made["seats"][1]["token"])
            ann.receive_json()  # Bea came
            assert refused(ann, {"t": "invite", "seat": 1})["code"] == "occupied"  # Bea is at the table
            assert refused(bea, {"t": "invite", "seat": 0})["code"] == "host"  # only the creator invites
            assert refused(ann, {"t": "invite", "seat": 0})["code"] == "bad-request"  # not one's own seat
            assert refused(ann, {"t": "invite", "seat": "1"})["code"] == "bad-request"
        with client.websocket_connect(url) as watcher:
            watcher.send_json({"t": "spectate"})
            watcher.receive_json()
            assert refused(watcher, {"t": "invite", "seat": 1})["code"] == "spectator"


def test_a_new_invite_replaces_the_seats_token(db: str) -> None:
    with app(db) as client:
        made = new_table(client, "gin", FRIENDS)
        url = f"/ws/{made['id']}"
        with client.websocket_connect(url) as ann:
            join(ann, made["seats"][0]["token"])
            with client.websocket_connect(url) as bea:
                bea_own = join(bea, made["seats"][1]["token"])["token"]
            while ann.receive_json()["seats"][1]["online"]:  # Bea has left
                pass
            ann.send_json({"t": "invite", "seat": 1})
            answer = ann.receive_json()
            assert answer["t"] == "invite" and answer["seat"] == 1
            fresh = answer["token"]
            with client.websocket_connect(url) as old:
                assert refused(old, {"t": "join", "token": bea_own})["code"] == "token"
            with client.websocket_connect(url) as cleo:
                assert join(cleo, fresh)["token"] != fresh  # an invite again: claimed once
    with app(db) as client, client.websocket_connect(url) as old:  # stored: a restart does not bring it back
        assert refused(old, {"t": "join", "token": bea_own})["code"] == "token"


# --- item 9: a join is saved, then told --------------------------------------------------------------------
def test_a_join_is_saved_before_anyone_hears_of_it(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = persistence.save_joined
    events: list[str] = []

    def slow(*args: Any) -> None:
        events.append("saving")
        time.sleep(0.3)  # a database that takes its time: the old code had told everyone by now
        real(*args)
        events.append("saved")

    monkeypatch.setattr(persistence, "save_joined", slow)
    with app(db) as client:
        made = new_table(client, "gin", FRIENDS)
        table = client.app.state.manager.tables[made["id"]]
        table.send_hook = lambda seat, msg: events.append(f"sent to {seat}")
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            msg = join(ann, made["seats"][0]["token"])
            assert msg["waiting"] == [1]
            with Store.open(db) as other, other.engine.connect() as conn:  # as if the server were killed now
                row = conn.execute(select(s.web_tables.c.joined, s.web_tables.c.seats)
                                   .where(s.web_tables.c.id == made["id"])).one()
            assert row.joined == "[0]" and hash_token(msg["token"]) in row.seats
    assert events[:3] == ["saving", "saved", "sent to 0"], events


def test_the_web_layer_queries_only_through_the_store() -> None:
    """Reads and writes go through :meth:`Store.reading`/:meth:`Store.writing` (its writer lock, its error
    handling and reconnect after a failure), never the engine directly (issue 19, item 9)."""
    web = Path(persistence.__file__).parent
    users = [p.name for p in sorted(web.glob("*.py")) if ".engine" in p.read_text(encoding="utf-8")]
    assert users == []


def test_a_garbled_seats_header_proves_nothing_and_breaks_nothing(db: str) -> None:
    with app(db) as client:
        manager = client.app.state.manager
        private, tokens = finished_table(manager, public=False, seed=3)
        uid = manager.store.game_info(private.game_id).uid
        for junk in ("x" * 4000, ",,,:::", f"{private.id}", f"{private.id}:", f"{private.id}:short",
                     f"../{private.id}:{tokens[0]}", f"{private.id}:{tokens[0][:-1]}", ("é:ü" * 10).encode()):
            r = client.get("/api/finished", headers={SEATS: junk})
            assert r.status_code == 200 and r.json()["games"] == [], junk
            assert client.get(f"/api/replay/{uid}", headers={SEATS: junk}).status_code == 404
            assert client.get("/api/stats", headers={SEATS: junk}).json()["games"] == []
        many = ",".join(f"{secrets.token_hex(8)}:{secrets.token_urlsafe(24)}" for _ in range(80))
        assert client.get("/api/finished", headers={SEATS: f"{many},{private.id}:{tokens[0]}"}).json()["games"] == []
        assert len(client.get("/api/finished", headers={SEATS: f"{private.id}:{tokens[0]},{many}"}).json()["games"]) == 1
