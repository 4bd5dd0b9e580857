"""Ledger archives: every table of the schema in one portable, checksummed file, for backups and
for moving a ledger between SQLite and PostgreSQL (``baccarat ledger export`` and ``import``).

An archive is a zip file:

- ``tables/<table>.jsonl``: one JSON array per row, its values in the order of the table's
  columns (rows in primary-key order);
- ``manifest.json``: :data:`FORMAT`, :data:`VERSION`, the schema revision (Alembic's), when it
  was written, and for each table its columns (name and codec), its row count and the SHA-256
  of its ``.jsonl`` member;
- the zip comment ``baccarat-ledger-archive sha256=`` and the SHA-256 of every byte of the file
  before those 64 hex digits, so a changed byte anywhere (the zip's own headers included) is
  found before anything is read.

Tables come in dependency order and with every column of :data:`Base.metadata`, so a column or
a table a migration adds travels with no change here; the cache :data:`CACHES` does not travel.
A value is written by its column's codec (:mod:`baccarat.store.archivecodecs`), so it reads
back exactly on either engine.

>>> [table.name for table in archived_tables()][-1], sorted(CACHES)
('ledger_entries', ['rate_buckets'])
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import zipfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, ClassVar

from sqlalchemy import Column, Connection, Engine, Table, func, inspect, select, text

from baccarat.core.errors import TemplatedError
from baccarat.store.archivecodecs import codec_of, decode, encode
from baccarat.store.db import head_revision, migrate
from baccarat.store.models import Base
from baccarat.store.schema import database_name, known_revision

__all__ = [
    "CACHES",
    "FORMAT",
    "VERSION",
    "ArchiveError",
    "ArchiveSummary",
    "archived_tables",
    "export_ledger",
    "import_ledger",
    "verify_archive",
]

FORMAT = "baccarat.ledger-archive"
"""The manifest's ``format``: what tells an archive from any other zip file."""
VERSION = 1
"""The version of the archive's layout that this module writes and reads."""
CACHES = frozenset({"rate_buckets"})
"""Tables that do not travel: the rate limits' token buckets refill within seconds and are
rewritten on every request, so they hold nothing worth keeping."""
MANIFEST = "manifest.json"
SEAL = b"baccarat-ledger-archive sha256="
"""The zip comment's start; the file's SHA-256 in hex follows and ends the file."""
_DIGITS = 64
_BATCH = 1000
_CHUNK = 1 << 20

Progress = Callable[[int, int], None]
"""Called with the rows done and the rows in all, as an export or an import goes."""


class ArchiveError(TemplatedError):
    """An archive that cannot be written or read, or a database it cannot go to or come from;
    nothing was changed."""

    templates: ClassVar[Mapping[str, str]] = {
        "archive_checksum": (
            "the archive {path!r} is damaged: its SHA-256 checksum does not match; use another copy"
        ),
        "archive_empty": "{path!r} is empty, not a ledger archive",
        "archive_exists": "{path!r} exists already: choose another file, or --force to replace it",
        "archive_format": (
            "the archive {path!r} has format version {version}; this baccarat reads version "
            "{supported}"
        ),
        "archive_newer": (
            "the archive {path!r} comes from a newer baccarat (schema revision {revision}): "
            "import it with that version or a later one"
        ),
        "archive_older": (
            "the archive {path!r} has schema revision {revision}, this baccarat's is {head}: "
            "import it with the baccarat that wrote it, then upgrade"
        ),
        "archive_table_damaged": (
            "the archive {path!r} is damaged: table {table!r} does not match its manifest"
        ),
        "archive_truncated": (
            "the archive {path!r} is truncated or damaged: its end cannot be read; use another copy"
        ),
        "database_not_empty": (
            "the database {url!r} is not empty (table {table!r} has rows): "
            "import only into an empty database"
        ),
        "database_unknown_revision": (
            "the database {url!r} has schema revision {revision}, which this baccarat does not know"
        ),
        "ledger_no_schema": "the database {url!r} holds no ledger: it has no schema",
        "ledger_not_at_head": (
            "the ledger at {url!r} has schema revision {revision}, this baccarat's is {head}: "
            "start baccarat serve once to upgrade it, or export with the baccarat that wrote it"
        ),
        "not_an_archive": "{path!r} is not a ledger archive (baccarat ledger export writes one)",
    }


