"""A migration stopped at any statement changes nothing: on a populated SQLite ledger, a run that
fails at the k-th statement of any migration leaves the schema and every row as they were, and
the next run migrates it cleanly.

Every migration is covered, a later one too: the steps come from the packaged scripts.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event

from baccarat.ledger.check import check_ledger
from baccarat.store.db import Store, make_engine, migrate
from support.ledgers import dump, populated_ledgers, revisions

STEPS = list(zip([None, *revisions()], revisions(), strict=False))
"""Each migration as ``(from, to)``: a new, empty file first."""


class StopError(Exception):
    """What the hook raises in place of a statement."""


class Failing:
    """Counts the statements of a migration run up to its commit, and raises instead of the
    ``at``-th (never: 0). The statements after the commit (foreign keys switched back on) are
    not the migration's: they are left alone."""

    def __init__(self, engine: Engine, at: int = 0) -> None:
        self.at, self.count, self.done = at, 0, False
        event.listen(engine, "before_cursor_execute", self.before)

    def before(self, _conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if self.done:
            return
        if statement.startswith("PRAGMA foreign_keys = 1"):
            self.done = True
            return
        self.count += 1
        if self.count == self.at:
            raise StopError(statement)


@pytest.fixture(scope="module")
def ledgers(tmp_path_factory: pytest.TempPathFactory) -> dict[str | None, Path]:
    return populated_ledgers(tmp_path_factory.mktemp("ledgers"))


def _copy(source: Path, folder: Path) -> Path:
    target = folder / "ledger.sqlite3"
    for suffix in ("-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(source, target)
    return target


def _statements(path: Path, target: str) -> int:
    engine = make_engine(f"sqlite:///{path}")
    counter = Failing(engine)
    migrate(engine, target)
    engine.dispose()
    return counter.count


def _open(path: Path) -> Store:
    return Store(make_engine(f"sqlite:///{path}"))


@pytest.mark.parametrize(("start", "target"), STEPS, ids=[t for _, t in STEPS])
def test_a_migration_stopped_at_any_statement_changes_nothing(
    ledgers: dict[str | None, Path], tmp_path: Path, start: str | None, target: str
) -> None:
    before = dump(ledgers[start])
    total = _statements(_copy(ledgers[start], tmp_path), target)
    assert total > 3  # the run's BEGIN and its statements were seen
    for at in range(1, total + 1):
        path = _copy(ledgers[start], tmp_path)
        engine = make_engine(f"sqlite:///{path}")
        Failing(engine, at)
        with pytest.raises(StopError):
            migrate(engine, target)
        engine.dispose()
        assert dump(path) == before, f"statement {at} of {total}"
    # The last copy, stopped at the last statement, then migrates cleanly to the end.
    store = _open(path)
    try:
        migrate(store.engine)
        assert check_ledger(store).ok
    finally:
        store.close()
