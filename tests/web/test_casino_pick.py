"""The 'pick' message (Casino on a crowded table): the moves of a hand card taking exactly the picked table
cards and builds, each checked as one move, or the rule that forbids them; bad picks get a clear error and
change nothing."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient  # noqa: F401  (the web extra: the client fixture needs it)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "casino"))  # the crowded tables of the Casino tests

from casino_crowded_support import crowded_match

from .conftest import add_table, new_table


def test_pick_lists_the_moves_of_exactly_those_cards_or_says_why(client: Any) -> None:
    manager = client.app.state.manager
    table, tokens = add_table(manager, crowded_match(), [("human", None), ("computer", "random")])
    before = table.version
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"t": "join", "token": tokens[0]})
        state = ws.receive_json()
        n = state["n"]
        assert state["more_moves"] > 100_000  # a crowded table: a million moves, a few listed
        ws.send_json({"t": "pick", "card": "TD", "picks": ["5S", "5H", "4S", "4H", "AS", "AH"], "n": n})
        got = ws.receive_json()
        assert got["t"] == "picked" and got["why"] == ""
        assert [m["m"] for m in got["moves"]] == ["TD x 5S+5H 4S+4H+AS+AH"]
        assert got["moves"][0]["label"].startswith("Capture")
        ws.send_json({"t": "pick", "card": "9C", "picks": ["AS"], "n": n})  # 10♦ is held: 9♣ and A♠ build 10
        got = ws.receive_json()
        assert got["moves"] == [{"m": "9C b10 AS", "label": "Build 10 from your 9♣ and A♠"}]
        ws.send_json({"t": "pick", "card": "9C", "picks": ["5S", "3H"], "n": n})
        got = ws.receive_json()
        assert got["moves"] == [] and "cannot be split into groups each worth 9" in got["why"]
        assert "7.2.3" in got["why"] and not got["why"].startswith("9C x")
        for bad, code in [({"card": "TD", "picks": "5S"}, "bad-request"), ({"card": 7, "picks": []}, "bad-request"),
                          ({"card": "TD", "picks": ["5S"] * 60}, "bad-request"),
                          ({"card": "TD", "picks": ["ZZ"]}, "bad-request"),
                          ({"card": "KS", "picks": ["5S"]}, "bad-request"),  # not in the hand
                          ({"card": "TD", "picks": ["5S"], "n": "x"}, "bad-request")]:
            ws.send_json({"t": "pick", "n": n, **bad})
            err = ws.receive_json()
            assert err["t"] == "error" and err["code"] == code, (bad, err)
        ws.send_json({"t": "pick", "card": "TD", "picks": ["9S"], "n": n})  # not on the table
        got = ws.receive_json()
        assert got.get("moves") == [] and "not on the table" in got["why"], got
        ws.send_json({"t": "pick", "card": "TD", "picks": ["5S"], "n": n - 1})
        assert ws.receive_json()["code"] == "stale"
    assert table.version == before  # a pick never plays


def test_pick_is_for_the_player_to_act_and_for_casino(client: Any) -> None:
    made = new_table(client, "gin", [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}])
    table = client.app.state.manager.tables[made["id"]]
    table.joined.add(1)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "join", "token": made["seats"][table.to_act()]["token"]})
        n = ws.receive_json()["n"]
        ws.send_json({"t": "pick", "card": "TD", "picks": [], "n": n})
        assert ws.receive_json()["code"] == "bad-request"
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "spectate"})
        n = ws.receive_json()["n"]
        ws.send_json({"t": "pick", "card": "TD", "picks": [], "n": n})
        assert ws.receive_json()["code"] == "spectator"
