"""Benchmark: a server's deals never wait for the write-ahead log's checkpoint.

Deals one player's coups in-process (``PlayService.deal``) on an SQLite file, with a short pause
between deals as a server that keeps up has, twice in each run: with the log checkpointed by the
committing connection (SQLite's default, the reference) and by a
:class:`~baccarat.store.checkpoint.Checkpointer` thread (how ``baccarat serve`` opens its
database). It prints each deal's wall-clock latency (p50, p99, p99.9, the longest), how many deals
took over five times the median and what those added up to, and the process's CPU per deal
(the thread's included: the same copying and syncing, moved).

Run: ``.venv/bin/python bench/bench_checkpoint.py [--deals 3000] [--pause 0.002] [--repeat 2]``
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_web import deal_contributing

from baccarat.ledger.service import PlayService
from baccarat.store.db import Store

STAKES = {"banker": 10_00, "tie": 1_00}
SLOW = 5
"""A deal slower than this many median deals counts as held up."""


def latencies(background: bool, deals: int, pause: float) -> tuple[list[float], float]:
    """Wall-clock seconds of each of ``deals`` deals on a fresh SQLite file, and the CPU
    seconds of the process per deal (the checkpoint thread's included)."""
    with tempfile.TemporaryDirectory(prefix="bench-checkpoint-") as folder:
        url = f"sqlite:///{folder}/table.sqlite3"
        store = Store.open(url, background_checkpoints=background)
        service = PlayService(store, rng=random.Random(1))
        player = service.join().player_id
        table = service.table(player).id

        took = []
        began = time.process_time()
        try:
            for _ in range(deals):
                time.sleep(pause)  # the rest of a request, other players' requests
                start = time.perf_counter()
                deal_contributing(service, player, table, STAKES)
                took.append(time.perf_counter() - start)
            cpu = (time.process_time() - began) / deals
        finally:
            store.close()
        return took, cpu


def _quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(name: str, measured: tuple[list[float], float]) -> str:
    took, cpu = measured
    ordered = sorted(took)
    p50 = _quantile(ordered, 0.5)
    slow = [t for t in took if t > SLOW * p50]
    return (
        f"  {name:<34} p50 {p50 * 1e3:6.2f} ms   p99 {_quantile(ordered, 0.99) * 1e3:6.2f} ms"
        f"   p99.9 {_quantile(ordered, 0.999) * 1e3:6.2f} ms   longest {ordered[-1] * 1e3:6.2f} ms"
        f"   over {SLOW}x p50: {len(slow)}"
        f" ({sum(slow) * 1e3:.0f} ms in all)   CPU per deal {cpu * 1e3:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3_000)
    parser.add_argument("--pause", type=float, default=0.002, help="seconds between deals")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    print(
        f"bench_checkpoint: {args.deals} deals, {args.pause * 1e3:g} ms apart, on an SQLite "
        "file (WAL, synchronous NORMAL)"
    )
    for run in range(1, args.repeat + 1):
        print(f"run {run}")
        print(line("reference: checkpoint in commits", latencies(False, args.deals, args.pause)))
        print(line("checkpoint thread (the server's)", latencies(True, args.deals, args.pause)))


if __name__ == "__main__":
    main()
