"""Token buckets for the rate limits: in this process's memory, or shared through the database.

A server started with several worker processes (``uvicorn --workers 4``) must not give each
process the whole limit, so wherever the store can be reached by more than one process (an SQLite
file, PostgreSQL) the buckets live in the database, in ``rate_buckets`` (migration
``0007_shared_limits``), and every check is one atomic statement: an
``INSERT … ON CONFLICT DO UPDATE … RETURNING`` that refills the bucket for the time since it was
last touched, takes a token if there is one, and answers how long to wait if there is not.
PostgreSQL runs concurrent upserts of one key one after the other (a row lock); on SQLite the
statement runs in the store's write transaction. An in-memory database has one process by
definition: its limiter stays in memory.

>>> now = [0]
>>> limiter = RateLimiter(clock=lambda: now[0])
>>> limit = RateLimit(per_second=1, burst=2)
>>> [limiter.take(("deal", "a"), limit) for _ in range(3)]
[0.0, 0.0, 1.0]
>>> now[0] += 999_999_999  # the clock counts nanoseconds: one short of the next token
>>> limiter.take(("deal", "a"), limit)
1e-09
>>> now[0] += 1
>>> limiter.take(("deal", "a"), limit)
0.0
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from sqlalchemy import delete, text

from baccarat.store.db import Store
from baccarat.store.models import RateBucket

__all__ = ["NANOSECONDS", "Check", "RateLimit", "RateLimiter", "SharedRateLimiter", "bucket_key"]

NANOSECONDS = 1_000_000_000
"""Nanoseconds in a second: the in-memory limiter's clock counts them, as whole numbers."""


@dataclass(frozen=True, slots=True)
class RateLimit:
    """At most ``burst`` requests at once, refilled at ``per_second``."""

    per_second: float
    burst: int

    @property
    def rate(self) -> Fraction:
        """Tokens per second, exactly as written (``0.2`` is 1/5, not the float nearest it).

        >>> RateLimit(per_second=0.2, burst=10).rate
        Fraction(1, 5)
        """
        return Fraction(str(self.per_second))

    @property
    def refill_seconds(self) -> float:
        """How long an empty bucket takes to be full again."""
        return self.burst / self.per_second


Check = tuple[tuple[str, str], RateLimit]
"""A bucket to take a token from: (limit name, address or session) and its limit."""


class RateLimiter:
    """Token buckets by key, in this process's memory (bounded: the idlest keys are dropped).

    For a database only this process can reach (in-memory SQLite): any other process has its
    own database, so it has nothing to share.

    Its arithmetic is exact: the clock reads whole nanoseconds and the tokens are fractions, so
    a bucket has its next token back exactly ``1 / rate`` seconds after it ran dry, whatever the
    clock read when it did.
    """

    blocking = False
    """Whether :meth:`take_all` waits for I/O (the middleware then runs it in a thread)."""

    def __init__(self, clock: Callable[[], int] = time.monotonic_ns, capacity: int = 100_000):
        self.clock = clock
        """The nanoseconds it reads (monotonic by default; a test may stop them)."""
        self._capacity = capacity
        self._buckets: OrderedDict[tuple[str, str], tuple[Fraction, int]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: tuple[str, str], limit: RateLimit) -> float:
        """Take a token for ``key``: 0.0 if allowed, else the seconds until one is available."""
        now = self.clock()
        rate, burst = limit.rate, Fraction(limit.burst)
        with self._lock:
            tokens, at = self._buckets.pop(key, (burst, now))
            # A clock that went back refills nothing, and the bucket keeps the later reading.
            elapsed = Fraction(max(0, now - at), NANOSECONDS)
            tokens = min(burst, tokens + elapsed * rate)
            if tokens >= 1:
                tokens -= 1
                wait = Fraction(0)
            else:
                wait = (1 - tokens) / rate
            self._buckets[key] = (tokens, max(at, now))
            while len(self._buckets) > self._capacity:
                self._buckets.popitem(last=False)
        return float(wait)

    def take_all(self, checks: Sequence[Check]) -> float:
        """Take a token from every bucket: 0.0 if all allowed, else the longest wait."""
        return max((self.take(key, limit) for key, limit in checks), default=0.0)


