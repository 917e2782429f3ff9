"""HTTP and WebSocket hardening (issue 19, items 5, 6, 8, 10, 11): only the hosts served are answered
(DNS rebinding), bodies are cut at the limit before they fill memory, forwarded addresses are believed
only from configured proxies, tables in play are capped, ``undo`` without a counter is a bad request,
names lose control and direction characters, and SIGTERM stops the hint workers too.

Most of it runs against a real ``cardtable serve`` in a subprocess: the Host check, the body limit,
the proxy headers and the signals are the server's, not the app's alone.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from cardtable.apps.web.lobby import expire_idle
from cardtable.apps.web.security import HostPolicy, clean_name
from cardtable.apps.web.server import create_app
from cardtable.cli import main

from .conftest import new_table

TWO = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
VS_COMPUTER = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]
GIN = json.dumps({"game": "gin", "seats": TWO}).encode()
SOURCE = "127.0.0.5"
"""The address the tests' requests to a real server come from, unless a test says otherwise: no test
counts the tables set up from it, and no server trusts it as a proxy."""


# --- a real server -----------------------------------------------------------------------------------
class Server:
    """``cardtable serve`` in a subprocess on a free loopback port, with a fresh database."""

    def __init__(self, tmp: Path, *options: str, env: dict[str, str] | None = None) -> None:
        self.address = options[options.index("--host") + 1] if "--host" in options else "127.0.0.1"
        with socket.socket() as s:
            s.bind((self.address, 0))
            self.port = int(s.getsockname()[1])
        environ = {**os.environ, "HOME": str(tmp), "CARDTABLE_DATABASE_URL": str(tmp / "serve.db"), **(env or {})}
        self.log = tmp / f"serve-{self.port}.log"
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "serve", "--port", str(self.port),
                                          *options], env=environ, stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.request("GET", "/api/meta", host="localhost")[0] == 200:
                    break
            except OSError:
                pass
            assert self.proc.poll() is None, self.log.read_text()
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)

    def raw(self, head: bytes, body: bytes = b"", timeout: float = 5.0) -> bytes:
        """Send ``head`` (and ``body``) on a new connection; what came back within ``timeout`` (or until closed)."""
        with socket.create_connection((self.address, self.port), timeout=timeout, source_address=(SOURCE, 0)) as s:
            s.sendall(head + body)
            got = b""
            try:
                while b"\r\n\r\n" not in got or len(got) < 16:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    got += chunk
            except TimeoutError:
                pass
            return got

    def request(self, method: str, path: str, body: bytes = b"", source: str = "",
                **headers: str) -> tuple[int, dict[str, Any]]:
        """Status and JSON answer of one request from address ``source`` (default :data:`SOURCE`; ``host``
        defaults to the server's)."""
        import http.client

        conn = http.client.HTTPConnection(self.address, self.port, timeout=10, source_address=(source or SOURCE, 0))
        try:
            hdrs = {"host": f"{self.address}:{self.port}", "content-type": "application/json"}
            hdrs.update({k.replace("_", "-"): v for k, v in headers.items()})
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for k, v in hdrs.items():
                conn.putheader(k, v)
            conn.putheader("content-length", str(len(body)))
            conn.endheaders(body)
            r = conn.getresponse()
            text = r.read()
            try:
                return r.status, json.loads(text)
            except ValueError:
                return r.status, {}
        finally:
            conn.close()

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(status.split("VmRSS:")[1].split()[0]) / 1024

    def stop(self, sig: int = signal.SIGINT) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    started: list[Server] = []

    def start(*options: str, env: dict[str, str] | None = None) -> Server:
        started.append(Server(tmp_path, *options, env=env))
        return started[-1]

    yield start
    for srv in started:
        srv.stop()


CREATE_LIMIT = 8


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module's requests (starting one takes seconds): listening on 127.0.0.2, with a
    name and a site allowed, 127.0.0.2 trusted as a proxy, :data:`CREATE_LIMIT` new tables a minute."""
    srv = Server(tmp_path_factory.mktemp("live"), "--host", "127.0.0.2", "--allow-host", "cards.lan",
                 "--allow-origin", "https://play.example.org", "--forwarded-allow-ips", "127.0.0.2",
                 env={"CARDTABLE_WEB_CREATE_LIMIT": str(CREATE_LIMIT)})
    yield srv
    srv.stop()


def handshake(host: str, path: str = "/ws/abc") -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()


# --- item 5: DNS rebinding ---------------------------------------------------------------------------
def test_a_rebound_host_name_is_not_answered(live: Server) -> None:
    """``Host: evil.example`` with a matching ``Origin`` used to create tables and read the history."""
    srv, port = live, live.port
    evil = {"host": f"evil.example:{port}", "origin": f"http://evil.example:{port}"}
    assert srv.request("POST", "/api/tables", GIN, **evil)[0] == 421
    for path in ("/api/finished", "/api/stats", "/api/tables", "/"):
        status, answer = srv.request("GET", path, **evil)
        assert status == 421, path
    assert "--allow-host" in answer["detail"]
    assert srv.raw(handshake(f"evil.example:{port}")).startswith(b"HTTP/1.1 403")
    # the names served: loopback, --allow-host, the host of --allow-origin, the address listened on
    for host in (f"localhost:{port}", f"[::1]:{port}", f"cards.lan:{port}", "play.example.org", f"127.0.0.2:{port}"):
        origin = "https://play.example.org" if host == "play.example.org" else f"http://{host}"
        status, made = srv.request("POST", "/api/tables", GIN, host=host, origin=origin)
        assert status == 200, host
        assert srv.request("GET", "/api/finished", host=host)[0] == 200
        assert srv.raw(handshake(host, f"/ws/{made['id']}")).startswith(b"HTTP/1.1 101"), host


def test_on_every_interface_the_lan_names_need_allow_host(serve: Any) -> None:
    lan = serve("--host", "0.0.0.0", "--allow-host", "192.168.1.20")
    assert lan.request("GET", "/api/meta", host=f"192.168.1.20:{lan.port}")[0] == 200
    for host in (f"0.0.0.0:{lan.port}", f"192.168.1.21:{lan.port}"):
        assert lan.request("GET", "/api/meta", host=host)[0] == 421


def test_serve_trusts_no_proxy_unless_told(db: str, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise: serve() tells it."""
    import uvicorn

    from cardtable.apps.web import server

    runs: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: runs.append({"app": app, **kw}))
    server.serve("0.0.0.0", 8000, db)
    server.serve("127.0.0.1", 8000, db, forwarded_allow_ips=["127.0.0.1,10.0.0.0/8"])
    assert (runs[0]["proxy_headers"], runs[1]["proxy_headers"]) == (False, True)
    assert runs[1]["forwarded_allow_ips"] == ["127.0.0.1", "10.0.0.0/8"]
    assert "--allow-host" in capsys.readouterr().err  # on every interface it says how to serve the others
    with TestClient(runs[0]["app"], base_url="http://0.0.0.0:8000") as client:
        assert client.get("/api/meta").status_code == 421  # a wildcard names no host


