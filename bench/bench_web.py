"""Benchmark of the practice table's deal requests: concurrent clients against a real server.

Run: ``.venv/bin/python bench/bench_web.py [--clients 8] [--seconds 6]``. For SQLite (a file in a
temporary folder) and PostgreSQL (a throw-away schema of ``BACCARAT_BENCH_POSTGRES``, default the
local ``test`` database), it starts ``baccarat serve`` in a subprocess, lets each client pass the
gate as its own guest player, then has every client post deal requests (Banker 10, Tie 1) back to
back for a fixed time. It prints deals per second and the p50/p99 latency of a deal request.

The reference, measured in the same run on the same database, is the service layer alone:
``PlayService.deal`` called in-process by one thread, with no HTTP, JSON or threads in between.
The ratio says what the web stack and the concurrency cost (or gain) on top of the transaction.
Every deal is a full transaction: stakes, the coup, the payouts and the shoe position.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx

from baccarat.ledger.errors import LedgerError
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store

STAKES = {"banker": 10, "tie": 1}
POSTGRES = os.environ.get(
    "BACCARAT_BENCH_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


@dataclass(frozen=True)
class Result:
    deals: int
    refused: int
    seconds: float
    latencies: list[float]

    @property
    def rate(self) -> float:
        return self.deals / self.seconds

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def sqlite_url() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="bench-web-") as folder:
        yield f"sqlite:///{Path(folder) / 'bench.sqlite3'}"


@contextmanager
def postgres_url() -> Iterator[str]:
    import psycopg

    admin = POSTGRES.replace("postgresql+psycopg://", "postgresql://", 1)
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        separator = "&" if "?" in POSTGRES else "?"
        yield f"{POSTGRES}{separator}options={quote(f'-csearch_path={schema}')}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@contextmanager
def server(database: str) -> Iterator[str]:
    """``baccarat serve`` in a subprocess, until the block ends."""
    port = _free_port()
    # Rate limits off: one client deals far faster than a person, from one address.
    env = {
        **os.environ,
        "BACCARAT_SECRET_KEY": "bench-" + "k" * 32,
        "BACCARAT_RATE_LIMITS": "false",
    }
    with tempfile.TemporaryDirectory(prefix="bench-web-data-") as data:
        env["BACCARAT_DATA_DIR"] = data
        command = [sys.executable, "-c", "from baccarat.cli import main; main()"]
        command += ["serve", "--port", str(port)]
        process = subprocess.Popen(
            [*command, "--database", database],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                if process.poll() is not None:
                    raise RuntimeError(f"the server stopped: {process.stderr.read().decode()}")  # type: ignore[union-attr]
                try:
                    httpx.get(base + "/gate", timeout=1)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            yield base
        finally:
            process.terminate()
            process.wait(timeout=20)


def _new_key() -> dict[str, str]:
    """A fresh Idempotency-Key: every deal through the API needs one."""
    return {"Idempotency-Key": uuid.uuid4().hex}


def drive(base: str, clients: int, seconds: float) -> Result:
    """``clients`` threads, each its own player, posting deals back to back for ``seconds``."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    refused = [0] * clients
    sessions = []
    for _ in range(clients):
        client = httpx.Client(base_url=base, timeout=30)
        answer = client.post("/api/session", json={"adult": True})
        answer.raise_for_status()
        # Every write with the session cookie carries the session's anti-forgery token.
        client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
        table = client.get("/api/tables/current").json()["table"]["id"]
        _contribute(client, table)
        client.post(
            f"/api/tables/{table}/deal", json={"stakes": STAKES}, headers=_new_key()
        ).raise_for_status()
        sessions.append((client, table))
    start_line = threading.Barrier(clients + 1)
    stop = [0.0]

    def run(index: int) -> None:
        client, table = sessions[index]
        start_line.wait()
        while time.perf_counter() < stop[0]:
            began = time.perf_counter()
            response = client.post(
                f"/api/tables/{table}/deal", json={"stakes": STAKES}, headers=_new_key()
            )
            if response.status_code == 200:
                latencies[index].append(time.perf_counter() - began)
            elif response.status_code == 409 and response.json()["code"] == "contribution_needed":
                _contribute(client, table)  # a new shoe: the player's part of its order
            elif response.status_code == 422 and response.json()["code"] == "insufficient_points":
                client.post("/api/me/top-up")  # cannot happen in a few seconds of 11-point bets
                refused[index] += 1
            else:
                refused[index] += 1

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    began = time.perf_counter()
    stop[0] = began + seconds
    start_line.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    for client, _ in sessions:
        client.close()
    flat = [x for per in latencies for x in per]
    return Result(len(flat), sum(refused), elapsed, flat)


