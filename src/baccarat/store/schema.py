"""Migrations that apply whole or not at all, and the checks a start makes of what it finds.

On SQLite every migration run is one real transaction: Python's driver (legacy transaction
control) begins none before DDL, so each ``CREATE``/``ALTER`` would commit on its own and a run
stopped between two of them would leave the new tables under the old revision. Here the run owns
its connection, with the driver's own transaction handling off, foreign keys off (Alembic's batch
mode copies a table: dropping the original must not cascade or fail; the keys are checked before
the commit instead) and one ``BEGIN IMMEDIATE`` ... ``COMMIT`` around everything, the stamped
revision included. PostgreSQL runs DDL in transactions already.

A schema a run cannot migrate is compared with the one its stored revision describes (built in a
scratch in-memory database): objects left over from a run of the old code, or missing, are named
with the command that repairs them (:mod:`baccarat.store.repair`).

>>> from sqlalchemy import create_engine
>>> engine = create_engine("sqlite://")
>>> migrate(engine, "0002_quiz_cells")
>>> sorted(name for kind, name in snapshot_of(engine) if kind == "table")[:3]
['coups', 'game_tables', 'ledger_entries']
>>> diagnose(engine) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sqlalchemy import Connection, Engine, create_engine
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from baccarat.store.errors import StoreError

__all__ = [
    "Snapshot",
    "alembic_config",
    "diagnose",
    "expected_snapshot",
    "head_revision",
    "integrity_problem",
    "known_revision",
    "migrate",
    "migration_connection",
    "shown_url",
    "snapshot_of",
    "stored_revision",
]

MIGRATIONS = "baccarat.store:migrations"
VERSION_TABLE = "alembic_version"

Snapshot = frozenset[tuple[str, str]]
"""A schema as ``(kind, name)`` pairs: ``table``, ``index`` and ``trigger`` by name, and
``column`` as ``table.column`` (SQLite's own objects and Alembic's version table left out)."""


def alembic_config(engine: Engine | None = None) -> Any:
    """An Alembic ``Config`` for the packaged migrations (for ``migrate`` and for developers).

    To write a new migration: ``alembic.command.revision(alembic_config(engine), message,
    autogenerate=True)`` against a database at head.
    """
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    if engine is not None:
        config.attributes["engine"] = engine
    return config


@cache
def head_revision() -> str:
    """The packaged migrations' latest revision (read once: the scripts do not change while a
    process runs)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise AssertionError("the packaged migrations have no head")
    return head


@cache
def known_revision(revision: str) -> bool:
    """Whether ``revision`` is one of the packaged migrations' (exactly: not a prefix); one this
    baccarat does not know was written by a newer one.

    >>> known_revision(head_revision()), known_revision("9999_from_the_future")
    (True, False)
    """
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    return revision in {step.revision for step in script.walk_revisions()}


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the database schema up to ``revision`` (the latest by default), in one transaction.

    An SQLite schema the run fails on because a run of the old code left it half-migrated
    raises :class:`StoreError` (``half_migrated``, with the repair command) instead of the
    database's error; nothing was changed either way.
    """
    from alembic import command

    try:
        command.upgrade(alembic_config(engine), revision)
    except SQLAlchemyError as exc:
        problem = diagnose(engine) if engine.dialect.name == "sqlite" else None
        if problem is not None:
            raise problem from exc
        raise


@contextmanager
def migration_connection(engine: Engine) -> Iterator[Connection]:
    """A connection in one transaction that holds DDL too: committed if the block ends normally,
    rolled back (every statement of it) if it raises. On SQLite it holds the write lock from the
    start and leaves foreign keys off until the end, checking them before the commit."""
    if engine.dialect.name != "sqlite":
        with engine.begin() as connection:
            yield connection
        return
    with engine.connect() as connection:
        keys = connection.exec_driver_sql("PRAGMA foreign_keys").scalar()
        connection.rollback()  # SQLAlchemy's own; the driver began nothing for a PRAGMA
        raw: Any = connection.connection.driver_connection
        previous = raw.isolation_level
        raw.isolation_level = None  # no implicit BEGIN or COMMIT: ours hold everything
        try:
            # A no-op inside a transaction: switched before BEGIN, back after the COMMIT.
            connection.exec_driver_sql("PRAGMA foreign_keys = OFF")
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                yield connection
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").first()
                if broken is not None:
                    raise StoreError("foreign_key_broken", table=broken[0], row=broken[1])
            except BaseException:
                connection.rollback()
                raise
            connection.commit()
        finally:
            try:
                connection.exec_driver_sql(f"PRAGMA foreign_keys = {1 if keys else 0}")
                connection.commit()
                raw.isolation_level = previous
            except BaseException:
                # Its settings are unknown: the pool opens a fresh connection instead.
                connection.invalidate()
                raise


def stored_revision(connection: Connection) -> str | None:
    """The revision stamped in the database (None: never migrated)."""
    from alembic.runtime.migration import MigrationContext

    revision: str | None = MigrationContext.configure(connection).get_current_revision()
    return revision


def snapshot_of(bind: Engine | Connection) -> Snapshot:
    """What an SQLite database's schema holds (see :data:`Snapshot`)."""
    with bind.connect() if isinstance(bind, Engine) else _same(bind) as connection:
        found: set[tuple[str, str]] = set()
        rows = connection.exec_driver_sql(
            "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'index', 'trigger', "
            "'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name != ?",
            (VERSION_TABLE,),
        ).all()
        for kind, name in rows:
            found.add((kind, name))
            if kind == "table":
                quoted = name.replace('"', '""')
                for column in connection.exec_driver_sql(f'PRAGMA table_info("{quoted}")'):
                    found.add(("column", f"{name}.{column[1]}"))
    return frozenset(found)


