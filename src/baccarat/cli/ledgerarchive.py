"""``baccarat ledger export`` and ``import``: the whole ledger to one archive file and back, for
backups and for moves between SQLite and PostgreSQL (the work is :mod:`baccarat.store.archive`'s;
this reads the options and says what was done)."""

from __future__ import annotations

import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.cli.errors import CliError
from baccarat.cli.files import reason_of
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.ledgerurl import database_url, existing_ledger, opened, up_to_date
from baccarat.cli.options import LangOption
from baccarat.cli.output import print_json
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.store.archive import ArchiveSummary

__all__ = ["ledger_export_command", "ledger_import_command", "register_archive_commands"]

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL of the ledger.",
        show_default="the table's: BACCARAT_DATABASE_URL, else SQLite in ./data/",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="What was done, as one JSON object.")]


@contextmanager
def _progress(label: str, unit: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on a terminal, for a big ledger."""
    from baccarat.cli.progress import bar

    update, close = bar(label, unit)
    try:
        yield update
    finally:
        close()


def _record(summary: ArchiveSummary) -> dict[str, Any]:
    return {
        "file": str(summary.path),
        "schema_revision": summary.revision,
        "created_at": summary.created_at.isoformat(),
        "sha256": summary.sha256,
        "rows": summary.rows,
        "tables": dict(summary.tables),
    }


def ledger_export_command(
    file: Annotated[Path, typer.Argument(help="The archive to write (a zip file).")],
    database: DatabaseOption = None,
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Write every player, account, entry, table, shoe (seeds and commitments), play session and
    limit to one checksummed archive, from one consistent snapshot: the server may keep
    running. The file appears only once complete.
    """
    t = cli_translator(lang)
    from baccarat.cli.numbers import numbers_for

    url = existing_ledger(database_url(database, "baccarat ledger export"))  # the extra, first
    from baccarat.store.archive import export_ledger

    with opened(url, "cannot_read_ledger", read_only=True) as store:
        # Refused as ledger check and rooms list refuse it: before a bar or a file appears.
        up_to_date(store, url, "cannot_read_ledger")
        with _progress(t.gettext("Exporting"), t.gettext("rows")) as shown:
            try:
                summary = export_ledger(store.engine, file, replace=force, progress=shown)
            except OSError as exc:
                raise CliError("cannot_write", path=str(file), reason=reason_of(exc)) from None
    if as_json:
        print_json(RecordType.LEDGER_EXPORT, _record(summary))
        return
    rows = summary.rows
    typer.echo(
        t.ngettext(
            "ledger export: {count} row written to {path} (schema {revision}, SHA-256 {sha256})",
            "ledger export: {count} rows written to {path} (schema {revision}, SHA-256 {sha256})",
            rows,
        ).format(
            count=numbers_for(t.language).integer(rows),
            path=file,
            revision=summary.revision,
            sha256=summary.sha256,
        )
    )


def ledger_import_command(
    file: Annotated[Path, typer.Argument(help="An archive written by baccarat ledger export.")],
    database: DatabaseOption = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Load an archive into an empty database, SQLite or PostgreSQL (given no schema, it gets
    the latest first). The whole archive is checked first and loaded in one transaction: a
    damaged archive or a database that holds anything is refused, and nothing is changed.
    """
    t = cli_translator(lang)
    url = database_url(database, "baccarat ledger import")
    # The archive is named by its path, as 'cannot write' names export's (FILE is a metavar).
    try:
        mode = file.stat().st_mode
    except OSError as exc:
        raise CliError("cannot_read", path=str(file), reason=reason_of(exc)) from None
    if stat.S_ISDIR(mode):
        raise CliError("cannot_read", path=str(file), reason=CliError("file_is_directory"))
    if not stat.S_ISREG(mode):
        raise CliError("cannot_read", path=str(file), reason=CliError("file_not_regular"))
    from baccarat.cli.numbers import numbers_for
    from baccarat.store.archive import import_ledger
    from baccarat.store.schema import database_name

    with (
        opened(url, "cannot_open_database") as store,
        _progress(t.gettext("Importing"), t.gettext("rows")) as shown,
    ):
        try:
            summary = import_ledger(store.engine, file, progress=shown)
        except OSError as exc:
            raise CliError("cannot_read", path=str(file), reason=reason_of(exc)) from None
        shown_url = database_name(store.engine)
    if as_json:
        print_json(RecordType.LEDGER_IMPORT, {**_record(summary), "database": shown_url})
        return
    rows = summary.rows
    typer.echo(
        t.ngettext(
            "ledger import: {count} row loaded from {path} into {url} (schema {revision})",
            "ledger import: {count} rows loaded from {path} into {url} (schema {revision})",
            rows,
        ).format(
            count=numbers_for(t.language).integer(rows),
            path=file,
            url=shown_url,
            revision=summary.revision,
        )
    )


def register_archive_commands(ledger: typer.Typer) -> None:
    """Add ``export`` and ``import`` to the ``ledger`` group."""
    ledger.command(
        "export",
        short_help="Write the whole ledger to one checksummed archive.",
        epilog=examples(
            "baccarat ledger export 2026-12-06.zip",
            "baccarat ledger export --force 2026-12-06.zip",
            "baccarat ledger export --database sqlite:///data/baccarat.sqlite3 a.zip",
        ),
    )(ledger_export_command)
    ledger.command(
        "import",
        short_help="Load an archive into an empty database (SQLite or PostgreSQL).",
        epilog=examples(
            "baccarat ledger import 2026-12-06.zip --database postgresql+psycopg://db/bac",
        ),
    )(ledger_import_command)
