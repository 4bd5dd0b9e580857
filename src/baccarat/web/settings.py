"""The one settings object of the web application, read from ``BACCARAT_*`` environment variables.

>>> s = Settings(database_url="sqlite://", secret_key="x" * 32)
>>> s.database_url, s.starting_balance
('sqlite://', 1000000)
>>> Settings(data_dir="/srv/bac", secret_key="x" * 32).resolved_database_url()
'sqlite:////srv/bac/baccarat.sqlite3'
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from baccarat.core.points import MINOR_UNITS_PER_POINT

__all__ = ["Settings"]


class Settings(BaseSettings):
    """Everything the application needs to start; every field can be set as ``BACCARAT_<NAME>``."""

    model_config = SettingsConfigDict(env_prefix="BACCARAT_", extra="ignore")

    data_dir: Path = Path("data")
    """Where the SQLite database and the generated cookie secret live."""
    database_url: str | None = None
    """SQLAlchemy URL; default: SQLite in ``data_dir`` (``postgresql+psycopg://…`` for PostgreSQL)."""
    secret_key: SecretStr | None = None
    """Signs the player cookie. Default: a random key generated once and kept in ``data_dir``."""
    starting_points: int = Field(default=10_000, ge=1)
    """A guest's welcome grant, and the level a daily top-up restores."""
    cookie_secure: bool = False
    """Send cookies over HTTPS only (set it when serving behind TLS)."""
    default_language: str = "en"
    shoe_seed: int | None = None
    """Seed the shoe shuffles for a reproducible demo or test; default: the OS CSPRNG."""
    exact_odds: bool = True
    """Show the exact house edge of every bet for the next coup (computed from the cards left)."""
    rate_limits: bool = True
    """Refuse floods of deals, gate passes and logins with 429 (see :mod:`baccarat.web.security`);
    off only for a benchmark that drives hundreds of players from one address."""
    rules_dir: Path | None = None
    """A folder of TOML rule sets offered beside the built-in tables (``serve --rules-dir``),
    read and checked when the application starts."""
    session_idle_days: int = Field(default=30, ge=1, le=3650)
    """A log-in session unused this many days has expired (log in again)."""
    play_session_idle_minutes: int = Field(default=30, ge=1, le=24 * 60)
    """A play session (the session clock and limit count it) ends after this long without a
    coup; after one that reached the player's own limit, the next starts no sooner."""
    forwarded_allow_ips: str | None = None
    """The proxies whose ``X-Forwarded-For`` / ``X-Forwarded-Proto`` are believed (``serve
    --forwarded-allow-ips``: addresses or networks, comma-separated, ``*`` for any). None: no
    proxy is; every request's address is the one that connected (rate limits and the log-in
    back-off count it)."""
    max_body_bytes: int = Field(default=1_048_576, ge=1024)
    """The largest request body taken (bytes): a larger one is refused with 413 before it is
    read (:mod:`baccarat.web.bodycap`). Every request of the table needs a few kilobytes."""
    header_timeout: float = Field(default=10.0, gt=0, le=3600)
    """Seconds a connection has to send a request's line and headers whole, from its opening
    or the first byte of its next request: a slower one is answered 408 and closed (one that
    sent nothing is closed) (:mod:`baccarat.web.connections`)."""
    body_timeout: float = Field(default=30.0, gt=0, le=3600)
    """Seconds a request's body has to arrive whole once its headers have: a slower one is
    answered 408 with a JSON body and its connection closed (:mod:`baccarat.web.bodycap`)."""
    keep_alive_timeout: float = Field(default=5.0, gt=0, le=3600)
    """Seconds an idle connection is kept open after an answer for the client's next request
    (uvicorn's ``timeout_keep_alive``; behind a proxy, make it longer than the proxy's)."""
    max_connections: int = Field(default=1000, ge=1, le=1_000_000)
    """Open connections a server process keeps at once: a request arriving on one more is
    answered 503 with ``Retry-After`` at once and its connection closed. Each connection is a
    file descriptor: the process's limit (``ulimit -n``, systemd's ``LimitNOFILE``) must be
    higher."""
    rooms: bool = True
    """Deal the rooms (the shared tables) from this process, and open the default rooms when
    the database has none; off, the rooms are still shown and take stakes, and another process
    deals them (``BACCARAT_ROOMS=false``)."""
    room_tick: float = Field(default=0.1, gt=0, le=5)
    """How often, in seconds, the process looks at each room for a window to close."""
    shutdown_timeout: float = Field(default=2.0, ge=0, le=600)
    """Seconds a stopping server (Ctrl+C, SIGTERM) waits for requests still running before it
    closes their connections: the rooms' event streams never end by themselves."""
    metrics: bool = False
    """Serve ``GET /metrics`` in the Prometheus text format (:mod:`baccarat.web.metrics`):
    requests by route and status, deal latency, refused deals, database errors. Off: the path
    is not found and the metrics library is not loaded."""
    threads: int = Field(default=4, ge=1, le=256)
    """Threads that run the blocking work of requests (database calls) in each server process.
    Few on purpose: the work holds the GIL most of the time, so more threads only queue for it,
    and under load their switching cost more CPU than the deals (``bench/bench_load.py`` on
    PostgreSQL, 50 players: 6 ms of server CPU per deal with anyio's default 40, 4 ms with 4).
    Raise it for a database far away, where each call waits longer."""
    server_gc: bool = False
    """Tune Python's garbage collector for a long-running server process (``baccarat serve``
    turns it on): once the application has started, what it built (routes, templates, exact
    tables) is frozen out of the collector's scans, and young objects are collected after
    :data:`~baccarat.web.lifespan.SERVER_GC_THRESHOLD` allocations instead of 700, so a request
    seldom pays for a collection and none pays for scanning the whole heap. Off elsewhere:
    tests build many applications in one process."""
    warm_before_serving: bool = False
    """Finish the warm-up before the process takes its first connection (``baccarat serve
    --workers N`` turns it on for its workers). The workers share one listening socket, so a
    worker still warming up would otherwise take players' requests beside ready ones, and a
    ``GET /readyz`` on that port could answer 503 after another worker had answered 200; a
    worker the server restarts also waits until it is warm. Off, a single process answers at
    once and warms up beside its first requests."""

    @property
    def starting_balance(self) -> int:
        """The starting balance in minor units."""
        return self.starting_points * MINOR_UNITS_PER_POINT

    def resolved_database_url(self) -> str:
        return self.database_url or f"sqlite:///{self.data_dir / 'baccarat.sqlite3'}"

    def resolved_secret(self) -> str:
        """The cookie-signing secret: the configured one, or one kept in ``data_dir/secret_key``."""
        if self.secret_key is not None:
            return self.secret_key.get_secret_value()
        path = self.data_dir / "secret_key"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            # Readable by the owner only, and never overwritten, so cookies survive restarts.
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:  # another process created it first
                pass
            else:
                with os.fdopen(fd, "w") as out:
                    out.write(secrets.token_urlsafe(32))
        return path.read_text().strip()
