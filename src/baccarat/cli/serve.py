"""``baccarat serve``: start the practice table (the web application) with uvicorn."""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from baccarat.cli.errors import CannotOpenDatabaseError, DatabaseUrlError
from baccarat.cli.language import LangOption, cli_translator
from baccarat.cli.output import print_json
from baccarat.extras import require, require_database
from baccarat.records import RecordType

__all__ = ["register", "serve_command"]

SUPPORTED_DATABASES = ("sqlite", "postgresql")


def check_database_url(url: str) -> str:
    """The URL if it names a database the table supports, else a :class:`BaccaratError`.

    >>> check_database_url("sqlite:///data/baccarat.sqlite3")
    'sqlite:///data/baccarat.sqlite3'
    >>> check_database_url("mysql://db/x")
    Traceback (most recent call last):
    ...
    baccarat.cli.errors.DatabaseUrlError: database URL 'mysql://db/x' is not supported: use sqlite:///PATH or postgresql+psycopg://USER@HOST/DB
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        backend = make_url(url).get_backend_name()
    except ArgumentError:
        backend = ""
    if backend not in SUPPORTED_DATABASES:
        raise DatabaseUrlError(url=url)
    return url


def serve_command(
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="SQLAlchemy URL (default: SQLite in ./data/; "
            "postgresql+psycopg://USER@HOST/DB for PostgreSQL).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print where it serves as one JSON line first.")
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Server processes (PostgreSQL: one per core; an SQLite file has one writer).",
        ),
    ] = 1,
    threads: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=256,
            help="Threads for database work in each process (default 4; more for a distant "
            "database).",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Start the practice table in the browser (virtual points only, adults only)."""
    t = cli_translator(lang)
    require("web", "baccarat serve")
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from baccarat.web.app import create_app
    from baccarat.web.settings import Settings

    settings = Settings()  # from the BACCARAT_* environment variables
    if database:
        settings = settings.model_copy(update={"database_url": check_database_url(database)})
    if threads is not None:
        settings = settings.model_copy(update={"threads": threads})
    url = settings.resolved_database_url()
    require_database(url, "baccarat serve")
    try:
        app = create_app(settings)
    except SQLAlchemyError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise CannotOpenDatabaseError(url=url, reason=first) from None
    address = f"http://{host}:{port}/"
    if as_json:
        print_json(RecordType.SERVE, {"url": address, "database": url})
    else:
        started = t.gettext(
            "baccarat practice table on {address} (database {database}); "
            "virtual points only, no real money, no prizes. Ctrl+C stops it."
        )
        sys.stdout.write(started.format(address=address, database=url) + "\n")
    sys.stdout.flush()
    if workers == 1:
        uvicorn.run(app, host=host, port=port, log_level="warning")
        return
    # Each worker process builds its own application from the same settings, through the
    # environment; the database was migrated above, once, so the workers never race to do it.
    os.environ["BACCARAT_DATABASE_URL"] = url
    os.environ["BACCARAT_THREADS"] = str(settings.threads)
    uvicorn.run(
        "baccarat.web.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
    )


def register(app: typer.Typer) -> None:
    app.command("serve")(serve_command)