@dataclass(frozen=True)
class ArchiveSummary:
    """What an archive holds: its schema revision, when it was written, rows per table, and
    the SHA-256 of the file."""

    path: Path
    revision: str
    created_at: datetime
    tables: tuple[tuple[str, int], ...]
    sha256: str

    @property
    def rows(self) -> int:
        return sum(rows for _, rows in self.tables)


def archived_tables() -> list[Table]:
    """Every table that travels, parents before the tables that refer to them.

    >>> names = [table.name for table in archived_tables()]
    >>> names.index("players") < names.index("ledger_entries"), "rate_buckets" in names
    (True, False)
    """
    return [table for table in Base.metadata.sorted_tables if table.name not in CACHES]


def _revision(connection: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    revision: str | None = MigrationContext.configure(connection).get_current_revision()
    return revision


@contextmanager
def _snapshot(engine: Engine) -> Iterator[Connection]:
    """A connection that reads one consistent state of the database while writers go on: on
    SQLite a read transaction (in its write-ahead log, writers are not blocked by it), on
    PostgreSQL a read-only repeatable-read transaction."""
    if engine.dialect.name == "sqlite":
        with engine.connect() as connection:
            # pysqlite begins no transaction for reads: without this each SELECT would see the
            # writes committed since the one before.
            connection.exec_driver_sql("BEGIN")
            try:
                yield connection
            finally:
                connection.rollback()
        return
    options = {"isolation_level": "REPEATABLE READ", "postgresql_readonly": True}
    with engine.connect().execution_options(**options) as connection, connection.begin():
        yield connection


def _order(table: Table) -> list[Column[Any]]:
    return list(table.primary_key.columns) or list(table.columns)


@contextmanager
def _replacing(path: Path, replace: bool) -> Iterator[IO[bytes]]:
    """A temporary file beside ``path`` that becomes ``path`` when the block ends normally (an
    interrupted export leaves no half-written archive under the name)."""
    if path.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(path))
    if path.exists() and not replace:
        raise ArchiveError("archive_exists", path=str(path))
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 (renamed below, not deleted)
        dir=path.parent, prefix=f".{path.name}.", suffix=".partial", delete=False
    )
    try:
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists() and not replace:
            raise ArchiveError("archive_exists", path=str(path))
        os.replace(handle.name, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(handle.name)
        raise


def _seal(handle: IO[bytes]) -> str:
    """Write the file's SHA-256 over the placeholder digits that end it; return it."""
    handle.seek(0, os.SEEK_END)
    end = handle.tell() - _DIGITS
    digest = _digest(handle, end)
    handle.seek(end)
    handle.write(digest.encode("ascii"))
    return digest


def _digest(handle: IO[bytes], end: int) -> str:
    sha = hashlib.sha256()
    handle.seek(0)
    left = end
    while left > 0:
        chunk = handle.read(min(_CHUNK, left))
        if not chunk:
            break
        sha.update(chunk)
        left -= len(chunk)
    return sha.hexdigest()


def export_ledger(
    engine: Engine,
    path: Path,
    *,
    replace: bool = False,
    progress: Progress | None = None,
) -> ArchiveSummary:
    """Write every archived table of the database behind ``engine`` to the archive ``path``,
    from one consistent snapshot (writers may go on meanwhile); ``replace``: an existing file
    is replaced (else refused)."""
    if path.exists() and not replace and not path.is_dir():
        raise ArchiveError("archive_exists", path=str(path))
    tables = archived_tables()
    with _snapshot(engine) as connection:
        revision = _revision(connection)
        if revision is None:
            raise ArchiveError("ledger_no_schema", url=database_name(engine))
        if revision != head_revision():
            raise ArchiveError(
                "ledger_not_at_head",
                url=database_name(engine),
                revision=revision,
                head=head_revision(),
            )
        total = sum(
            connection.execute(select(func.count()).select_from(table)).scalar_one()
            for table in tables
        )
        created = datetime.now(UTC)
        described: list[dict[str, Any]] = []
        done = 0
        with _replacing(path, replace) as handle:
            with zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED) as archive:
                for table in tables:
                    codecs = [(column.name, codec_of(column)) for column in table.columns]
                    member = f"tables/{table.name}.jsonl"
                    sha, rows = hashlib.sha256(), 0
                    query = select(*table.columns).order_by(*_order(table))
                    result = connection.execution_options(yield_per=_BATCH).execute(query)
                    with archive.open(member, "w", force_zip64=True) as out:
                        for batch in result.partitions():
                            lines = "".join(
                                json.dumps(
                                    [encode(c, v) for (_, c), v in zip(codecs, row, strict=True)],
                                    ensure_ascii=False,
                                    separators=(",", ":"),
                                )
                                + "\n"
                                for row in batch
                            ).encode("utf-8")
                            sha.update(lines)
                            out.write(lines)
                            rows += len(batch)
                            done += len(batch)
                            if progress is not None:
                                progress(done, total)
                    described.append(
                        {
                            "name": table.name,
                            "member": member,
                            "columns": [{"name": n, "codec": c} for n, c in codecs],
                            "rows": rows,
                            "sha256": sha.hexdigest(),
                        }
                    )
                manifest = {
                    "format": FORMAT,
                    "version": VERSION,
                    "schema_revision": revision,
                    "created_at": created.isoformat(),
                    "engine": engine.dialect.name,
                    "tables": described,
                }
                archive.writestr(MANIFEST, json.dumps(manifest, indent=2) + "\n")
                archive.comment = SEAL + b"0" * _DIGITS
            digest = _seal(handle)
    return ArchiveSummary(
        path, revision, created, tuple((d["name"], d["rows"]) for d in described), digest
    )


