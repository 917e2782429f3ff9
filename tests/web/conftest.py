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


# A Gin deal that ends in a knock with layoffs. Seat 1 deals; seat 0, the non-dealer, takes the
# first upcard 5S and knocks with 8H: melds 9S-JS, 7S7H7D, 3C-5C, deadwood 5S (K = 5). Seat 1 lays
# off QS onto the spades, then 6C and 7C onto the clubs (a chain), keeping AH (D = 1): an undercut.
LAYOFF_KNOCKER = "3C 4C 5C 7D 7H 7S 9S TS JS 8H"
LAYOFF_DEFENDER = "6C 7C QS KD KH KC 2D 3D 4D AH"
LAYOFF_MOVES = ("take", "knock 8H")


def layoff_match() -> Any:
    """A Gin match (target 100) dealt so that :data:`LAYOFF_MOVES` by seat 0 end its first hand."""
    from cardtable.cards import parse_cards
    from cardtable.match import Match

    match = Match("gin", first_dealer=1, seat_names=["Knocker", "Defender"])  # seedless: the deal is set here
    for mine, theirs in zip(parse_cards(LAYOFF_KNOCKER), parse_cards(LAYOFF_DEFENDER), strict=True):
        match.apply(f"deal {mine}")
        match.apply(f"deal {theirs}")
    match.apply("deal 5S")
    return match


def add_table(manager: Any, match: Any, seats: list[tuple[str, str | None]]) -> tuple[Any, dict[int, str]]:
    """Save a table around ``match`` (seats: (kind, level)); return it and the human seats' tokens."""
    import secrets

    from cardtable.apps.web.tables import SeatSpec, Table, hash_token

    specs: list[SeatSpec] = []
    tokens: dict[int, str] = {}
    for i, (kind, level) in enumerate(seats):
        if kind == "human":
            tokens[i] = secrets.token_urlsafe(24)
            specs.append(SeatSpec("human", match.seat_names[i], None, hash_token(tokens[i])))
        else:
            specs.append(SeatSpec("computer", match.seat_names[i], level))
    table = Table(id=secrets.token_hex(8), match=match, seats=specs, game_id=0, manager=manager)
    manager._save(table, new=True)
    manager.tables[table.id] = table
    return table, tokens