@contextmanager
def _same(connection: Connection) -> Iterator[Connection]:
    yield connection


def expected_snapshot(revision: str | None) -> Snapshot:
    """The schema the migrations build up to ``revision`` (None: nothing), built once per
    process in a scratch in-memory database."""
    return _expected(revision)[0]


def expected_definitions(revision: str | None) -> Mapping[tuple[str, str], str]:
    """The SQL that creates each trigger and index of the schema at ``revision``: objects that
    hold no data, which a repair can make again."""
    return _expected(revision)[1]


@cache
def _expected(revision: str | None) -> tuple[Snapshot, Mapping[tuple[str, str], str]]:
    if revision is None:
        return frozenset(), {}
    scratch = create_engine("sqlite://", poolclass=StaticPool)
    try:
        migrate(scratch, revision)
        with scratch.connect() as connection:
            definitions = {
                (kind, name): sql
                for kind, name, sql in connection.exec_driver_sql(
                    "SELECT type, name, sql FROM sqlite_master "
                    "WHERE type IN ('index', 'trigger') AND sql IS NOT NULL"
                )
            }
        return snapshot_of(scratch), MappingProxyType(definitions)
    finally:
        scratch.dispose()


def differences(connection: Connection) -> tuple[str | None, Snapshot, Snapshot]:
    """``(revision, leftover, missing)``: the stored revision, and what the schema holds beyond
    the one that revision describes and lacks of it."""
    revision = stored_revision(connection)
    expected, actual = expected_snapshot(revision), snapshot_of(connection)
    return revision, actual - expected, expected - actual


def describe(objects: Snapshot, most: int = 6) -> str:
    """Objects of a snapshot as a short list for a one-line message (a table's columns go
    with it).

    >>> describe(frozenset({("table", "b"), ("column", "b.y"), ("column", "a.x")}))
    'column a.x, table b'
    """
    tables = {name for kind, name in objects if kind == "table"}
    names = sorted(
        f"{kind} {name}"
        for kind, name in objects
        if kind != "column" or name.split(".", 1)[0] not in tables
    )
    shown = ", ".join(names[:most])
    return shown if len(names) <= most else f"{shown}, … ({len(names)} in all)"


def shown_url(url: str | URL) -> str:
    """A database URL as a message or a log may show it: its password hidden, in the address and
    in the query (a refusal or a start-up line goes to logs that others read).

    >>> shown_url("postgresql+psycopg://bob:s3cret@db:5432/baccarat")
    'postgresql+psycopg://bob:***@db:5432/baccarat'
    >>> shown_url("postgresql+psycopg://bob@db/baccarat?password=s3cret&sslmode=require")
    'postgresql+psycopg://bob@db/baccarat?password=***&sslmode=require'
    >>> shown_url("sqlite:///data/baccarat.sqlite3")
    'sqlite:///data/baccarat.sqlite3'
    >>> shown_url("bob:s3cret@db")  # not a URL at all: what looks like a password, hidden
    'bob:***@db'
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        return _PASSWORD.sub(r"\1***@", str(url))
    if "password" in parsed.query:
        parsed = parsed.update_query_dict({"password": "***"})
    return parsed.render_as_string(hide_password=True).replace("password=%2A%2A%2A", "password=***")


# The password of a text that is not a URL SQLAlchemy reads: ``user:password@`` up to the host.
_PASSWORD = re.compile(r"^((?:[A-Za-z][A-Za-z0-9+.-]*://)?[^:/?#@\s]*:)[^/?#\s]*@")


def database_name(engine: Engine) -> str:
    """The URL of ``engine`` as a command line takes it back (no password)."""
    return shown_url(engine.url)


def diagnose(engine: Engine) -> StoreError | None:
    """A ``half_migrated`` error when an SQLite schema differs from the one its stored revision
    describes; None when it matches."""
    with engine.connect() as connection:
        revision, leftover, missing = differences(connection)
    if not leftover and not missing:
        return None
    found = "; ".join(
        f"{what}: {describe(objects)}"
        for what, objects in (("left over", leftover), ("missing", missing))
        if objects
    )
    return StoreError(
        "half_migrated",
        url=database_name(engine),
        revision=revision or "none",
        found=found,
    )


def integrity_problem(engine: Engine) -> StoreError | None:
    """A ``damaged_file`` error when an SQLite file fails ``PRAGMA quick_check``; None when it
    passes or the database is not an SQLite file. It reads every page once: about 0.1 s for a
    ledger of 100,000 entries (30 MB), 2 s for a million (docs/web.md)."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or database in (None, "", ":memory:"):
        return None
    try:
        with engine.connect() as connection:
            first = connection.exec_driver_sql("PRAGMA quick_check(1)").scalar()
    except SQLAlchemyError as exc:  # a header too damaged to read at all
        first = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
    if first == "ok":
        return None
    return StoreError("damaged_file", path=str(Path(str(database)).expanduser()), reason=first)
