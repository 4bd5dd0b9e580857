"""The ledger's hash chain: each entry's hash covers its fields and the hash of the entry before it.

A player's entries form one chain, in ``seq`` order: entry 1 follows :data:`GENESIS`, entry
``n`` follows entry ``n - 1``. The chain is per player because a player's ledger is already the
unit everything else is: entries are numbered per player, appended under the player's lock (so
the previous hash is read where the previous balance is, at no extra wait), and checked per
player. A chain per table would leave grants (which belong to no table) out, and a single chain
for the whole ledger would serialise every writer of every player on its head.

What is hashed is :func:`canonical` of the entry: a version tag, the previous hash and every
field of the entry except its database id (an import may number the rows anew; an entry is
named by ``(player_id, seq)``), as a compact JSON array of strings, integers and nulls in a fixed
order. JSON makes the encoding unambiguous (strings are quoted and escaped, ``null`` is not
``"null"``), amounts are exact integers of minor units, and the date is UTC to the microsecond,
which both databases keep. Anyone can recompute a chain from these rules with any SHA-256.

>>> from datetime import UTC, datetime
>>> welcome = entry_hash(GENESIS, player_id="p1", seq=1, kind="grant", amount=10_000_00,
...     balance_after=10_000_00, created_at=datetime(2026, 1, 1, tzinfo=UTC), note="welcome")
>>> stake = entry_hash(welcome, player_id="p1", seq=2, kind="stake", amount=-25_00,
...     balance_after=9_975_00, created_at=datetime(2026, 1, 1, 0, 1, tzinfo=UTC), coup_id=1,
...     bet="banker")
>>> len(stake), stake != welcome
(64, True)
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

__all__ = ["CHAIN_VERSION", "GENESIS", "canonical", "entry_hash", "utc_stamp"]

CHAIN_VERSION = "baccarat.ledger-entry/1"
"""The first element of every canonical encoding: a new encoding gets a new tag."""

GENESIS = "0" * 64
"""What a player's first entry follows (the hash of no entry)."""

# Built once: a deal hashes several entries, and json.dumps builds an encoder per call otherwise.
_ENCODER = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"))


def utc_stamp(at: datetime) -> str:
    """``at`` in UTC, to the microsecond, in one fixed form.

    >>> from datetime import timedelta, timezone
    >>> utc_stamp(datetime(2026, 1, 1, 9, 30, tzinfo=timezone(timedelta(hours=7))))
    '2026-01-01T02:30:00.000000Z'
    >>> utc_stamp(datetime(2026, 1, 1))
    Traceback (most recent call last):
    ...
    ValueError: naive datetime datetime.datetime(2026, 1, 1, 0, 0): a ledger date is aware (UTC)
    """
    if at.tzinfo is None:
        raise ValueError(f"naive datetime {at!r}: a ledger date is aware (UTC)")
    return at.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def canonical(
    previous: str,
    *,
    player_id: str,
    seq: int,
    kind: str,
    amount: int,
    balance_after: int,
    created_at: datetime,
    coup_id: int | None = None,
    bet: str | None = None,
    note: str | None = None,
) -> bytes:
    """The bytes an entry's hash is taken of (see the module's description).

    >>> canonical("ab", player_id="p", seq=2, kind="stake", amount=-100, balance_after=900,
    ...     created_at=datetime(2026, 1, 1, tzinfo=UTC), coup_id=7, bet="tie")  # fmt: skip
    b'["baccarat.ledger-entry/1","ab","p",2,"stake",-100,900,"2026-01-01T00:00:00.000000Z",7,"tie",null]'
    """
    fields = [
        CHAIN_VERSION,
        previous,
        player_id,
        int(seq),
        kind,
        int(amount),
        int(balance_after),
        utc_stamp(created_at),
        None if coup_id is None else int(coup_id),
        bet,
        note,
    ]
    return _ENCODER.encode(fields).encode("ascii")


def entry_hash(
    previous: str,
    *,
    player_id: str,
    seq: int,
    kind: str,
    amount: int,
    balance_after: int,
    created_at: datetime,
    coup_id: int | None = None,
    bet: str | None = None,
    note: str | None = None,
) -> str:
    """The entry's chain hash: SHA-256 of :func:`canonical`, as 64 lowercase hex digits.

    Any change to a field or to ``previous`` changes it:

    >>> at = datetime(2026, 1, 1, tzinfo=UTC)
    >>> a = entry_hash(GENESIS, player_id="p", seq=1, kind="grant", amount=5, balance_after=5,
    ...     created_at=at, note="welcome")  # fmt: skip
    >>> b = entry_hash(GENESIS, player_id="p", seq=1, kind="grant", amount=6, balance_after=5,
    ...     created_at=at, note="welcome")  # fmt: skip
    >>> a != b
    True
    """
    data = canonical(
        previous,
        player_id=player_id,
        seq=seq,
        kind=kind,
        amount=amount,
        balance_after=balance_after,
        created_at=created_at,
        coup_id=coup_id,
        bet=bet,
        note=note,
    )
    return hashlib.sha256(data).hexdigest()
