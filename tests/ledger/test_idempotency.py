"""Idempotency keys and serialised writers: a retried deal never deals or charges twice, and
concurrent requests on one account all commit, one after the other, without a lost update."""

from __future__ import annotations

import random
import threading
from pathlib import Path

from sqlalchemy import func, select

from baccarat.ledger.check import check_ledger
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store
from baccarat.store.models import CoupRecord, DealKey, Entry
from support.errors import raises_code
from support.fair import ContributingService

from .conftest import postgres_store


def _counts(store: Store) -> tuple[int, int, int]:
    with store.reading() as db:
        return (
            db.scalar(select(func.count()).select_from(Entry)) or 0,
            db.scalar(select(func.count()).select_from(CoupRecord)) or 0,
            db.scalar(select(func.count()).select_from(DealKey)) or 0,
        )


def test_a_retried_deal_returns_the_first_result_and_charges_once(store: Store) -> None:
    service = ContributingService(store, rng=random.Random(3))
    player = service.join().player_id
    table = service.table(player).id
    first = service.deal(player, table, {"banker": 100_00, "tie": 5_00}, idempotency_key="k-1")
    counts = _counts(store)
    again = service.deal(player, table, {"tie": 5_00, "banker": 100_00}, idempotency_key="k-1")
    assert _counts(store) == counts
    assert again.replayed and not first.replayed
    assert again.coup == first.coup
    assert (again.balance_before, again.balance_after) == (
        first.balance_before,
        first.balance_after,
    )
    assert again.shoe == first.shoe and again.new_shoe == first.new_shoe
    assert again.player.balance == first.balance_after
    # A new key deals the next coup.
    nxt = service.deal(player, table, {"banker": 100_00}, idempotency_key="k-2")
    assert nxt.coup.number == first.coup.number + 1 and nxt.balance_before == first.balance_after
    assert check_ledger(store).ok


def test_a_key_is_per_player_and_for_one_deal_only(store: Store) -> None:
    service = ContributingService(store, rng=random.Random(4))
    alice, bob = service.join().player_id, service.join().player_id
    table_a, table_b = service.table(alice).id, service.table(bob).id
    service.deal(alice, table_a, {"player": 10_00}, idempotency_key="same")
    # Another player's identical key is their own: a fresh deal, not Alice's coup.
    bobs = service.deal(bob, table_b, {"player": 10_00}, idempotency_key="same")
    assert not bobs.replayed and bobs.coup.table_id == table_b
    counts = _counts(store)
    with raises_code(LedgerError, "idempotency_key_reused"):
        service.deal(alice, table_a, {"player": 20_00}, idempotency_key="same")
    second_table = service.open_table(alice).id
    with raises_code(LedgerError, "idempotency_key_reused"):
        service.deal(alice, second_table, {"player": 10_00}, idempotency_key="same")
    for bad in ("", "x" * 65, "a b", "é"):
        with raises_code(LedgerError, "bad_idempotency_key"):
            service.deal(alice, table_a, {"player": 10_00}, idempotency_key=bad)
    assert _counts(store) == counts


def test_a_refused_deal_stores_no_key(store: Store) -> None:
    service = ContributingService(store, rng=random.Random(5), starting_balance=50_00)
    player = service.join().player_id
    table = service.table(player).id
    with raises_code(LedgerError, "insufficient_points"):
        service.deal(player, table, {"banker": 60_00}, idempotency_key="once")
    assert _counts(store)[2] == 0
    # The same key may then carry an affordable deal.
    assert not service.deal(player, table, {"banker": 10_00}, idempotency_key="once").replayed


def _race(services: list[PlayService], player: str, tables: list[int], deals: int) -> list[str]:
    """Threads (one per table, round-robin over the services) dealing on one account."""
    errors: list[str] = []
    barrier = threading.Barrier(len(tables))

    def play(index: int) -> None:
        service = services[index % len(services)]
        barrier.wait()
        for n in range(deals):
            try:
                service.deal(
                    player, tables[index], {"banker": 7_00}, idempotency_key=f"{index}-{n}"
                )
            except Exception as exc:  # every refusal is a failure of this test
                errors.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=play, args=(i,)) for i in range(len(tables))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def _check_serialised(store: Store, services: list[PlayService], threads: int, deals: int) -> None:
    player = services[0].join().player_id
    tables = [services[0].open_table(player).id for _ in range(threads)]
    assert _race(services, player, tables, deals) == []
    report = check_ledger(store)
    assert report.ok, report.discrepancies
    assert report.coups == threads * deals
    with store.reading() as db:
        total = db.scalar(select(func.sum(Entry.amount)).where(Entry.player_id == player))
    assert report.balances[player] == total


def test_concurrent_deals_on_one_account_all_commit_on_postgresql(
    postgres_available: None,
) -> None:
    # Without the row lock two writers read the same last entry and one gets balance_changed.
    for store in postgres_store():
        _check_serialised(store, [ContributingService(store)], threads=6, deals=6)


def test_concurrent_processes_on_one_sqlite_file_are_serialised(tmp_path: Path) -> None:
    # Two stores on one file stand for two server processes: only BEGIN IMMEDIATE keeps them
    # from both reading a balance and then both writing after it.
    url = f"sqlite:///{tmp_path / 'ledger.sqlite3'}"
    stores = [Store.open(url), Store.open(url)]
    try:
        _check_serialised(stores[0], [ContributingService(s) for s in stores], threads=6, deals=6)
    finally:
        for store in stores:
            store.close()