def _manifest(path: Path, archive: zipfile.ZipFile) -> dict[str, Any]:
    try:
        manifest = json.loads(archive.read(MANIFEST))
    except (KeyError, ValueError, zipfile.BadZipFile):
        raise ArchiveError("not_an_archive", path=str(path)) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ArchiveError("not_an_archive", path=str(path))
    if manifest.get("version") != VERSION:
        raise ArchiveError(
            "archive_format", path=str(path), version=manifest.get("version"), supported=VERSION
        )
    return manifest


def _rows(archive: zipfile.ZipFile, member: str) -> Iterator[tuple[bytes, list[Any]]]:
    with archive.open(member) as lines:
        for line in lines:
            row = json.loads(line)
            if not isinstance(row, list):
                raise TypeError("a row is not a JSON array")
            yield line, row


def _decoded(codecs: list[str], row: list[Any]) -> list[Any]:
    if len(row) != len(codecs):
        raise ValueError(f"a row has {len(row)} values for {len(codecs)} columns")
    return [decode(codec, value) for codec, value in zip(codecs, row, strict=True)]


def _codecs(table: Table) -> list[dict[str, str]]:
    return [{"name": column.name, "codec": codec_of(column)} for column in table.columns]


def verify_archive(path: Path) -> ArchiveSummary:
    """Read the whole archive ``path`` and check it against its checksums, its manifest and this
    baccarat's schema; :class:`ArchiveError` says what is wrong. Reads no database."""
    with path.open("rb") as handle:
        handle.seek(0, os.SEEK_END)
        size = handle.tell()
        handle.seek(0)
        if size == 0:
            raise ArchiveError("archive_empty", path=str(path))
        if handle.read(4) != b"PK\x03\x04":
            raise ArchiveError("not_an_archive", path=str(path))
        try:
            archive = zipfile.ZipFile(handle)
        except (zipfile.BadZipFile, OSError, ValueError):
            raise ArchiveError("archive_truncated", path=str(path)) from None
        with archive:
            sealed = archive.comment.startswith(SEAL)
            if not sealed or len(archive.comment) != len(SEAL) + _DIGITS:
                if MANIFEST not in archive.namelist():
                    raise ArchiveError("not_an_archive", path=str(path))
                raise ArchiveError("archive_checksum", path=str(path))
            handle.seek(size - _DIGITS)
            stated = handle.read(_DIGITS)
            if stated != archive.comment[len(SEAL) :] or _digest(handle, size - _DIGITS) != (
                stated.decode("ascii", "replace")
            ):
                raise ArchiveError("archive_checksum", path=str(path))
            manifest = _manifest(path, archive)
            revision = str(manifest.get("schema_revision"))
            if revision != head_revision():
                code = "archive_older" if known_revision(revision) else "archive_newer"
                raise ArchiveError(code, path=str(path), revision=revision, head=head_revision())
            return _check_tables(path, archive, manifest)


