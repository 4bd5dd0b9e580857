"""The ledger's hash chain: written with every entry, verified by the ledger check, which names the
first entry changed by hand in the database; filled in for the entries of an upgraded ledger."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from alembic import command
from sqlalchemy import Connection, select, text

from baccarat.core.chain import GENESIS, entry_hash
from baccarat.ledger.check import Head, check_ledger
from baccarat.store.db import Store, alembic_config, migrate
from baccarat.store.models import Entry
from support.fair import ContributingService


def _play(store: Store, players: int = 3, coups: int = 4) -> list[str]:
    """Players, each dealt ``coups`` coups (a stake on the Banker and one on a pair)."""
    service = ContributingService(store, rng=random.Random(5))
    ids = []
    for _ in range(players):
        player = service.join().player_id
        table = service.open_table(player, decks=8).id
        for _ in range(coups):
            service.deal(player, table, {"banker": 10_00, "player_pair": 1_00})
        ids.append(player)
    return ids


def _hashes(store: Store) -> dict[tuple[str, int], str]:
    with store.reading() as db:
        rows = db.execute(select(Entry.player_id, Entry.seq, Entry.chain_hash))
        return {(player, seq): chained for player, seq, chained in rows}


def _recomputed(store: Store) -> dict[tuple[str, int], str]:
    """Every entry's chain hash, computed again from the entries' fields alone."""
    chain: dict[tuple[str, int], str] = {}
    with store.reading() as db:
        for entry in db.scalars(select(Entry).order_by(Entry.player_id, Entry.seq)):
            previous = chain.get((entry.player_id, entry.seq - 1), GENESIS)
            chain[entry.player_id, entry.seq] = entry_hash(
                previous,
                player_id=entry.player_id,
                seq=entry.seq,
                kind=entry.kind,
                amount=entry.amount,
                balance_after=entry.balance_after,
                created_at=entry.created_at,
                coup_id=entry.coup_id,
                bet=entry.bet,
                note=entry.note,
            )
    return chain


def _broken(store: Store) -> list[tuple[str | None, object]]:
    found = check_ledger(store).discrepancies
    return [(d.player_id, d.params["entry"]) for d in found if d.code == "chain_broken"]


def by_hand(store: Store, *statements: str) -> None:
    """Run ``statements`` on the entries as someone with the database's password could: with the
    triggers that keep entries immutable out of the way first."""
    with store.engine.begin() as conn:
        _lift_immutability(conn)
        for statement in statements:
            conn.execute(text(statement))


def _lift_immutability(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        conn.execute(text("ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_immutable"))
    else:
        conn.execute(text("DROP TRIGGER IF EXISTS ledger_entries_no_update"))
        conn.execute(text("DROP TRIGGER IF EXISTS ledger_entries_no_delete"))


def test_deals_chain_every_entry_of_every_player(store: Store) -> None:
    players = _play(store)
    stored = _hashes(store)
    assert stored == _recomputed(store)
    assert {player for player, _ in stored} == set(players)
    report = check_ledger(store)
    assert report.ok, report.discrepancies
    last = {player: max(seq for p, seq in stored if p == player) for player in players}
    assert report.heads == {p: Head(last[p], stored[p, last[p]]) for p in players}


def test_a_welcome_and_a_top_up_are_chained_too(store: Store) -> None:
    service = ContributingService(store, rng=random.Random(5))
    player = service.join().player_id
    table = service.open_table(player).id
    while service.player(player).balance >= service.starting_balance:
        service.deal(player, table, {"player": 100_00})
    service.top_up(player)
    kinds = [kind for (p, _), kind in _kinds(store).items() if p == player]
    assert kinds[0] == kinds[-1] == "grant"
    assert _hashes(store) == _recomputed(store)
    assert check_ledger(store).ok


def _kinds(store: Store) -> dict[tuple[str, int], str]:
    with store.reading() as db:
        rows = db.execute(select(Entry.player_id, Entry.seq, Entry.kind).order_by(Entry.seq))
        return {(player, seq): kind for player, seq, kind in rows}


# Each tamper takes a player with entries 1 … n (n ≥ 9) and a second one with at most 3, and says
# which entries the check must name as the first to break its player's chain.
Tamper = Callable[[str, str], tuple[list[str], set[tuple[str, int]]]]


def _amount(a: str, b: str) -> tuple[list[str], set[tuple[str, int]]]:
    change = f"UPDATE ledger_entries SET amount = amount * 2 WHERE player_id = '{a}' AND seq = 4"
    return [change], {(a, 4)}


def _balance(a: str, b: str) -> tuple[list[str], set[tuple[str, int]]]:
    """Balances and amounts changed together, so the running balances still add up."""
    return [
        f"UPDATE ledger_entries SET amount = amount + 1 WHERE player_id = '{a}' AND seq = 1",
        f"UPDATE ledger_entries SET balance_after = balance_after + 1 WHERE player_id = '{a}'",
    ], {(a, 1)}


def _player(a: str, b: str) -> tuple[list[str], set[tuple[str, int]]]:
    """Entry 7 of ``a`` moved to ``b`` (who has fewer): it breaks ``b``'s chain, and ``a``'s at
    the entry after the gap."""
    move = f"UPDATE ledger_entries SET player_id = '{b}' WHERE player_id = '{a}' AND seq = 7"
    return [move], {(b, 7), (a, 8)}


def _swap(a: str, b: str) -> tuple[list[str], set[tuple[str, int]]]:
    where = f"WHERE player_id = '{a}' AND seq ="
    return [
        f"UPDATE ledger_entries SET seq = 1000 {where} 3",
        f"UPDATE ledger_entries SET seq = 3 {where} 4",
        f"UPDATE ledger_entries SET seq = 4 {where} 1000",
    ], {(a, 3)}


def _delete(a: str, b: str) -> tuple[list[str], set[tuple[str, int]]]:
    return [f"DELETE FROM ledger_entries WHERE player_id = '{a}' AND seq = 5"], {(a, 6)}


def _date(a: str, b: str) -> tuple[list[str], set[tuple[str, int]]]:
    """One microsecond earlier: nothing else the check reads notices."""
    entry = f"(SELECT created_at FROM ledger_entries WHERE player_id = '{a}' AND seq = 1)"
    return [
        f"UPDATE ledger_entries SET created_at = {entry} WHERE player_id = '{a}' AND seq = 2"
    ], {(a, 2)}


@pytest.mark.parametrize("tamper", [_amount, _balance, _player, _swap, _delete, _date])
def test_the_first_entry_changed_by_hand_is_named(store: Store, tamper: Tamper) -> None:
    (a,) = _play(store, players=1, coups=4)
    (b,) = _play(store, players=1, coups=1)  # fewer entries: 1 to 3
    assert len([key for key in _hashes(store) if key[0] == a]) >= 9
    statements, first = tamper(a, b)
    by_hand(store, *statements)
    assert set(_broken(store)) == first


def test_every_later_break_of_a_chain_is_left_unreported(store: Store) -> None:
    (a,) = _play(store, players=1)
    by_hand(
        store,
        f"UPDATE ledger_entries SET amount = amount * 2 WHERE player_id = '{a}' AND seq IN (2, 5)",
    )
    assert _broken(store) == [(a, 2)]


def test_a_chain_rewritten_whole_is_caught_by_kept_heads(store: Store) -> None:
    """Someone who can write to the database can recompute every hash after a change: the chain
    alone then checks clean, but heads kept from an earlier check, elsewhere, do not match."""
    (a,) = _play(store, players=1, coups=3)
    kept = check_ledger(store).heads
    assert check_ledger(store, kept).ok
    _play(store, players=1, coups=1)
    assert check_ledger(store, kept).ok  # a ledger grows past its kept heads
    by_hand(
        store,
        f"UPDATE ledger_entries SET amount = amount + 1 WHERE player_id = '{a}' AND seq = 1",
        f"UPDATE ledger_entries SET balance_after = balance_after + 1 WHERE player_id = '{a}'",
    )
    with store.engine.begin() as conn:
        for (player, seq), chained in _recomputed(store).items():
            conn.execute(
                text("UPDATE ledger_entries SET chain_hash = :h WHERE player_id = :p AND seq = :s"),
                {"h": chained, "p": player, "s": seq},
            )
    assert check_ledger(store).ok
    (found,) = check_ledger(store, kept).discrepancies
    assert (found.code, found.player_id, found.params) == (
        "chain_anchor",
        a,
        {"entry": kept[a].seq, "kept": kept[a].hash},
    )


def test_a_chain_cut_back_is_caught_by_kept_heads(store: Store) -> None:
    """Removing a player's last entries leaves a chain that checks clean, but short of its head."""
    (a,) = _play(store, players=1, coups=3)
    kept = check_ledger(store).heads
    by_hand(store, f"DELETE FROM ledger_entries WHERE player_id = '{a}' AND seq >= 3")
    found = [
        (d.code, d.player_id, d.params.get("entry"))
        for d in check_ledger(store, kept).discrepancies
    ]
    assert ("chain_anchor", a, kept[a].seq) in found
    assert "chain_broken" not in {code for code, _, _ in found}


