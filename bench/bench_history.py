"""Benchmark: a deal's cost does not grow with the player's history.

Every deal reads the player's standing (the balance, the net since the play session began,
whether today's top-up was used). A player who has played for months, or for hours in one
session, must not make each deal slower. This deals to one player in one play session on an
SQLite file and prints the cost of a deal (``PlayService.deal``, in-process) at the start, the
reference, and again after several thousand deals, with the ratio. The history before the session
began is covered too: a second session starts after those deals.

Run: ``.venv/bin/python bench/bench_history.py [--deals 10000]``
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import uuid
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_web import deal_contributing
from bench.timing import Timing, measure

from baccarat.ledger.service import PlayService
from baccarat.store.db import Store

STAKES = {"banker": 1_00}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals between the timings")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-history-") as folder:
        store = Store.open(f"sqlite:///{folder}/history.sqlite3")
        service = PlayService(store, rng=random.Random(1))
        player = service.join().player_id
        table = service.table(player).id
        since = datetime.now(UTC)

        def deal() -> None:
            key = uuid.uuid4().hex
            deal_contributing(service, player, table, STAKES, since=since, idempotency_key=key)

        def timing() -> Timing:
            return measure(deal, runs=7, inner=50)

        fresh = timing()
        for _ in range(args.deals):
            deal()
        session = timing()
        since = datetime.now(UTC)  # a new play session, after the long history
        later = timing()
        store.close()
    print(f"PlayService.deal on an SQLite file, one player, {args.deals:,} deals between timings")
    print(f"{'':44} best       median   ratio to the start")
    for name, t in [
        ("at the start (reference)", fresh),
        (f"after {args.deals:,} deals in the same session", session),
        ("in a new session after them", later),
    ]:
        print(
            f"  {name:<42} {t.best * 1e3:6.3f} ms  {t.median * 1e3:6.3f} ms"
            f"   {t.median / fresh.median:5.2f}×"
        )


if __name__ == "__main__":
    main()
