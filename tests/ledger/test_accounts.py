"""The ledger: guests, grants, the daily top-up, appending entries, immutability, races."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from baccarat.ledger import accounts
from baccarat.ledger.accounts import STARTING_BALANCE, Posting
from baccarat.ledger.errors import LedgerError
from baccarat.store.db import Store
from baccarat.store.models import CoupRecord, Entry, EntryKind, GrantNote, ShoeRecord, TableRecord
from support.errors import raises_code

NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


def _guest(store: Store, now: datetime = NOON) -> str:
    with store.transaction() as db:
        return accounts.create_guest(db, now).id


def _coup(store: Store, player_id: str) -> int:
    """A coup row to hang stakes on (the ledger links every stake and payout to a coup)."""
    with store.transaction() as db:
        table = TableRecord(player_id=player_id, rule_set="punto-banco", decks=8, created_at=NOON)
        db.add(table)
        db.flush()
        shoe = ShoeRecord(
            table_id=table.id, number=1, decks=8, cut_card=14, burn=True, one_more_coup=True,
            card_order="", coups_dealt=1, finished=False, created_at=NOON,
        )  # fmt: skip
        db.add(shoe)
        db.flush()
        row = CoupRecord(
            table_id=table.id, shoe_id=shoe.id, number=1, cards="2c3d4h5s", winner="banker",
            summary_index=0, pair_index=0, created_at=NOON,
        )  # fmt: skip
        db.add(row)
        db.flush()
        return row.id


def _entries(store: Store, player_id: str) -> list[Entry]:
    with store.reading() as db:
        return list(
            db.scalars(select(Entry).where(Entry.player_id == player_id).order_by(Entry.seq))
        )


def _insert(store: Store, entry: Entry) -> None:
    """Write an entry directly, bypassing :func:`accounts.append` (to test the database's checks)."""
    with store.transaction() as db:
        db.add(entry)
        db.flush()


def test_a_guest_starts_with_the_welcome_grant(store: Store) -> None:
    pid = _guest(store)
    (entry,) = _entries(store, pid)
    assert (entry.seq, entry.kind, entry.amount, entry.balance_after, entry.note) == (
        1, "grant", STARTING_BALANCE, STARTING_BALANCE, GrantNote.WELCOME.value,
    )  # fmt: skip
    assert entry.created_at == NOON and entry.created_at.tzinfo is not None
    with store.reading() as db:
        assert accounts.balance(db, pid) == 10_000_00
        assert accounts.last_seq(db, pid) == 1


def test_append_numbers_entries_and_carries_the_balance(store: Store) -> None:
    pid = _guest(store)
    coup = _coup(store, pid)
    with store.transaction() as db:
        accounts.append(
            db,
            pid,
            [
                Posting(EntryKind.STAKE, -100_00, bet="banker", coup_id=coup),
                Posting(EntryKind.STAKE, -5_00, bet="tie", coup_id=coup),
                Posting(EntryKind.PAYOUT, 195_00, bet="banker", coup_id=coup),
            ],
            NOON,
        )
    rows = _entries(store, pid)
    assert [r.seq for r in rows] == [1, 2, 3, 4]
    assert [r.balance_after for r in rows] == [10_000_00, 9_900_00, 9_895_00, 10_090_00]
    assert sum(r.amount for r in rows) == rows[-1].balance_after
    with store.reading() as db:
        assert accounts.net_since(db, pid, NOON) == 90_00  # grants are not play
        assert accounts.net_since(db, pid, NOON + timedelta(seconds=1)) == 0


def test_stakes_above_the_balance_are_refused_and_nothing_is_written(store: Store) -> None:
    pid = _guest(store)
    coup = _coup(store, pid)
    with raises_code(LedgerError, "insufficient_points") as info, store.transaction() as db:
        accounts.append(
            db,
            pid,
            [
                Posting(EntryKind.STAKE, -9_000_00, bet="player", coup_id=coup),
                Posting(EntryKind.STAKE, -1_000_01, bet="tie", coup_id=coup),
            ],
            NOON,
        )
    assert info.value.params == {"stake": 10_000_01, "balance": 10_000_00}
    assert str(info.value) == "the stakes total 10000.01 points but the balance is 10000 points"
    assert len(_entries(store, pid)) == 1


def test_the_database_itself_refuses_a_negative_balance(store: Store) -> None:
    pid = _guest(store)
    coup = _coup(store, pid)
    entry = Entry(
        player_id=pid, seq=2, kind="stake", amount=-20_000_00, balance_after=-10_000_00,
        created_at=NOON, coup_id=coup, bet="player",
    )  # fmt: skip
    with pytest.raises(IntegrityError):
        _insert(store, entry)


@pytest.mark.parametrize(
    ("kind", "amount", "bet", "note"),
    [
        ("stake", 100, "player", None),  # a stake must be negative
        ("payout", -100, "player", None),  # a payout positive
        ("grant", 100, None, None),  # a grant says why
        ("grant", 100, "player", "top_up"),  # and belongs to no bet
        ("refund", 100, None, None),  # a refund belongs to a bet and a coup
    ],
)
def test_the_database_refuses_malformed_entries(
    store: Store, kind: str, amount: int, bet: str | None, note: str | None
) -> None:
    pid = _guest(store)
    coup = _coup(store, pid)
    entry = Entry(
        player_id=pid, seq=2, kind=kind, amount=amount,
        balance_after=10_000_00 + abs(amount), created_at=NOON,
        coup_id=coup if bet is not None else None, bet=bet, note=note,
    )  # fmt: skip
    with pytest.raises(IntegrityError):
        _insert(store, entry)


@pytest.mark.parametrize(
    "statement", ["UPDATE ledger_entries SET amount = 1", "DELETE FROM ledger_entries"]
)
def test_entries_are_immutable_in_the_database(store: Store, statement: str) -> None:
    pid = _guest(store)
    with pytest.raises(DBAPIError, match="immutable"), store.transaction() as db:
        db.execute(text(statement))
    assert _entries(store, pid)[0].amount == STARTING_BALANCE


def test_a_stale_writer_gets_balance_changed_not_a_lost_update(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid = _guest(store)
    coup = _coup(store, pid)
    with store.reading() as db:
        stale = accounts.last_entry(db, pid)
    with store.transaction() as db:
        accounts.append(db, pid, [Posting(EntryKind.STAKE, -100, bet="player", coup_id=coup)], NOON)
    # A second writer that read the ledger before the first one committed:
    monkeypatch.setattr(accounts, "last_entry", lambda _db, _pid: stale)
    with raises_code(LedgerError, "balance_changed"), store.transaction() as db:
        accounts.append(db, pid, [Posting(EntryKind.STAKE, -100, bet="tie", coup_id=coup)], NOON)
    monkeypatch.undo()
    rows = _entries(store, pid)
    assert [r.seq for r in rows] == [1, 2]
    assert rows[-1].balance_after == STARTING_BALANCE - 100


def test_top_up_restores_the_starting_balance_once_per_utc_day(store: Store) -> None:
    pid = _guest(store)
    with store.reading() as db:
        status = accounts.top_up_status(db, pid, NOON)
    assert (status.available, status.amount, status.used_today) == (False, 0, False)
    with raises_code(LedgerError, "top_up_not_needed"), store.transaction() as db:
        accounts.top_up(db, pid, NOON)

    coup = _coup(store, pid)
    with store.transaction() as db:
        accounts.append(
            db, pid, [Posting(EntryKind.STAKE, -1_234_56, bet="player", coup_id=coup)], NOON
        )
    with store.transaction() as db:
        entry = accounts.top_up(db, pid, NOON)
    assert (entry.kind, entry.amount, entry.note) == ("grant", 1_234_56, "top_up")
    with store.reading() as db:
        assert accounts.balance(db, pid) == STARTING_BALANCE

    with store.transaction() as db:
        accounts.append(db, pid, [Posting(EntryKind.STAKE, -100, bet="tie", coup_id=coup)], NOON)
    late = NOON.replace(hour=23, minute=59)
    with (
        raises_code(LedgerError, "top_up_used_today", match="2026-03-15 00:00 UTC"),
        store.transaction() as db,
    ):
        accounts.top_up(db, pid, late)
    with store.reading() as db:
        status = accounts.top_up_status(db, pid, late)
    assert (status.available, status.used_today, status.amount) == (False, True, 100)

    tomorrow = NOON.replace(hour=0, minute=0) + timedelta(days=1)
    with store.transaction() as db:
        assert accounts.top_up(db, pid, tomorrow).amount == 100
    with store.reading() as db:
        assert accounts.balance(db, pid) == STARTING_BALANCE


def test_an_unknown_player_is_not_found(store: Store) -> None:
    with raises_code(LedgerError, "not_found"), store.reading() as db:
        accounts.get_player(db, "nobody")


def test_entries_lists_newest_first(store: Store) -> None:
    pid = _guest(store)
    coup = _coup(store, pid)
    with store.transaction() as db:
        accounts.append(db, pid, [Posting(EntryKind.STAKE, -100, bet="tie", coup_id=coup)], NOON)
    with store.reading() as db:
        assert [e.seq for e in accounts.entries(db, pid)] == [2, 1]


def test_standing_reads_in_one_query_what_the_three_reads_give(store: Store) -> None:
    pid = _guest(store)
    coup = _coup(store, pid)
    late = NOON + timedelta(hours=3)
    with store.transaction() as db:
        accounts.append(
            db, pid, [Posting(EntryKind.STAKE, -2_000_00, bet="player", coup_id=coup)], NOON
        )
        accounts.top_up(db, pid, NOON + timedelta(hours=1))
        accounts.append(
            db,
            pid,
            [
                Posting(EntryKind.STAKE, -100_00, bet="banker", coup_id=coup),
                Posting(EntryKind.PAYOUT, 195_00, bet="banker", coup_id=coup),
            ],
            late,
        )
    tomorrow = NOON + timedelta(days=1)
    with store.reading() as db:
        for since, now in [(None, late), (NOON, late), (late, late), (late, tomorrow)]:
            got = accounts.standing(db, pid, since, now)
            status = accounts.top_up_status(db, pid, now)
            assert got.last == accounts.last_entry(db, pid)
            assert got.net_since == (accounts.net_since(db, pid, since) if since else 0)
            assert got.top_up_used_today == status.used_today
        assert accounts.standing(db, pid, NOON, late).net_since == -2_000_00 + 95_00
        assert accounts.standing(db, pid, late, late).net_since == 95_00
        assert accounts.standing(db, pid, None, late).top_up_used_today
        assert not accounts.standing(db, pid, None, tomorrow).top_up_used_today
        assert accounts.standing(db, "nobody", NOON, late) == accounts.Standing(0, 0, 0, False)


# A day of play in random steps: (minutes after noon, what happens). Stakes and payouts hang on
# one coup; a top-up is granted only when the rules allow it (below the start, once a day).
_STEPS = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=36 * 60),
        st.sampled_from(["stake", "win", "top_up"]),
        st.integers(min_value=1, max_value=5_000).map(lambda points: points * 100),
    ),
    max_size=25,
).map(sorted)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=_STEPS, since_minutes=st.integers(min_value=-60, max_value=37 * 60))
def test_standing_agrees_with_the_sum_over_the_entries_since(
    steps: list[tuple[int, str, int]], since_minutes: int
) -> None:
    """The standing's net (balance now, less the balance before ``since``, less the grants since)
    equals the plain sum of play since ``since``, wherever ``since`` falls (before the first
    entry, between two, on one, after the last, on another day)."""
    store = Store.open("sqlite://")
    try:
        pid = _guest(store, NOON - timedelta(hours=1))
        coup = _coup(store, pid)
        last = NOON
        for minutes, what, amount in steps:
            when = NOON + timedelta(minutes=minutes)
            last = when
            with store.transaction() as db:
                balance = accounts.balance(db, pid)
                if what == "stake" and amount <= balance:
                    posting = Posting(EntryKind.STAKE, -amount, bet="player", coup_id=coup)
                    accounts.append(db, pid, [posting], when)
                elif what == "win":
                    posting = Posting(EntryKind.PAYOUT, amount, bet="player", coup_id=coup)
                    accounts.append(db, pid, [posting], when)
                elif accounts.top_up_status(db, pid, when).available:
                    accounts.top_up(db, pid, when)
        since = NOON + timedelta(minutes=since_minutes)
        with store.reading() as db:
            for now in (last, last + timedelta(days=1)):
                got = accounts.standing(db, pid, since, now)
                assert got.net_since == accounts.net_since(db, pid, since)
                assert got.top_up_used_today == accounts.top_up_status(db, pid, now).used_today
                assert got.last == accounts.last_entry(db, pid)
    finally:
        store.close()


