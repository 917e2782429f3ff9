"""A complete match of each game between two seats and a spectator: no message ever shows a hidden card."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from cardtable.agents import make_agent
from cardtable.apps.web.serialize import card_tokens, serialize_view

from .conftest import new_table

TARGETS = {"gin": 1, "casino": 1, "pinochle": 150}


def pick(rng: random.Random, legal: list[dict[str, Any]], table: Any, agent: Any) -> str:
    """Random play for Casino and Pinochle; Gin uses the ``simple`` player (random Gin hands end in
    draws so often that a match to 1 point can take thousands of moves)."""
    if agent is not None:
        state = table.match.state
        move = str(agent.act(state.view(state.current_player()), state.legal_actions()))
        assert move in {a["m"] for a in legal}
        return move
    return str(rng.choice(legal)["m"])


def hidden_for(table: Any, seat: int | None) -> set[str]:
    """Cards in the full position that ``seat`` (or a spectator: every seat) does not see in its view."""
    state = table.match.state
    try:
        full = card_tokens(state.to_fields())
    except Exception:  # between hands / after the match: nothing is hidden any more
        return set()
    n = table.match.game.num_players
    if seat is None:
        known = set.intersection(*(card_tokens(serialize_view(table.game, state.view(i))) for i in range(n)))
    else:
        known = card_tokens(serialize_view(table.game, state.view(seat)))
    return full - known


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
def test_complete_match_never_leaks(client: Any, game: str) -> None:
    made = new_table(client, game, [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
                     target=TARGETS[game])
    table = client.app.state.manager.tables[made["id"]]
    leaks: list[str] = []
    sent = {0: 0, 1: 0, None: 0}

    def hook(seat: int | None, msg: dict[str, Any]) -> None:
        sent[seat] += 1
        now = {k: v for k, v in msg.items() if k != "last"}
        bad = card_tokens(now) & hidden_for(table, seat)
        if bad:
            leaks.append(f"seat {seat}, move {msg.get('n')}: {sorted(bad)}")
        if msg["last"] is not None:  # the hand just finished: only what that seat saw at its end
            final = table.last_hand.state
            n = table.match.game.num_players
            seats = range(n) if seat is None else [seat]
            seen = set.intersection(*(card_tokens(serialize_view(table.game, final.view(i))) for i in seats))
            extra = card_tokens(msg["last"]) - seen
            if extra:
                leaks.append(f"seat {seat}, last hand: {sorted(extra)}")

    table.send_hook = hook
    rng = random.Random(5)
    agent = make_agent("gin", "simple", seed=5) if game == "gin" else None
    with client.websocket_connect(f"/ws/{made['id']}") as a, client.websocket_connect(f"/ws/{made['id']}") as b, \
            client.websocket_connect(f"/ws/{made['id']}") as spec:
        socks = [a, b]
        a.send_json({"t": "join", "token": made["seats"][0]["token"]})
        last = [a.receive_json(), None]
        b.send_json({"t": "join", "token": made["seats"][1]["token"]})
        last[0] = a.receive_json()
        last[1] = b.receive_json()
        b_token = last[1]["token"]
        spec.send_json({"t": "spectate"})
        watched = spec.receive_json()
        assert watched["you"] is None and all(c == "??" for c in watched["view"]["hand"])
        moves = 0
        heard = {0: 0, 1: 0, None: 0}
        while not last[0]["over"]:
            seat = table.to_act()
            mine = last[seat]
            assert mine["legal"] and mine["n"] == table.version_for(seat)
            assert not last[1 - seat]["legal"] or last[1 - seat]["n"] != table.version_for(1 - seat)  # stale: not told
            before = table.version
            socks[seat].send_json({"t": "act", "m": pick(rng, mine["legal"], table, agent), "n": mine["n"]})
            while table.version == before:  # the move is played before anyone is told: then see who is
                time.sleep(0.001)
            for k in (0, 1, None):  # not told while a Pinochle trick winner decides (.private_steps)
                if table.told(k):
                    heard[k] += 1
                    if k is None:
                        watched = spec.receive_json()
                    else:
                        last[k] = socks[k].receive_json()
            assert last[0]["t"] == last[1]["t"] == watched["t"] == "state"
            moves += 1
            assert moves < 3000
        assert last[1]["over"] == watched["over"] is not None
        assert last[0]["last"] is not None and last[0]["sheet"]
    assert not leaks, leaks[:5]
    # the hook saw the whole match: the join/spectate message plus one per move, for each seat and the spectator
    assert moves > 0 and all(sent[k] > heard[k] > moves // 2 for k in sent)
    seated = {"X-Cardtable-Seats": f"{made['id']}:{b_token}"}  # a private table: its players see it
    info = client.get("/api/finished", headers=seated).json()["games"]
    assert [g["game"] for g in info] == [game] and info[0]["you"] == 1
    replay = client.get(f"/api/replay/{info[0]['uid']}?hand=1", headers=seated).json()
    assert replay["frames"] and all(len(f["views"]) == 2 for f in replay["frames"])
    stats = client.get("/api/stats", headers=seated).json()
    assert stats["rows"] and stats["rows"][0]["played"] == 1
