"""Engines, sessions and migrations: SQLite by default, PostgreSQL by URL.

The schema is created and upgraded by Alembic, programmatically, when the application starts
(:func:`migrate`, in one transaction: :mod:`baccarat.store.schema`): there is no separate step to
forget. Every write goes through one
:class:`Store.transaction`, so deal and settlement commit together or not at all, and a future
writer holds the locks that serialise it against every other writer of the same ledger: an
immediate transaction on an SQLite file (the database's write lock, taken before the first read,
so no two processes both read a balance and then write), and on PostgreSQL a row lock on the
player (:func:`baccarat.ledger.accounts.lock_player`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from baccarat.store.checkpoint import BACKSTOP_PAGES, Checkpointer
from baccarat.store.schema import alembic_config, head_revision, integrity_problem, migrate

__all__ = ["Store", "alembic_config", "head_revision", "make_engine", "migrate"]

_BEGIN_IMMEDIATE = text("BEGIN IMMEDIATE")  # built once: every write transaction runs it


def make_engine(url: str, *, pool_size: int = 10, read_only: bool = False) -> Engine:
    """An engine for ``url``: an SQLite file (its folder is created), in-memory SQLite, or PostgreSQL.

    SQLite connections get foreign keys on, a busy timeout so concurrent writers wait their turn
    rather than fail, and (for files) the write-ahead log so readers never block the writer.
    PostgreSQL keeps up to ``pool_size`` connections open and opens as many again at a peak:
    every server process holds its own, against the server's ``max_connections``.

    ``read_only`` (a command that only reads: a check, an export, a listing) changes no byte of
    the database: an SQLite file keeps its journal mode (switching it to the log rewrites the
    file's header, harmful on a file named by mistake) and its folder is not made, and every
    connection refuses writes (SQLite's ``query_only``, PostgreSQL's read-only transactions).

    >>> engine = make_engine("sqlite://")
    >>> engine.dialect.name, type(engine.pool).__name__
    ('sqlite', 'StaticPool')
    """
    parsed = make_url(url)
    kwargs: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        in_memory = parsed.database in (None, "", ":memory:")
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        if in_memory:
            # One shared connection, so every session (and every thread) sees the same database.
            kwargs["poolclass"] = StaticPool
        elif parsed.database and not read_only:
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, **kwargs)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            try:
                cursor.execute("PRAGMA foreign_keys = ON")
                if read_only:
                    cursor.execute("PRAGMA query_only = ON")
                elif not in_memory:
                    cursor.execute("PRAGMA journal_mode = WAL")
                    cursor.execute("PRAGMA synchronous = NORMAL")
            except UnicodeDecodeError:
                # A damaged schema page: SQLite's message quotes its bytes, which are not text.
                # As the driver's own error, every caller reports it as a database it cannot read.
                raise sqlite3.DatabaseError("database disk image is malformed") from None
            finally:
                cursor.close()

        return engine
    engine = create_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)
    if read_only:

        @event.listens_for(engine, "connect")
        def _read_only(dbapi_connection: Any, _record: Any) -> None:
            with dbapi_connection.cursor() as cursor:
                cursor.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            dbapi_connection.commit()

    return engine


def _checkpoint_at_backstop(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.execute(f"PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}")


class Store:
    """Where the records live: an engine and the sessions made from it."""

    def __init__(self, engine: Engine, *, background_checkpoints: bool = False) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._single_reads = (
            engine.execution_options(isolation_level="AUTOCOMMIT")
            if engine.dialect.name == "postgresql"
            else engine
        )
        self.embedded = engine.dialect.name == "sqlite"
        """Whether the database runs inside this process (SQLite): a call is CPU work here, not a
        wait on a server, and its writers take turns whatever the number of threads."""
        # SQLite has one writer at a time. Writers of this process queue on a lock rather than in
        # SQLite's busy handler, which sleeps in growing steps and so makes the slowest waits long;
        # other processes are still kept out by SQLite's own locking (and its busy timeout).
        self._writer = threading.Lock() if self.embedded else None
        # An SQLite file may have writers in other processes (several server workers, the ledger
        # check): take its write lock first. In-memory SQLite lives in this process only, behind
        # the lock above, on one shared connection that must not hold a transaction open longer.
        in_memory = self.embedded and engine.url.database in (None, "", ":memory:")
        self.shared = not in_memory
        """Whether other processes can reach this database (an SQLite file, PostgreSQL)."""
        self._immediate = self.embedded and self.shared
        self.checkpointer: Checkpointer | None = None
        """Where an SQLite file's log is checkpointed after writes, off the committing thread
        (a server's event loop); None where the committing connection does it, as SQLite does
        by default, or where there is no log (in memory, PostgreSQL)."""
        if background_checkpoints and self._immediate and engine.url.database:
            self.checkpointer = Checkpointer(engine.url.database)
            # Its connections (none is open yet) leave checkpoints to the thread, up to a backstop.
            event.listen(engine, "connect", _checkpoint_at_backstop)

    @classmethod
    def open(
        cls,
        url: str,
        *,
        run_migrations: bool = True,
        pool_size: int = 10,
        background_checkpoints: bool = False,
        read_only: bool = False,
    ) -> Store:
        """Connect to ``url`` and (by default) migrate it to the latest schema; ``pool_size``
        and ``read_only`` (which migrates nothing): see :func:`make_engine`;
        ``background_checkpoints`` (a server's store): see :attr:`checkpointer`.

        A start (``run_migrations``) first refuses an SQLite file that fails its quick check,
        and a schema a run of the old code left half-migrated, with a
        :class:`~baccarat.store.errors.StoreError` that says what to do.
        """
        store = cls(
            make_engine(url, pool_size=pool_size, read_only=read_only),
            background_checkpoints=background_checkpoints,
        )
        if run_migrations and not read_only:
            try:
                problem = integrity_problem(store.engine)
                if problem is not None:
                    raise problem
                migrate(store.engine)
            except BaseException:
                store.close()
                raise
        return store

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One unit of work: committed if the block ends normally, rolled back if it raises."""
        with self._writer or nullcontext(), self._sessions() as session, session.begin():
            if self._immediate:
                # pysqlite begins its own transaction only before the first write; an explicit
                # BEGIN IMMEDIATE makes the whole unit (reads included) one writer's turn.
                session.execute(_BEGIN_IMMEDIATE)
            yield session
        if self.checkpointer is not None:  # committed: the log grew
            self.checkpointer.wrote()

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reads only (rolled back at the end)."""
        with self._sessions() as session:
            yield session

    @contextmanager
    def single_read(self) -> Iterator[Connection]:
        """A connection for one read statement (the session check every request makes), without
        an ORM session and, on PostgreSQL, without a transaction: no ``BEGIN`` and ``ROLLBACK``
        round trips around it. One statement sees what is committed either way (PostgreSQL reads
        committed data per statement). SQLite keeps its default: pysqlite begins no transaction
        for a ``SELECT``, and switching a shared in-memory connection to autocommit would commit
        another thread's work."""
        with self._single_reads.connect() as connection:
            yield connection

    def schema_revision(self) -> str | None:
        """The revision the database's schema is at (None: never migrated).

        A failure to reach the database raises SQLAlchemy's error, for the caller to report.
        """
        from alembic.runtime.migration import MigrationContext

        with self.single_read() as connection:
            revision: str | None = MigrationContext.configure(connection).get_current_revision()
        return revision

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.close()
        self.engine.dispose()
