"""``baccarat serve``: start the practice table (the web application) with uvicorn."""

from __future__ import annotations

import errno
import os
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from baccarat.cli.errors import CliError, database_refusal
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import Whole
from baccarat.cli.options import LangOption, threads_option, workers_option
from baccarat.cli.output import print_json
from baccarat.extras import require, require_database
from baccarat.records import RecordType

__all__ = ["check_listen", "register", "run_server", "serve_command"]

SUPPORTED_DATABASES = ("sqlite", "postgresql")
STARTUP_FAILURE = 3
"""The exit code of a server that could not start (uvicorn's own)."""
READY_POLL_FIRST = 0.01
READY_POLL_MOST = 0.1
"""Seconds between two readiness checks at start-up, growing from the first to the most: a
server not ready yet is most often finishing its warm-up, a matter of tenths of a second."""
WORKER_START_TIMEOUT = 30
"""Seconds a worker of ``--workers`` has to answer its supervisor: to start (warm-up included,
since a worker takes connections only once warm) when the server replaces it on SIGHUP, and to
answer a health ping at any time, else it is taken for hung and killed. Uvicorn's 5 s is less
than a warm-up on a busy machine; 30 s is also gunicorn's worker timeout."""


def check_database_url(url: str) -> str:
    """The URL if it names a database the table supports, else a :class:`BaccaratError`.

    >>> check_database_url("sqlite:///data/baccarat.sqlite3")
    'sqlite:///data/baccarat.sqlite3'
    >>> check_database_url("mysql://db/x")
    Traceback (most recent call last):
    ...
    baccarat.cli.errors.CliError: database URL 'mysql://db/x' is not supported: use sqlite:///PATH or postgresql+psycopg://USER@HOST/DB
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        backend = make_url(url).get_backend_name()
    except ArgumentError:
        backend = ""
    if backend not in SUPPORTED_DATABASES:
        from baccarat.store.schema import shown_url

        raise CliError("database_url", url=shown_url(url))
    return url


def check_listen(host: str, port: int) -> None:
    """Refuse, in one line, an address the server could not listen on: a host name that does
    not resolve, an address not of this machine, a port in use or not allowed. The check binds
    a socket and closes it at once, before anything starts.

    >>> check_listen("no-such-host.invalid", 8000)
    Traceback (most recent call last):
    ...
    baccarat.cli.errors.CliError: cannot listen on 'no-such-host.invalid': not an address of this machine
    """
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise CliError("host_unknown", host=host) from None
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        # As uvicorn binds: a port left in TIME_WAIT by a server just stopped is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise CliError("port_in_use", host=host, port=port) from None
            if exc.errno == errno.EADDRNOTAVAIL:
                raise CliError("host_unknown", host=host) from None
            if exc.errno in (errno.EACCES, errno.EPERM):
                raise CliError(
                    "cannot_listen", host=host, port=port, reason=CliError("file_permission")
                ) from None
            raise CliError(
                "cannot_listen", host=host, port=port, reason=exc.strerror or str(exc)
            ) from None


def serve_command(
    host: Annotated[
        str, typer.Option(metavar="HOST", help="Interface to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(click_type=Whole(65535, least=1), help="Port to listen on.")
    ] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            metavar="URL",
            help="SQLAlchemy URL: sqlite:///PATH, or postgresql+psycopg://USER@HOST/DB.",
            show_default="BACCARAT_DATABASE_URL, else SQLite in ./data/",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print where it serves as one JSON line first.")
    ] = False,
    workers: Annotated[
        int,
        workers_option(
            "Server processes (PostgreSQL: one per core; an SQLite file has one writer).",
            most=64,
            show_default=True,
        ),
    ] = 1,
    threads: Annotated[
        int | None,
        threads_option(
            "Threads for database work in each process (more for a distant database).",
            most=256,
            show_default="4",
        ),
    ] = None,
    rules_dir: Annotated[
        Path | None,
        typer.Option(
            "--rules-dir",
            metavar="FOLDER",
            help="Offer the rule sets of the TOML files in this folder beside the built-in "
            "tables (each checked at start-up: a bad one is named with its line).",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            metavar="ADDRESSES",
            help="Believe X-Forwarded-For/-Proto only from these proxies (addresses or "
            "networks, comma-separated; * for any). Without it no proxy is believed: the "
            "address that connected is the client's (rate limits, log-in back-off).",
            show_default="BACCARAT_FORWARDED_ALLOW_IPS, else none",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Start the practice table in the browser (virtual points only, adults only)."""
    t = cli_translator(lang)
    require("web", "baccarat serve")
    from sqlalchemy.exc import SQLAlchemyError

    from baccarat.store.schema import shown_url
    from baccarat.web.app import create_app
    from baccarat.web.settings import Settings

    # From the BACCARAT_* environment variables; a server process tunes its collector.
    settings = Settings().model_copy(update={"server_gc": True})
    if database:
        settings = settings.model_copy(update={"database_url": check_database_url(database)})
    if threads is not None:
        settings = settings.model_copy(update={"threads": threads})
    if forwarded_allow_ips is not None:
        settings = settings.model_copy(update={"forwarded_allow_ips": forwarded_allow_ips})
    # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise: here no proxy is
    # believed unless one is configured, so a client cannot choose the address it is counted by.
    proxies = (settings.forwarded_allow_ips or "").strip()
    if rules_dir is not None:
        from baccarat.ledger.rulesets import read_rules_dir

        read_rules_dir(rules_dir)  # refused here, with the file and line, before anything starts
        settings = settings.model_copy(update={"rules_dir": rules_dir.resolve()})
    url = settings.resolved_database_url()
    require_database(url, "baccarat serve")
    check_listen(host, port)  # before the database is made or migrated
    try:
        app = create_app(settings)
    except SQLAlchemyError as exc:
        raise database_refusal("cannot_open_database", url, exc) from None

    def announce(port: int) -> None:
        # Only now, when the server is ready to serve players.
        address = f"http://{host}:{port}/"
        database = shown_url(url)  # the start-up line goes to logs: never the password
        if as_json:
            print_json(RecordType.SERVE, {"url": address, "database": database})
        else:
            started = t.gettext(
                "baccarat practice table on {address} (database {database}); "
                "virtual points only, no real money, no prizes. Ctrl+C stops it."
            )
            sys.stdout.write(started.format(address=address, database=database) + "\n")
        sys.stdout.flush()

    from baccarat.web.connections import guarded_protocol

    options = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": proxies or None,
        # The limits a server keeps on slow clients and open connections (docs/web.md).
        "http": guarded_protocol(
            header_timeout=settings.header_timeout, max_connections=settings.max_connections
        ),
        "timeout_keep_alive": settings.keep_alive_timeout,
        "timeout_graceful_shutdown": settings.shutdown_timeout,
    }
    if workers == 1:
        run_server(app, announce, **options)
        return
    # Each worker process builds its own application from the same settings, through the
    # environment; the database was migrated above, once, so the workers never race to do it.
    os.environ["BACCARAT_DATABASE_URL"] = url
    os.environ["BACCARAT_THREADS"] = str(settings.threads)
    os.environ["BACCARAT_SERVER_GC"] = "true"
    # The workers share the socket: one still warming up must leave connections to ready ones.
    os.environ["BACCARAT_WARM_BEFORE_SERVING"] = "true"
    if settings.rules_dir is not None:
        os.environ["BACCARAT_RULES_DIR"] = str(settings.rules_dir)
    if settings.metrics:
        from baccarat.web.metrics import shared_metrics_dir

        shared_metrics_dir()  # /metrics then answers the sum over every worker
    options["timeout_worker_healthcheck"] = WORKER_START_TIMEOUT
    run_server("baccarat.web.app:create_app", announce, factory=True, workers=workers, **options)


