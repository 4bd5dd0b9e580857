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
import time
import uuid
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest

from baccarat.ledger.check import check_ledger
from baccarat.store.db import Store
from support.databases import shared_database
from support.served import serve_process

# A server process killed with SIGKILL and started again.
pytestmark = pytest.mark.fault

PLAYERS = 16
START = Decimal(10_000)
# Only a hang trips this, never a slow machine.
HANG_TIMEOUT = 120
STAKES = {"banker": "10", "tie": "1"}


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


class Player:
    """One client: its cookies, its table, the deals it was told about, the one left in flight."""

    def __init__(self, base: str, answered: threading.Semaphore) -> None:
        self.answered = answered
        """Released once for every deal answered, by every player."""
        self.client = httpx.Client(base_url=base, timeout=10)
        answer = self.client.post("/api/session", json={"adult": True})
        assert answer.status_code == 201
        self.client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
        self.table = self.client.get("/api/tables/current").json()["table"]["id"]
        self.deals: dict[int, dict[str, Any]] = {}
        self.in_flight: str | None = None
        self.limited = 0
        """Deals answered 429 (and sent again after Retry-After)."""

    def deal(self, key: str) -> dict[str, Any]:
        while True:
            response = self.client.post(
                f"/api/tables/{self.table}/deal",
                json={"stakes": STAKES},
                headers={"Idempotency-Key": key},
            )
            assert response.status_code < 500, response.text  # no 5xx but a killed connection
            if response.status_code == 429:  # the rate limit: as long as the server says
                self.limited += 1
                time.sleep(int(response.headers["Retry-After"]))
                continue
            if response.status_code == 409 and response.json()["code"] == "contribution_needed":
                body = response.json()
                seed = self.client.post(
                    f"/api/tables/{self.table}/client-seed",
                    json={"client_seed": uuid.uuid4().hex, "commitment": body["commitment"]},
                )
                assert seed.status_code == 200, seed.text
                continue
            break
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        self.deals[data["coup"]["id"]] = data
        self.answered.release()
        return data

    def play(self, stop: threading.Event) -> None:
        while not stop.is_set():
            key = uuid.uuid4().hex
            self.in_flight = key
            try:
                self.deal(key)
            except httpx.TransportError:
                return  # the server died with this deal in flight: it stays in_flight
            self.in_flight = None


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
        replayed = 0
        for player in players:
            player.client.base_url = httpx.URL(base)
            if player.in_flight is not None:
                replayed += bool(player.deal(player.in_flight)["replayed"])
            player.deal(uuid.uuid4().hex)  # and play goes on

            coups = player.client.get("/api/history?scope=all").json()["coups"]
            assert sorted(c["id"] for c in coups) == sorted(player.deals)
            chain = [player.deals[i] for i in sorted(player.deals)]
            balance = START
            for deal in chain:
                assert Decimal(deal["balance_before"]) == balance
                balance = Decimal(deal["balance_after"])
            me = player.client.get("/api/me").json()["player"]
            assert Decimal(me["balance"]) == balance
            net = sum(Decimal(d["balance_after"]) - Decimal(d["balance_before"]) for d in chain)
            assert balance == START + net
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
