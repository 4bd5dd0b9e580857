"""Repairing a schema a run of the old code left half-migrated (``baccarat ledger repair``).

The old runs committed each DDL statement on its own on SQLite, so a run stopped part-way left
some objects of the next migration under the previous revision. The repair compares the schema
with the one the stored revision describes and, in one transaction, drops what is left over:
triggers, indexes, columns, and tables that hold no rows. It changes nothing and refuses, with
the way to a backup, when something of the revision is missing or a leftover table holds rows
(those could be a ledger's data). The next start then migrates as usual.

>>> from sqlalchemy import create_engine
>>> from baccarat.store.schema import migrate
>>> engine = create_engine("sqlite://")
>>> migrate(engine, "0001")
>>> with engine.begin() as connection:
...     _ = connection.exec_driver_sql("CREATE TABLE quiz_cells (player_id VARCHAR(32))")
>>> repair_schema(engine)
['table quiz_cells']
>>> repair_schema(engine)
[]
"""

from __future__ import annotations

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from baccarat.store.errors import StoreError
from baccarat.store.schema import (
    database_name,
    describe,
    differences,
    migration_connection,
)

__all__ = ["repair_schema"]

_DROP_ORDER = ("trigger", "view", "index", "column", "table")
"""Dependants first: a column goes after its indexes, a table after its triggers."""


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def repair_schema(engine: Engine) -> list[str]:
    """Drop what the schema holds beyond its stored revision's (SQLite); what was dropped, as
    ``kind name``, sorted. Nothing to do (PostgreSQL, or a schema that matches): ``[]``.

    Refused with a :class:`StoreError` (nothing changed) when an object of the revision is
    missing or a leftover table holds rows.
    """
    if engine.dialect.name != "sqlite":
        return []  # PostgreSQL runs each migration in one transaction: nothing half-applied
    url = database_name(engine)
    try:
        with migration_connection(engine) as connection:
            return _repair(connection, url)
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise StoreError("repair_failed", url=url, reason=reason) from None


def _repair(connection: Connection, url: str) -> list[str]:
    revision, leftover, missing = differences(connection)
    if missing:
        raise StoreError(
            "repair_missing", url=url, revision=revision or "none", found=describe(missing)
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
    _, still, lacking = differences(connection)
    if still or lacking:  # a drop that did not take: change nothing
        raise StoreError("repair_failed", url=url, reason=describe(still | lacking))
    return sorted(
        f"{kind} {name}"
        for kind, name in leftover
        if kind == "table"
        or (name.split(".")[0] if kind == "column" else owners.get(name)) not in tables
    )
