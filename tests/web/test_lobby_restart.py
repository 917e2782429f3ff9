"""The lobby's state survives a server restart: a public table is listed again, and a table does not
wait again for people who had already joined; a version 4 database upgrades to keep that state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, select, text

from cardtable.apps.web.server import create_app
from cardtable.store import LATEST_VERSION, Store
from cardtable.store import schema as s

from .conftest import TestClient, new_table

FRIENDS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]


def join(ws: Any, token: str) -> dict[str, Any]:
    ws.send_json({"t": "join", "token": token})
    msg = ws.receive_json()
    assert msg["t"] == "state", msg
    return msg  # type: ignore[no-any-return]


def restarted(db: str) -> TestClient:
    return TestClient(create_app(db, rate=100_000, burst=100_000))


def test_a_restart_keeps_public_tables_listed_and_private_ones_private(db: str) -> None:
    with restarted(db) as client:
        public = new_table(client, "casino", FRIENDS, public=True)
        private = new_table(client, "gin", FRIENDS)
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [public["id"]]
    with restarted(db) as client:  # a new server process over the same database
        listed = client.get("/api/tables").json()["tables"]
        assert [t["id"] for t in listed] == [public["id"]]
        assert listed[0]["public"] is True and listed[0]["waiting"] == ["Ann", "Bea"]
        assert client.get(f"/api/tables/{public['id']}").json()["public"] is True
        assert client.get(f"/api/tables/{private['id']}").json()["public"] is False


def test_a_restart_does_not_wait_again_for_people_who_joined(db: str) -> None:
    with restarted(db) as client:
        made = new_table(client, "gin", FRIENDS)
        tokens = [seat["token"] for seat in made["seats"]]
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            first = join(ann, tokens[0])
            assert first["waiting"] == [1]
            tokens[0] = first["token"]  # the invite is claimed: Ann's own token from now on
        assert client.get(f"/api/tables/{made['id']}").json()["waiting"] == ["Bea"]
    with restarted(db) as client:  # nobody has moved yet: only the stored join says Ann came
        assert client.get(f"/api/tables/{made['id']}").json()["waiting"] == ["Bea"]
        with client.websocket_connect(f"/ws/{made['id']}") as bea:
            assert join(bea, tokens[1])["waiting"] == []
    with restarted(db) as client:
        assert client.get(f"/api/tables/{made['id']}").json()["waiting"] == []
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            msg = join(ann, tokens[0])
            assert msg["waiting"] == []
            if msg["to_act"] == 0:  # play goes on at once: a move is accepted, not refused as waiting
                ann.send_json({"t": "act", "m": msg["legal"][0]["m"], "n": msg["n"]})
                assert ann.receive_json()["t"] == "state"


def test_a_garbled_joined_column_waits_for_everyone(db: str) -> None:
    with restarted(db) as client:
        made = new_table(client, "gin", FRIENDS)
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        conn.execute(text("UPDATE web_tables SET joined = 'not json'"))
    engine.dispose()
    with restarted(db) as client:
        assert client.get(f"/api/tables/{made['id']}").json()["waiting"] == ["Ann", "Bea"]


def test_a_version_4_database_upgrades_and_keeps_its_tables(tmp_path: Path) -> None:
    db = str(tmp_path / "v4.db")
    with restarted(db) as client:
        made = new_table(client, "gin", FRIENDS, public=True)
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:  # back to version 4, as written before the lobby's state was stored
        conn.execute(text("ALTER TABLE web_tables DROP COLUMN public"))
        conn.execute(text("ALTER TABLE web_tables DROP COLUMN joined"))
        conn.execute(text("DELETE FROM schema_version WHERE version >= 5"))
    engine.dispose()
    with Store.open(f"sqlite:///{db}") as store:
        assert store.version() == LATEST_VERSION >= 5
        with store.engine.connect() as conn:
            row = conn.execute(select(s.web_tables).where(s.web_tables.c.id == made["id"])).one()
        assert row.public is False and row.joined == "[]"  # older tables were private and awaited everyone
    with restarted(db) as client:
        summary = client.get(f"/api/tables/{made['id']}").json()
        assert summary["public"] is False and summary["waiting"] == ["Ann", "Bea"]
        assert client.get("/api/tables").json()["tables"] == []


def test_a_join_that_cannot_be_stored_is_refused_and_the_invite_kept(db: str, monkeypatch: Any,
                                                                      caplog: Any) -> None:
    """A join is saved before anyone hears of it (issue 19, item 9): if it cannot be saved, nobody is told
    the person came, the seat is not taken, and the invite still opens it once the database answers."""
    from cardtable.apps.web import persistence
    from cardtable.store import StoreError

    real = persistence.save_joined

    def refuse(*_args: Any) -> None:
        raise StoreError("database error (test): disk full")

    monkeypatch.setattr(persistence, "save_joined", refuse)
    with restarted(db) as client:
        made = new_table(client, "gin", FRIENDS)
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            ann.send_json({"t": "join", "token": made["seats"][0]["token"]})
            err = ann.receive_json()
            assert err["t"] == "error" and err["code"] == "database" and "did not happen" in err["msg"]
        assert client.get(f"/api/tables/{made['id']}").json()["waiting"] == ["Ann", "Bea"]
        monkeypatch.setattr(persistence, "save_joined", real)
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            assert join(ann, made["seats"][0]["token"])["token"]
    assert "join not saved" in caplog.text and "disk full" in caplog.text
