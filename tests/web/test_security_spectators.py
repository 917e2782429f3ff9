"""Spectators see what the table shows, nothing more (issue 16, item 3): in Pinochle's stage 2 each
player knows the other's hand, but it is still face down on the table."""

from __future__ import annotations

import random
from typing import Any

from cardtable.apps.web.serialize import card_tokens, serialize_view

from .conftest import new_table

TWO = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]


def concealed(table: Any) -> set[str]:
    """Cards in either player's concealed hand that the table does not show face up."""
    views = [table.match.state.view(i) for i in range(2)]
    hidden: set[str] = set()
    for i, v in enumerate(views):
        hidden |= card_tokens(serialize_view("pinochle", v)["hand"])
        hidden -= card_tokens(serialize_view("pinochle", views[1 - i])["opponent_known"])
    return hidden


def test_pinochle_stage_two_spectators_see_no_hand(client: Any) -> None:
    made = new_table(client, "pinochle", TWO, target=1000)
    table = client.app.state.manager.tables[made["id"]]
    rng = random.Random(3)
    stage2 = checked = 0
    with client.websocket_connect(f"/ws/{made['id']}") as spec:
        spec.send_json({"t": "spectate"})
        spec.receive_json()
        while len(table.match.hands) == 1:
            state = table.match.state
            view = state.view(0)
            if view.stage == 2:
                stage2 += 1
                assert view.opponent_hand is not None  # each player knows the other's hand by now ...
                msg = table.message_for(None)
                leaked = card_tokens(msg["view"]) & concealed(table)
                assert not leaked, sorted(leaked)  # ... but the spectator is not told it
                if stage2 == 1:  # and over the socket too
                    spec.send_json({"t": "state"})
                    got = spec.receive_json()
                    while got["n"] != table.version_for(None):  # the counter spectators are sent
                        got = spec.receive_json()
                    assert not card_tokens(got["view"]) & concealed(table)
                    openly = {str(c) for c in table.match.state.view(1).opponent_known}  # e.g. a taken trump card
                    assert got["view"]["hand"] and set(got["view"]["hand"]) - {"??"} <= openly
                checked += 1
            table.apply(rng.choice(state.legal_actions()))
    assert stage2 >= 10 and checked == stage2
    # the hand is over: the last hand's summary for the spectator shows what the players saw at its end
    last = table.message_for(None)["last"]
    assert last is not None and last["points"]
