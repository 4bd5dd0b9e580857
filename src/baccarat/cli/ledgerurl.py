"""Which ledger a ``baccarat ledger`` command reads: its ``--database`` URL, checked."""

from __future__ import annotations

from pathlib import Path

from baccarat.cli.errors import CliError

__all__ = ["existing_ledger"]


def existing_ledger(url: str) -> str:
    """``url``, once an SQLite file it names is known to exist: a check only reads, so it must
    not create the file (or its folder) that opening a missing one would.

    >>> existing_ledger("sqlite:///no/such/folder/baccarat.sqlite3")
    Traceback (most recent call last):
    ...
    baccarat.cli.errors.CliError: no ledger at 'no/such/folder/baccarat.sqlite3': ...
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return url
    path = Path(parsed.database).expanduser()
    if path.is_dir():
        raise CliError("cannot_read_ledger", url=url, reason=CliError("file_is_directory"))
    if not path.exists():
        raise CliError("no_ledger", path=str(path))
    return url
