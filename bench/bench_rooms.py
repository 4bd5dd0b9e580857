"""Benchmark: rooms live on two server processes: how soon does every screen see a coup?

Run: ``.venv/bin/python bench/bench_rooms.py [--clients 200] [--rooms 10] [--seconds 20]``. On a
fresh schema of the PostgreSQL at ``BACCARAT_TEST_POSTGRES`` it opens ``--rooms`` rooms (1-second
windows, no pause after a coup), starts two ``baccarat serve`` processes, and connects
``--clients`` players, spread over the rooms and the processes, each with the room's event stream
open (half of them seated and betting in every window). Once every client is listening, for
``--seconds`` it records, for every coup event every client receives, the **delay** from the end
of the coup's deal (the event's ``written_at``, taken as the deal writes it, just before its
transaction commits) to its arrival; and the two processes' **CPU per event sent** (user + system
time over the events all clients received, bets and dealing included).

The reference, in the same run and on the same servers: the latency of a deal at a private table
over the JSON API (``POST /api/tables/{id}/deal``), what a player waits for a coup today. The
target: p99 delay under 250 ms on the 2-core development machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.databases import shared_database
from support.served import serve_process

TICKS = os.sysconf("SC_CLK_TCK")


def _cpu(pid: int) -> float:
    """Seconds of CPU (user + system) the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Run:
    """What the clients share: when measuring starts and stops, and what they measured."""

    clients: int
    ready: int = 0
    started: asyncio.Event = field(default_factory=asyncio.Event)
    start: float = 0.0
    until: float = float("inf")
    delays: list[float] = field(default_factory=list)
    sent: int = 0


async def _client(base: str, bet_base: str, room: int, seated: bool, run: Run) -> None:
    async with httpx.AsyncClient(base_url=bet_base, timeout=60) as player:
        answer = await player.post("/api/session", json={"adult": True})
        player.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
        await player.post(f"/api/rooms/{room}/seat", json={"seated": seated})
        async with (
            httpx.AsyncClient(base_url=base, cookies=player.cookies, timeout=60) as stream,
            stream.stream("GET", f"/api/rooms/{room}/events") as response,
        ):
            kind = ""
            async for line in response.aiter_lines():
                if line.startswith("event: "):
                    kind = line[7:]
                    continue
                if not line.startswith("data: "):
                    continue
                arrived = time.time()
                if kind == "state":
                    run.ready += 1
                    if run.ready == run.clients:
                        run.started.set()
                    continue
                if arrived > run.until:
                    return
                data = json.loads(line[6:])
                if arrived >= run.start and run.started.is_set():
                    run.sent += 1
                    if kind == "coup":
                        written = datetime.fromisoformat(data["written_at"]).timestamp()
                        run.delays.append(arrived - written)
                if kind == "window" and seated:
                    await player.post(
                        f"/api/rooms/{room}/bets",
                        json={"stakes": {"banker": 1}, "round": data["round"]},
                    )


async def _deals(base: str, count: int) -> list[float]:
    """The latency of ``count`` deals at one guest's private table (the reference)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as player:
        answer = await player.post("/api/session", json={"adult": True})
        player.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
        table = (await player.get("/api/tables/current")).json()["table"]
        await player.post(
            f"/api/tables/{table['id']}/client-seed",
            json={"client_seed": "bench", "commitment": table["next_shoe"]["commitment"]},
        )
        times = []
        for _ in range(count):
            started = time.perf_counter()
            dealt = await player.post(
                f"/api/tables/{table['id']}/deal",
                json={"stakes": {"banker": 1}},
                headers={"Idempotency-Key": uuid.uuid4().hex},
            )
            times.append(time.perf_counter() - started)
            if dealt.status_code == 409:  # a new shoe waits for its seed
                body = dealt.json()
                await player.post(
                    f"/api/tables/{table['id']}/client-seed",
                    json={"client_seed": uuid.uuid4().hex, "commitment": body["commitment"]},
                )
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0)
    options = parser.parse_args()

    from baccarat.ledger.service import PlayService
    from baccarat.store.db import Store

    with (
        tempfile.TemporaryDirectory() as folder,
        shared_database("postgresql", Path(folder), "bench_rooms") as url,
    ):
        store = Store.open(url)
        service = PlayService(store)
        rooms = [
            service.rooms.create(f"Bench {n}", window_seconds=1, reveal_seconds=0).id
            for n in range(options.rooms)
        ]
        store.close()
        env = {
            **os.environ,
            "BACCARAT_DATA_DIR": folder,
            "BACCARAT_SECRET_KEY": "b" * 40,
            "BACCARAT_RATE_LIMITS": "false",
            "BACCARAT_ROOM_TICK": "0.05",
        }
        servers = [serve_process("--database", url, env=env) for _ in range(2)]
        try:
            bases = [base for _, base in servers]

            async def measure() -> tuple[list[float], int, float, list[float]]:
                reference = await _deals(bases[0], 200)
                run = Run(options.clients)
                clients = [
                    asyncio.create_task(
                        _client(
                            bases[n % 2],
                            bases[(n + 1) % 2],
                            rooms[n % len(rooms)],
                            n % 2 == 0,
                            run,
                        )
                    )
                    for n in range(options.clients)
                ]
                # Every client seated and listening first; then the clock and the CPU start.
                await asyncio.wait_for(run.started.wait(), 300)
                cpu_before = sum(_cpu(p.pid) for p, _ in servers)
                run.start = time.time()
                await asyncio.sleep(options.seconds)
                run.until = time.time()
                cpu = sum(_cpu(p.pid) for p, _ in servers) - cpu_before
                for task in clients:
                    task.cancel()
                await asyncio.gather(*clients, return_exceptions=True)
                return run.delays, run.sent, cpu, reference

            delays, sent, cpu, reference = asyncio.run(measure())
        finally:
            for process, _ in servers:
                process.terminate()
                process.wait(timeout=60)
    p50, p99 = _quantile(delays, 0.5), _quantile(delays, 0.99)
    d50, d99 = _quantile(reference, 0.5), _quantile(reference, 0.99)
    result: dict[str, Any] = {
        "clients": options.clients,
        "rooms": options.rooms,
        "coup_events": len(delays),
        "events_sent": sent,
        "delay_p50_ms": round(p50 * 1000, 1),
        "delay_p99_ms": round(p99 * 1000, 1),
        "delay_mean_ms": round(statistics.fmean(delays) * 1000, 1),
        "server_cpu_per_event_ms": round(cpu / max(sent, 1) * 1000, 3),
        "deal_p50_ms": round(d50 * 1000, 1),
        "deal_p99_ms": round(d99 * 1000, 1),
        "delay_p99_over_deal_p99": round(p99 / d99, 2),
        "target_p99_ms": 250,
        "met": p99 < 0.250,
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