def _contribute(client: httpx.Client, table: int) -> None:
    """The client seed of the table's next shoe if it waits for one, as the page's script sends."""
    shown = client.get(f"/api/tables/{table}").json()["table"]["next_shoe"]
    if shown and shown["awaiting_contribution"]:
        body = {"client_seed": uuid.uuid4().hex, "commitment": shown["commitment"]}
        client.post(f"/api/tables/{table}/client-seed", json=body).raise_for_status()


def deal_contributing(
    service: PlayService, player: str, table: int, stakes: Mapping[str, int], **options: Any
) -> None:
    """One deal in-process (``options``: :meth:`PlayService.deal`'s); a new shoe first takes the
    player's contribution to its order, a random client seed, as the page sends one."""
    try:
        service.deal(player, table, stakes, **options)
    except LedgerError as exc:
        if exc.code != "contribution_needed":
            raise
        service.set_client_seed(player, table, uuid.uuid4().hex, str(exc.params["commitment"]))
        service.deal(player, table, stakes, **options)


def direct(database: str, seconds: float) -> Result:
    """The reference: the service's deal in-process, one thread, no HTTP."""
    store = Store.open(database)
    service = PlayService(store, rng=random.Random(1))
    player = service.join().player_id
    table = service.table(player).id
    minor = {bet: points * 100 for bet, points in STAKES.items()}

    def deal() -> None:
        deal_contributing(service, player, table, minor)

    deal()
    latencies = []
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        start = time.perf_counter()
        deal()
        latencies.append(time.perf_counter() - start)
    elapsed = time.perf_counter() - began
    store.close()
    return Result(len(latencies), 0, elapsed, latencies)


def _line(name: str, result: Result) -> str:
    return (
        f"  {name:<34} {result.rate:8.1f} deals/s   p50 {result.percentile(50) * 1e3:7.2f} ms"
        f"   p99 {result.percentile(99) * 1e3:7.2f} ms   ({result.deals} deals"
        + (f", {result.refused} refused" if result.refused else "")
        + ")"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--clients", type=int, nargs="+", default=[1, 8], help="concurrent clients (each count)"
    )
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--skip-postgres", action="store_true")
    args = parser.parse_args()
    print(
        f"bench_web: {' and '.join(map(str, args.clients))} concurrent clients, "
        f"{args.seconds:g} s each, stakes {STAKES}, one uvicorn process; "
        f"{os.cpu_count()} CPUs shared by the server and the clients"
    )
    databases = [("SQLite (file, WAL)", sqlite_url)]
    if not args.skip_postgres:
        databases.append(("PostgreSQL", postgres_url))
    for name, make in databases:
        print(name)
        with make() as url:
            with server(url) as base:
                runs = [(clients, drive(base, clients, args.seconds)) for clients in args.clients]
            reference = direct(url, args.seconds)
        print(_line("reference: service, 1 thread", reference))
        for clients, web in runs:
            print(_line(f"HTTP, {clients} client{'s' if clients > 1 else ''}", web))
            ratio = statistics.median(web.latencies) / statistics.median(reference.latencies)
            print(
                f"    ratio to the reference: {web.rate / reference.rate:.2f}× the deals per "
                f"second, {ratio:.1f}× the median latency"
            )


if __name__ == "__main__":
    main()
