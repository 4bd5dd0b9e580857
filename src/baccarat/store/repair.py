"""Repairing a schema a run of the old code left half-migrated (``baccarat ledger repair``).

The old runs committed each DDL statement on its own on SQLite, so a run stopped part-way left
some objects of the next migration under the previous revision, or some of the previous
revision's triggers and indexes dropped. The repair compares the schema with the one the stored
revision describes and, in one transaction, drops what is left over (triggers, indexes, columns,
and tables that hold no rows) and makes the missing triggers and indexes again, from the
revision's own definitions. It changes nothing and refuses, with the way to a backup, when a
table or a column of the revision is missing or a leftover table holds rows (those could be a
ledger's data). The next start then migrates as usual.

>>> from sqlalchemy import create_engine
>>> from baccarat.store.schema import migrate
>>> engine = create_engine("sqlite://")
>>> migrate(engine, "0001")
>>> with engine.begin() as connection:
...     _ = connection.exec_driver_sql("CREATE TABLE quiz_cells (player_id VARCHAR(32))")
>>> repair_schema(engine)
Repair(dropped=('table quiz_cells',), made=())
>>> bool(repair_schema(engine))
False
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from baccarat.store.errors import StoreError
from baccarat.store.schema import (
    database_name,
    describe,
    differences,
    expected_definitions,
    expected_snapshot,
    head_revision,
    migration_connection,
)

__all__ = ["Repair", "repair_schema"]


@dataclass(frozen=True)
class Repair:
    """What a repair changed, each object as ``kind name``, sorted; false when nothing."""

    dropped: tuple[str, ...] = ()
    """Left over by the interrupted migration, dropped."""
    made: tuple[str, ...] = ()
    """Triggers and indexes of the stored revision that were missing, made again."""

    def __bool__(self) -> bool:
        return bool(self.dropped or self.made)


_DROP_ORDER = ("trigger", "view", "index", "column", "table")
"""Dependants first: a column goes after its indexes, a table after its triggers."""
_MAKE_ORDER = ("index", "trigger")


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def repair_schema(engine: Engine) -> Repair:
    """Drop what the schema holds beyond its stored revision's and make its missing triggers and
    indexes again (SQLite). Nothing to do (PostgreSQL, or a schema that matches): an empty
    :class:`Repair`.

    Refused with a :class:`StoreError` (nothing changed) when a table or a column of the
    revision is missing or a leftover table holds rows.
    """
    if engine.dialect.name != "sqlite":
        return Repair()  # PostgreSQL runs each migration in one transaction: nothing half-done
    url = database_name(engine)
    try:
        with migration_connection(engine) as connection:
            return _repair(connection, url)
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise StoreError("repair_failed", url=url, reason=reason) from None


def _repair(connection: Connection, url: str) -> Repair:
    revision, leftover, missing = differences(connection)
    if revision is None:
        # No stored revision: only the first migration, interrupted, leaves that with tables
        # in it, and those are this package's. Another program's database (a wrong --database)
        # is refused whole, never emptied of its empty tables.
        ours = {name for kind, name in expected_snapshot(head_revision()) if kind == "table"}
        foreign = sorted(name for kind, name in leftover if kind == "table" and name not in ours)
        if foreign:
            raise StoreError("repair_not_a_ledger", url=url, table=foreign[0])
    definitions = expected_definitions(revision)
    lost = frozenset(item for item in missing if item not in definitions)
    if lost:
        raise StoreError(
            "repair_missing", url=url, revision=revision or "none", found=describe(lost)
        )
    tables = {name for kind, name in leftover if kind == "table"}
    for table in sorted(tables):
        rows = connection.exec_driver_sql(f"SELECT count(*) FROM {_quoted(table)}").scalar()
        if rows:
            raise StoreError("repair_rows", url=url, table=table, rows=rows)
    owners = {
        row[0]: row[1]
        for row in connection.exec_driver_sql("SELECT name, tbl_name FROM sqlite_master")
    }
    for kind in _DROP_ORDER:
        for _, name in sorted(item for item in leftover if item[0] == kind):
            if kind == "column":
                table, column = name.split(".", 1)
                if table in tables:
                    continue  # goes with its table
                connection.exec_driver_sql(
                    f"ALTER TABLE {_quoted(table)} DROP COLUMN {_quoted(column)}"
                )
            elif kind == "table" or owners.get(name) not in tables:
                connection.exec_driver_sql(f"DROP {kind.upper()} {_quoted(name)}")
    for item in sorted(missing, key=lambda item: _MAKE_ORDER.index(item[0])):
        connection.exec_driver_sql(definitions[item])
    _, still, lacking = differences(connection)
    if still or lacking:  # a drop that did not take: change nothing
        raise StoreError("repair_failed", url=url, reason=describe(still | lacking))
    dropped = (
        f"{kind} {name}"
        for kind, name in leftover
        if kind == "table"
        or (name.split(".")[0] if kind == "column" else owners.get(name)) not in tables
    )
    return Repair(
        dropped=tuple(sorted(dropped)),
        made=tuple(sorted(f"{kind} {name}" for kind, name in missing)),
    )
