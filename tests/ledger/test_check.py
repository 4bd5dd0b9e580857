"""The ledger check passes on real play and names each kind of discrepancy it is built to find."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from baccarat.core.chain import entry_hash
from baccarat.ledger.check import check_ledger
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store
from baccarat.store.models import CoupRecord, DealKey, Entry, Player, ShoeRecord, TableRecord
from support.fair import ContributingService

NOON_2000 = datetime(2000, 1, 1, 12, 0, tzinfo=UTC)


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
    fields: dict[str, Any] = {
        "player_id": player,
        "seq": last.seq + 1 + skip,
        "kind": "grant",
        "note": "top_up",
        "amount": 5_00,
        "balance_after": last.balance_after + 5_00 + balance_error,
        "created_at": last.created_at - (earlier or timedelta(0)),
    }
    # Chained like the ledger would: each test sees only the discrepancy it is about.
    db.add(Entry(**fields, chain_hash=entry_hash(last.chain_hash, **fields)))
    return last


def _played(store: Store) -> tuple[PlayService, str, int]:
    service = ContributingService(store, rng=random.Random(11))
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


def test_a_stored_result_that_differs_from_the_cards_is_reported(store: Store) -> None:
    """``winner``, ``summary_index`` and ``pair_index`` are written with a coup and read by no
    one: the check re-deals each coup from its cards and compares."""
    _, player, table = _played(store)
    with store.transaction() as db:
        coup = db.query(CoupRecord).filter(CoupRecord.table_id == table).first()
        assert coup is not None
        coup_id, winner = coup.id, coup.winner
        wrong = "player" if winner != "player" else "banker"
        db.execute(
            update(CoupRecord)
            .where(CoupRecord.id == coup_id)
            .values(winner=wrong, pair_index=coup.pair_index + 1)
        )
    found = check_ledger(store).discrepancies
    assert [(d.code, d.player_id, d.coup_id, d.params["column"]) for d in found] == [
        ("coup_record", player, coup_id, "winner"),
        ("coup_record", player, coup_id, "pair_index"),
    ]
    assert found[0].params == {"column": "winner", "stored": wrong, "expected": winner}


def test_dates_written_together_that_disagree_are_reported(store: Store) -> None:
    """A player is created at the gate with the welcome grant; a table with its first shoe; a
    next shoe by the deal of the coup that ended the one before; a key with its coup."""
    service, player, table = _played(store)
    keyed = service.deal(player, table, {"banker": 1_00}, idempotency_key="k-1").coup
    later = datetime(2100, 1, 1, tzinfo=UTC)
    with store.transaction() as db:
        db.execute(update(Player).where(Player.id == player).values(adult_confirmed_at=later))
        db.execute(update(TableRecord).where(TableRecord.id == table).values(created_at=later))
        second = (
            db.query(ShoeRecord).filter(ShoeRecord.table_id == table, ShoeRecord.number == 2).one()
        )
        db.execute(
            update(ShoeRecord).where(ShoeRecord.id == second.id).values(created_at=NOON_2000)
        )
        db.execute(update(DealKey).where(DealKey.key == "k-1").values(created_at=later))
    found = {d.code: d for d in check_ledger(store).discrepancies}
    assert set(found) == {"gate_date", "table_date", "shoe_date", "deal_key_date"}
    assert found["gate_date"].player_id == player
    assert found["gate_date"].params["gate"] == later.isoformat()
    assert found["table_date"].params["table_at"] == later.isoformat()
    assert found["shoe_date"].shoe_id == second.id
    assert (found["shoe_date"].params["number"], found["shoe_date"].params["previous"]) == (2, 1)
    assert found["deal_key_date"].coup_id == keyed.id
    assert found["deal_key_date"].params["coup_at"] == keyed.created_at.isoformat()


def test_a_table_whose_stored_rules_do_not_read_is_reported_once(store: Store) -> None:
    """A table keeps the TOML of the rule set it was opened with and settles by it; rules that
    no longer read are one discrepancy for the table, and its coups are not settled by a guess."""
    _, player, table = _played(store)
    with store.transaction() as db:
        db.execute(update(TableRecord).where(TableRecord.id == table).values(rules_toml="[oops"))
    found = check_ledger(store).discrepancies
    assert [(d.code, d.player_id, d.params["table"]) for d in found] == [
        ("table_rules", player, table)
    ]
    assert "malformed TOML" in found[0].detail


def test_stored_rules_under_another_name_are_reported(store: Store) -> None:
    from baccarat.core.rulefile import rule_set_to_toml
    from baccarat.core.rules import get_rule_set

    _, player, table = _played(store)
    with store.transaction() as db:
        # The TOML of another built-in rule set, under the table's own name.
        other = rule_set_to_toml(get_rule_set("no-commission"))
        db.execute(update(TableRecord).where(TableRecord.id == table).values(rules_toml=other))
    found = [d for d in check_ledger(store).discrepancies if d.code == "table_rules"]
    assert [(d.player_id, d.params["stored"], d.params["kept"]) for d in found] == [
        (player, "punto-banco", "no-commission")
    ]