def run_server(app: Any, announce: Callable[[int], None], **options: Any) -> None:
    """Serve ``app`` with uvicorn (``options``: its settings) and call ``announce`` with the
    port once the server is ready to serve players: with several workers, once the first of
    them is (each of them takes connections only once it is warm, so every answer on the port
    is then a ready process's).

    The socket is bound and listening here, before the server starts, so a request made at
    once waits in its queue instead of being refused; ``GET /readyz`` answered 200 (database
    reachable, schema at head, warm-up done) is the sign, asked again while it answers 503.
    """
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config(app, **options)
    sock = config.bind_socket()
    sock.listen(config.backlog)
    host, port = sock.getsockname()[:2]
    threading.Thread(target=_announce_when_ready, args=(host, port, announce), daemon=True).start()
    server = uvicorn.Server(config)
    try:
        if config.workers > 1:
            Multiprocess(config, sockets=[sock]).run()
        else:
            server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl+C: the server has shut down; that is how it stops
        pass
    finally:
        sock.close()
    if config.workers == 1 and not server.started:
        raise SystemExit(STARTUP_FAILURE)  # uvicorn has logged why


def _announce_when_ready(host: str, port: int, announce: Callable[[int], None]) -> None:
    from http.client import HTTPConnection

    from baccarat.web.routers.health import READY_PATH

    # The address the server listens on; a wildcard one is reached through this machine.
    target = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    pause = READY_POLL_FIRST
    while True:
        connection = HTTPConnection(target, port, timeout=None)
        try:
            connection.request("GET", READY_PATH)
            response = connection.getresponse()
            response.read()
        except OSError:
            return  # the server did not start, or stopped; it says why
        finally:
            connection.close()
        if response.status == 200:
            announce(port)
            return
        # 503: not ready yet (its warm-up runs, or its database is not there yet).
        time.sleep(pause)
        pause = min(pause * 2, READY_POLL_MOST)


def register(app: typer.Typer) -> None:
    app.command(
        "serve",
        epilog=examples(
            "baccarat serve",
            "baccarat serve --host 0.0.0.0 --port 8080",
            "baccarat serve --workers 4 --database postgresql+psycopg://me@db/baccarat",
            "baccarat serve --rules-dir ./tables",
            "baccarat serve --forwarded-allow-ips 127.0.0.1",
        ),
    )(serve_command)
