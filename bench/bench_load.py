"""Load benchmark of the practice table: 50 and 200 concurrent players against real servers.

Run: ``.venv/bin/python bench/bench_load.py [--players 50 200] [--seconds 6] [--workers 2 4]
[--sqlite-workers 1 2] [--rate 300] [--repeat 3]``. Each player is its own guest (its own
cookie, its own table and one keep-alive connection) and posts real deal requests (Banker 10,
Tie 1, each with a fresh idempotency key). Configurations: SQLite (a file, WAL) and PostgreSQL,
each with one and with several server processes (``baccarat serve --workers N``: the way to grow
past one process). An SQLite file still has one writer at a time (``BEGIN IMMEDIATE``), but the
rest of each request (HTTP, the session check, building the answer) runs in parallel.
Rate limits are off: 200 players from one address are a benchmark, not an attack.

Two ways of loading, both printed:

- **back to back** (saturation): every player sends its next deal as soon as the last one is
  answered. This finds the most deals per second; with every player always waiting, the latency is
  just players ÷ throughput (Little's law), so it says nothing about a server that keeps up.
- **paced** (``--rate``, the issue's target of 300 deals/s): the players together offer that many
  deals per second, each on its own fixed schedule (50 players: one deal every 167 ms each). A
  deal's latency is counted from the moment it was due, not from when it could be sent, so a
  server that falls behind shows it in p99 instead of hiding it by slowing the players down.

The load generator shares the machine's cores with the servers, so it is lean on purpose: plain
HTTP/1.1 over asyncio streams (uvloop when installed), reading just the status line, the headers
and a ``Content-Length`` body. It accepts gzip, as browsers do, so the server compresses what it
would compress for a browser (the client's unpacking counts as the client's CPU). Each line
prints the CPU it used (and the servers', and the whole machine's), so one can see whether the
client, the servers or the cores are the limit.

It prints deals per second, the p50/p99 latency of a deal request, refusals, and the reference
measured in the same run: ``PlayService.deal`` in-process on one thread (no HTTP), whose rate is
what one process can do at most on this database. The target of issue 8 is ≥ 300 deals/s with
p99 < 100 ms for 50 players. ``--repeat N`` runs every line N times and prints the best and the
median (the machine is noisy).

Before those, the server CPU per coup early and late in a shoe (coups 1-10 and 70-79), and over
a whole shoe: a six-second line rarely reaches a shoe's end, where the answers carry the shoe
panel and the odds table whole (and the next shoe's first one the boards) and the page sends the
next shoe's client seed, so only the whole shoe's figure counts them. All the players of a line
start at a shoe's first coup, so a line of 20 s or more takes them through a shoe's end together:
the hardest second of the table's load.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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

from baccarat.store.db import Store

DEAL_BODY = json.dumps({"stakes": STAKES}).encode()
_ACCEPT_GZIP = "Accept-Encoding: gzip"
# The shoe panel's box for a shoe whose order waits for the player's client seed.
_WAITING_SHOE = re.compile(rb'data-commitment="([0-9a-f]{64})" data-awaiting="true"')
# The deal's record in the table page's HTML answer (web/templates/_deal.html).
_DEAL_DATA = re.compile(rb'<script type="application/json" id="deal-data">(.*?)</script>', re.S)


@dataclass(frozen=True)
class Reply:
    status: int
    headers: list[tuple[str, str]]
    """Lower-case names, in order (``set-cookie`` may repeat)."""
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    def record(self) -> Any:
        """The deal's record: the JSON answer, or the one a page's HTML answer carries."""
        carried = _DEAL_DATA.search(self.body)
        return json.loads(carried[1] if carried is not None else self.body)


@dataclass
class Player:
    """One guest on one keep-alive connection: its cookies, its table, its own request headers."""

    host: str
    port: int
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None
    cookies: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    """Sent with every request of this player (a CSRF token read at the gate would go here)."""
    table: int = 0

    async def connect(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def request(
        self, method: str, path: str, body: bytes | None = None, headers: Mapping[str, str] = {}
    ) -> Reply:
        """One request on this player's connection; the cookies it sets are kept.

        A connection the server closed while it was idle (its keep-alive timeout, while 200
        players are being set up) is opened again and the request sent once more, as browsers
        do: a deal carries its idempotency key, so sending it twice can never deal twice.
        """
        try:
            return await self._exchange(method, path, body, headers)
        except (ConnectionError, asyncio.IncompleteReadError):
            await self.close()
            await self.connect()
            return await self._exchange(method, path, body, headers)

    async def _exchange(
        self, method: str, path: str, body: bytes | None, headers: Mapping[str, str]
    ) -> Reply:
        assert self.reader is not None and self.writer is not None
        # As a browser asks (its fetch and page loads always offer gzip): the server's compression
        # is part of what a coup costs it.
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", _ACCEPT_GZIP]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        lines += [f"{name}: {value}" for name, value in {**self.headers, **headers}.items()]
        if body is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b""))
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head[:-4].decode("latin-1").split("\r\n")
        parsed = []
        length = None
        gzipped = False
        for line in header_lines:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            parsed.append((name, value))
            if name == "content-length":
                length = int(value)
            elif name == "set-cookie":
                cookie, _, _ = value.partition(";")
                key, _, val = cookie.partition("=")
                self.cookies[key] = val
            elif name == "content-encoding":
                gzipped = value == "gzip"
            elif name == "transfer-encoding":
                raise RuntimeError(f"{method} {path}: chunked answers are not read here")
        status = int(status_line.split(" ", 2)[1])
        if status in (204, 304):  # no body, and so no Content-Length (RFC 9110)
            return Reply(status, parsed, b"")
        if length is None:
            raise RuntimeError(f"{method} {path}: no Content-Length in the answer")
        body = await self.reader.readexactly(length)
        return Reply(status, parsed, gzip.decompress(body) if gzipped else body)

    async def join(self) -> None:
        """Pass the gate as a new guest and find the table (its own, opened for it)."""
        await self.connect()
        reply = await self.request("POST", "/api/session", b'{"adult": true}')
        if reply.status != 201:
            raise RuntimeError(f"the gate answered {reply.status}: {reply.body[:200]!r}")
        self.headers["X-CSRF-Token"] = reply.json()["csrf_token"]  # every write needs it
        reply = await self.request("GET", "/api/tables/current")
        self.table = int(reply.json()["table"]["id"])

    async def deal(self, mode: str = "api") -> Reply:
        """One deal as ``mode`` does it: ``api`` the deal alone; ``browser`` what the table page
        does per coup (the deal answered as the page asks, ``Accept: text/html``: the deal's
        record and the parts of the panels it changed, and the panels fetched whole only when
        it carries none: a replayed deal, a cold state); ``panels`` what the page did before (the
        deal, then the panels fetched whole after every coup). A new shoe takes the player's
        contribution to its order as the page's fair.js sends it: as soon as a page or the panels
        show its commitment waiting, else when a deal is refused for it."""
        key = {"Idempotency-Key": uuid.uuid4().hex}
        if mode == "browser":
            key["Accept"] = "text/html"
        path = f"/api/tables/{self.table}/deal"
        reply = await self.request("POST", path, DEAL_BODY, key)
        if reply.status == 409 and reply.json()["code"] == "contribution_needed":
            await self.contribute(reply.json()["commitment"])
            reply = await self.request("POST", path, DEAL_BODY, key)
        if reply.status == 200 and (
            mode == "panels" or (mode == "browser" and b'<template id="growth"' not in reply.body)
        ):
            panels = await self.request("GET", f"/table/panels?table={self.table}")
            if panels.status != 200:
                return panels
            await self.contribute_at_sight(panels.body)
        elif reply.status == 200 and mode == "browser":
            # At a shoe's edge the answer carries its shoe panel whole, which fair.js reads.
            await self.contribute_at_sight(reply.body)
        return reply

    async def contribute_at_sight(self, html: bytes) -> None:
        """Send a client seed for a shoe this page shows waiting for one, as fair.js does."""
        waiting = _WAITING_SHOE.search(html)
        if waiting is not None:
            await self.contribute(waiting[1].decode())

    async def contribute(self, commitment: str) -> None:
        """The player's client seed for the shoe committed to by ``commitment``."""
        seed = {"client_seed": uuid.uuid4().hex, "commitment": commitment}
        path = f"/api/tables/{self.table}/client-seed"
        # As fair.js sends it: only whether the seed was taken is read, so no table comes back.
        minimal = {"Prefer": "return=minimal"}
        answer = await self.request("POST", path, json.dumps(seed).encode(), minimal)
        if answer.status not in (200, 204):  # 200: a server from before return=minimal
            raise RuntimeError(f"a client seed was refused: {answer.body[:200]!r}")

    async def open_page(self) -> None:
        """Load the table page, as a browser does before its first deal."""
        reply = await self.request("GET", f"/table?table={self.table}")
        if reply.status != 200:
            raise RuntimeError(f"the table page answered {reply.status}")
        await self.contribute_at_sight(reply.body)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with suppress(ConnectionError):  # the server may have closed it first
                await self.writer.wait_closed()
            self.reader = self.writer = None