def _standing_steps(store: Store, pid: str, since: datetime, now: datetime) -> int:
    """How many SQLite virtual-machine steps :func:`accounts.standing` takes (deterministic,
    unlike a time)."""
    steps = 0

    def count() -> int:
        nonlocal steps
        steps += 1
        return 0  # go on

    with store.reading() as db:
        raw = db.connection().connection.dbapi_connection
        assert raw is not None
        raw.set_progress_handler(count, 1)
        try:
            accounts.standing(db, pid, since, now)
        finally:
            raw.set_progress_handler(None, 1)
    return steps


def test_the_standing_costs_the_same_after_a_long_history_and_a_long_session() -> None:
    """A deal reads the standing every time: its work must not grow with the entries, neither
    those before the session began nor those since (each part of the query is one seek)."""
    store = Store.open("sqlite://")
    since, later = NOON - timedelta(days=1), NOON

    def player(entries: int) -> str:
        """A player with ``entries`` stakes of 1 before ``since`` and as many after."""
        pid = _guest(store, NOON - timedelta(days=3))
        stake = [Posting(EntryKind.STAKE, -1, bet="player", coup_id=_coup(store, pid))]
        with store.transaction() as db:
            for when in (since - timedelta(days=1), later):
                for _ in range(entries):
                    accounts.append(db, pid, stake, when)
        return pid

    try:
        short, long = player(10), player(2_000)
        with store.reading() as db:
            assert accounts.standing(db, long, since, later).net_since == -2_000
        steps = (
            _standing_steps(store, short, since, later),
            _standing_steps(store, long, since, later),
        )
    finally:
        store.close()
    # A scan of either part would take thousands of steps more; seeks take a few more at most
    # (a deeper index).
    assert steps[1] <= steps[0] + 50, steps


