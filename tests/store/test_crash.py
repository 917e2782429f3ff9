"""A program killed while it saves after every move loses at most the move in flight."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

from cardtable.store import Store

WRITER = textwrap.dedent("""
    import sys
    from cardtable.agents import make_agent
    from cardtable.match import Match
    from cardtable.store import Autosaver, Store

    store = Store.open(sys.argv[1])
    seed = 0
    while True:  # match after match, saving after every move, until killed
        seed += 1
        match = Match("gin", seed=seed, seat_names=["You", "Bot"])
        agents = [make_agent("gin", "simple"), make_agent("gin", "simple")]
        save = Autosaver(store, match, ["human", "simple"])
        while not match.is_over():
            match.resolve_chance()
            if match.is_over():
                break
            seat = match.state.current_player()
            match.apply(agents[seat].act(match.state.view(seat), match.state.legal_actions()))
            save()
            print(save.game_id, sum(len(h.actions) for h in match.hands), flush=True)
        save()
""")


def test_killed_writer_leaves_a_consistent_database(db_url: str) -> None:
    Store.open(db_url).close()  # create the schema first, so the writer starts saving at once
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen([sys.executable, "-c", WRITER, db_url], stdout=subprocess.PIPE, text=True, env=env)
    last: tuple[int, int] | None = None
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    try:
        for line in proc.stdout:
            game_id, moves = map(int, line.split())
            last = (game_id, moves)
            if moves >= 60 or time.monotonic() > deadline:
                break
    finally:
        proc.send_signal(signal.SIGKILL)  # no cleanup: possibly in the middle of a transaction
        proc.wait(timeout=30)
    assert last is not None
    game_id, moves = last
    with Store.open(db_url) as store:
        if store.path is not None:
            with store.engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        match = store.load_match(game_id)  # replays and checks every move and deal
        saved = sum(len(h.actions) for h in match.hands)
        assert saved >= moves  # every reported save is there (later ones may be too)
        info = store.game_info(game_id)
        assert info.moves == saved and info.status in ("in_progress", "finished")
        for other in store.list_games(limit=None):
            store.load_match(other.id)
        # the game can be continued and saved again
        store.save_match(match, game_id)
