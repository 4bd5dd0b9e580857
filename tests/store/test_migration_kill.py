"""A real SIGKILL during the migration ``baccarat serve`` runs at start: a server stopped at any
statement of the run leaves the ledger at its old revision, every row in place, and the next
start migrates it. The child kills itself from a statement hook, at a sample of the statements of
a run that crosses every migration (from the first revision, populated, to the latest)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import event

from baccarat.ledger.check import check_ledger
from baccarat.store.db import Store, head_revision, make_engine, migrate
from baccarat.store.schema import stored_revision
from support.browser import free_port
from support.ledgers import dump, populated_ledgers, revisions

pytestmark = pytest.mark.fault

CHILD = """
import os, signal, sys
from sqlalchemy import Engine, event
from baccarat.cli import main

at, seen = int(sys.argv[1]), []

def hook(_conn, _cursor, statement, *_args):
    if seen or statement.startswith("BEGIN IMMEDIATE"):
        seen.append(statement)
        if len(seen) == at:
            os.kill(os.getpid(), signal.SIGKILL)

event.listen(Engine, "before_cursor_execute", hook)
main(["serve", "--database", sys.argv[2], "--port", sys.argv[3]])
"""
"""``baccarat serve`` that SIGKILLs itself before the ``at``-th statement counted from the
migration's ``BEGIN IMMEDIATE``."""

SAMPLES = 6
"""Kills spread over the run, beside the first and last statements and the one after the commit."""


def _run_length(path: Path) -> int:
    """The statements of the run from ``BEGIN IMMEDIATE`` to the check before its commit."""
    engine = make_engine(f"sqlite:///{path}")
    seen: list[str] = []

    def record(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if seen or statement.startswith("BEGIN IMMEDIATE"):
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    migrate(engine)
    engine.dispose()
    return seen.index("PRAGMA foreign_key_check") + 1


def test_a_server_killed_at_any_statement_of_its_migration_loses_nothing(
    tmp_path: Path,
) -> None:
    ledgers = populated_ledgers(tmp_path / "ledgers")
    start = ledgers[revisions()[0]]
    before = dump(start)
    probe = tmp_path / "probe.sqlite3"
    shutil.copyfile(start, probe)
    length = _run_length(probe)
    assert length > 40  # the whole run, every migration in it
    points = {1, length, length + 1, *range(1, length, max(1, length // SAMPLES))}
    environment = {
        **os.environ,
        "BACCARAT_SECRET_KEY": "s" * 32,
        "BACCARAT_DATA_DIR": str(tmp_path / "data"),
    }
    for at in sorted(points):
        path = tmp_path / f"killed-{at}.sqlite3"
        shutil.copyfile(start, path)
        url = f"sqlite:///{path}"
        child = subprocess.run(
            [sys.executable, "-c", CHILD, str(at), url, str(free_port())],
            env=environment,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert child.returncode == -signal.SIGKILL, child.stderr
        store = Store(make_engine(url))
        with store.engine.connect() as connection:
            revision = stored_revision(connection)
        store.close()
        if at <= length:  # before the commit: as it was
            assert dump(path) == before, f"killed at statement {at} of {length}"
        else:  # after it: migrated
            assert revision == head_revision()
        store = Store.open(url)
        try:
            assert check_ledger(store).ok
        finally:
            store.close()
