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
    assert "needs the web extra" in done.stderr
