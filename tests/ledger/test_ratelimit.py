"""Rate-limit buckets: in memory, and shared through the database by every store on it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from baccarat.ledger.ratelimit import RateLimit, SharedRateLimiter
from baccarat.store.db import Store
from baccarat.store.models import RateBucket
from support.databases import shared_database

LIMIT = RateLimit(per_second=2, burst=3)


@pytest.fixture(params=["sqlite", "postgresql"])
def two_stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    """Two stores (as two server processes would have) on one database."""
    with shared_database(request.param, tmp_path, "buckets") as url:
        first = Store.open(url)
        second = Store.open(url, run_migrations=False)
        try:
            yield first, second
        finally:
            first.close()
            second.close()


def test_two_processes_share_one_bucket(two_stores: tuple[Store, Store]) -> None:
    now = [1_000.0]
    a, b = (SharedRateLimiter(store, clock=lambda: now[0]) for store in two_stores)
    check = [(("deal:session", "s1"), LIMIT)]
    # The burst is 3 in all, whichever process takes it.
    assert [a.take_all(check), b.take_all(check), a.take_all(check)] == [0.0, 0.0, 0.0]
    assert b.take_all(check) == pytest.approx(0.5)
    assert a.take_all(check) == pytest.approx(0.5)
    assert b.take_all([(("deal:session", "s2"), LIMIT)]) == 0.0  # another key, its own bucket
    now[0] += 0.5  # one token back, for whichever process asks first
    assert a.take_all(check) == 0.0
    assert b.take_all(check) == pytest.approx(0.5)
    now[0] += 10  # refilled to the burst, never beyond
    assert [b.take_all(check) for _ in range(4)][-1] == pytest.approx(0.5)


def test_a_request_takes_from_every_bucket_and_waits_for_the_longest(
    two_stores: tuple[Store, Store],
) -> None:
    now = [50.0]
    limiter = SharedRateLimiter(two_stores[0], clock=lambda: now[0])
    slow = RateLimit(per_second=0.25, burst=1)
    checks = [(("account:address", "1.2.3.4"), LIMIT), (("account:session", "s"), slow)]
    assert limiter.take_all(checks) == 0.0
    assert limiter.take_all(checks) == pytest.approx(4.0)
    # Stored keys are hashes: no session cookie is kept as it is.
    with two_stores[1].reading() as db:
        keys = db.scalars(select(RateBucket.key)).all()
    assert len(keys) == 2 and not any("1.2.3.4" in key or key.endswith(":s") for key in keys)


def test_a_refused_key_is_refused_locally_until_its_wait_is_over(
    two_stores: tuple[Store, Store],
) -> None:
    now = [0.0]
    first, _ = two_stores
    limiter = SharedRateLimiter(first, clock=lambda: now[0])
    check = [(("deal:address", "a"), RateLimit(per_second=1, burst=1))]
    assert limiter.take_all(check) == 0.0
    assert limiter.take_all(check) == pytest.approx(1.0)
    with first.reading() as db:
        stored = db.scalar(select(RateBucket.updated))
    now[0] = 0.25
    assert limiter.take_all(check) == pytest.approx(0.75)  # answered without the database
    with first.reading() as db:
        assert db.scalar(select(RateBucket.updated)) == stored
    now[0] = 1.0
    assert limiter.take_all(check) == 0.0


def test_racing_processes_take_exactly_the_burst(two_stores: tuple[Store, Store]) -> None:
    limit = RateLimit(per_second=0.001, burst=20)  # no refill worth a token during the race
    limiters = [SharedRateLimiter(store) for store in two_stores]
    allowed: list[bool] = []
    lock = threading.Lock()

    def hammer(limiter: SharedRateLimiter) -> None:
        for _ in range(15):
            wait = limiter.take_all([(("deal:address", "race"), limit)])
            with lock:
                allowed.append(wait == 0.0)

    threads = [threading.Thread(target=hammer, args=(limiters[i % 2],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(allowed) == 60 and sum(allowed) == 20


def test_idle_buckets_are_pruned(two_stores: tuple[Store, Store]) -> None:
    now = [0.0]
    limiter = SharedRateLimiter(two_stores[0], clock=lambda: now[0])
    limiter.take_all([(("deal:address", "old"), LIMIT)])
    now[0] = SharedRateLimiter.PRUNE_EVERY + 1  # long idle: its bucket is full again anyway
    limiter.take_all([(("deal:address", "new"), LIMIT)])
    with two_stores[1].reading() as db:
        assert db.scalar(select(func.count()).select_from(RateBucket)) == 1
