"""Undo at a web table reveals nothing: never past a drawn card, a reply, a new deal or a finished match."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.agents import make_agent

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.apps.web.server import create_app

from .conftest import new_table

VS_COMPUTER = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]


def until(ws: Any, pred: Callable[[dict[str, Any]], bool], limit: int = 400) -> dict[str, Any]:
    """Read messages until one satisfies ``pred`` (errors fail the test)."""
    for _ in range(limit):
        m = ws.receive_json()
        assert m["t"] == "state", m
        if pred(m):
            return m
    raise AssertionError("no such message")


def next_error(ws: Any, limit: int = 400) -> dict[str, Any]:
    """Skip state messages (the computer may be moving) up to the first error."""
    for _ in range(limit):
        m = ws.receive_json()
        if m["t"] == "error":
            return m
    raise AssertionError("no error")


def moves(m: dict[str, Any]) -> list[str]:
    return [a["m"] for a in m["legal"]]


def test_undo_never_shows_the_next_stock_card(tmp_path: Path) -> None:
    """Draw, undo, draw again used to show the same stock card every time (issue 16, item 2)."""
    with TestClient(create_app(str(tmp_path / "u.db"), rate=1000, burst=1000)) as client:
        made = new_table(client, "gin", VS_COMPUTER)
        table = client.app.state.manager.tables[made["id"]]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
            m = until(ws, lambda m: bool(m["legal"]))
            while "draw" not in moves(m):  # the first-upcard offer: pass it (then wait for our turn)
                assert not m["can_undo"] and m["undo_reason"]
                ws.send_json({"t": "act", "m": "pass" if "pass" in moves(m) else moves(m)[0], "n": m["n"]})
                m = until(ws, lambda m: bool(m["legal"]))
            client.app.state.manager.think_delay = 60.0  # the computer will think while we undo
            ws.send_json({"t": "act", "m": "draw", "n": m["n"]})
            drawn = until(ws, lambda m: len(m["view"]["hand"]) == 11)
            assert not drawn["can_undo"] and "new cards" in drawn["undo_reason"]
            ws.send_json({"t": "undo", "n": drawn["n"]})
            err = ws.receive_json()
            assert err["t"] == "error" and err["code"] == "undo" and "new cards" in err["msg"]
            assert table.version == drawn["n"]
            # a discard before the computer replies can be taken back: to the same 11 cards, drawn card kept
            ws.send_json({"t": "act", "m": drawn["legal"][0]["m"], "n": drawn["n"]})
            after = until(ws, lambda m: m["n"] > drawn["n"])
            assert after["can_undo"] and after["undo_reason"] == ""
            ws.send_json({"t": "undo", "n": after["n"]})
            back = until(ws, lambda m: m["n"] > after["n"])
            assert sorted(back["view"]["hand"]) == sorted(drawn["view"]["hand"])
            assert moves(back) == moves(drawn) and not back["can_undo"] and "new cards" in back["undo_reason"]


def play_to_the_end(client: Any, made: dict[str, Any]) -> dict[str, Any]:
    """Play the person's seat with the ``simple`` player until the match is over; check undo on the way."""
    table = client.app.state.manager.tables[made["id"]]
    agent = make_agent("gin", "simple", seed=3)
    seen: set[str] = set()
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
        m = ws.receive_json()
        token = m["token"]  # the seat's own token, given for the invite
        if not m["legal"]:
            m = until(ws, lambda m: bool(m["legal"]) or m["over"] is not None)
        for _ in range(2000):
            if m["over"] is not None:
                break
            seen.add(m["undo_reason"])
            state = table.match.state
            move = str(agent.act(state.view(0), state.legal_actions()))
            ws.send_json({"t": "act", "m": move, "n": m["n"]})
            n = m["n"]
            m = until(ws, lambda m, n=n: m["n"] > n and (bool(m["legal"]) or m["over"] is not None))
        assert m["over"] is not None
        m["seen_reasons"] = seen
        m["token"] = token
        ws.send_json({"t": "undo", "n": m["n"]})
        err = next_error(ws)
        assert err["code"] == "undo" and "match is over" in err["msg"]
    return m


def test_a_finished_match_stays_finished(tmp_path: Path) -> None:
    """Undo after the last hand took a finished match back and emptied /api/finished (issue 16, item 1)."""
    with TestClient(create_app(str(tmp_path / "f.db"), rate=1000, burst=1000)) as client:
        made = new_table(client, "gin", VS_COMPUTER, target=1)
        table = client.app.state.manager.tables[made["id"]]
        final = play_to_the_end(client, made)
        assert not final["can_undo"] and "match is over" in final["undo_reason"]
        assert any("Computer has replied" in r for r in final["seen_reasons"]), final["seen_reasons"]
        assert table.match.is_over() and table.version == final["n"]
        seated = {"X-Cardtable-Seats": f"{made['id']}:{final['token']}"}  # a private table: its player sees it
        games = client.get("/api/finished", headers=seated).json()["games"]
        assert len(games) == 1
        assert client.get(f"/api/replay/{games[0]['uid']}", headers=seated).status_code == 200
        assert client.get("/api/stats", headers=seated).json()["rows"][0]["played"] == 1


def test_no_undo_into_the_previous_hand(tmp_path: Path) -> None:
    """At the start of the next hand undo used to reopen the last one (issue 16, item 1)."""
    with TestClient(create_app(str(tmp_path / "h.db"), rate=1000, burst=1000)) as client:
        made = new_table(client, "gin", VS_COMPUTER, target=1000)
        table = client.app.state.manager.tables[made["id"]]
        agent = make_agent("gin", "simple", seed=4)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
            m = until(ws, lambda m: bool(m["legal"]))
            for _ in range(2000):
                if m["hand_no"] > 1:
                    break
                state = table.match.state
                ws.send_json({"t": "act", "m": str(agent.act(state.view(0), state.legal_actions())), "n": m["n"]})
                n = m["n"]
                m = until(ws, lambda m, n=n: m["n"] > n and (bool(m["legal"]) or m["hand_no"] > 1))
            assert m["hand_no"] == 2 and m["last"] is not None
            assert not m["can_undo"] and "new hand" in m["undo_reason"]
            ws.send_json({"t": "undo", "n": m["n"]})
            got = next_error(ws)
            assert got["code"] in ("undo", "stale"), got  # stale: the computer moved first; either way nothing
            assert len(table.match.hands) == 2 and table.match.hands[0].result is not None
            assert not table.can_undo(0) and "new hand" in table.undo_check(0).reason
            assert len(table.match.hands) == 2 and table.match.hands[0].result is not None
