"""Benchmark: ``baccarat serve`` killed with SIGKILL under load, again and again: is anything lost,
and how long is a restarted server away?

Run: ``.venv/bin/python bench/bench_kill.py [--kills N] [--players P] [--skip-postgres]``. On each
engine (an SQLite file, then a fresh schema of the PostgreSQL at ``BACCARAT_TEST_POSTGRES``) it
starts a server and, ``--kills`` times: lets ``--players`` guests deal over the JSON API until
each has been answered 5 times, kills the server with SIGKILL (deals in flight), starts it again
on the same database and times **restart to ready**, from the new process's start to its first
``GET /readyz`` answered 200 (its started line, then ``/readyz`` asked until it answers 200: a
server older than its line waiting for readiness answers 503 for a while). Each player then sends
its deal in flight again with its idempotency key, deals once more, and is checked: its coups are
exactly the deals it was told about and its balance their sum (``support.players``). At the end
``baccarat ledger check`` (of the code under test) reads the whole ledger.

**Lost** counts every player found wrong and every discrepancy of the ledger check: 0 is the only
good figure. To compare with another version of the code, run the same command with
``PYTHONPATH=OTHER/src``: the servers and the check are that code's, the players this one's.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.databases import POSTGRES_URL
from support.players import Player
from support.served import serve_process

HANG = 120.0


@contextmanager
def _postgres_schema() -> Iterator[str]:
    import uuid
    from urllib.parse import quote

    import psycopg

    admin = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://", 1)
    schema = f"bench_kill_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{POSTGRES_URL}?options={quote(f'-csearch_path={schema}')}"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


def _ready(base: str) -> None:
    with httpx.Client(base_url=base, timeout=HANG) as client:
        while client.get("/readyz").status_code != 200:
            time.sleep(0.005)


def _start(url: str, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str, float]:
    started = time.perf_counter()
    process, base = serve_process("--database", url, env=env)
    _ready(base)
    return process, base, time.perf_counter() - started


def run_engine(url: str, kills: int, players: int, env: dict[str, str]) -> dict[str, object]:
    process, base, _ = _start(url, env)
    restarts: list[float] = []
    lost = in_flight = replayed = 0
    # The same players all along (as real ones would come back), each its own guest: new guests
    # every round would run into the gate's own rate limit for one address.
    answered = threading.Semaphore(0)
    crowd = [Player(base, answered) for _ in range(players)]
    try:
        for _ in range(kills):
            answered = threading.Semaphore(0)
            for player in crowd:
                player.answered = answered
            stop = threading.Event()
            threads = [threading.Thread(target=p.play, args=(stop,)) for p in crowd]
            for thread in threads:
                thread.start()
            if not all(answered.acquire(timeout=HANG) for _ in range(5 * players)):
                raise SystemExit("the players were not answered: the server hangs")
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
            in_flight += sum(p.in_flight is not None for p in crowd)
            process, base, restart = _start(url, env)
            restarts.append(restart)
            replayed += sum(p.resume(base) for p in crowd)
            lost += sum(bool(p.lost()) for p in crowd)
    finally:
        process.kill()
        process.wait()
    told = sum(len(p.deals) for p in crowd)
    check = subprocess.run(
        [sys.executable, "-m", "baccarat", "ledger", "check", "--database", url, "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    report = json.loads(check.stdout)
    lost += len(report["discrepancies"])
    return {
        "kills": kills,
        "deals told": told,
        "in flight at a kill": in_flight,
        "of which committed": replayed,
        "lost": lost,
        "restart to ready, median s": statistics.median(restarts),
        "restart to ready, range s": (min(restarts), max(restarts)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--skip-postgres", action="store_true")
    args = parser.parse_args()
    env = {
        **os.environ,
        "BACCARAT_SECRET_KEY": "k" * 40,
        "BACCARAT_RATE_LIMITS": "true",  # as served
    }
    code = env.get("PYTHONPATH") or "this checkout"
    print(f"SIGKILL under load: {args.kills} kills per engine, {args.players} players ({code})")
    print(f"  load average at start: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        env["BACCARAT_DATA_DIR"] = folder
        engines = [("sqlite", f"sqlite:///{Path(folder, 'kill.sqlite3')}")]
        for name, url in engines:
            _report(name, run_engine(url, args.kills, args.players, env))
        if not args.skip_postgres:
            with _postgres_schema() as url:
                _report("postgresql", run_engine(url, args.kills, args.players, env))
    print(f"  load average at end: {os.getloadavg()[0]:.2f}")


def _report(engine: str, figures: dict[str, object]) -> None:
    print(f"  {engine}:")
    for name, value in figures.items():
        if isinstance(value, float):
            value = f"{value:.3f}"
        elif isinstance(value, tuple):
            value = "–".join(f"{v:.3f}" for v in value)
        print(f"    {name:28s} {value}")


if __name__ == "__main__":
    main()
