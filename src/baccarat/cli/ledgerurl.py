"""Which ledger a ``baccarat ledger`` (or ``rooms``) command reads: its ``--database`` URL,
checked, and the store opened there, a database error refused in one line."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from baccarat.cli.errors import CliError, database_refusal
from baccarat.extras import require, require_database

if TYPE_CHECKING:
    from baccarat.store.db import Store

__all__ = ["database_url", "existing_ledger", "opened", "up_to_date"]


def database_url(database: str | None, command: str) -> str:
    """The ledger's URL: ``--database``, else the server's (``BACCARAT_DATABASE_URL`` or SQLite
    in ``./data/``); ``command`` needs the web extra and the database's driver."""
    require("web", command)
    from baccarat.cli.serve import check_database_url
    from baccarat.web.settings import Settings

    url = check_database_url(database) if database else Settings().resolved_database_url()
    require_database(url, command)
    return url


@contextmanager
def opened(
    url: str, refusal: str, *, migrate: bool = False, read_only: bool = False
) -> Iterator[Store]:
    """The store at ``url`` (migrated only with ``migrate``; with ``read_only``, for a check, an
    export or a listing, no byte of the database changes, whatever it turns out to be), closed
    after the block; a database error is ``refusal``, one line."""
    from sqlalchemy.exc import SQLAlchemyError

    from baccarat.store.db import Store

    try:
        store = Store.open(url, run_migrations=migrate, read_only=read_only)
        try:
            yield store
        finally:
            store.close()
    except SQLAlchemyError as exc:
        raise database_refusal(refusal, url, exc) from None


def up_to_date(store: Store, url: str, refusal: str) -> None:
    """Refuse, in one line, a ledger whose schema is not this baccarat's (a command that only
    reads never migrates: a check, an export or a listing must not change the database), and a
    database with no ledger schema at all (an empty SQLite file, a database of tables none of
    which is baccarat's) as not a ledger; a database error is ``refusal``."""
    from sqlalchemy.exc import SQLAlchemyError

    from baccarat.store.db import head_revision
    from baccarat.store.schema import known_revision, shown_url

    try:
        revision = store.schema_revision()
    except SQLAlchemyError as exc:
        raise database_refusal(refusal, url, exc) from None
    if revision is None:
        raise CliError("not_a_ledger", url=shown_url(url))
    if revision != head_revision() and not known_revision(revision):
        raise CliError("ledger_newer", url=shown_url(url), revision=revision)
    if revision != head_revision():
        raise CliError("ledger_behind", url=shown_url(url), revision=revision, head=head_revision())


def existing_ledger(url: str) -> str:
    """``url``, once an SQLite file it names is known to exist: a check only reads, so it must
    not create the file (or its folder) that opening a missing one would.

    >>> existing_ledger("sqlite:///no/such/folder/baccarat.sqlite3")
    Traceback (most recent call last):
    ...
    baccarat.cli.errors.CliError: no ledger at 'no/such/folder/baccarat.sqlite3': ...
    """
    from sqlalchemy.engine import make_url

    from baccarat.store.schema import shown_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return url
    path = Path(parsed.database).expanduser()
    if path.is_dir():
        raise CliError(
            "cannot_read_ledger", url=shown_url(url), reason=CliError("file_is_directory")
        )
    if not path.exists():
        raise CliError("no_ledger", path=str(path))
    return url
