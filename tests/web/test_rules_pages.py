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


def test_the_rules_speak_the_language_asked_for(client: Any) -> None:
    """``?lang=`` (what the page adds), else Accept-Language; an unknown language is English. The ids of the
    sections and paragraphs are the same in every language (a refusal's link names one)."""
    from cardtable.apps.player_rules import page
    from cardtable.apps.player_rules.translations import load_translated
    from cardtable.registry import game_class

    classic = game_class("gin").rules_class.preset("classic")
    english = client.get("/api/rules/gin?preset=classic").json()
    ids = [(s["id"], [b["id"] for b in s["blocks"]]) for s in english["sections"]]
    for lang, params, headers in (("ja", {"lang": "ja"}, {}), ("cs", {}, {"accept-language": "cs-CZ,en;q=0.5"})):
        got = client.get("/api/rules/gin", params={"preset": "classic", **params}, headers=headers).json()
        want = page(classic, "gin", load_translated("gin", lang))
        assert got["lang"] == lang and got["sections"] == want["sections"] and got["title"] == want["title"]
        assert got["sections"] != english["sections"] and got["options"] == want["options"]
        assert [(s["id"], [b["id"] for b in s["blocks"]]) for s in got["sections"]] == ids
        listed = client.get("/api/rules", params=params, headers=headers).json()
        doc = load_translated("casino", lang)
        assert listed["lang"] == lang and listed["games"][1]["intro"] == doc.text(doc.data["intro"])
    for params, headers in (({"lang": "de"}, {}), ({}, {"accept-language": "fr-FR"}), ({"lang": "en_XA"}, {}),
                            ({"lang": "en"}, {"accept-language": "cs"})):
        got = client.get("/api/rules/gin", params={"preset": "classic", **params}, headers=headers).json()
        assert got["lang"] == "en" and got["sections"] == english["sections"], (params, headers)
    table = client.get("/api/rules/casino?preset=standard&num_players=4&lang=bg").json()  # lang is no option
    assert table["lang"] == "bg" and table["preset"] is None
    assert client.get("/api/rules/gin?lang=cs&lang=ja").status_code == 400
    shell = client.get("/rules/gin", headers={"accept-language": "zh-CN"})
    assert '<html lang="zh-Hans" data-i18n>' in shell.text and "accept-language" in shell.headers["vary"].lower()


def test_the_static_site_builds_in_every_language_of_the_rules() -> None:
    """The static site's rules pages hold each language's text, as the server answers ``?lang=``."""
    from cardtable.apps.player_rules import page
    from cardtable.apps.player_rules.translations import LANGS, load_translated
    from cardtable.apps.web.static_site import _rules_data
    from cardtable.registry import game_class

    listing, pages = _rules_data()
    assert sorted(listing) == sorted(LANGS) and sorted(pages["gin"]["presets"]) == sorted(LANGS)
    for lang in ("en", "cs", "zh"):
        doc = load_translated("pinochle", lang)
        assert listing[lang]["games"][2]["title"] == doc.text(doc.data["title"])
        oklahoma = game_class("gin").rules_class.preset("oklahoma")
        built = pages["gin"]["presets"][lang]["oklahoma"]
        assert built["lang"] == lang and built["sections"] == page(oklahoma, "gin", load_translated("gin", lang))["sections"]
    assert pages["gin"]["options"]["oklahoma"]["oklahoma"] is True