def _cpu_seconds(pids: set[int]) -> float:
    """User + system CPU of these processes and all their descendants, from ``/proc``."""
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    family = set(pids)
    grew = True
    while grew:
        grew = False
        for pid, (parent, _) in stats.items():
            if parent in family and pid not in family:
                family.add(pid)
                grew = True
    return sum(cpu for pid, (_, cpu) in stats.items() if pid in family)


def _machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, from ``/proc/stat``."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    idle = values[3] + values[4]
    return (sum(values[:8]) - idle) / tick, sum(values[:8]) / tick


@dataclass(frozen=True)
class Load:
    result: Result
    missed: int
    """Paced deals still due a second after the end, not sent: the server had fallen behind."""
    client_cpu: float
    """CPU seconds the load generator used (this process)."""
    server_cpu: float
    """CPU seconds the server processes used."""
    machine_busy: float
    """Share of the machine's CPU time in use, by anything, during the run (0 to 1)."""


async def _drive(
    host: str,
    port: int,
    players: int,
    seconds: float,
    rate: float | None,
    server: int,
    mode: str = "api",
) -> Load:
    crowd = [Player(host, port) for _ in range(players)]
    for player in crowd:
        await player.join()
        if mode != "api":
            await player.open_page()
    for player in crowd:  # each player's first deal opens its shoe's cache entry: not timed
        if (await player.deal(mode)).status != 200:
            raise RuntimeError("a first deal was refused")
    latencies: list[float] = []
    refused = missed = 0
    interval = players / rate if rate else 0.0

    async def play(player: Player, first_due: float) -> None:
        nonlocal refused, missed
        due = first_due
        while due < stop:
            if rate and time.perf_counter() > stop + 1.0:
                # Far behind a pace the server cannot keep: what is still due is counted, not sent.
                missed += 1 + int((stop - due) / interval)
                break
            if rate:
                wait = due - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
            else:
                due = time.perf_counter()
            try:
                reply = await player.deal(mode)
            except (OSError, asyncio.IncompleteReadError):
                refused += 1
                await player.close()
                await player.connect()
            else:
                if reply.status == 200:
                    latencies.append(time.perf_counter() - due)
                else:
                    refused += 1
            due += interval

    cpu, server_cpu, machine = time.process_time(), _cpu_seconds({server}), _machine_busy()
    began = time.perf_counter()
    stop = began + seconds
    await asyncio.gather(
        *(play(p, began + random.random() * interval) for p in crowd)  # staggered schedules
    )
    elapsed = time.perf_counter() - began
    cpu = time.process_time() - cpu
    server_cpu = _cpu_seconds({server}) - server_cpu
    busy, total = (now - then for now, then in zip(_machine_busy(), machine, strict=True))
    for player in crowd:
        await player.close()
    result = Result(len(latencies), refused, elapsed, latencies)
    return Load(result, missed, cpu, server_cpu, busy / total)


