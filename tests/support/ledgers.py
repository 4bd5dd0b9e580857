"""A populated ledger at every revision of the schema, for the tests of migrations.

The services write at the latest schema only, so a ledger is filled there (players, an account
with sessions and failed log-ins, tables, shoes, coups and their entries, limits, a Chemin de Fer
coup) and taken down one migration at a time, a copy kept at each revision: what each older
schema can hold of it.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from contextlib import suppress
from pathlib import Path

from alembic import command
from alembic.script import ScriptDirectory

from baccarat.ledger.errors import LedgerError
from baccarat.store.db import Store, alembic_config, make_engine
from support.fair import ContributingService

__all__ = [
    "dump",
    "first_ddl",
    "half_migrate",
    "populate",
    "populated_ledgers",
    "revisions",
]


def revisions() -> list[str]:
    """The packaged revisions, oldest first."""
    script = ScriptDirectory.from_config(alembic_config())
    return [rev.revision for rev in reversed(list(script.walk_revisions()))]


def populate(store: Store) -> None:
    """Fill a ledger at the latest schema with a little of everything it records."""
    service = ContributingService(store, rng=random.Random(35))
    guest = service.join().player_id
    member = service.join().player_id
    service.register(member, "migrant", "correct horse battery")
    service.log_in("migrant", "correct horse battery", address="192.0.2.1")
    with suppress(LedgerError):  # a failed log-in, counted
        service.log_in("migrant", "wrong password", address="192.0.2.1")
    service.set_limits(
        guest, reality_check_minutes=30, session_limit_minutes=120, daily_coup_limit=500
    )
    for player, decks in ((guest, 1), (member, 8)):
        table = service.open_table(player, decks=decks).id
        for coup in range(12 if decks == 1 else 4):
            stakes = {"banker": 10_00} if coup % 2 else {"player": 5_00, "tie": 1_00}
            service.deal(player, table, stakes, idempotency_key=f"k{coup}")
    service.play_practice_coup(guest, None, lambda start: None)


def populated_ledgers(folder: Path) -> dict[str | None, Path]:
    """A populated SQLite file at each revision (None: a new, empty file), in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    work = folder / "work.sqlite3"
    store = Store.open(f"sqlite:///{work}")
    populate(store)
    store.close()
    found: dict[str | None, Path] = {}
    engine = make_engine(f"sqlite:///{work}")
    order = revisions()
    for index in range(len(order) - 1, -1, -1):
        target = order[index]
        if index < len(order) - 1:
            command.downgrade(alembic_config(engine), target)
        engine.dispose()  # checkpoints the log into the file, which is then copied whole
        found[target] = folder / f"{target}.sqlite3"
        shutil.copyfile(work, found[target])
    sqlite3.connect(folder / "empty.sqlite3").close()
    found[None] = folder / "empty.sqlite3"
    return found


def dump(path: Path) -> list[str]:
    """Everything an SQLite file holds, schema and rows, as SQL."""
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def first_ddl(path: Path, target: str) -> list[str]:
    """The DDL statements a run of the migration to ``target`` (from the file's revision) starts
    with, up to its first write of rows: what the old driver committed one by one, before a
    write began its transaction (found on a copy, which is then thrown away)."""
    from sqlalchemy import event

    from baccarat.store.db import migrate

    copy = path.with_name(f"{path.stem}-probe.sqlite3")
    shutil.copyfile(path, copy)
    engine = make_engine(f"sqlite:///{copy}")
    seen: list[str] = []

    def record(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        seen.append(statement.strip())

    event.listen(engine, "before_cursor_execute", record)
    migrate(engine, target)
    engine.dispose()
    copy.unlink()
    ddl: list[str] = []
    for statement in seen[seen.index("BEGIN IMMEDIATE") + 1 :]:
        verb = statement.split(None, 1)[0].upper()
        if verb in ("INSERT", "UPDATE", "DELETE", "REPLACE"):
            break
        if verb in ("CREATE", "ALTER", "DROP"):
            ddl.append(statement)
    return ddl


def half_migrate(path: Path, statements: list[str]) -> None:
    """Run ``statements`` on the file each in its own transaction, stamping nothing: a run of
    the old code stopped after them."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            connection.execute(statement)
    finally:
        connection.close()