def test_host_policy_names() -> None:
    p = HostPolicy(["Cards.LAN.", "*.home.arpa", "10.0.0.7:8000"])
    assert all(p.allows(h) for h in ("cards.lan", "CARDS.lan:80", "pi.home.arpa", "10.0.0.7", "localhost"))
    assert not any(p.allows(h) for h in ("home.arpa", "evil.cards.lan", "10.0.0.8", "x\r\ny", "[::2]", "a/b"))
    assert HostPolicy(["*"]).allows("anything.example")


def test_create_app_checks_hosts_when_given_them(db: str) -> None:
    with TestClient(create_app(db, allow_hosts=[]), base_url="http://evil.example:8800") as client:
        r = client.post("/api/tables", json={"game": "gin", "seats": TWO}, headers={"origin": "http://evil.example:8800"})
        assert r.status_code == 421 and "evil" not in r.headers["content-security-policy"]
        assert client.app.state.manager.tables == {}
        with pytest.raises(WebSocketDisconnect) as info, client.websocket_connect("/ws/abc"):
            pass
        assert info.value.code == 1008
    with TestClient(create_app(db, allow_hosts=[]), base_url="http://localhost:8800") as client:
        new_table(client, "gin", TWO)


# --- item 6: bodies ----------------------------------------------------------------------------------
def test_an_oversized_body_is_refused_before_it_is_read(live: Server) -> None:
    srv = live
    head = (f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\nContent-Type: application/json\r\n"
            "Content-Length: 300000000\r\n\r\n").encode()
    start = time.monotonic()
    answer = srv.raw(head)  # not a byte of the body sent: the server used to wait for all of it
    assert answer.startswith(b"HTTP/1.1 413") and time.monotonic() - start < 4
    chunked = (f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\nContent-Type: application/json\r\n"
               "Transfer-Encoding: chunked\r\n\r\n").encode()
    chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"
    assert srv.raw(chunked, chunk * 2).startswith(b"HTTP/1.1 413")  # 128 KB sent, body not finished: cut
    assert srv.request("POST", "/api/tables", GIN)[0] == 200  # a table is still set up as before