def _event_loop() -> Callable[[], asyncio.AbstractEventLoop]:
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop
    return uvloop.new_event_loop


def drive(
    base: tuple[str, int, int],
    players: int,
    seconds: float,
    rate: float | None,
    mode: str = "api",
) -> Load:
    host, port, server = base
    with asyncio.Runner(loop_factory=_event_loop()) as runner:
        return runner.run(_drive(host, port, players, seconds, rate, server, mode))


SHOE_WINDOWS = ((1, 10), (70, 79))
"""The coups of a shoe whose server CPU is compared: its first ten and ten late ones."""
WHOLE_SHOE = (1, 0)
"""The key of the figure for a whole shoe: every request from its first coup to the next
shoe's first (what comes whole at a shoe's start and end, the client seeds), per coup."""


async def _positions(
    host: str, port: int, server: int, players: int, mode: str
) -> dict[tuple[int, int], float]:
    """Server CPU per request group (one coup as ``mode`` does it) in each of
    :data:`SHOE_WINDOWS`, with ``players`` fresh guests dealing back to back, each from its own
    new shoe; the coups between the windows are dealt untimed. Then each deals on to its next
    shoe's first coup, for the figure of the whole shoe (:data:`WHOLE_SHOE`)."""
    crowd = [Player(host, port) for _ in range(players)]
    for player in crowd:
        await player.join()
        if mode != "api":
            await player.open_page()

    async def deal_one(player: Player) -> Reply:
        reply = await player.deal(mode)
        if reply.status != 200:
            raise RuntimeError(f"a deal was refused: {reply.status} {reply.body[:200]!r}")
        dealt[player.table] += 1
        return reply

    async def deal_until(player: Player, last: int) -> None:
        for _ in range(last - dealt[player.table]):
            await deal_one(player)

    async def deal_to_next_shoe(player: Player) -> None:
        while (await deal_one(player)).record()["coup"]["number"] != 1:
            pass

    dealt = {player.table: 0 for player in crowd}
    cpu: dict[tuple[int, int], float] = {}
    start = _cpu_seconds({server})
    for first, last in SHOE_WINDOWS:
        await asyncio.gather(*(deal_until(p, first - 1) for p in crowd))
        before = _cpu_seconds({server})
        await asyncio.gather(*(deal_until(p, last) for p in crowd))
        cpu[first, last] = (_cpu_seconds({server}) - before) / (players * (last - first + 1))
    await asyncio.gather(*(deal_to_next_shoe(p) for p in crowd))
    cpu[WHOLE_SHOE] = (_cpu_seconds({server}) - start) / sum(dealt.values())
    for player in crowd:
        await player.close()
    return cpu


