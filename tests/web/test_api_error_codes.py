"""The refusals of the API the lobby calls carry a stable ``code`` (and the numbers of their message) that
``static/lobby.js`` knows, so the lobby says them in the page's language; ``detail`` stays the English text."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.apps.web.server import create_app

from .conftest import new_table

WEB = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "apps" / "web"

# where the lobby's requests (/api/tables, /api/tables/{id}, /api/tables/{id}/take, /api/quick) can be refused:
# a file and the functions in it (None: all of it)
REACHABLE: dict[str, set[str] | None] = {
    "room.py": None, "lobby.py": None, "admission.py": None, "api_errors.py": None,
    "server.py": {"create_table", "meta", "database_unavailable"},
    "tables.py": {"create", "get", "_load", "_save_seats"},
    "table.py": {"parse_spec"},
}
CODE_AT = {"WebError": 0, "ApiError": 1, "Refused": 2}
"""Where each refusal takes its code among its arguments."""


def lobby_codes() -> set[str]:
    js = (WEB / "static" / "lobby.js").read_text(encoding="utf-8")
    block = re.search(r"^const REFUSALS = \{\n(.*?)^\};", js, re.S | re.M)
    assert block, "lobby.js has no REFUSALS"
    return set(re.findall(r'^\s*"?([\w-]+)"?: \(', block.group(1), re.M))


def refusals() -> list[tuple[str, int, str, ast.Call]]:
    """Every call making a refusal in the reachable code: (file, line, kind, call)."""
    found = []
    for name, functions in REACHABLE.items():
        tree = ast.parse((WEB / name).read_text(encoding="utf-8"))
        roots: list[ast.AST] = [tree] if functions is None else [
            f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and f.name in functions]
        assert functions is None or {f.name for f in roots} == functions, (name, functions)  # type: ignore[union-attr]
        for root in roots:
            for call in ast.walk(root):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and \
                        call.func.id in (*CODE_AT, "HTTPException"):
                    found.append((name, call.lineno, call.func.id, call))
    return found


def test_every_refusal_the_lobby_can_meet_has_a_code_lobby_js_knows() -> None:
    known = lobby_codes()
    codes: set[str] = set()
    for name, line, kind, call in refusals():
        assert kind != "HTTPException", f"{name}:{line}: a bare HTTPException has no code (use ApiError)"
        at = CODE_AT[kind]
        if kind == "ApiError" and name == "api_errors.py":
            continue  # the class's own helpers pass codes through
        if kind == "Refused" and name == "api_errors.py":
            continue
        arg = call.args[at] if len(call.args) > at else None
        assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), f"{name}:{line}: {kind} without a code"
        codes.add(arg.value)
    codes.add("database")  # server.py's answer to the database away, a JSON literal
    assert codes - known == set(), f"lobby.js does not say {sorted(codes - known)}"
    assert {"taken", "over", "too-many-new", "too-many-mine", "server-full", "bad-target", "no-table"} <= codes
    assert known - codes == set(), f"lobby.js knows codes nobody sends: {sorted(known - codes)}"


def test_the_lobby_shows_the_words_for_a_code_and_the_server_s_for_another() -> None:
    js = (WEB / "static" / "lobby.js").read_text(encoding="utf-8")
    assert "Object.hasOwn(REFUSALS, e.code) ? REFUSALS[e.code](e.params || {}) : e.message" in js
    assert js.count("refusalText(e)") == 3 and "esc(e.message)" not in js.split("// --- the static site")[0]


@pytest.fixture
def tight(db: str) -> Any:
    with TestClient(create_app(db, rate=100_000, burst=100_000, create_limit=3, max_tables_per_address=2)) as c:
        yield c


def test_the_answers_carry_code_params_and_the_english_detail(client: Any) -> None:
    tight = client
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "open"}]
    made = new_table(tight, "gin", seats)
    first = tight.post(f"/api/tables/{made['id']}/take", json={"name": "Bea"})
    assert first.status_code == 200
    again = tight.post(f"/api/tables/{made['id']}/take", json={"name": "Cy"})
    assert again.status_code == 409 and again.json() == {
        "detail": "someone took this seat a moment ago: the list of tables is refreshed", "code": "taken", "params": {}}
    gone = tight.post("/api/tables/nosuchtable/take", json={})
    assert gone.status_code == 404 and gone.json()["code"] == "no-table" and gone.json()["detail"] == "no such table"
    bad = tight.post("/api/tables", json={"game": "gin", "seats": seats, "target": 0})
    assert bad.status_code == 400 and bad.json()["code"] == "bad-target" and bad.json()["params"] == {"max": 100000}
    assert bad.json()["detail"] == "target must be a whole number from 1 to 100000"
    broken = tight.post("/api/quick", content=b"{", headers={"content-type": "application/json"})
    assert broken.status_code == 400 and broken.json()["code"] == "bad-json"


def test_admission_refusals_carry_their_numbers(tight: Any) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "computer"}]
    new_table(tight, "gin", seats)
    new_table(tight, "gin", seats)  # the second in play from this address, the most it may have
    mine = tight.post("/api/tables", json={"game": "gin", "seats": seats})  # the third attempt
    assert mine.status_code == 429 and mine.json()["code"] == "too-many-mine" and mine.json()["params"] == {"n": 2}
    assert mine.json()["detail"].startswith("you already have 2 tables in play") and mine.headers["retry-after"] == "60"
    many = tight.post("/api/tables", json={"game": "gin", "seats": seats})  # the fourth within a minute
    assert many.status_code == 429 and many.json()["code"] == "too-many-new" and many.json()["params"]["n"] == 3