def test_an_upgraded_ledger_gets_the_chain_the_writer_would_have_written(
    bare_store: Store,
) -> None:
    """Migration 0012 fills the chain of every entry stored before it, per player in order."""
    migrate(bare_store.engine)
    _play(bare_store, players=3, coups=3)
    written = _hashes(bare_store)
    command.downgrade(alembic_config(bare_store.engine), "0011_trust")
    with bare_store.engine.connect() as conn:
        columns = conn.execute(select(text("*")).select_from(text("ledger_entries"))).keys()
        assert "chain_hash" not in columns
    migrate(bare_store.engine)
    assert _hashes(bare_store) == written
    report = check_ledger(bare_store)
    assert report.ok, report.discrepancies
    # Entries are immutable again after the fill.
    with pytest.raises(Exception, match="immutable"), bare_store.engine.begin() as conn:
        conn.execute(text("UPDATE ledger_entries SET amount = 1"))


def test_entries_stored_at_0011_check_clean_after_the_upgrade(bare_store: Store) -> None:
    """Entries written by the schema before the chain (no hash column at all), then upgraded."""
    from datetime import UTC, datetime

    engine = bare_store.engine
    migrate(engine, "0011_trust")
    now = datetime(2026, 1, 1, 12, 0, 0, 123456, tzinfo=UTC)
    with engine.begin() as conn:
        for player in ("p1", "p2"):
            conn.execute(
                text(
                    "INSERT INTO players (id, kind, created_at, adult_confirmed_at, "
                    "reality_check_minutes) VALUES (:p, 'guest', :now, :now, 60)"
                ),
                {"p": player, "now": now},
            )
            for seq, note in ((1, "welcome"), (2, "top_up")):
                conn.execute(
                    text(
                        "INSERT INTO ledger_entries (player_id, seq, kind, amount, "
                        "balance_after, created_at, note) "
                        "VALUES (:p, :seq, 'grant', 100, :balance, :now, :note)"
                    ),
                    {"p": player, "seq": seq, "balance": 100 * seq, "now": now, "note": note},
                )
    migrate(engine)
    stored = _hashes(bare_store)
    assert len(stored) == 4 and stored == _recomputed(bare_store)
    assert check_ledger(bare_store).ok
