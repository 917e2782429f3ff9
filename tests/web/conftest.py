from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra (fastapi, uvicorn)")
pytest.importorskip("httpx", reason="the web tests need httpx for the test client")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.apps.web.server import create_app


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "web.db")


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    app = create_app(db, rate=100_000, burst=100_000)
    with TestClient(app) as c:
        yield c


def new_table(client: Any, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]