def positions(base: tuple[str, int, int], players: int, mode: str) -> dict[tuple[int, int], float]:
    host, port, server = base
    with asyncio.Runner(loop_factory=_event_loop()) as runner:
        return runner.run(_positions(host, port, server, players, mode))


def _position_lines(
    base: tuple[str, int, int],
    players: int,
    repeat: int,
    modes: tuple[str, ...] = ("api", "browser", "panels"),
) -> None:
    """Server CPU per coup early and late in a shoe: the API deal alone, the browser's coup
    (the deal with the panels' growth), and the browser's coup as it was (the deal and then the
    whole panels). Each mode's median of ``repeat`` runs; ratios against the same run's figures.
    The modes run interleaved, run by run, so that a machine whose load changes meanwhile
    weighs on each of them alike."""
    runs: dict[str, list[dict[tuple[int, int], float]]] = {mode: [] for mode in modes}
    for _ in range(repeat):
        for mode in modes:
            runs[mode].append(positions(base, players, mode))
    found: dict[str, dict[tuple[int, int], float]] = {}
    for mode in modes:
        found[mode] = {
            w: statistics.median(run[w] for run in runs[mode]) for w in (*SHOE_WINDOWS, WHOLE_SHOE)
        }
    early, late = SHOE_WINDOWS
    api = found["api"]
    for mode, title in (
        ("api", "API deal alone"),
        ("browser", "browser coup (deal answered as the page asks)"),
        ("panels", "browser coup before (deal + panels)"),
    ):
        if mode not in found:
            continue
        cpu = found[mode]
        print(
            f"  server CPU per {title}: coups {early[0]}-{early[1]} {cpu[early] * 1e3:.2f} ms, "
            f"coups {late[0]}-{late[1]} {cpu[late] * 1e3:.2f} ms; late/early "
            f"{cpu[late] / cpu[early]:.2f}x; late against the API deal alone (late) "
            f"{cpu[late] / api[late]:.2f}x"
        )
        print(
            f"      a whole shoe, its first and last coups and client seeds included: "
            f"{cpu[WHOLE_SHOE] * 1e3:.2f} ms a coup; against the API deal alone "
            f"{cpu[WHOLE_SHOE] / api[WHOLE_SHOE]:.2f}x"
        )


@contextmanager
def servers(database: str, workers: int) -> Iterator[tuple[str, int, int]]:
    """``baccarat serve --workers N`` (migrated first, once): (host, port, pid)."""
    Store.open(database).close()  # migrate before the workers start, so they never race
    port = _free_port()
    env = {
        **os.environ,
        "BACCARAT_SECRET_KEY": "bench-" + "k" * 32,
        "BACCARAT_RATE_LIMITS": "false",
    }
    with tempfile.TemporaryDirectory(prefix="bench-load-data-") as data:
        env["BACCARAT_DATA_DIR"] = data
        command = [sys.executable, "-c", "from baccarat.cli import main; main()", "serve"]
        command += ["--port", str(port), "--database", database]
        command += ["--workers", str(workers)] if workers > 1 else []
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        try:
            _wait_until_serving(process, port, workers)
            yield "127.0.0.1", port, process.pid
        finally:
            process.terminate()
            process.wait(timeout=30)


