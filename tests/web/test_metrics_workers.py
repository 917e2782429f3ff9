"""``cardtable serve --workers 2`` on PostgreSQL: whichever worker answers a scrape, ``/metrics`` counts the
tables and sockets of both (prometheus_client's multiprocess mode, :func:`~cardtable.apps.web.metrics.prepare_workers`).

Runs when ``CARDTABLE_TEST_POSTGRES_URL`` is set (.ci/start-postgres.sh), in a schema of its own.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from pg_schema import fresh_schema

from .db_faults_kit import free_port, http, up, wait_for

PG_URL = os.environ.get("CARDTABLE_TEST_POSTGRES_URL", "").strip()
ROOT = Path(__file__).resolve().parents[2]
websockets_sync = pytest.importorskip("websockets.sync.client")


def scrape(base: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    with urllib.request.urlopen(f"{base}/metrics", timeout=10) as r:
        text = r.read().decode()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


@pytest.mark.skipif(not PG_URL, reason="set CARDTABLE_TEST_POSTGRES_URL (.ci/start-postgres.sh) to run it")
def test_every_worker_answers_for_all_of_them(tmp_path: Path) -> None:
    with fresh_schema(PG_URL, "m_") as pg_url:
        workers_answer(pg_url, tmp_path)


def workers_answer(pg_url: str, tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "CARDTABLE_WEB_CREATE_LIMIT": "100"}
    counts = tmp_path / "counts"
    counts.mkdir()
    env["PROMETHEUS_MULTIPROC_DIR"] = str(counts)  # as a host may set it: prepare_workers uses it as it is
    server = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "--database", pg_url, "serve", "--port", str(port),
                               "--workers", "2"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: up(base), 120, "the workers")
        made = []
        for _ in range(6):  # each request a new connection: the workers take them as they come
            status, table = http("POST", f"{base}/api/tables", {"game": "gin", "seats": [{"kind": "human", "name": "A"},
                                                                                       {"kind": "human", "name": "B"}]})
            assert status == 200, table
            made.append(table)
        with websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/{made[0]['id']}", origin=base) as ws:  # type: ignore[arg-type]
            ws.send(json.dumps({"t": "join", "token": made[0]["seats"][0]["token"]}))
            assert json.loads(ws.recv(timeout=30))["t"] == "state"
            time.sleep(2.5)  # REFRESH: every worker has counted its tables since
            seen = []
            for _ in range(12):
                samples = scrape(base)
                seen.append((samples[("cardtable_tables", (("state", "playing"),))],
                             samples[("cardtable_websockets_open", ())],
                             samples[("cardtable_table_connections", (("role", "player"),))]))
                assert not any(name.startswith("process_") for name, _ in samples)  # one worker's: left out
        # the same answer from whichever worker: the 6 tables where they were made, plus the joined one again if the
        # socket went to the other worker (it loads the table too); one socket, one seated player
        assert len(set(seen)) == 1 and seen[0] in {(6.0, 1.0, 1.0), (7.0, 1.0, 1.0)}, seen
        pids = {name.rsplit("_", 1)[1] for name in os.listdir(counts) if name.startswith("counter_")}
        assert len(pids) >= 2, os.listdir(counts)  # both workers write their counts there (and the supervisor, zeros)
    finally:
        server.terminate()  # uvicorn stops its workers
        try:
            server.communicate(timeout=60)
        finally:
            server.kill()
