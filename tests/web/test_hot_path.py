"""The server's hot path: a message encoded once for all its connections, rules serialised once,
and the start-up heap kept out of the garbage collector's full collections."""

from __future__ import annotations

import dataclasses
import gc
import json
import weakref
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from cardtable.apps.web import server
from cardtable.apps.web.serialize import to_jsonable
from cardtable.registry import make_game


def test_a_message_pushed_to_many_connections_is_encoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []
    real = json.dumps

    def counting(obj: Any, *args: Any, **kwargs: Any) -> str:
        calls.append(obj)
        return real(obj, *args, **kwargs)

    monkeypatch.setattr(server.json, "dumps", counting)
    message = {"t": "state", "n": 7, "view": {"hand": ["QS", "??"]}}
    texts = [server.encode(message) for _ in range(50)]  # a seat in two tabs and 48 spectators
    assert len(calls) == 1
    assert texts[0] == '{"t":"state","n":7,"view":{"hand":["QS","??"]}}' and len(set(texts)) == 1
    same_content = {"t": "state", "n": 7, "view": {"hand": ["QS", "??"]}}
    assert server.encode(same_content) == texts[0] and len(calls) == 2  # another message: encoded anew
    assert server.encode(message) == texts[0] and len(calls) == 3  # only the last message is kept


def test_pushed_messages_wait_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    conns = [server.Connection(None) for _ in range(3)]  # type: ignore[arg-type]  # the socket is not used
    message = {"t": "state", "n": 1, "view": {"hand": ["AS"]}}
    for conn in conns:
        conn.push(message)
    texts = [conn.queue.get_nowait() for conn in conns]
    assert texts == ['{"t":"state","n":1,"view":{"hand":["AS"]}}'] * 3
    assert all(t is texts[0] for t in texts)  # one encoding for all three


def test_rules_serialised_once_and_equal_to_their_dict() -> None:
    for game in ("gin", "casino", "pinochle"):
        rules = make_game(game).rules
        first = to_jsonable(rules)
        assert first == json.loads(json.dumps(rules.to_dict()))
        assert to_jsonable(rules) is first  # the same rules: the same JSON, not built again
        other = dataclasses.replace(rules, target_score=rules.target_score + 1)
        assert to_jsonable(other)["target_score"] == rules.target_score + 1


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_settle_heap_freezes_start_up_and_later_garbage_is_still_collected() -> None:
    try:
        frozen = server.settle_heap()
        assert frozen > 10_000 and gc.get_freeze_count() > 10_000  # the libraries, out of full collections
        # (not equal: a frozen object freed by its reference count leaves the permanent generation)
        junk = _Cycle()
        gone = weakref.ref(junk)
        del junk
        gc.collect()
        assert gone() is None  # a cycle made after start-up is collected as usual
    finally:
        gc.unfreeze()


def test_the_served_app_settles_its_heap_at_start_up(tmp_path: Any) -> None:
    try:
        gc.unfreeze()
        app = server.create_app(str(tmp_path / "t.db"), freeze_heap=True)
        with TestClient(app) as client:
            assert client.get("/api/meta").status_code == 200
            assert gc.get_freeze_count() > 10_000
        gc.unfreeze()
        with TestClient(server.create_app(str(tmp_path / "u.db"))):
            assert gc.get_freeze_count() == 0  # tests and embedders: not unless asked
    finally:
        gc.unfreeze()
