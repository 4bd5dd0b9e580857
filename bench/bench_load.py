"""Load benchmark of the practice table: 50 and 200 concurrent players against real servers.

Run: ``.venv/bin/python bench/bench_load.py [--players 50 200] [--seconds 6] [--workers 1 2 4]``.
Each player is its own guest (its own cookie and table) and posts deal requests (Banker 10,
Tie 1, each with a fresh idempotency key) back to back, from one asyncio event loop in this
process. Configurations: SQLite (a file, WAL) with one server process, and PostgreSQL with one
and with several server processes (``uvicorn --workers N``: the way to grow past one process;
one SQLite file has a single writer whatever the number of processes, so it is not scaled).
Rate limits are off: 200 players from one address are a benchmark, not an attack.

It prints deals per second, the p50/p99 latency of a deal request, refusals, and the reference
measured in the same run: ``PlayService.deal`` in-process on one thread (no HTTP), whose rate is
what one process can do at most on this database. The target of issue 8 is ≥ 300 deals/s with
p99 < 100 ms for 50 players.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_web import (
    STAKES,
    Result,
    _free_port,
    _line,
    direct,
    postgres_url,
    sqlite_url,
)

from baccarat.ledger.db import Store


@contextmanager
def servers(database: str, workers: int) -> Iterator[str]:
    """``uvicorn --workers N`` on the application factory (migrated first, once)."""
    Store.open(database).close()  # migrate before the workers start, so they never race
    port = _free_port()
    env = {
        **os.environ,
        "BACCARAT_SECRET_KEY": "bench-" + "k" * 32,
        "BACCARAT_RATE_LIMITS": "false",
        "BACCARAT_DATABASE_URL": database,
    }
    with tempfile.TemporaryDirectory(prefix="bench-load-data-") as data:
        env["BACCARAT_DATA_DIR"] = data
        command = [sys.executable, "-m", "uvicorn", "--factory", "baccarat.web.app:create_app"]
        command += ["--port", str(port), "--workers", str(workers), "--log-level", "warning"]
        # Setting up 200 players takes longer than uvicorn's default 5 s keep-alive.
        command += ["--timeout-keep-alive", "120"]
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                if process.poll() is not None:
                    raise RuntimeError("the server stopped")
                try:
                    httpx.get(base + "/gate", timeout=1)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            time.sleep(0.5 * workers)  # let every worker finish starting
            yield base
        finally:
            process.terminate()
            process.wait(timeout=30)


async def _drive(base: str, players: int, seconds: float) -> Result:
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    clients = [httpx.AsyncClient(base_url=base, timeout=60, limits=limits) for _ in range(players)]
    tables = []
    for client in clients:
        answer = await client.post("/api/session", json={"adult": True})
        answer.raise_for_status()
        client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]  # every write needs it
        tables.append((await client.get("/api/tables/current")).json()["table"]["id"])
    latencies: list[float] = []
    refused = 0
    stop = time.perf_counter() + seconds

    async def play(client: httpx.AsyncClient, table: int) -> None:
        nonlocal refused
        while time.perf_counter() < stop:
            began = time.perf_counter()
            try:
                response = await client.post(
                    f"/api/tables/{table}/deal",
                    json={"stakes": STAKES},
                    headers={"Idempotency-Key": uuid.uuid4().hex},
                )
            except httpx.TransportError:
                refused += 1
                continue
            if response.status_code == 200:
                latencies.append(time.perf_counter() - began)
            else:
                refused += 1

    began = time.perf_counter()
    await asyncio.gather(*(play(c, t) for c, t in zip(clients, tables, strict=True)))
    elapsed = time.perf_counter() - began
    for client in clients:
        await client.aclose()
    return Result(len(latencies), refused, elapsed, latencies)


def drive(base: str, players: int, seconds: float) -> Result:
    return asyncio.run(_drive(base, players, seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    print(
        f"bench_load: {args.players} concurrent players, {args.seconds:g} s each, stakes {STAKES}; "
        f"{os.cpu_count()} CPUs shared by the servers and the clients"
    )
    with sqlite_url() as url:
        print("SQLite (file, WAL), 1 server process")
        print(_line("reference: service, 1 thread", direct(url, 2.0)))
        with servers(url, 1) as base:
            for players in args.players:
                print(_line(f"HTTP, {players} players", drive(base, players, args.seconds)))
    for workers in [1, *args.workers]:
        with postgres_url() as url:
            print(f"PostgreSQL, {workers} server process{'es' if workers > 1 else ''}")
            if workers == 1:
                print(_line("reference: service, 1 thread", direct(url, 2.0)))
            with servers(url, workers) as base:
                for players in args.players:
                    print(_line(f"HTTP, {players} players", drive(base, players, args.seconds)))


if __name__ == "__main__":
    main()
