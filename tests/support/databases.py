"""Databases that several stores or server processes can share: an SQLite file, or a throw-away
schema of the test PostgreSQL (skipped with the reason if it cannot be reached)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest

POSTGRES_URL = os.environ.get(
    "BACCARAT_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


@contextmanager
def shared_database(kind: str, folder: Path, name: str = "shared") -> Iterator[str]:
    """The URL of a fresh database of ``kind`` (``sqlite``: a file in ``folder``; ``postgresql``:
    a schema of its own, dropped afterwards)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / f'{name}.sqlite3'}"
        return
    psycopg = pytest.importorskip("psycopg")
    admin = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://", 1)
    schema = f"{name}_{uuid.uuid4().hex[:12]}"
    try:
        with psycopg.connect(admin, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
    except psycopg.Error as exc:
        pytest.skip(f"PostgreSQL is unreachable at {POSTGRES_URL}: {exc}")
    try:
        yield f"{POSTGRES_URL}?options={quote(f'-csearch_path={schema}')}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