def test_a_large_streamed_body_does_not_fill_the_servers_memory(live: Server) -> None:
    """64 MB streamed in chunks: the server's memory used to grow by the whole body (and more)."""
    srv = live
    before, top = srv.rss_mb(), 0.0
    chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"
    with socket.create_connection((srv.address, srv.port), timeout=10, source_address=(SOURCE, 0)) as s:
        s.sendall((f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\n"
                   "Transfer-Encoding: chunked\r\n\r\n").encode())
        try:
            for i in range(1024):
                s.sendall(chunk)
                if i % 64 == 0:
                    top = max(top, srv.rss_mb())
            s.sendall(b"0\r\n\r\n")
        except OSError:  # the server answered and closed the connection: the rest is never sent
            pass
        top = max(top, srv.rss_mb())
    assert top - before < 16, f"server memory grew from {before:.0f} MB to {top:.0f} MB"


def test_a_chunked_body_over_the_limit_is_a_413(client: Any) -> None:
    def body() -> Iterator[bytes]:
        yield b'{"game": "gin", "seats": ['
        for _ in range(100):
            yield b" " * 1000

    r = client.post("/api/tables", content=body())
    assert r.status_code == 413 and "at most 16384 bytes" in r.json()["detail"]
    assert client.post("/api/tables", content=b"{}", headers={"content-length": "x"}).status_code == 400
    assert client.app.state.manager.tables == {}


# --- item 8: forwarded addresses and caps ------------------------------------------------------------
def test_forwarded_for_is_believed_only_from_configured_proxies(live: Server) -> None:
    """A loopback client used to pass for any address with X-Forwarded-For (2,000 tables in 9.7 s)."""
    n = CREATE_LIMIT + 2
    codes = [live.request("POST", "/api/tables", GIN, source="127.0.0.1", x_forwarded_for=f"10.0.0.{i}")[0]
             for i in range(n)]
    assert codes == [200] * CREATE_LIMIT + [429] * 2  # 127.0.0.1 (uvicorn's default proxy) is one address here
    codes = [live.request("POST", "/api/tables", GIN, source="127.0.0.2", x_forwarded_for=f"10.0.1.{i}")[0]
             for i in range(n)]
    assert codes == [200] * n  # from the proxy (--forwarded-allow-ips 127.0.0.2): each client its own address


def test_tables_in_play_are_capped_per_address_and_in_all(db: str) -> None:
    app = create_app(db, max_tables_per_address=2, max_tables=3)
    with TestClient(app, client=("10.0.0.1", 5000)) as one, TestClient(app, client=("10.0.0.2", 5000)) as two:
        new_table(one, "gin", TWO)
        new_table(one, "gin", TWO)
        r = one.post("/api/tables", json={"game": "gin", "seats": TWO})
        assert r.status_code == 429 and "2 tables in play from this address" in r.json()["detail"]
        new_table(two, "gin", TWO)
        r = two.post("/api/tables", json={"game": "gin", "seats": TWO})
        assert r.status_code == 503 and "the server is full: 3 tables in play" in r.json()["detail"]
        manager = app.state.manager
        assert len(manager.tables) == 3
        expire_idle(manager, 60.0, now=datetime.now(UTC) + timedelta(hours=1))  # tables closed: places free again
        assert manager.tables == {}
        new_table(one, "gin", TWO)
        new_table(one, "gin", TWO)


