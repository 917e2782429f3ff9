"""The lobby's rules on the server: private by default, public tables listed, play waits for every
invited person, abandoned tables expire and cannot be opened again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from cardtable.apps.web.lobby import expire_idle, expiry_seconds

from .conftest import new_table

FRIENDS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]
ALONE = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]


def join(ws: Any, token: str) -> dict[str, Any]:
    ws.send_json({"t": "join", "token": token})
    msg = ws.receive_json()
    assert msg["t"] == "state", msg
    return msg  # type: ignore[no-any-return]


def test_only_public_tables_are_listed(client: Any) -> None:
    private = new_table(client, "gin", FRIENDS)
    public = new_table(client, "casino", FRIENDS, public=True)
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [public["id"]]
    assert listed[0]["waiting"] == ["Ann", "Bea"] and "token" not in str(listed)
    summary = client.get(f"/api/tables/{private['id']}").json()  # reachable by its id (the links)
    assert summary["public"] is False and summary["waiting"] == ["Ann", "Bea"] and "token" not in str(summary)
    assert client.get("/api/tables/nosuchtable").status_code == 404


def test_play_waits_for_every_invited_person(client: Any) -> None:
    made = new_table(client, "gin", FRIENDS)
    tokens = [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/{made['id']}") as ann:
        msg = join(ann, tokens[0])
        assert msg["waiting"] == [1]
        if msg["to_act"] == 0:  # a move before Bea comes is refused and changes nothing
            n = msg["n"]
            ann.send_json({"t": "act", "m": msg["legal"][0]["m"], "n": n})
            err = ann.receive_json()
            assert err["code"] == "waiting" and "Bea" in err["msg"]
        with client.websocket_connect(f"/ws/{made['id']}") as bea:
            assert join(bea, tokens[1])["waiting"] == []
            assert ann.receive_json()["waiting"] == []  # Ann hears that Bea came


def test_the_computer_waits_too(client: Any) -> None:
    made = new_table(client, "gin", [{"kind": "computer", "level": "random"}, {"kind": "human", "name": "Ann"}])
    table = client.app.state.manager.tables[made["id"]]
    assert table.waiting_for() == [1] and not table.computer_to_act()
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        msg = join(ws, made["seats"][1]["token"])
        assert msg["waiting"] == []
        while msg["to_act"] != 1:  # the computer plays once Ann is here
            msg = ws.receive_json()


def test_labels_are_words(client: Any) -> None:
    made = new_table(client, "pinochle", ALONE)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        msg = join(ws, made["seats"][0]["token"])
        while not msg["legal"]:
            msg = ws.receive_json()
        labels = [a["label"] for a in msg["legal"]]
        assert all(label.startswith(("Play ", "Meld ", "Decline", "Exchange", "Keep", "Declare")) for label in labels), labels
        assert not any(label[-1] in "ab" and label[-2] in "♠♥♦♣" for label in labels), labels


def test_abandoned_tables_expire(client: Any) -> None:
    manager = client.app.state.manager
    idle = new_table(client, "gin", ALONE)
    busy = new_table(client, "gin", ALONE)
    later = datetime.now(UTC) + timedelta(hours=80)
    with client.websocket_connect(f"/ws/{busy['id']}") as ws:
        join(ws, busy["seats"][0]["token"])
        gone = expire_idle(manager, expiry_seconds(72 * 3600.0), now=later)
    assert gone == [idle["id"]]  # the table with someone at it stays
    assert idle["id"] not in manager.tables
    r = client.get(f"/api/tables/{idle['id']}")
    assert r.status_code == 410 and "without a move" in r.json()["detail"]
    with client.websocket_connect(f"/ws/{idle['id']}") as ws:
        assert ws.receive_json()["code"] == "expired"
    assert expire_idle(manager, 72 * 3600.0) == []  # nothing else is old enough now


def test_expiry_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_WEB_EXPIRE_HOURS", "2")
    assert expiry_seconds() == 7200.0
    monkeypatch.setenv("CARDTABLE_WEB_EXPIRE_HOURS", "soon")
    with pytest.raises(ValueError, match="number of hours"):
        expiry_seconds()
    with pytest.raises(ValueError, match="positive"):
        expiry_seconds(0)


def test_blocked_cards_say_why() -> None:
    """The hand cards no legal move uses come with the engine's reason, without the rule number."""
    from cardtable import make_game
    from cardtable.apps.web.serialize import blocked_cards

    state = make_game("gin").from_position(
        "dealer: 1; phase: discard; turn: 0; hand0: 3C 4C 5C 7D 7H 7S 9S TS JS 8H 5S; "
        "hand1: 6C 7C QS KD KH KC 2D 3D 4D AH; discard: -; taken: 5S")
    legal = [{"m": str(a), "cards": [str(a.card)] if a.card else []} for a in state.legal_actions()]
    hand = [str(c) for c in state.view(0).hand]
    assert blocked_cards("gin", state, hand, legal) == {
        "5S": "the card taken from the discard pile may not be discarded this turn"}
    assert blocked_cards("casino", state, hand, legal) == {}
