"""What a rate-limit check costs: in memory, and shared through the database.

Run: ``.venv/bin/python bench/bench_ratelimit.py``. A deal request takes a token from two buckets
(its address and its session); this times that check with the in-memory limiter (the reference,
measured in the same run) and with :class:`~baccarat.ledger.ratelimit.SharedRateLimiter` on an
SQLite file and on PostgreSQL (a throw-away schema of ``BACCARAT_BENCH_POSTGRES``), and the
refusal of a key already told to wait (the fast path: no statement). Compare with a whole deal
request, a few tens of milliseconds on this machine (``bench_web.py``).
"""

from __future__ import annotations

import os
import sys
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import measure

from baccarat.ledger.ratelimit import Check, RateLimit, RateLimiter, SharedRateLimiter
from baccarat.store.db import Store

POSTGRES = os.environ.get(
    "BACCARAT_BENCH_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
ROOMY = RateLimit(per_second=1e9, burst=10**9)
"""A limit never reached: every check takes a token (the common case)."""
CHECKS: list[Check] = [(("deal:address", "10.0.0.1"), ROOMY), (("deal:session", "s"), ROOMY)]


def _line(name: str, take: Callable[[], float], reference: float | None) -> float:
    timing = measure(take, runs=5, inner=200)
    ratio = f"   {timing.median / reference:6.1f}× the reference" if reference else ""
    print(f"  {name:44} {timing.median * 1e6:8.1f} µs (best {timing.best * 1e6:.1f}){ratio}")
    return timing.median


def _shared(name: str, store: Store, reference: float) -> None:
    limiter = SharedRateLimiter(store)
    _line(f"{name}: two buckets, one transaction", lambda: limiter.take_all(CHECKS), reference)
    empty: list[Check] = [(("deal:session", "flood"), RateLimit(per_second=1e-6, burst=1))]
    limiter.take_all(empty)
    limiter.take_all(empty)  # told to wait: refused locally from now on
    _line(f"{name}: a key told to wait (fast path)", lambda: limiter.take_all(empty), reference)


def main() -> None:
    print("bench_ratelimit: one deal request's rate-limit check (address + session buckets)")
    memory = RateLimiter()
    reference = _line("memory (reference)", lambda: memory.take_all(CHECKS), None)
    with tempfile.TemporaryDirectory(prefix="bench-limits-") as folder:
        store = Store.open(f"sqlite:///{Path(folder) / 'limits.sqlite3'}")
        _shared("SQLite file", store, reference)
        store.close()
    try:
        import psycopg

        admin = POSTGRES.replace("postgresql+psycopg://", "postgresql://", 1)
        schema = f"bench_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(admin, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
    except Exception as exc:  # no PostgreSQL here: say so and stop
        print(f"  PostgreSQL skipped: {exc}")
        return
    try:
        store = Store.open(f"{POSTGRES}?options={quote(f'-csearch_path={schema}')}")
        _shared("PostgreSQL", store, reference)
        store.close()
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


if __name__ == "__main__":
    main()
