"""The ledger check passes on real play and names each kind of discrepancy it is built to find."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from sqlalchemy import update
from sqlalchemy.orm import Session

from baccarat.ledger.check import check_ledger
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store
from baccarat.store.models import CoupRecord, Entry, ShoeRecord


def _append_top_up(
    db: Session,
    player: str,
    *,
    skip: int = 0,
    balance_error: int = 0,
    earlier: timedelta | None = None,
) -> Entry:
    """Write a top-up grant of 5 points after the player's last entry directly (entries are
    immutable, and :func:`~baccarat.ledger.accounts.append` would never write it wrong): ``skip``
    numbers, a running balance off by ``balance_error``, dated ``earlier`` than the last entry.
    Returns the entry it follows."""
    last = db.query(Entry).filter(Entry.player_id == player).order_by(Entry.seq.desc())[0]
    entry = Entry(
        player_id=player,
        seq=last.seq + 1 + skip,
        kind="grant",
        note="top_up",
        amount=5_00,
        balance_after=last.balance_after + 5_00 + balance_error,
        created_at=last.created_at - (earlier or timedelta(0)),
    )
    db.add(entry)
    return last


def _played(store: Store) -> tuple[PlayService, str, int]:
    service = PlayService(store, rng=random.Random(11))
    player = service.join().player_id
    table = service.open_table(player, decks=1).id
    for n in range(12):  # a one-deck shoe ends within a dozen coups: a second shoe is shuffled
        service.deal(player, table, {"banker": 10_00, "player_pair": 1_00, "tie": (n + 1) * 100})
    service.join()
    return service, player, table


def test_real_play_adds_up(store: Store) -> None:
    _played(store)
    report = check_ledger(store)
    assert report.ok, report.discrepancies
    assert report.players == 2 and report.coups == 12 and report.shoes >= 2
    assert report.entries >= 2 + 12 * 3


def test_a_coup_without_entries_and_a_rogue_entry_are_reported(store: Store) -> None:
    _, player, table = _played(store)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    with store.transaction() as db:
        shoe = db.query(ShoeRecord).filter(ShoeRecord.table_id == table).all()[-1]
        # A coup dealt but never settled (what a half-done deal would leave).
        db.add(
            CoupRecord(
                table_id=table,
                shoe_id=shoe.id,
                number=shoe.coups_dealt + 1,
                cards="9s9h9d9c",
                winner="tie",
                summary_index=0,
                pair_index=0,
                created_at=now,
            )
        )
        # Points from nowhere: an entry whose running balance skips its amount.
        _append_top_up(db, player, skip=1, balance_error=2_00)
    codes = {d.code for d in check_ledger(store).discrepancies}
    assert codes == {"coup_unsettled", "seq_gap", "running_balance", "shoe_position"}


def test_an_entry_dated_before_the_one_it_follows_is_reported(store: Store) -> None:
    """What a clock stepping back would leave if entries were not dated in ledger order (the
    session's net would then be read wrong)."""
    _, player, _ = _played(store)
    with store.transaction() as db:
        last = _append_top_up(db, player, earlier=timedelta(seconds=1))
    early = last.created_at - timedelta(seconds=1)
    (found,) = check_ledger(store).discrepancies
    assert (found.code, found.player_id, found.params["entry"]) == (
        "entry_date_order",
        player,
        last.seq + 1,
    )
    assert found.params["at"] == early.isoformat()
    assert found.params["previous"] == last.created_at.isoformat()


def test_a_settlement_that_differs_from_the_rules_is_reported(store: Store) -> None:
    _, _, table = _played(store)
    with store.transaction() as db:
        # Change a stored coup's cards: its entries no longer match what the rules settle.
        coup = db.query(CoupRecord).filter(CoupRecord.table_id == table).first()
        assert coup is not None
        other = "9s2h9d2c" if coup.winner != "player" else "2s9h2d9c"
        db.execute(update(CoupRecord).where(CoupRecord.id == coup.id).values(cards=other))
    found = check_ledger(store).discrepancies
    assert [d.code for d in found] == ["coup_settlement"]
