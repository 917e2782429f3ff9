"""A PostgreSQL schema of a test's own (the store tests and the web cluster tests), on the server of
``CARDTABLE_TEST_POSTGRES_URL`` (``.ci/start-postgres.sh``)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from cardtable.store import database_url


@contextmanager
def fresh_schema(server_url: str, prefix: str = "t_") -> Iterator[str]:
    """A new empty schema on the server of ``server_url``, dropped afterwards; gives a URL whose connections use it."""
    schema = prefix + uuid.uuid4().hex[:16]
    admin = create_engine(database_url(server_url))
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(database_url(server_url)).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
