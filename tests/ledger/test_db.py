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
