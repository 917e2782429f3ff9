"""Browser security (issue 16, items 4, 6-8): headers on every response, Origin checks, no API docs,
bounded JSON nesting."""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from cardtable.apps.web.security import OriginPolicy, nesting_depth, normalize_origin, parse_json
from cardtable.apps.web.server import create_app

from .conftest import new_table

TWO = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
EVIL = "http://evil.example"


def test_every_response_carries_the_security_headers(client: Any) -> None:
    for path in ("/", "/static/app.js", "/static/style.css", "/api/meta", "/api/finished", "/no/such/page"):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self';" in csp and "style-src 'self';" in csp, path
        assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert "connect-src 'self' ws://testserver wss://testserver;" in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"
    r = client.post("/api/tables", json={"game": "gin", "seats": TWO}, headers={"origin": EVIL})
    assert r.status_code == 403 and r.headers["referrer-policy"] == "no-referrer"
    r = client.get("/", headers={"host": "evil.example\r\nx: y"})  # a forged Host never reaches the policy text
    assert "evil" not in r.headers.get("content-security-policy", "")


def test_openapi_and_docs_are_off_unless_asked(db: str) -> None:
    with TestClient(create_app(db)) as client:
        for path in ("/openapi.json", "/docs", "/redoc"):
            assert client.get(path).status_code == 404, path
    with TestClient(create_app(db, api_docs=True)) as client:
        assert client.get("/openapi.json").status_code == 200
        assert client.get("/docs").status_code == 200


def test_foreign_origins_may_not_change_anything(client: Any) -> None:
    manager = client.app.state.manager
    body = '{"game": "gin", "seats": [{"kind": "human"}, {"kind": "human"}]}'
    for headers in ({"origin": EVIL}, {"origin": EVIL, "content-type": "text/plain"}, {"origin": "null"},
                    {"origin": "http://testserver.evil.example"}, {"sec-fetch-site": "cross-site"}):
        r = client.post("/api/tables", content=body, headers=headers)
        assert r.status_code == 403, headers
        assert "may not change anything" in r.json()["detail"]
    assert manager.tables == {}
    assert client.get("/api/meta", headers={"origin": EVIL}).status_code == 200  # reading is harmless
    assert client.post("/api/tables", content=body, headers={"origin": "http://testserver"}).status_code == 200
    assert client.post("/api/tables", content=body).status_code == 200  # a script, not a page: no Origin
    assert len(manager.tables) == 2


def test_websocket_handshakes_from_foreign_origins_are_refused(db: str) -> None:
    with TestClient(create_app(db, allow_origins=["https://cards.example.org"])) as client:
        made = new_table(client, "gin", TWO)
        table = client.app.state.manager.tables[made["id"]]
        for origin in (EVIL, "null", "https://cards.example.org.evil.example"):
            with pytest.raises(WebSocketDisconnect) as info, \
                    client.websocket_connect(f"/ws/{made['id']}", headers={"origin": origin}) as ws:
                ws.send_json({"t": "spectate"})
                ws.receive_json()
            assert info.value.code == 1008
        assert not table.spectators and not any(table.clients.values())
        for origin in ("http://testserver", "https://cards.example.org"):
            with client.websocket_connect(f"/ws/{made['id']}", headers={"origin": origin}) as ws:
                ws.send_json({"t": "spectate"})
                assert ws.receive_json()["t"] == "state"
        r = client.post("/api/tables", json={"game": "gin", "seats": TWO},
                        headers={"origin": "https://cards.example.org"})
        assert r.status_code == 200


def test_bad_allowed_origins_are_refused_at_start(db: str) -> None:
    for bad in ("evil.example", "ftp://x.example", "https://x.example/path", "https://u@x.example"):
        with pytest.raises(ValueError, match="not an origin"):
            create_app(db, allow_origins=[bad])
    assert normalize_origin("https://X.example:8443/") == "https://x.example:8443"
    assert not OriginPolicy().allows("http://a.example", None)


def test_deep_nesting_is_a_clear_error(client: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    r = client.post("/api/tables", content=b"[" * 8000 + b"]" * 8000)
    assert r.status_code == 400 and "nested more than" in r.json()["detail"]
    r = client.post("/api/tables", content=b'{"game": "gin", "seats": ' + b"[" * 40 + b"]" * 40 + b"}")
    assert r.status_code == 400
    made = new_table(client, "gin", TWO)
    table = client.app.state.manager.tables[made["id"]]
    before = table.version
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
        state = ws.receive_json()
        for frame in ("[" * 2000, '{"t": "act", "m": ' + "[" * 1000 + "]" * 1000 + "}", "{" * 4000):
            ws.send_text(frame)
            err = ws.receive_json()
            assert err["t"] == "error" and err["code"] == "deep" and "nested more than" in err["msg"]
        ws.send_json({"t": "ping"})
        assert ws.receive_json()["t"] == "pong"
        ws.send_json({"t": "state"})
        assert ws.receive_json()["n"] == state["n"] == before
    assert table.version == before
    assert "RecursionError" not in caplog.text and "Traceback" not in caplog.text


def test_nesting_depth_reads_strings_as_text() -> None:
    assert nesting_depth('["[[[[", "\\"[[[", {"a": "}}}"}]', 10) == 2
    assert parse_json('{"a": [[["x"]]]}', max_depth=4) == {"a": [[["x"]]]}
    with pytest.raises(ValueError, match="nested"):
        parse_json('{"a": [[[["x"]]]]}', max_depth=4)
    with pytest.raises(ValueError, match="UTF-8"):
        parse_json(b"\xff\xfe")



def test_serve_allow_origin_option(tmp_path: Path) -> None:
    """``cardtable serve --allow-origin`` lets that site's pages in, and nobody else's."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = "import sys; from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"
    env = {**os.environ, "HOME": str(tmp_path), "CARDTABLE_DATABASE_URL": str(tmp_path / "o.db")}
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port), "--allow-origin",
                             "https://cards.example.org/"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    body = b'{"game": "gin", "seats": [{"kind": "human"}, {"kind": "human"}]}'

    def post(origin: str) -> int:
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body, method="POST",
                                     headers={"origin": origin, "content-type": "text/plain"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return int(r.status)
        except urllib.error.HTTPError as exc:
            return int(exc.code)

    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=2):
                    break
            except OSError:
                assert proc.poll() is None
                time.sleep(0.1)
        assert post("https://cards.example.org") == 200
        assert post(f"http://127.0.0.1:{port}") == 200
        assert post(EVIL) == 403
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=5) as r:
            pytest.fail(f"/openapi.json served: {r.status}")
    except urllib.error.HTTPError as exc:
        assert exc.code == 404
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    bad = subprocess.run([sys.executable, "-c", code, "serve", "--allow-origin", "evil.example"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "not an origin" in bad.stderr
