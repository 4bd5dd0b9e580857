"""Log-in throttling: failures counted per account and per address, with exponential back-off.

Each failed log-in counts against the account named and against the address it came from
(hashed: no address is stored in the clear). Past a few free failures every further one doubles
the wait before the next attempt is checked at all: 1 s, 2 s, 4 s, … up to
:data:`LONGEST_WAIT`. A counter rests after :data:`REST` without a failure; a successful log-in
clears the account's counter (not the address's: an attacker's own account must not reset it).

An attempt is counted as a failure *before* its password is checked and uncounted if it turns
out right, so a burst of attempts sent at once cannot all slip in before the first failure is
written. The counts live in the database (``login_failures``), shared by every server process.

>>> wait_after(5, FREE_FAILURES["account"]), wait_after(6, 5), wait_after(9, 5), wait_after(99, 5)
(datetime.timedelta(0), datetime.timedelta(seconds=1), datetime.timedelta(seconds=8), datetime.timedelta(seconds=900))
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import delete
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from baccarat.ledger.errors import LedgerError
from baccarat.store.models import LoginFailure

__all__ = [
    "FREE_FAILURES",
    "LONGEST_WAIT",
    "REST",
    "attempt",
    "keys_for",
    "succeeded",
    "wait_after",
]

FREE_FAILURES = {"account": 5, "address": 20}
"""Failures allowed before the back-off starts: per account, per address."""
FIRST_WAIT = timedelta(seconds=1)
LONGEST_WAIT = timedelta(minutes=15)
REST = timedelta(hours=1)
"""A counter without a failure for this long starts again from zero."""


def wait_after(failures: int, free: int) -> timedelta:
    """How long no attempt is checked after the ``failures``-th failure in a row."""
    if failures <= free:
        return timedelta(0)
    doublings = failures - free - 1
    if doublings >= 20:  # far past the cap; 2**n of a huge n is never computed
        return LONGEST_WAIT
    wait: timedelta = min(LONGEST_WAIT, FIRST_WAIT * 2**doublings)
    return wait


def keys_for(username: str, address: str | None) -> list[tuple[str, int]]:
    """The counters a log-in attempt counts against, with their free failures."""
    name = username.lower()[:64] if isinstance(username, str) else ""
    keys = [(f"account:{name}", FREE_FAILURES["account"])]
    if address:
        digest = hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()[:40]
        keys.append((f"address:{digest}", FREE_FAILURES["address"]))
    return keys


def _insert(session: Session):  # type: ignore[no-untyped-def]
    name = session.get_bind().dialect.name
    return (postgresql.insert if name == "postgresql" else sqlite.insert)(LoginFailure)


def attempt(session: Session, keys: Sequence[tuple[str, int]], now: datetime) -> None:
    """Count an attempt as a failure in advance, or refuse it with ``login_throttled`` (then
    nothing is counted and the password is not checked)."""
    rows = []
    for key, free in keys:
        session.execute(
            _insert(session)
            .values(key=key, failures=0, last_failure=now, blocked_until=now)
            .on_conflict_do_nothing(index_elements=["key"])
        )
        row = session.get(LoginFailure, key, with_for_update=True, populate_existing=True)
        assert row is not None
        rows.append((row, free))
    blocked = max((row.blocked_until for row, _free in rows), default=now)
    if blocked > now:
        seconds = max(1, math.ceil((blocked - now).total_seconds()))
        raise LedgerError("login_throttled", seconds=seconds)
    for row, free in rows:
        failures = 1 if now - row.last_failure > REST else row.failures + 1
        row.failures = failures
        row.last_failure = now
        row.blocked_until = now + wait_after(failures, free)
    session.flush()


def succeeded(session: Session, keys: Sequence[tuple[str, int]]) -> None:
    """The password was right: the account's counter is cleared, the address's failure
    counted in advance is taken back."""
    account = keys[0][0]
    session.execute(delete(LoginFailure).where(LoginFailure.key == account))
    for key, _free in keys[1:]:
        row = session.get(LoginFailure, key, with_for_update=True, populate_existing=True)
        if row is not None and row.failures > 0:
            row.failures -= 1
            row.blocked_until = row.last_failure + wait_after(row.failures, _free)
    session.flush()