def test_bad_limits_and_proxies_are_refused_at_start(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    for options, extra, says in ((["--forwarded-allow-ips", "10.0.0.1,proxy.lan"], {}, "not an address"),
                                 (["--max-tables", "0"], {}, "--max-tables must be at least 1"),
                                 ([], {"CARDTABLE_WEB_MAX_TABLES_PER_ADDRESS": "many"}, "must be a whole number")):
        for name, value in extra.items():
            monkeypatch.setenv(name, value)
        assert main(["serve", *options]) == 2  # before anything is opened or started
        assert says in capsys.readouterr().err


# --- item 10: undo without a counter, names ----------------------------------------------------------
def test_undo_without_a_move_counter_is_a_bad_request(client: Any) -> None:
    made = new_table(client, "gin", TWO)
    table = client.app.state.manager.tables[made["id"]]
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"t": "join", "token": made["seats"][0]["token"]})
        assert ws.receive_json()["t"] == "state"
        before = table.version
        for msg in ({"t": "undo"}, {"t": "undo", "n": "3"}, {"t": "undo", "n": True}, {"t": "undo", "n": 1.5},
                    {"t": "act", "m": "take"}, {"t": "pick", "card": "TD", "picks": [], "n": None}):
            ws.send_json(msg)
            m = ws.receive_json()  # it used to be 'stale', with the state sent again
            assert m["t"] == "error" and m["code"] == "bad-request" and "'n'" in m["msg"], (msg, m)
        assert table.version == before


def test_names_lose_control_and_direction_characters(client: Any) -> None:
    seats = [{"kind": "human", "name": "Bea\x00\u202egnp.exe\u2066"}, {"kind": "human", "name": "\u202e\x00\u200f \t"}]
    made = new_table(client, "gin", seats)
    assert [s["name"] for s in made["seats"]] == ["Beagnp.exe", "Player 2"]
    made = new_table(client, "gin", [{"kind": "human", "name": "Zoë\nLi " * 20}, {"kind": "human", "name": "محمد 李"}])
    assert made["seats"][0]["name"] == ("Zoë Li " * 6)[:40].strip() and made["seats"][1]["name"] == "محمد 李"
    summary = client.get(f"/api/tables/{made['id']}").json()
    assert [s["name"] for s in summary["seats"]] == [made["seats"][0]["name"], "محمد 李"]
    assert clean_name("\ud800A\u061cB\u2028C") == "AB C"


# --- item 11: SIGTERM --------------------------------------------------------------------------------
def descendants(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                parents[int(d.name)] = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, grew = {pid}, True
    while grew:
        more = {p for p, parent in parents.items() if parent in found} - found
        grew = bool(more)
        found |= more
    return found - {pid}


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_the_hint_workers_stop_with_the_server(serve: Any, sig: int) -> None:
    """SIGTERM to ``cardtable serve`` while a hint was being worked out used to leave its hint process and
    the process's resource tracker running for good, some of the time (the pool's stop message raced
    the server's exit; SIGINT waited for it); a killed server, always."""
    from websockets.sync.client import connect

    srv = serve()
    status, made = srv.request("POST", "/api/tables", json.dumps({"game": "casino", "seats": VS_COMPUTER}).encode())
    assert status == 200
    with connect(f"ws://127.0.0.1:{srv.port}/ws/{made['id']}") as ws:
        ws.send(json.dumps({"t": "join", "token": made["seats"][0]["token"]}))
        while not ((m := json.loads(ws.recv(timeout=30)))["t"] == "state" and m["legal"]):
            pass
        ws.send(json.dumps({"t": "hint"}))
        deadline = time.monotonic() + 30
        while len(children := descendants(srv.proc.pid)) < 2:  # the hint process (and its tracker), thinking
            assert time.monotonic() < deadline, "the hint process did not start"
            time.sleep(0.01)
        try:
            srv.proc.send_signal(sig)
            assert srv.proc.wait(20) is not None
            deadline = time.monotonic() + 10  # a hint process still starting (seconds on a busy machine) stops once started
            while any(alive(p) for p in children) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert not [p for p in children if alive(p)], f"left running after {signal.Signals(sig).name}"
        finally:
            for p in children:
                if alive(p):
                    os.kill(p, signal.SIGKILL)