def _check_tables(path: Path, archive: zipfile.ZipFile, manifest: dict[str, Any]) -> ArchiveSummary:
    described = {entry.get("name"): entry for entry in manifest.get("tables", [])}
    if set(described) != {table.name for table in archived_tables()}:
        missing = sorted(map(str, set(described) ^ {t.name for t in archived_tables()}))
        raise ArchiveError("archive_table_damaged", path=str(path), table=missing[0])
    counts: list[tuple[str, int]] = []
    for table in archived_tables():
        entry = described[table.name]
        damaged = ArchiveError("archive_table_damaged", path=str(path), table=table.name)
        if entry.get("columns") != _codecs(table):
            raise damaged
        codecs = [column["codec"] for column in entry["columns"]]
        sha, rows = hashlib.sha256(), 0
        try:
            for line, row in _rows(archive, str(entry.get("member"))):
                sha.update(line)
                _decoded(codecs, row)
                rows += 1
        except (KeyError, ValueError, TypeError, zipfile.BadZipFile, OSError) as exc:
            raise damaged from exc
        if rows != entry.get("rows") or sha.hexdigest() != entry.get("sha256"):
            raise damaged
        counts.append((table.name, rows))
    created = datetime.fromisoformat(str(manifest.get("created_at")))
    digest = archive.comment[len(SEAL) :].decode("ascii")
    return ArchiveSummary(path, str(manifest["schema_revision"]), created, tuple(counts), digest)


def _first_filled(connection: Connection, names: set[str]) -> str | None:
    for table in archived_tables():
        if table.name not in names:
            continue
        if connection.execute(select(1).select_from(table).limit(1)).first() is not None:
            return table.name
    return None


def _check_target(engine: Engine) -> bool:
    """Refuse a database that holds any row (or a schema this baccarat does not know); whether
    it must be migrated first."""
    with engine.connect() as connection:
        revision = _revision(connection)
        if revision is not None and revision != head_revision() and not known_revision(revision):
            raise ArchiveError(
                "database_unknown_revision", url=database_name(engine), revision=revision
            )
        filled = _first_filled(connection, set(inspect(connection).get_table_names()))
        connection.rollback()
    if filled is not None:
        raise ArchiveError("database_not_empty", url=database_name(engine), table=filled)
    return revision != head_revision()


def import_ledger(
    engine: Engine, path: Path, *, progress: Progress | None = None
) -> ArchiveSummary:
    """Load the archive ``path`` into the empty database behind ``engine`` (migrated to the
    latest schema first if it has none): checked whole first, then loaded in one transaction,
    so a refusal or a failure leaves the database as it was."""
    summary = verify_archive(path)
    if _check_target(engine):
        migrate(engine)
    with path.open("rb") as handle, zipfile.ZipFile(handle) as archive:
        manifest = json.loads(archive.read(MANIFEST))
        members = {entry["name"]: entry["member"] for entry in manifest["tables"]}
        with engine.begin() as connection:
            if engine.dialect.name == "sqlite":
                # The write lock first: no other writer between the check below and the commit.
                connection.exec_driver_sql("BEGIN IMMEDIATE")
            filled = _first_filled(connection, {table.name for table in archived_tables()})
            if filled is not None:
                raise ArchiveError("database_not_empty", url=database_name(engine), table=filled)
            done = 0
            for table in archived_tables():
                keys = [column.key for column in table.columns]
                codecs = [codec_of(column) for column in table.columns]
                batch: list[dict[str, Any]] = []
                for _, row in _rows(archive, members[table.name]):
                    batch.append(dict(zip(keys, _decoded(codecs, row), strict=True)))
                    if len(batch) == _BATCH:
                        connection.execute(table.insert(), batch)
                        done += len(batch)
                        batch = []
                        if progress is not None:
                            progress(done, summary.rows)
                if batch:
                    connection.execute(table.insert(), batch)
                    done += len(batch)
                    if progress is not None:
                        progress(done, summary.rows)
            if engine.dialect.name == "postgresql":
                _advance_sequences(connection)
    return summary


def _advance_sequences(connection: Connection) -> None:
    """Move each serial key's sequence past the largest id loaded, so the next row the
    application writes gets a new id (explicit ids do not advance a sequence)."""
    for table in archived_tables():
        column = table.autoincrement_column
        if column is None:
            continue
        connection.execute(
            text(
                "SELECT setval(pg_get_serial_sequence(:table, :column), "
                f'COALESCE(MAX("{column.name}"), 1), MAX("{column.name}") IS NOT NULL) '
                f'FROM "{table.name}"'
            ),
            {"table": f'"{table.name}"', "column": column.name},
        )
