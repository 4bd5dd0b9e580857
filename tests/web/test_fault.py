"""Kill the server with SIGKILL under load, restart it: every coup is settled whole or not at all.

Many players (threads, each its own guest) deal against a real ``baccarat serve`` subprocess;
mid-load the process is killed with SIGKILL (no shutdown, no cleanup) and started again on the
same database. Then, for every player:

- the deal that was in flight is sent again with its idempotency key: it either answers the
  first result (it had committed) or deals now (it had not), never both;
- the coups the database holds are exactly the coups the player was told about;
- the balance is the starting grant plus the net of those coups, each coup's balance before is
  the previous one's balance after (nothing appeared or vanished between them);

and the ledger check finds no discrepancy (every coup settled in full, every sum right).
Run against an SQLite file and the real PostgreSQL, with the rate limits on (as served): a 429
is waited out as its Retry-After says, and no answer but a killed connection is a 5xx. Each
shoe's client seed is contributed when the deal asks for it (409 contribution_needed), as the
page's script does.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from baccarat.ledger.check import check_ledger
from baccarat.store.db import Store
from support.databases import shared_database
from support.players import Player
from support.served import serve_process

# A server process killed with SIGKILL and started again.
pytestmark = pytest.mark.fault

PLAYERS = 16
# Only a hang trips this, never a slow machine.
HANG_TIMEOUT = 120


def _serve(url: str, data: Path) -> tuple[subprocess.Popen[bytes], str]:
    env = {
        **os.environ,
        "BACCARAT_DATA_DIR": str(data),
        "BACCARAT_SECRET_KEY": "f" * 40,
        "BACCARAT_RATE_LIMITS": "true",  # as served: the limits on
    }
    return serve_process("--database", url, env=env)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with shared_database(request.param, tmp_path, "fault") as url:
        yield url


def test_sigkill_under_load_loses_nothing(database: str, tmp_path: Path) -> None:
    process, base = _serve(database, tmp_path)
    try:
        answered = threading.Semaphore(0)
        players = [Player(base, answered) for _ in range(PLAYERS)]
        stop = threading.Event()
        threads = [threading.Thread(target=p.play, args=(stop,)) for p in players]
        for thread in threads:
            thread.start()
        # Kill once 5 deals per player have been answered, however long they take.
        assert all(answered.acquire(timeout=HANG_TIMEOUT) for _ in range(5 * PLAYERS))
        os.kill(process.pid, signal.SIGKILL)  # mid-load: requests are in flight
        process.wait()
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        in_flight = sum(p.in_flight is not None for p in players)
        assert in_flight > 0, "the kill should catch deals in flight"
        told = sum(len(p.deals) for p in players)
        assert told >= 5 * PLAYERS

        process, base = _serve(database, tmp_path)
        replayed = sum(player.resume(base) for player in players)
        for player in players:
            assert player.lost() == []
    finally:
        process.kill()
        process.wait()

    store = Store.open(database, run_migrations=False)
    try:
        report = check_ledger(store)
    finally:
        store.close()
    assert report.ok, report.discrepancies
    assert report.players == PLAYERS
    assert report.coups == sum(len(p.deals) for p in players)
    print(f"{told} deals answered before the kill, {in_flight} in flight, {replayed} had committed")
