"""The records of a ledger archive written (``ledger.export``) and loaded (``ledger.import``)."""

from __future__ import annotations

from typing import Annotated

from typing_extensions import TypedDict

from baccarat.records.declare import Tag, shape
from baccarat.records.schema import RecordType
from baccarat.records.shapes.common import Count, Seed, Timestamp

__all__ = ["LedgerExportRecord", "LedgerImportRecord"]


@shape
class LedgerExportRecord(TypedDict):
    """``baccarat ledger export --json``: the archive written and what it holds."""

    schema: Annotated[str, Tag(RecordType.LEDGER_EXPORT)]
    file: str
    """The archive's path."""
    schema_revision: str
    """The ledger's schema revision (Alembic's), which the archive records."""
    created_at: Timestamp
    sha256: Seed
    """The SHA-256 the archive is sealed with (the file's, before these digits)."""
    rows: Count
    tables: dict[str, Count]
    """Rows per table."""


@shape
class LedgerImportRecord(TypedDict):
    """``baccarat ledger import --json``: the archive loaded, and where."""

    schema: Annotated[str, Tag(RecordType.LEDGER_IMPORT)]
    file: str
    database: str
    """The database it was loaded into (its URL, without a password)."""
    schema_revision: str
    created_at: Timestamp
    """When the archive was written."""
    sha256: Seed
    rows: Count
    tables: dict[str, Count]