def test_an_entry_is_never_dated_before_the_one_it_follows(store: Store) -> None:
    """A clock that stepped back does not reorder the ledger's dates (the standing relies on it)."""
    pid = _guest(store)
    coup = _coup(store, pid)
    with store.transaction() as db:
        stake = Posting(EntryKind.STAKE, -100, bet="tie", coup_id=coup)
        (entry,) = accounts.append(db, pid, [stake], NOON - timedelta(minutes=5))
    assert entry.created_at == NOON  # the welcome grant's date
    assert [e.created_at for e in _entries(store, pid)] == [NOON, NOON]


def test_append_dated_writes_what_append_writes_and_returns_their_date(store: Store) -> None:
    """The deal's way of appending: the same rows, numbered and dated alike, only the last entry
    back."""
    pid = _guest(store)
    coup = _coup(store, pid)
    postings = [
        Posting(EntryKind.STAKE, -100, bet="banker", coup_id=coup),
        Posting(EntryKind.PAYOUT, 195, bet="banker", coup_id=coup),
    ]
    with store.transaction() as db:
        assert accounts.append_dated(db, pid, postings, NOON - timedelta(minutes=5)).at == NOON
    with store.transaction() as db:
        later = NOON + timedelta(minutes=1)
        assert accounts.append_dated(db, pid, postings, later).at == later
    rows = [(e.seq, e.kind, e.amount, e.balance_after, e.created_at) for e in _entries(store, pid)]
    start = STARTING_BALANCE
    assert rows[1:] == [
        (2, "stake", -100, start - 100, NOON),
        (3, "payout", 195, start + 95, NOON),
        (4, "stake", -100, start - 5, later),
        (5, "payout", 195, start + 190, later),
    ]
    with store.transaction() as db, raises_code(LedgerError, "insufficient_points"):
        accounts.append_dated(db, pid, [Posting(EntryKind.STAKE, -(10**12), bet="tie")], later)
    assert len(_entries(store, pid)) == 5
