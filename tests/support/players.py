"""Players of a real server over its JSON API, for the tests and benchmarks that kill it: each
remembers the deals it was told about and the one left in flight, and can check afterwards that
the server holds exactly those (``tests/web/test_fault.py``, ``bench/bench_kill.py``)."""

from __future__ import annotations

import threading
import time
import uuid
from decimal import Decimal
from typing import Any

import httpx

START = Decimal(10_000)
"""A guest's starting points (the default grant)."""
STAKES = {"banker": "10", "tie": "1"}


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

    def resume(self, base: str) -> bool:
        """Against the server started again at ``base``: send the deal left in flight again
        with its key, then one more. Whether the one in flight had committed (replayed)."""
        self.client.base_url = httpx.URL(base)
        replayed = False
        if self.in_flight is not None:
            replayed = bool(self.deal(self.in_flight)["replayed"])
            self.in_flight = None
        self.deal(uuid.uuid4().hex)  # and play goes on
        return replayed

    def lost(self) -> list[str]:
        """What the server lost or invented of this player's (empty: nothing): its coups are
        exactly the deals told, each balance before is the one after of the deal before, and
        the balance is the grant plus their net."""
        found = []
        coups = self.client.get("/api/history?scope=all").json()["coups"]
        if sorted(c["id"] for c in coups) != sorted(self.deals):
            found.append(f"coups {sorted(c['id'] for c in coups)}, told {sorted(self.deals)}")
        balance = START
        for coup_id in sorted(self.deals):
            deal = self.deals[coup_id]
            if Decimal(deal["balance_before"]) != balance:
                found.append(f"coup {coup_id} starts at {deal['balance_before']}, not {balance}")
            balance = Decimal(deal["balance_after"])
        me = self.client.get("/api/me").json()["player"]
        if Decimal(me["balance"]) != balance:
            found.append(f"balance {me['balance']}, the deals say {balance}")
        return found
