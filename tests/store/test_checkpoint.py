"""The write-ahead log of a server's SQLite file is checkpointed by a thread, not by a commit."""

from __future__ import annotations

import gc
import logging
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from baccarat.store.checkpoint import BACKSTOP_PAGES, Checkpoint, Checkpointer
from baccarat.store.db import Store

PAGE = 4096
WAIT = 60.0
"""Seconds a test waits for the thread at most: a bound for a stuck thread, never a pause."""


def _fill(store: Store, pages: int) -> None:
    """Write about ``pages`` pages of the log in one transaction."""
    with store.transaction() as db:
        db.execute(text("CREATE TABLE IF NOT EXISTS filler (x BLOB)"))
        for _ in range(pages):
            db.execute(text("INSERT INTO filler VALUES (randomblob(:n))"), {"n": PAGE - 100})


def _filler_rows(path: Path) -> int:
    """Rows of the filler table in the database file alone (its log left behind)."""
    alone = path.with_name("alone.sqlite3")
    alone.write_bytes(path.read_bytes())
    connection = sqlite3.connect(alone)
    try:
        return int(connection.execute("SELECT count(*) FROM filler").fetchone()[0])
    finally:
        connection.close()


def test_a_commit_wakes_the_thread_which_copies_the_whole_log_into_the_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.sqlite3"
    store = Store.open(f"sqlite:///{path}", background_checkpoints=True)
    try:
        checkpointer = store.checkpointer
        assert checkpointer is not None and checkpointer.runs == 0
        _fill(store, 50)
        assert checkpointer.wait_for(1, WAIT)
        last = checkpointer.last
        assert last is not None and not last.busy
        assert last.log_pages >= 50 and last.copied_pages == last.log_pages
        assert _filler_rows(path) == 50
    finally:
        store.close()


def test_a_servers_connections_leave_checkpoints_to_the_thread_up_to_the_backstop(
    tmp_path: Path,
) -> None:
    server = Store.open(f"sqlite:///{tmp_path / 'server.sqlite3'}", background_checkpoints=True)
    plain = Store.open(f"sqlite:///{tmp_path / 'plain.sqlite3'}")
    try:
        assert server.checkpointer is not None and plain.checkpointer is None
        server.checkpointer.close()  # no thread: what the committing connection does shows
        with server.engine.connect() as connection:
            assert connection.execute(text("PRAGMA wal_autocheckpoint")).scalar() == (
                BACKSTOP_PAGES
            )
        for store in (server, plain):
            _fill(store, 1_500)  # past SQLite's default of 1,000 pages
        # The plain store's commit copied its log into the file; the server's did not.
        assert (tmp_path / "plain.sqlite3").stat().st_size > 1_000 * PAGE
        assert (tmp_path / "server.sqlite3").stat().st_size < 100 * PAGE
        assert server.checkpointer.runs == 0
    finally:
        server.close()
        plain.close()


def test_only_an_sqlite_file_has_a_checkpointer(tmp_path: Path) -> None:
    memory = Store.open("sqlite://", background_checkpoints=True)
    assert memory.checkpointer is None
    memory.close()


def test_a_failed_checkpoint_is_logged_and_the_thread_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "later.sqlite3"
    checkpointer = Checkpointer(path)
    try:
        with caplog.at_level(logging.WARNING, "baccarat.store.checkpoint"):
            checkpointer.wrote()  # no database there yet
            assert checkpointer.wait_for(1, WAIT)
        assert checkpointer.failures == 1 and checkpointer.last is None
        assert not path.exists()  # never created by the checkpointer
        assert f"checkpoint of {path} failed" in caplog.text
        connection = sqlite3.connect(path)
        connection.execute("PRAGMA journal_mode = WAL")
        with connection:
            connection.execute("CREATE TABLE t (x)")
        checkpointer.wrote()
        assert checkpointer.wait_for(2, WAIT)
        assert checkpointer.failures == 1
        assert checkpointer.last == Checkpoint(busy=False, log_pages=2, copied_pages=2)
        connection.close()
    finally:
        checkpointer.close()


def test_the_thread_ends_when_closed_or_when_its_checkpointer_is_collected(
    tmp_path: Path,
) -> None:
    closed = Checkpointer(tmp_path / "a.sqlite3")
    closed.close()
    closed.wrote()  # after close: no thread starts
    assert closed._thread is None

    dropped = Checkpointer(tmp_path / "b.sqlite3")
    dropped.wrote()
    thread = dropped._thread
    ran = dropped.wait_for(1, WAIT)  # not in an assert: its rewriting would keep a reference
    assert thread is not None and ran
    del dropped
    gc.collect()
    thread.join(WAIT)
    assert not thread.is_alive()
