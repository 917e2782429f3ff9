"""Gin layoffs reach the browser step by step: the messages after a knock carry ``layoff_steps``
(which card onto which of the knocker's melds, in order), public to both seats and spectators."""

from __future__ import annotations

from typing import Any

from cardtable.apps.web.serialize import card_tokens, layoff_steps, serialize_view
from cardtable.match import Match

from .conftest import LAYOFF_MOVES, add_table, layoff_match
from .test_views_private import hidden_for

EXPECTED_STEPS = [
    {"card": "QS", "meld": 0, "onto": ["9S", "TS", "JS"], "meld_after": ["9S", "TS", "JS", "QS"],
     "deadwood_before": 24, "deadwood_after": 14},
    {"card": "6C", "meld": 2, "onto": ["3C", "4C", "5C"], "meld_after": ["3C", "4C", "5C", "6C"],
     "deadwood_before": 14, "deadwood_after": 8},
    {"card": "7C", "meld": 2, "onto": ["3C", "4C", "5C", "6C"], "meld_after": ["3C", "4C", "5C", "6C", "7C"],
     "deadwood_before": 8, "deadwood_after": 1},
]


def test_message_after_a_knock_carries_the_layoff_steps_in_order(client: Any) -> None:
    manager = client.app.state.manager
    table, tokens = add_table(manager, layoff_match(), [("human", None), ("human", None)])
    leaks: list[str] = []

    def hook(seat: int | None, msg: dict[str, Any]) -> None:  # as test_views_private: nothing hidden, ever
        now = {k: v for k, v in msg.items() if k != "last"}
        bad = card_tokens(now) & hidden_for(table, seat)
        if bad:
            leaks.append(f"seat {seat}, move {msg['n']}: {sorted(bad)}")

    table.send_hook = hook
    url = f"/ws/{table.id}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b, client.websocket_connect(url) as spec:
        a.send_json({"t": "join", "token": tokens[0]})
        a.receive_json()
        b.send_json({"t": "join", "token": tokens[1]})
        a.receive_json()
        b.receive_json()
        spec.send_json({"t": "spectate"})
        spec.receive_json()
        msgs: list[dict[str, Any]] = []
        for move in LAYOFF_MOVES:
            n = table.version
            a.send_json({"t": "act", "m": move, "n": n})
            msgs = [a.receive_json(), b.receive_json(), spec.receive_json()]
            assert all(m["t"] == "state" and m["n"] > n for m in msgs)
            if move != LAYOFF_MOVES[-1]:  # before the knock: no showdown, nothing to lay off
                assert all(m["last"] is None and m["view"]["showdown"] is None for m in msgs)
    assert not leaks, leaks
    for msg in msgs:  # the knocker, the defender and the spectator see the same showdown
        last = msg["last"]
        assert last is not None and last["number"] == 1 and last["points"] == [0, 29]
        sd = last["view"]["showdown"]
        assert sd["outcome"] == "knock" and sd["result"] == "undercut" and sd["knocker"] == 0
        assert sd["knocker_melds"] == [["9S", "TS", "JS"], ["7S", "7H", "7D"], ["3C", "4C", "5C"]]
        assert sd["knocker_deadwood_cards"] == ["5S"] and sd["knocker_deadwood"] == 5
        assert sd["layoffs"] == [["QS", 0], ["6C", 2], ["7C", 2]]
        assert sd["layoff_steps"] == EXPECTED_STEPS
        assert sd["defender_deadwood_cards"] == ["AH"] and sd["defender_deadwood"] == 1
        assert msg["view"]["showdown"] is None  # the table has moved on to hand 2
    assert msgs[2]["last"]["view"]["showdown"] == msgs[0]["last"]["view"]["showdown"] == msgs[1]["last"]["view"]["showdown"]


def test_layoff_steps_only_once_the_hand_is_over() -> None:
    match = layoff_match()
    state = match.state
    for move in LAYOFF_MOVES:
        for seat in (0, 1):
            data = serialize_view("gin", state.view(seat))
            assert data["showdown"] is None and "layoff_steps" not in str(data)
        match.apply(move)
    assert state.is_terminal()
    views = [serialize_view("gin", state.view(seat)) for seat in (0, 1)]
    assert views[0]["showdown"]["layoff_steps"] == views[1]["showdown"]["layoff_steps"] == EXPECTED_STEPS
    # every card of a step was already public in the showdown itself
    for v in views:
        plain = {k: x for k, x in v["showdown"].items() if k != "layoff_steps"}
        assert card_tokens(v["showdown"]["layoff_steps"]) <= card_tokens(plain)


def test_no_layoff_steps_after_gin_or_a_void_hand() -> None:
    from cardtable.gin import GinGame

    game = GinGame()
    gin = game.from_position("dealer: 0\nphase: discard\nturn: 0\nhand0: 3C 4C 5C 7D 7H 7S TS JS QS KS 9D\n"
                             "hand1: 6C 7C QD 5H 2D 2S 9H TH JH 8D\ndiscard: 8C")
    gin.apply("knock 9D")  # gin: 6C and 7C would extend the clubs, but nothing is laid off against gin
    sd = gin.showdown
    assert sd is not None and sd.outcome == "gin" and sd.layoffs == ()
    assert layoff_steps(sd) == []
    assert serialize_view("gin", gin.view(1))["showdown"]["layoff_steps"] == []
    void = Match("gin", seed=2, first_dealer=0)
    void.resolve_chance()
    void.state._void("test")
    assert layoff_steps(void.state.showdown) == []
