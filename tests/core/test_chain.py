"""The ledger's hash chain: a fixed encoding, recomputable from the rules alone."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from baccarat.core.chain import GENESIS, canonical, entry_hash

AT = datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=UTC)
STAKE: dict[str, Any] = {
    "player_id": "p1",
    "seq": 2,
    "kind": "stake",
    "amount": -25_00,
    "balance_after": 9_975_00,
    "created_at": AT,
    "coup_id": 7,
    "bet": "banker",
    "note": None,
}


def test_the_hash_is_sha256_of_a_documented_json_array() -> None:
    """An auditor recomputes it from the documented encoding, with any SHA-256."""
    text = (
        '["baccarat.ledger-entry/1","' + GENESIS + '","p1",2,"stake",-2500,997500,'
        '"2026-01-02T03:04:05.000006Z",7,"banker",null]'
    )
    assert canonical(GENESIS, **STAKE) == text.encode()
    assert entry_hash(GENESIS, **STAKE) == hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("player_id", "p2"),
        ("seq", 3),
        ("kind", "payout"),
        ("amount", -25_01),
        ("balance_after", 9_975_01),
        ("created_at", AT + timedelta(microseconds=1)),
        ("coup_id", 8),
        ("coup_id", None),
        ("bet", "player"),
        ("bet", None),
        ("note", "welcome"),
    ],
)
def test_every_field_changes_the_hash(field: str, value: object) -> None:
    assert entry_hash(GENESIS, **{**STAKE, field: value}) != entry_hash(GENESIS, **STAKE)


def test_the_previous_hash_changes_it() -> None:
    assert entry_hash("1" * 64, **STAKE) != entry_hash(GENESIS, **STAKE)


def test_a_string_cannot_pose_as_null_or_as_two_fields() -> None:
    """JSON quotes strings: ``"null"`` is not ``null``, and a comma in a field stays in it."""
    assert entry_hash(GENESIS, **{**STAKE, "bet": "null"}) != entry_hash(GENESIS, **STAKE)
    joined = canonical(GENESIS, **{**STAKE, "player_id": 'p1",2,"x'})
    assert b'"p1\\",2,\\"x"' in joined


def test_the_same_moment_in_another_zone_hashes_alike() -> None:
    local = AT.astimezone(timezone(timedelta(hours=7)))
    assert entry_hash(GENESIS, **{**STAKE, "created_at": local}) == entry_hash(GENESIS, **STAKE)


def test_a_naive_date_is_refused() -> None:
    with pytest.raises(ValueError, match="naive datetime"):
        entry_hash(GENESIS, **{**STAKE, "created_at": AT.replace(tzinfo=None)})
