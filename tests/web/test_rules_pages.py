"""The rules pages over HTTP (``/rules``, ``/rules/{game}``, ``/api/rules/...``, ``/help``) and the
link a refused move carries to the paragraph explaining its rule."""

from __future__ import annotations

from typing import Any

from cardtable.apps.player_rules import GAMES

from .conftest import new_table

TWO = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]


def test_rules_pages_and_help_are_served(client: Any) -> None:
    for path in ("/rules", "/rules/gin", "/rules/casino", "/rules/pinochle"):
        r = client.get(path)
        assert r.status_code == 200 and 'src="/static/rules.js"' in r.text, path
        assert "content-security-policy" in r.headers
    assert client.get("/rules/poker").status_code == 404
    r = client.get("/help", follow_redirects=False)
    assert r.status_code in (301, 302, 307, 308) and r.headers["location"] == "/rules"
    listed = client.get("/api/rules").json()["games"]
    assert [g["game"] for g in listed] == list(GAMES)
    assert [p["name"] for p in listed[0]["presets"]] == ["standard", "modern", "classic", "oklahoma", "openspiel"]


def test_rules_json_follows_the_preset_and_options(client: Any) -> None:
    classic = client.get("/api/rules/gin?preset=classic").json()
    rows = {r["name"]: r for r in classic["options"]}
    assert classic["preset"] == "classic" and rows["gin_bonus"]["value"] == 20 and rows["big_gin_bonus"]["value"] is None
    assert classic["title"] == "Gin Rummy" and classic["sections"][0]["blocks"][1]["cards"] == [["7H", "8H", "9H"]]
    table = client.get("/api/rules/casino?preset=standard&num_players=4&target_score=31&partnerships=true").json()
    rows = {r["name"]: r for r in table["options"]}
    assert table["preset"] is None and "num_players=4" in table["describe"]
    assert rows["num_players"]["value"] == 4 and "31" in rows["target_score"]["text"]
    for bad, why in [("?preset=bogus", "unknown preset"), ("?knock_limit=abc", "whole number"),
                     ("?knock_limit=11", "knock_limit"), ("?nope=1", "unknown option"), ("?oklahoma=maybe", "true or false"),
                     ("?knock_limit=3&knock_limit=4", "once")]:
        r = client.get(f"/api/rules/gin{bad}")
        assert r.status_code == 400 and why in r.json()["detail"], (bad, r.text)
    assert client.get("/api/rules/poker").status_code == 404


def test_a_refused_move_links_to_the_rule_it_breaks(client: Any) -> None:
    """The engine's refusal (rule 4.1: take or pass the first upcard) arrives with the paragraph's address."""
    made = new_table(client, "gin", TWO)
    table = client.app.state.manager.tables[made["id"]]
    table.joined.update({0, 1})  # both people have come: play starts
    token = made["seats"][table.to_act()]["token"]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "join", "token": token})
        state = ws.receive_json()
        before = table.version
        ws.send_json({"t": "act", "m": "draw", "n": state["n"]})
        error = ws.receive_json()
        assert error["t"] == "error" and error["code"] == "illegal" and "[4.1]" in error["msg"]
        assert error["rule"] == "/rules/gin#first-upcard"
        assert table.version == before
        ws.send_json({"t": "act", "m": "fly away", "n": state["n"]})
        error = ws.receive_json()
        assert error["code"] == "illegal" and "rule" not in error  # not a rule: no link
    page = client.get("/api/rules/gin").json()
    assert "first-upcard" in {b["id"] for s in page["sections"] for b in s["blocks"]}


def test_a_card_that_cannot_be_played_links_to_its_rule(client: Any) -> None:
    """A dimmed card says why in words (``blocked``) and where the rules explain it (``blocked_rules``)."""
    made = new_table(client, "gin", TWO)
    table = client.app.state.manager.tables[made["id"]]
    table.joined.update({0, 1})
    seat = table.to_act()
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "join", "token": made["seats"][seat]["token"]})
        state = ws.receive_json()
        assert state["blocked_rules"] == {}
        upcard = state["view"]["discard_pile"][-1]
        ws.send_json({"t": "act", "m": "take", "n": state["n"]})
        state = ws.receive_json()
        assert state["to_act"] == seat and upcard in state["view"]["hand"]
        assert "may not be discarded" in state["blocked"][upcard]
        assert state["blocked_rules"] == {upcard: "/rules/gin#taken-card"}