def _wait_until_serving(process: subprocess.Popen[bytes], port: int, workers: int) -> None:
    async def answers() -> bool:
        try:
            probe = Player("127.0.0.1", port)
            await probe.connect()
            status = (await probe.request("GET", "/gate")).status
            await probe.close()
            return status == 200
        except OSError:
            return False

    deadline = time.monotonic() + 90
    while not asyncio.run(answers()):
        if process.poll() is not None:
            raise RuntimeError("the server stopped")
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not answer within 90 s")
        time.sleep(0.2)
    time.sleep(0.5 * workers)  # let every worker finish starting


def _load_line(name: str, runs: list[Load]) -> str:
    """The median run by deals per second (the lower one of an even number), and with several
    runs the best and the median rate and p99."""
    ordered = sorted(runs, key=lambda load: load.result.rate)
    load = ordered[(len(ordered) - 1) // 2]
    deals = max(load.result.deals, 1)
    text = _line(name, load.result)
    if load.missed:
        text += f"\n      {load.missed} deals due were never sent: the server fell behind the pace"
    if len(runs) > 1:
        text += (
            f"\n      {len(runs)} runs: best {ordered[-1].result.rate:.1f} deals/s, median "
            f"{statistics.median(r.result.rate for r in runs):.1f} deals/s, best p99 "
            f"{min(r.result.percentile(99) for r in runs) * 1e3:.1f} ms, median p99 "
            f"{statistics.median(r.result.percentile(99) for r in runs) * 1e3:.1f} ms"
        )
    return text + (
        f"\n      CPU per deal: client {load.client_cpu / deals * 1e3:.2f} ms, servers "
        f"{load.server_cpu / deals * 1e3:.2f} ms; client {load.client_cpu / load.result.seconds:.0%}"
        f" of a core; the machine {load.machine_busy:.0%} busy"
    )


def _run_lines(
    base: tuple[str, int, int],
    players: list[int],
    seconds: float,
    rate: float,
    repeat: int,
    modes: list[str],
) -> None:
    for mode in modes:
        what = "deals" if mode == "api" else "browser coups"
        for count in players:
            runs = [drive(base, count, seconds, None, mode) for _ in range(repeat)]
            print(_load_line(f"HTTP, {count} players, {what} back to back", runs))
            if rate:
                runs = [drive(base, count, seconds, rate, mode) for _ in range(repeat)]
                print(_load_line(f"HTTP, {count} players, {what} paced {rate:g}/s", runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 4], help="PostgreSQL")
    parser.add_argument("--sqlite-workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--rate", type=float, default=300.0, help="paced deals/s (0: none)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per line (best, median)")
    parser.add_argument("--skip-sqlite", action="store_true")
    parser.add_argument("--skip-postgres", action="store_true")
    parser.add_argument(
        "--modes",
        nargs="+",
        default=["api", "browser"],
        choices=["api", "browser", "panels"],
        help="what each player does per coup: the deal alone, the table page's coup (the deal "
        "with its panel growth), or the page's coup before (the deal, then the whole panels)",
    )
    parser.add_argument(
        "--position-players",
        type=int,
        default=10,
        help="players for the early/late-shoe CPU lines (0: skip them)",
    )
    parser.add_argument(
        "--position-modes",
        nargs="+",
        default=["api", "browser", "panels"],
        choices=["api", "browser", "panels"],
        help="the modes of the early/late-shoe CPU lines (api is always measured: the ratios "
        "are against it)",
    )
    args = parser.parse_args()
    print(
        f"bench_load: {args.players} concurrent players, {args.seconds:g} s each, stakes {STAKES}; "
        f"{os.cpu_count()} CPUs shared by the servers and the load generator"
    )
    for workers in [] if args.skip_sqlite else args.sqlite_workers:
        with sqlite_url() as url:
            print(f"SQLite (file, WAL), {workers} server process{'es' if workers > 1 else ''}")
            if workers == args.sqlite_workers[0]:
                print(_line("reference: service, 1 thread", direct(url, 2.0)))
            with servers(url, workers) as base:
                if workers == args.sqlite_workers[0] and args.position_players:
                    modes = ("api", *(m for m in args.position_modes if m != "api"))
                    _position_lines(base, args.position_players, args.repeat, modes)
                _run_lines(base, args.players, args.seconds, args.rate, args.repeat, args.modes)
    if args.skip_postgres:
        return
    for workers in [1, *args.workers]:
        with postgres_url() as url:
            print(f"PostgreSQL, {workers} server process{'es' if workers > 1 else ''}")
            if workers == 1:
                print(_line("reference: service, 1 thread", direct(url, 2.0)))
            with servers(url, workers) as base:
                _run_lines(base, args.players, args.seconds, args.rate, args.repeat, args.modes)


if __name__ == "__main__":
    main()
