"""Stores for the ledger tests: in-memory SQLite, and the real PostgreSQL in a schema of its own.

Each PostgreSQL store lives in a fresh schema (``search_path`` set on every connection) that is
dropped afterwards, so parallel runs and other users of the ``test`` database never collide.
Set ``BACCARAT_TEST_POSTGRES`` to use another server; if it cannot be reached the PostgreSQL
cases are skipped with the reason.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from baccarat.store.db import Store

POSTGRES_URL = os.environ.get(
    "BACCARAT_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


def _admin_conninfo() -> str:
    return POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://", 1)


@pytest.fixture(scope="session")
def postgres_available() -> None:
    import psycopg

    try:
        with psycopg.connect(_admin_conninfo(), connect_timeout=3):
            pass
    except psycopg.Error as exc:
        pytest.skip(f"PostgreSQL is unreachable at {POSTGRES_URL}: {exc}")


def postgres_store(run_migrations: bool = True) -> Iterator[Store]:
    """A store on a fresh schema of the test database, dropped afterwards."""
    import psycopg

    schema = f"test_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(_admin_conninfo(), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    separator = "&" if "?" in POSTGRES_URL else "?"
    url = f"{POSTGRES_URL}{separator}options={quote(f'-csearch_path={schema}')}"
    store = Store.open(url, run_migrations=run_migrations)
    try:
        yield store
    finally:
        store.close()
        with psycopg.connect(_admin_conninfo(), autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    """A migrated store on each database."""
    if request.param == "sqlite":
        sqlite = Store.open("sqlite://")
        yield sqlite
        sqlite.close()
    else:
        request.getfixturevalue("postgres_available")
        yield from postgres_store()


@pytest.fixture(params=["sqlite", "postgresql"])
def bare_store(request: pytest.FixtureRequest) -> Iterator[Store]:
    """An empty (unmigrated) store on each database."""
    if request.param == "sqlite":
        sqlite = Store.open("sqlite://", run_migrations=False)
        yield sqlite
        sqlite.close()
    else:
        request.getfixturevalue("postgres_available")
        yield from postgres_store(run_migrations=False)
