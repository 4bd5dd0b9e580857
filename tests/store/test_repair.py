"""A schema a run of the old code left half-migrated is named at start, with the command that
repairs it; the repair drops the leftovers and the next start migrates. Every migration is
covered, with every prefix of the DDL the old driver committed before its first write."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy import text

from baccarat.ledger.check import check_ledger
from baccarat.store.db import Store, make_engine
from baccarat.store.errors import StoreError
from baccarat.store.repair import Repair, repair_schema
from support.ledgers import dump, first_ddl, half_migrate, populated_ledgers, revisions

STEPS = list(zip([None, *revisions()], revisions(), strict=False))


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> dict[str | None, Path]:
    return populated_ledgers(tmp_path_factory.mktemp("ledgers"))


@pytest.mark.parametrize(("start", "target"), STEPS, ids=[t for _, t in STEPS])
def test_a_half_migrated_schema_is_named_then_repaired(
    ledgers: dict[str | None, Path], tmp_path: Path, start: str | None, target: str
) -> None:
    statements = first_ddl(ledgers[start], target)
    # Alembic's own table (a new file's first statement) is no half of anything.
    ours = [n for n, statement in enumerate(statements) if "alembic_version" not in statement]
    assert ours, f"{target} starts with no DDL"
    for count in range(ours[0] + 1, len(statements) + 1):
        path = tmp_path / f"half-{count}.sqlite3"
        shutil.copyfile(ledgers[start], path)
        half_migrate(path, statements[:count])
        url = f"sqlite:///{path}"
        with pytest.raises(StoreError) as refused:
            Store.open(url)
        message = str(refused.value)
        assert refused.value.code == "half_migrated" and "\n" not in message
        assert f"baccarat ledger repair --database {url}" in message
        assert f"from revision {start or 'none'}" in message
        store = Store(make_engine(url))
        try:
            assert repair_schema(store.engine)
            assert not repair_schema(store.engine)  # done once: nothing more
        finally:
            store.close()
        # As before, Alembic's (empty) table aside, which a new file may keep; in any order,
        # as a trigger or an index made again is listed after the objects that stayed.
        repaired = sorted(line for line in dump(path) if "alembic_version" not in line)
        assert repaired == sorted(
            line for line in dump(ledgers[start]) if "alembic_version" not in line
        )
        store = Store.open(url)
        try:
            assert check_ledger(store).ok
        finally:
            store.close()


def test_a_repair_refuses_when_the_revision_lacks_a_table(tmp_path: Path) -> None:
    path = tmp_path / "lacking.sqlite3"
    store = Store.open(f"sqlite:///{path}")
    with store.engine.begin() as connection:
        connection.execute(text("DROP INDEX ix_play_sessions_player_id_id"))
        connection.execute(text("DROP TABLE login_failures"))
    before = dump(path)
    with pytest.raises(StoreError) as refused:
        repair_schema(store.engine)
    store.close()
    assert refused.value.code == "repair_missing"
    assert "table login_failures" in str(refused.value)
    assert "index" not in str(refused.value)  # an index can be made again; a table cannot
    assert "backup" in str(refused.value) and dump(path) == before


def test_a_repair_makes_a_lost_index_and_trigger_again(tmp_path: Path) -> None:
    path = tmp_path / "lost.sqlite3"
    store = Store.open(f"sqlite:///{path}")
    before = sorted(dump(path))
    with store.engine.begin() as connection:
        connection.execute(text("DROP INDEX ix_play_sessions_player_id_id"))
        connection.execute(text("DROP TRIGGER ledger_entries_no_update"))
    try:
        assert repair_schema(store.engine) == Repair(
            made=("index ix_play_sessions_player_id_id", "trigger ledger_entries_no_update")
        )
    finally:
        store.close()
    assert sorted(dump(path)) == before


def test_a_repair_keeps_a_leftover_table_that_holds_rows(tmp_path: Path) -> None:
    path = tmp_path / "rows.sqlite3"
    store = Store.open(f"sqlite:///{path}")
    with store.engine.begin() as connection:
        connection.execute(text("CREATE TABLE notes (body TEXT)"))
        connection.execute(text("CREATE INDEX ix_notes_body ON notes (body)"))
        connection.execute(text("ALTER TABLE shoes ADD COLUMN colour TEXT"))
        connection.execute(text("INSERT INTO notes VALUES ('kept')"))
    before = dump(path)
    with pytest.raises(StoreError) as refused:
        repair_schema(store.engine)
    store.close()
    assert refused.value.code == "repair_rows" and "'notes' holds 1 rows" in str(refused.value)
    assert dump(path) == before  # the column was not dropped either: one transaction
