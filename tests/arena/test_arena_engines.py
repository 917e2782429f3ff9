"""The arena on the real engines with random agents (skipped for an engine that is not available)."""

from __future__ import annotations

import io

import pytest

from cardtable.arena import run_arena
from cardtable.errors import InvalidRulesError
from cardtable.record import GameRecord
from cardtable.registry import game_class


def available(name: str) -> bool:
    try:
        game_class(name)
    except InvalidRulesError:
        return False
    return True


@pytest.mark.skipif(not available("casino"), reason="the Casino engine is not available")
@pytest.mark.parametrize(("players", "agents", "seatings"), [(2, 2, 2), (3, 3, 3), (4, 2, 2)])
def test_casino_tables(players: int, agents: int, seatings: int) -> None:
    sink = io.StringIO()
    r = run_arena("casino", ["random"] * agents, deals=2, seed=1, unit="hands", players=players, workers=1,
                  records=sink)
    assert r.num_players == players and r.seatings == seatings and r.games == 2 * seatings
    for line in sink.getvalue().splitlines():
        rec = GameRecord.loads(line)
        assert len(rec.seat_names) == players
        rec.replay()


@pytest.mark.skipif(not available("pinochle"), reason="the Pinochle engine is not available")
def test_pinochle_hands() -> None:
    sink = io.StringIO()
    r = run_arena("pinochle", ["random", "random"], deals=1, seed=1, unit="hands", workers=1, records=sink)
    assert r.games == 2
    for line in sink.getvalue().splitlines():
        GameRecord.loads(line).replay()
