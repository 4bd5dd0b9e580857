"""Errors of the database itself: a schema a start cannot migrate, a damaged file, a repair
refused. Each names the database and what to do next, on one line.

>>> err = StoreError("damaged_file", path="data/b.sqlite3", reason="malformed")
>>> str(err).split(": ")[-1]
'sqlite3 data/b.sqlite3 .recover'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from baccarat.core.errors import TemplatedError

__all__ = ["StoreError"]


class StoreError(TemplatedError):
    """A database the table refuses to open or change as it is; nothing was written."""

    templates: ClassVar[Mapping[str, str]] = {
        "damaged_file": (
            "the database file {path!r} is damaged (PRAGMA quick_check: {reason}): restore it "
            "from a backup (baccarat ledger import FILE into a new database), or recover what "
            "is left with: sqlite3 {path} .recover"
        ),
        # A migration that leaves a row pointing at nothing is rolled back.
        "foreign_key_broken": (
            "the migration would leave a row of {table!r} (row {row}) pointing at nothing: "
            "nothing was changed"
        ),
        "half_migrated": (
            "the schema of {url!r} is half-migrated from revision {revision} ({found}): "
            "repair it with: baccarat ledger repair --database {url}"
        ),
        "repair_missing": (
            "cannot repair {url!r}: the schema of revision {revision} lacks {found}: restore "
            "the ledger from a backup (baccarat ledger import FILE into a new database)"
        ),
        "repair_rows": (
            "cannot repair {url!r}: the leftover table {table!r} holds {rows} rows: restore "
            "the ledger from a backup (baccarat ledger import FILE into a new database)"
        ),
        "repair_not_a_ledger": (
            "cannot repair {url!r}: it is not a baccarat ledger (it has no ledger schema and "
            "holds the table {table!r}, which is not baccarat's): nothing was changed; check "
            "--database"
        ),
        "repair_failed": (
            "cannot repair {url!r}: {reason}: nothing was changed; restore the ledger from a "
            "backup (baccarat ledger import FILE into a new database)"
        ),
    }
