"""Issue #19 item 7: a save the database refuses for a reason other than an outage (a value it cannot hold,
a broken constraint) undoes the move and tells the player, and the table does not wait for a reconnection
that would never help (it looped on "Reconnecting to the database" for ever)."""

from __future__ import annotations

import logging
import sqlite3
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.apps.web.persistence import SAVE_REFUSED
from cardtable.apps.web.server import create_app
from cardtable.apps.web.table import PAUSED
from cardtable.record import GameRecord
from cardtable.store import Store

from .conftest import new_table
from .test_db_faults import VS_COMPUTER, legal, stored_hands, until

pytestmark = pytest.mark.serial  # timing-sensitive (a computer's think delay while a save is refused): run alone, see pyproject's markers


def test_a_refused_move_is_undone_and_reported_and_the_table_plays_on(tmp_path: Path,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    db = str(tmp_path / "refused.db")
    caplog.set_level(logging.INFO, logger="cardtable.web")
    with TestClient(create_app(Store.open(db), rate=1000, burst=1000)) as client:
        made = new_table(client, "gin", VS_COMPUTER)
        manager = client.app.state.manager
        # the computer does not move while the test looks (a second or so); a computer turn scheduled meanwhile
        # sleeps this long before the server can shut down, so it is short
        manager.think_delay = 8.0
        table = manager.tables[made["id"]]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
            m, _ = until(ws, lambda x: x["t"] == "state" and bool(x["legal"]))
            before, n = GameRecord.from_match(table.match).hands, m["n"]
            refuse = sqlite3.connect(db)
            refuse.execute("CREATE TRIGGER refuse BEFORE INSERT ON moves BEGIN "
                           "SELECT RAISE(ABORT, 'refused by the test'); END")
            refuse.commit()
            move = legal(m)[0]
            ws.send_json({"t": "act", "m": move, "n": n})
            error, seen = until(ws, lambda x: x["t"] == "error" and x["code"] == "save-refused")
            assert error["msg"] == SAVE_REFUSED
            assert all(x.get("msg") != PAUSED and x.get("paused") is None for x in seen)
            assert not any(x["t"] == "state" and x["n"] != n for x in seen)  # the move was never shown
            assert GameRecord.from_match(table.match).hands == before and table.version == n
            assert not table.paused and not manager.reconnector.paused
            assert stored_hands(db, table.game_id) == before
            refuse.execute("DROP TRIGGER refuse")
            refuse.commit()
            refuse.close()
            manager.think_delay = 0.0  # the computer may answer now
            ws.send_json({"t": "act", "m": move, "n": n})  # the same move, no reconnection needed
            moved, _ = until(ws, lambda x: x["t"] == "state" and x["n"] > n)
            assert moved["paused"] is None
        assert stored_hands(db, table.game_id) == GameRecord.from_match(table.match).hands
    refusals = [r for r in caplog.records if "refused by the database" in r.getMessage()]
    assert len(refusals) == 1 and "refused by the test" in refusals[0].getMessage()
    assert not any("paused" in r.getMessage() or "database is back" in r.getMessage() for r in caplog.records)
