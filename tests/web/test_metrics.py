"""What a host monitors (:mod:`cardtable.apps.web.metrics`): ``/metrics`` counts tables, sockets, moves and
save latency as they happen and is only for this machine or a token's holder; ``/healthz`` says when the
database is down (503), without a secret; ``/livez`` answers regardless."""

from __future__ import annotations

import asyncio
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from prometheus_client.parser import text_string_to_metric_families

from cardtable.apps.web import metrics
from cardtable.apps.web.server import create_app
from cardtable.store import StoreConflictError, StoreError, StoreRefusedError

from .conftest import new_table

LOCAL = ("127.0.0.1", 50000)
TWO_PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]


def scrape(client: Any, **headers: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics`` by (name, labels)."""
    r = client.get("/metrics", headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples}


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return samples[(name, tuple(sorted(labels.items())))]


def join(ws: Any, token: str) -> dict[str, Any]:
    ws.send_json({"t": "join", "token": token})
    while True:
        m = ws.receive_json()
        if m["t"] == "state":
            return m  # type: ignore[no-any-return]


def test_tables_sockets_moves_and_save_latency_move_as_they_happen(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "m.db"), rate=1000, burst=1000), client=LOCAL) as client:
        before = scrape(client)
        assert value(before, "cardtable_tables", state="playing") == 0
        made = new_table(client, "gin", TWO_PEOPLE)
        new_table(client, "gin", TWO_PEOPLE)
        after_create = scrape(client)
        assert value(after_create, "cardtable_tables", state="playing") == 2
        assert value(after_create, "cardtable_tables", state="over") == 0
        sockets = value(after_create, "cardtable_websockets_open")
        with client.websocket_connect(f"/ws/{made['id']}") as ann, \
                client.websocket_connect(f"/ws/{made['id']}") as bea:
            states = [join(ann, made["seats"][0]["token"]), join(bea, made["seats"][1]["token"])]
            with client.websocket_connect(f"/ws/{made['id']}") as watcher:
                watcher.send_json({"t": "spectate"})
                assert watcher.receive_json()["t"] == "state"
                seated = scrape(client)
                assert value(seated, "cardtable_websockets_open") == sockets + 3
                assert value(seated, "cardtable_table_connections", role="player") == 2
                assert value(seated, "cardtable_table_connections", role="spectator") == 1
            mover = 0 if states[0]["legal"] else 1
            ws, state = (ann, bea)[mover], states[mover]
            ws.send_json({"t": "act", "m": state["legal"][0]["m"], "n": state["n"]})
            while (m := ws.receive_json())["t"] != "state" or m["n"] == state["n"]:
                assert m["t"] != "error", m
            moved = scrape(client)
        assert value(moved, "cardtable_moves_total", kind="move") == value(before, "cardtable_moves_total", kind="move") + 1
        assert value(moved, "cardtable_moves_total", kind="undo") == value(before, "cardtable_moves_total", kind="undo")
        assert value(moved, "cardtable_save_seconds_count") == value(before, "cardtable_save_seconds_count") + 1
        assert value(moved, "cardtable_save_seconds_sum") > value(before, "cardtable_save_seconds_sum")
        assert value(moved, "cardtable_save_seconds_bucket", le="+Inf") == value(moved, "cardtable_save_seconds_count")
        assert value(moved, "process_cpu_seconds_total") > 0
        closed = scrape(client)
        assert value(closed, "cardtable_websockets_open") == sockets
        assert value(closed, "cardtable_table_connections", role="player") == 0
        assert set(metrics.METRIC_NAMES) <= {name for name, _ in closed} | {"cardtable_save_seconds",
                                                                              "cardtable_save_failures_total"}


def test_a_failed_save_is_counted_by_reason_and_an_undo_is_counted_as_one(tmp_path: Path) -> None:
    class Seat:
        saved = 0

    calls: list[bool] = []

    @metrics.timed_save
    async def save(store: object, table: Seat, *, whole: bool = False) -> None:
        calls.append(whole)
        if isinstance(store, Exception):
            raise store

    def count(name: str, **labels: str) -> float:
        got = metrics.SHARED.get_sample_value(name, labels)
        return 0.0 if got is None else got

    reasons = ("unavailable", "refused", "conflict")
    failures = {r: count("cardtable_save_failures_total", reason=r) for r in reasons}
    undos, saves = count("cardtable_moves_total", kind="undo"), count("cardtable_save_seconds_count")
    for exc in (StoreError("database error: connection refused"), StoreRefusedError("value out of range"),
                StoreConflictError("saved elsewhere meanwhile"), StoreError("down again")):
        with pytest.raises(StoreError):
            asyncio.run(save(exc, Seat()))
    asyncio.run(save("up", Seat(), whole=True))
    assert calls == [False] * 4 + [True]
    assert {r: count("cardtable_save_failures_total", reason=r) - failures[r] for r in reasons} == \
        {"unavailable": 2, "refused": 1, "conflict": 1}
    assert count("cardtable_moves_total", kind="undo") == undos + 1
    assert count("cardtable_save_seconds_count") == saves + 1  # the failed save is no latency sample


def test_metrics_answer_this_machine_only_unless_a_token_is_given(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(metrics.TOKEN_ENV, raising=False)
    app = create_app(str(tmp_path / "a.db"))
    with TestClient(app, client=LOCAL) as local, TestClient(app, client=("203.0.113.9", 4000)) as remote:
        assert local.get("/metrics").status_code == 200
        r = remote.get("/metrics")
        assert r.status_code == 403 and "--metrics-token" in r.json()["detail"]
        for header in ("X-Forwarded-For", "Forwarded", "X-Real-IP"):  # a proxy on this machine passed it on
            assert local.get("/metrics", headers={header: "203.0.113.9"}).status_code == 403, header
    secret = "s3cret-token-for-the-scraper"
    with TestClient(create_app(str(tmp_path / "b.db"), metrics_token=secret), client=("203.0.113.9", 4000)) as c:
        assert c.get("/metrics").status_code == 401
        assert c.get("/metrics").headers["www-authenticate"] == "Bearer"
        assert c.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 401
        assert c.get("/metrics", headers={"Authorization": f"Basic {secret}"}).status_code == 401
        assert "cardtable_tables" in c.get("/metrics", headers={"Authorization": f"Bearer {secret}"}).text
    monkeypatch.setenv(metrics.TOKEN_ENV, secret)  # the environment's token, kept out of the process list
    with TestClient(create_app(str(tmp_path / "c.db")), client=LOCAL) as c:
        assert c.get("/metrics").status_code == 401
        assert scrape(c, Authorization=f"Bearer {secret}")


def test_healthz_reports_a_database_outage_as_unhealthy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(metrics, "HEALTH_CACHE", 0.0)
    db = tmp_path / "health.db"
    with TestClient(create_app(str(db)), client=("203.0.113.9", 4000)) as client:  # any client may ask
        r = client.get("/healthz")
        assert (r.status_code, r.json()) == (200, {"status": "ok", "database": "ok"})
        engine = client.app.state.store.engine  # type: ignore[attr-defined]

        def down(*_: Any, **__: Any) -> Any:
            raise OperationalError("connect", {}, Exception(f"connection refused to {db}"))

        monkeypatch.setattr(engine, "connect", down)
        r = client.get("/healthz")
        assert r.status_code == 503
        assert r.json() == {"status": "unhealthy", "database": "unavailable"}
        assert r.headers["retry-after"] == "5" and str(db) not in r.text and "refused" not in r.text
        assert client.get("/livez").json() == {"status": "ok"}  # the process itself still answers
        monkeypatch.undo()
        monkeypatch.setattr(metrics, "HEALTH_CACHE", 0.0)
        assert client.get("/healthz").status_code == 200  # back


def test_healthz_gives_up_on_a_database_that_does_not_answer(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(metrics, "HEALTH_CACHE", 0.0)
    monkeypatch.setattr(metrics, "HEALTH_TIMEOUT", 0.3)
    with TestClient(create_app(str(tmp_path / "slow.db"))) as client:
        engine = client.app.state.store.engine  # type: ignore[attr-defined]
        real = engine.connect

        def frozen(*args: Any, **kwargs: Any) -> Any:
            time.sleep(1.5)
            return real(*args, **kwargs)

        monkeypatch.setattr(engine, "connect", frozen)
        began = time.monotonic()
        r = client.get("/healthz")
        assert r.status_code == 503 and time.monotonic() - began < 1.2


def test_one_probe_answers_many_health_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(str(tmp_path / "cheap.db"))) as client:
        engine = client.app.state.store.engine  # type: ignore[attr-defined]
        real, opened = engine.connect, []

        def counted(*args: Any, **kwargs: Any) -> Any:
            opened.append(1)
            return real(*args, **kwargs)

        monkeypatch.setattr(engine, "connect", counted)
        for _ in range(20):
            assert client.get("/healthz").status_code == 200
        assert len(opened) <= 2  # within HEALTH_CACHE (1 s) the answer is reused
