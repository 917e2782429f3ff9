"""Schema version 3 (web tables): a version 2 database upgrades, keeps its games and takes web tables."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import create_engine, select, text

from cardtable.apps.web.tables import TableManager
from cardtable.match import Match
from cardtable.store import LATEST_VERSION, Store
from cardtable.store import schema as s


def test_upgrade_from_version_2_and_cascade(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'v2.db'}"
    with Store.open(url) as store:
        old = store.save_match(Match("gin", seed=1, seat_names=["A", "B"]))
    engine = create_engine(url)
    with engine.begin() as conn:  # back to version 2: as a database written before the web server existed
        conn.execute(text("DROP TABLE moves"))
        conn.execute(text("DROP TABLE web_tables"))
        conn.execute(text("DELETE FROM schema_version WHERE version >= 3"))
    engine.dispose()
    with Store.open(url) as store:
        assert store.version() == LATEST_VERSION >= 3
        assert store.load_match(old).seed == 1

        async def make() -> tuple[str, dict[int, str]]:
            manager = TableManager(store)
            table, tokens = await manager.create({"game": "gin", "seats": [{"kind": "human"}, {"kind": "human"}]})
            await manager.close()
            return table.id, tokens

        table_id, tokens = asyncio.run(make())
        with store.engine.connect() as conn:
            row = conn.execute(select(s.web_tables).where(s.web_tables.c.id == table_id)).one()
        assert len(tokens) == 2 and not any(t in row.seats for t in tokens.values())  # only hashes are stored
        store.delete(int(row.game_id))  # deleting the game deletes its web table too
        with store.engine.connect() as conn:
            assert conn.execute(select(s.web_tables).where(s.web_tables.c.id == table_id)).first() is None
