"""The migrations build exactly the schema the models describe, on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from baccarat.store.db import Store, alembic_config, make_engine, migrate
from baccarat.store.models import Base
from support.fair import ContributingService


def _differences(store: Store) -> list[object]:
    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(context, Base.metadata))


def test_migrations_match_the_models(bare_store: Store) -> None:
    migrate(bare_store.engine)
    assert _differences(bare_store) == []
    names = set(inspect(bare_store.engine).get_table_names())
    assert {"players", "ledger_entries", "game_tables", "shoes", "coups"} <= names


def test_migrations_run_down_and_up_again(bare_store: Store) -> None:
    migrate(bare_store.engine)
    command.downgrade(alembic_config(bare_store.engine), "base")
    assert "ledger_entries" not in inspect(bare_store.engine).get_table_names()
    migrate(bare_store.engine)
    migrate(bare_store.engine)  # at head already: nothing to do, no error
    assert _differences(bare_store) == []


def test_sqlite_file_database_is_created_in_its_folder(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path)) / "data" / "nested"
    store = Store.open(f"sqlite:///{folder / 'baccarat.sqlite3'}")
    try:
        assert (folder / "baccarat.sqlite3").exists()
        with store.engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_read_only_store_reads_and_refuses_every_write(kind: str, tmp_path: object) -> None:
    """What a check, an export or a listing opens: it reads the ledger and cannot change it."""
    from pathlib import Path

    from sqlalchemy.exc import DBAPIError

    from support.databases import shared_database

    with shared_database(kind, Path(str(tmp_path)), "read_only") as url:
        Store.open(url).close()  # a ledger at head
        store = Store.open(url, read_only=True)
        try:
            assert store.schema_revision() is not None
            refused = r"readonly database|read-only transaction"  # SQLite's, PostgreSQL's
            with pytest.raises(DBAPIError, match=refused), store.engine.begin() as conn:
                conn.execute(text("DELETE FROM alembic_version"))
        finally:
            store.close()
        store = Store.open(url, run_migrations=False)
        try:
            assert store.schema_revision() is not None  # the failed write left nothing
        finally:
            store.close()


def test_a_read_only_store_leaves_an_sqlite_file_as_it_was(tmp_path: object) -> None:
    """Not switched to the write-ahead log (which rewrites its header), not made, nor its
    folder: a file named by mistake keeps every byte."""
    import sqlite3
    from pathlib import Path

    path = Path(str(tmp_path)) / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
    conn.close()
    before = path.read_bytes()
    store = Store.open(f"sqlite:///{path}", read_only=True)
    try:
        assert store.schema_revision() is None
    finally:
        store.close()
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["other.sqlite3"]
    missing = Path(str(tmp_path)) / "none" / "x.sqlite3"
    store = Store.open(f"sqlite:///{missing}", read_only=True)
    try:
        with pytest.raises(Exception, match="unable to open"):
            store.schema_revision()
    finally:
        store.close()
    assert not missing.parent.exists()


def test_transaction_rolls_back_when_the_block_raises(store: Store) -> None:
    from datetime import UTC, datetime

    from baccarat.store.models import Player

    now = datetime(2026, 1, 1, tzinfo=UTC)

    def add_then_fail() -> None:
        with store.transaction() as db:
            db.add(Player(id="p" * 32, kind="guest", created_at=now, adult_confirmed_at=now))
            db.flush()
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        add_then_fail()
    with store.reading() as db:
        assert db.get(Player, "p" * 32) is None


def test_make_engine_names_the_dialect() -> None:
    assert make_engine("sqlite://").dialect.name == "sqlite"
    engine = make_engine("postgresql+psycopg://nobody@127.0.0.1:1/none")
    assert engine.dialect.name == "postgresql"
    engine.dispose()


def test_sessions_survive_the_migration_that_drops_their_start_date(bare_store: Store) -> None:
    """0009 drops ``web_sessions.created_at`` (never read): a session open before still works,
    and going back down dates it again."""
    from datetime import UTC, datetime

    engine = bare_store.engine
    migrate(engine, "0008_recent_indexes")
    now = datetime(2026, 1, 1, tzinfo=UTC)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO players (id, kind, created_at, adult_confirmed_at, "
                "reality_check_minutes) VALUES ('p', 'guest', :now, :now, 60)"
            ),
            {"now": now},
        )
        conn.execute(
            text("INSERT INTO web_sessions (id, player_id, created_at) VALUES (:id, 'p', :now)"),
            {"id": hashlib.sha256(b"token").hexdigest(), "now": now},
        )
    migrate(engine)
    assert "created_at" not in {c["name"] for c in inspect(engine).get_columns("web_sessions")}
    assert ContributingService(bare_store).session_player("token") == "p"
    command.downgrade(alembic_config(engine), "0008_recent_indexes")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT created_at FROM web_sessions")).scalar() is not None
