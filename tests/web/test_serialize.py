"""Views to JSON, the spectators' public view, and importing without the web extra."""

from __future__ import annotations

import random
import subprocess
import sys

from cardtable.apps.web.serialize import HIDDEN, card_tokens, public_view, serialize_view
from cardtable.match import Match


def _midgame(game: str, moves: int = 25) -> Match:
    m = Match(game, seed=3)
    rng = random.Random(1)
    for _ in range(moves):
        m.resolve_chance()
        m.apply(rng.choice(m.state.legal_actions()))
    m.resolve_chance()
    return m


def test_public_view_keeps_only_what_every_seat_knows() -> None:
    for game in ("gin", "casino", "pinochle"):
        state = _midgame(game).state
        views = [serialize_view(game, state.view(i)) for i in range(2)]
        pub = public_view(views)
        assert pub["seat"] is None and "deadwood" not in pub and pub["extras"] == {}
        assert card_tokens(pub) <= card_tokens(views[0]) & card_tokens(views[1])
        assert HIDDEN in pub["hand"] and len(pub["hand"]) == len(views[0]["hand"])
        assert len(pub["events"]) == len(views[0]["events"])


def test_gin_extras_come_from_the_hand() -> None:
    state = _midgame("gin").state
    data = serialize_view("gin", state.view(0))
    laid = [c for meld in data["extras"]["melds"] for c in meld] + data["extras"]["deadwood_cards"]
    assert sorted(laid) == sorted(data["hand"])


def test_core_and_cli_import_without_fastapi() -> None:
    code = ("import sys; sys.modules['fastapi'] = None; sys.modules['uvicorn'] = None\n"
            "import cardtable, cardtable.cli, cardtable.apps.web\n"
            "assert cardtable.cli.main(['serve', '--port', '1']) == 2\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "python3 run.py serve" in done.stderr  # the way to get the packages, never a pip install from the index
    assert "pip install" not in done.stderr


def test_pinochle_claim_is_shown_only_with_declaring_out() -> None:
    from cardtable.pinochle import PinochleGame, PinochleRules

    text = ("dealer: 1; leader: 0; trumpcard: KSb; tricks: 3; hand0: 12; hand1: 12; won0: ASa ASb THa THb;"
            "won1: 9Ha 9Hb; points0: run=150; points1: marriage=20; totals: 700 640")
    on = PinochleGame(PinochleRules(declare_out=True)).from_position(text)
    data = [serialize_view("pinochle", on.view(s)) for s in (0, 1)]
    assert [d["extras"]["claim"] for d in data] == [700 + 150 + 40, 640 + 20]
    assert data[0]["extras"]["target"] == 1000 and data[0]["game_totals"] == [700, 640]
    off = PinochleGame().from_position(text)
    assert "claim" not in serialize_view("pinochle", off.view(0))["extras"]
