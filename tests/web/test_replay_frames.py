"""One replay for the server and the page (issue 24): a finished match replays frame by frame the same through
``/api/replay/{uid}`` (:mod:`~cardtable.apps.web.history`) and the page's own engine
(:meth:`~cardtable.apps.web.solo.SoloDesk.replay`), both built by :func:`~cardtable.apps.web.replay_frames.hand_replay`."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest

from cardtable.apps.web.replay_frames import hand_replay
from cardtable.record import GameRecord
from cardtable.store.store import start_match

from .conftest import add_table
from .test_solo_desk import play_until, seated, spec


def jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize(("game_spec", "seed", "hands"), [(spec("gin", target=1), 3, 1), (spec("gin", target=60), 2, 2)])
def test_the_server_and_the_page_replay_a_finished_match_alike(client: Any, game_spec: dict[str, Any], seed: int,
                                                               hands: int) -> None:
    desk, made = seated(game_spec, seed)
    play_until(desk, made["id"], lambda msg: msg["over"] is not None, limit=2000)
    saved = desk.save(made["id"])
    record = GameRecord.loads(desk.record_text(made["id"]))
    assert record.replay().is_over() and len(record.hands) == hands

    table, tokens = add_table(client.app.state.manager, record.replay(), [("human", None), ("computer", "easy")])
    uid = client.app.state.manager.store.game_info(table.game_id).uid
    seats = {"X-Cardtable-Seats": f"{table.id}:{tokens[0]}"}
    for hand in range(1, len(record.hands) + 1):
        served = client.get(f"/api/replay/{uid}?hand={hand}", headers=seats)
        assert served.status_code == 200, served.text
        server, page = served.json(), jsonable(desk.replay(saved, hand))
        assert server["frames"], hand
        assert {k: v for k, v in server.items() if k != "info"} == {k: v for k, v in page.items() if k != "info"}
        for key in ("game", "names", "seat_names", "final", "winner", "margin", "hands", "you"):
            assert server["info"][key] == page["info"][key], key
    assert client.get(f"/api/replay/{uid}?hand={len(record.hands) + 1}", headers=seats).status_code == 404


def test_the_deal_is_one_frame_and_every_move_one_more() -> None:
    desk, made = seated(spec("gin", target=1), 5)
    play_until(desk, made["id"], lambda msg: msg["over"] is not None)
    record = GameRecord.loads(desk.record_text(made["id"]))
    body = hand_replay(start_match(record), record.hands, 1)
    frames = body["frames"]
    assert frames[0]["m"] == "deal" and frames[0]["actor"] < 0 and len(frames[0]["views"]) == 2
    assert not any(a["actor"] < 0 and b["actor"] < 0 for a, b in pairwise(frames))
    moves = iter(record.hands[0])
    assert all(f["m"] in moves for f in frames[1:] if f["actor"] >= 0)  # the seats' moves, in the record's order
    assert body["hands"] == len(record.hands) and body["result"]["points"] == list(record.hand_points[0])
    for bad in (0, len(record.hands) + 1):
        with pytest.raises(ValueError):
            hand_replay(start_match(record), record.hands, bad)