def bucket_key(key: tuple[str, str]) -> str:
    """The stored key: the limit's name and a hash of the address or session (a session cookie
    is a credential and is never stored as it is).

    >>> bucket_key(("deal:session", "abc"))
    'deal:session:ba7816bf8f01cfea414140de5dae2223'
    """
    name, who = key
    return f"{name}:{hashlib.sha256(who.encode()).hexdigest()[:32]}"


# The bucket as it stands now: the stored tokens refilled for the time since, at most the burst
# (a clock that went back refills nothing).
_ELAPSED = "(CASE WHEN :now > rate_buckets.updated THEN :now - rate_buckets.updated ELSE 0 END)"
_REFILLED = (
    f"(CASE WHEN rate_buckets.tokens + {_ELAPSED} * :rate > :burst THEN :burst "
    f"ELSE rate_buckets.tokens + {_ELAPSED} * :rate END)"
)
# Every SET expression reads the row as it was (SQLite and PostgreSQL alike).
_TAKE = text(
    "INSERT INTO rate_buckets (key, tokens, updated, wait) VALUES (:key, :burst - 1, :now, 0) "
    "ON CONFLICT (key) DO UPDATE SET "
    f"tokens = CASE WHEN {_REFILLED} >= 1 THEN {_REFILLED} - 1 ELSE {_REFILLED} END, "
    f"wait = CASE WHEN {_REFILLED} >= 1 THEN 0 ELSE (1 - {_REFILLED}) / :rate END, "
    "updated = CASE WHEN :now > rate_buckets.updated THEN :now ELSE rate_buckets.updated END "
    "RETURNING wait"
)


class SharedRateLimiter:
    """Token buckets in the database, shared by every process that serves it.

    One fast path, exact: a bucket that answered "wait *w* seconds" holds less than a token until
    then whatever other processes do (they can only take from it), so this process refuses that
    key for those *w* seconds without asking the database again. A flood from one client thus
    costs one statement per Retry-After, not one per request.
    """

    blocking = True

    PRUNE_EVERY = 600.0
    """Seconds between deletions of buckets idle long enough to be full again (no row is the
    same as a full bucket)."""

    def __init__(
        self, store: Store, clock: Callable[[], float] = time.time, capacity: int = 100_000
    ) -> None:
        self.store = store
        self.clock = clock
        """The seconds it reads: wall-clock time, the one clock every process shares."""
        self._capacity = capacity
        self._refused: OrderedDict[str, float] = OrderedDict()
        self._lock = threading.Lock()
        self._pruned = clock()
        self._idle = 0.0

    def _known_wait(self, keys: Sequence[str], now: float) -> float:
        with self._lock:
            wait = 0.0
            for key in keys:
                until = self._refused.get(key)
                if until is not None:
                    if until > now:
                        wait = max(wait, until - now)
                    else:
                        del self._refused[key]
            return wait

    def take_all(self, checks: Sequence[Check]) -> float:
        """Take a token from every bucket (one transaction): 0.0 if all allowed, else the
        longest wait."""
        now = self.clock()
        keys = [bucket_key(key) for key, _ in checks]
        known = self._known_wait(keys, now)
        if known > 0:
            return known
        waits: list[float] = []
        with self.store.transaction() as db:
            for key, (_, limit) in zip(keys, checks, strict=True):
                params = {
                    "key": key,
                    "now": now,
                    "rate": float(limit.per_second),
                    "burst": float(limit.burst),
                }
                waits.append(float(db.execute(_TAKE, params).scalar_one()))
                self._idle = max(self._idle, limit.refill_seconds)
            if now - self._pruned > self.PRUNE_EVERY:
                self._pruned = now
                db.execute(delete(RateBucket).where(RateBucket.updated < now - self._idle))
        with self._lock:
            for key, wait in zip(keys, waits, strict=True):
                if wait > 0:
                    self._refused[key] = now + wait
                    self._refused.move_to_end(key)
            while len(self._refused) > self._capacity:
                self._refused.popitem(last=False)
        return max(waits, default=0.0)
