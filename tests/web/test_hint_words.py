"""The browser's hint message carries each suggestion's reasons in words and its value as points per hand."""

from __future__ import annotations

from typing import Any

from cardtable.apps.hint_words import hint_reasons

from .conftest import new_table

VS_COMPUTER = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]


class RankedExplainer:
    """Stands in for the hint player: the first legal moves with falling values."""

    def explain(self, view: Any, legal: list[Any], k: int) -> list[tuple[Any, float]]:
        return [(a, v) for a, v in zip(legal[:k], (3.0, 1.5, 1.0), strict=False)]


def test_hints_say_why_in_words(client: Any) -> None:
    made = new_table(client, "casino", VS_COMPUTER)
    table = client.app.state.manager.tables[made["id"]]
    table._hint_agent, table._hint_checked = RankedExplainer(), True
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
        for _ in range(200):
            msg = ws.receive_json()
            if msg["t"] == "state" and msg["legal"]:
                break
        ws.send_json({"t": "hint"})
        hints = ws.receive_json()["hints"]
    state = table.match.state
    assert len(hints) == 3
    for h in hints:
        assert h["why"] == hint_reasons(state, state.parse_action(h["m"]))
    assert any(h["why"] for h in hints)
    assert [h["worth"] for h in hints] == ["≈ 1.5 points per hand better than the next move",
                                           "≈ 0.5 points per hand better than the next move", ""]
