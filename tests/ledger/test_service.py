"""The play service: a deal and its settlement commit together or not at all; refusals charge nothing."""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event, func, select

from baccarat.core.errors import BaccaratError
from baccarat.core.rules import get_rule_set
from baccarat.core.settle import settle
from baccarat.core.shoe import Shoe
from baccarat.ledger import accounts, tables
from baccarat.ledger.auth import SEEN_EVERY
from baccarat.ledger.check import check_ledger
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.live import LiveTables
from baccarat.ledger.service import PlayService
from baccarat.ledger.views import ShoeView
from baccarat.store.db import Store
from baccarat.store.models import CoupRecord, DealKey, Entry
from baccarat.web.statuses import status_of
from support.errors import raises_code
from support.fair import ContributingService, client_seed_for

from .conftest import postgres_store

NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


def _service(store: Store, seed: int = 7) -> PlayService:
    return ContributingService(store, rng=random.Random(seed), clock=lambda: NOON)


def _counts(store: Store) -> tuple[int, int]:
    with store.reading() as db:
        return (
            db.scalar(select(func.count()).select_from(Entry)) or 0,
            db.scalar(select(func.count()).select_from(CoupRecord)) or 0,
        )


def _live_shoe(store: Store, table_id: int) -> Shoe:
    """The table's current shoe dealt straight from its stored order (no service involved);
    a shoe still waiting for the player's contribution gets it first, as a client sends it."""
    with store.transaction() as db:
        record = tables.current_shoe(db, table_id)
        if tables.awaiting_contribution(record):
            tables.contribute(record, client_seed_for(table_id, record.number), NOON)
    return Shoe.from_order(tables.decode_cards(record.card_order), tables.shoe_rules(record))


def test_join_grants_the_starting_balance_and_opens_a_default_table(store: Store) -> None:
    service = _service(store)
    player = service.join()
    assert player.balance == 10_000_00 and player.net_since == 0 and player.last_seq == 1
    table = service.table(player.player_id)
    assert (table.rule_set.name, table.decks, table.shoe.number, table.coups) == (
        "punto-banco", 8, 1, (),
    )  # fmt: skip
    assert table.shoe.cards_remaining == 416 - table.shoe.burned
    assert service.table(player.player_id).id == table.id  # the same table next time


def test_tables_deal_fixed_rules_only(store: Store) -> None:
    service = _service(store)
    pid = service.join().player_id
    with raises_code(LedgerError, "rule_set_not_playable"):
        service.open_table(pid, "chemin-de-fer")
    with pytest.raises(BaccaratError, match="unknown rule set"):
        service.open_table(pid, "macao")
    with pytest.raises(BaccaratError, match="decks"):
        service.open_table(pid, "punto-banco", decks=0)
    assert _counts(store) == (1, 0)


def test_a_deal_takes_the_stakes_and_pays_the_exact_settlement(store: Store) -> None:
    service = _service(store)
    pid = service.join().player_id
    table = service.table(pid)
    expected = _live_shoe(store, table.id).deal_coup()
    stakes = {"banker": 125_50, "tie": 10_00, "player_pair": 5_00}
    outcome = service.deal(pid, table.id, stakes)
    assert outcome.coup.coup == expected
    settlement = settle(expected, stakes, get_rule_set("punto-banco"))
    assert outcome.coup.settlement == settlement
    assert outcome.balance_before == 10_000_00
    assert outcome.balance_after == 10_000_00 + settlement.net
    assert service.player(pid).balance == outcome.balance_after
    with store.reading() as db:
        rows = accounts.entries(db, pid)[::-1]
    assert [(r.kind, r.bet, r.amount) for r in rows[1:4]] == [
        ("stake", "banker", -125_50), ("stake", "tie", -10_00), ("stake", "player_pair", -5_00),
    ]  # fmt: skip
    returned = {r.bet: r.amount for r in rows[4:]}
    assert returned == {b.bet: b.returned for b in settlement.bets if b.returned > 0}
    assert all(r.coup_id == outcome.coup.id for r in rows[1:])
    assert sum(r.amount for r in rows) == rows[-1].balance_after == outcome.balance_after


@pytest.mark.parametrize(
    ("stakes", "code"),
    [
        ({}, "no_stakes"),
        ({"dragon": 100}, "bad_stake"),  # no such bet
        ({"super_6": 100}, "bad_stake"),  # not offered by punto-banco
        ({"player": 50}, "bad_stake"),  # below the table minimum
        ({"tie": 100_000_01}, "bad_stake"),  # above the table maximum
        ({"player": -100}, "bad_stake"),
        ({"player": 6_000_00, "banker": 4_000_01}, "insufficient_points"),
    ],
)
def test_refused_deals_charge_nothing_and_deal_nothing(
    store: Store, stakes: dict[str, int], code: str
) -> None:
    service = _service(store)
    pid = service.join().player_id
    table = service.table(pid)
    before = _counts(store)
    with raises_code(LedgerError, code) as info:
        service.deal(pid, table.id, stakes)
    assert status_of(info.value) == 422  # the web answers it as a request not valid
    assert _counts(store) == before
    assert service.player(pid).balance == 10_000_00
    assert service.table(pid).shoe.coups_dealt == 0


def test_a_failure_after_dealing_rolls_everything_back(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = _service(store)
    pid = service.join().player_id
    table = service.table(pid)
    live = _live_shoe(store, table.id)
    service.deal(pid, table.id, {"player": 100_00})
    live.deal_coup()
    before = _counts(store)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(accounts, "append_dated", broken)  # how a deal writes its entries
    with pytest.raises(RuntimeError):
        service.deal(pid, table.id, {"player": 100_00})
    monkeypatch.undo()
    assert _counts(store) == before
    assert service.table(pid).shoe.coups_dealt == 1
    # The coup that failed to commit is still the next one in the shoe.
    assert service.deal(pid, table.id, {"player": 100_00}).coup.coup == live.deal_coup()


def test_a_restarted_service_continues_the_same_shoe(store: Store) -> None:
    first = _service(store)
    pid = first.join().player_id
    table = first.table(pid)
    live = _live_shoe(store, table.id)
    for _ in range(4):
        assert first.deal(pid, table.id, {"banker": 100}).coup.coup == live.deal_coup()
    restarted = _service(store, seed=99)  # a new process: empty shoe cache
    for _ in range(4):
        assert restarted.deal(pid, table.id, {"banker": 100}).coup.coup == live.deal_coup()
    assert restarted.table(pid).shoe.coups_dealt == 8


def test_the_end_of_a_shoe_shuffles_the_next_one(store: Store) -> None:
    service = _service(store)
    pid = service.join().player_id
    table = service.open_table(pid, "ez", decks=1)
    live = _live_shoe(store, table.id)
    coups = list(live.deal_all())
    for expected in coups:
        outcome = service.deal(pid, table.id, {"player": 100})
        assert outcome.coup.coup == expected and not outcome.new_shoe
        assert outcome.coup.shoe_number == 1
    assert outcome.shoe.finished and service.table(pid).shoe.finished
    assert len(service.table(pid).coups) == len(coups)
    outcome = service.deal(pid, table.id, {"player": 100})
    assert outcome.new_shoe and outcome.coup.shoe_number == 2 and outcome.coup.number == 1
    view = service.table(pid)
    assert view.shoe.number == 2 and [c.id for c in view.coups] == [outcome.coup.id]


def test_history_and_replay_settle_again_from_the_ledger(store: Store) -> None:
    service = _service(store)
    pid = service.join().player_id
    table = service.table(pid)
    dealt = [service.deal(pid, table.id, {"player": 200, "tie": 100}) for _ in range(3)]
    service.live = LiveTables()  # dealt again from the cards, not shown as remembered
    shown = service.history(pid)
    assert [v.id for v in shown] == [o.coup.id for o in reversed(dealt)]
    for outcome in dealt:
        replay = service.coup(pid, outcome.coup.id)
        assert replay.coup == outcome.coup.coup
        assert replay.settlement == outcome.coup.settlement
    assert service.history(pid, since=datetime(2030, 1, 1, tzinfo=UTC)) == []
    other = service.join().player_id
    with raises_code(LedgerError, "not_found"):
        service.coup(other, dealt[0].coup.id)
    with raises_code(LedgerError, "not_found"):
        service.deal(other, table.id, {"player": 100})


def test_session_net_and_top_up(store: Store) -> None:
    service = _service(store)
    pid = service.join().player_id
    start = NOON
    table = service.table(pid)
    total = 0
    for _ in range(5):
        total += service.deal(pid, table.id, {"player": 1_000_00}).coup.settlement.net  # type: ignore[union-attr]
    me = service.player(pid, since=start)
    assert me.net_since == total and me.balance == 10_000_00 + total
    if total < 0:
        assert me.top_up.available and me.top_up.amount == -total
        assert service.top_up(pid, since=start).balance == 10_000_00
        assert service.player(pid, since=start).net_since == total  # a grant is not play


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    plays=st.lists(
        st.dictionaries(
            st.sampled_from(["player", "banker", "tie", "big", "small", "either_pair"]),
            st.integers(1, 30).map(lambda n: n * 250_00),
            max_size=3,
        ),
        min_size=1,
        max_size=12,
    )
)
def test_the_balance_never_goes_negative_and_always_equals_the_ledger(
    plays: list[dict[str, int]],
) -> None:
    store = Store.open("sqlite://")
    service = _service(store)
    pid = service.join().player_id
    table = service.table(pid)
    for stakes in plays:
        balance = service.player(pid).balance
        try:
            outcome = service.deal(pid, table.id, stakes)
        except LedgerError as refused:
            if refused.code not in {"no_stakes", "insufficient_points", "bad_stake"}:
                raise
            assert (
                not stakes
                or sum(stakes.values()) > balance
                or any(v > get_rule_set().limits_for(k).maximum for k, v in stakes.items())
            )
            assert service.player(pid).balance == balance
            continue
        assert outcome.balance_after == balance + outcome.coup.settlement.net  # type: ignore[union-attr]
        assert outcome.balance_after >= 0
    with store.reading() as db:
        rows = accounts.entries(db, pid, limit=10_000)
    assert sum(r.amount for r in rows) == rows[0].balance_after == service.player(pid).balance
    assert all(r.balance_after >= 0 for r in rows)
    assert sorted(r.seq for r in rows) == list(range(1, len(rows) + 1))
    store.close()


@pytest.fixture(params=["sqlite-file", "postgresql"])
def shared_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store that several threads can use at once (in-memory SQLite is one shared connection)."""
    if request.param == "sqlite-file":
        store = Store.open(f"sqlite:///{tmp_path / 'race.sqlite3'}")
        yield store
        store.close()
    else:
        request.getfixturevalue("postgres_available")
        yield from postgres_store()


def test_racing_deals_at_one_table_commit_once_per_position(shared_store: Store) -> None:
    service = _service(shared_store)
    pid = service.join().player_id
    table = service.table(pid)
    results: list[object] = []
    barrier = threading.Barrier(6)

    def play() -> None:
        barrier.wait()
        for _ in range(5):
            try:
                results.append(service.deal(pid, table.id, {"player": 100_00}))
            except LedgerError as exc:  # TableBusy or BalanceChanged: nothing written
                results.append(exc)

    threads = [threading.Thread(target=play) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    dealt = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(dealt) + len(refused) == 30 and dealt
    assert all(isinstance(r, LedgerError) for r in refused)
    view = service.table(pid)
    assert view.shoe.coups_dealt == len(dealt) == len(view.coups)
    live = _live_shoe(shared_store, table.id)
    assert [c.coup for c in view.coups] == [live.deal_coup() for _ in view.coups]
    with shared_store.reading() as db:
        rows = accounts.entries(db, pid, limit=10_000)
    assert sum(r.amount for r in rows) == rows[0].balance_after == service.player(pid).balance
    assert sorted(r.seq for r in rows) == list(range(1, len(rows) + 1))
    # One chain, unforked: each writer read the hash it chains to under the player's lock.
    report = check_ledger(shared_store)
    assert report.ok, report.discrepancies


def test_a_deal_writes_exactly_the_rows_it_reports(store: Store) -> None:
    """The Core writes of a deal: one coup row, the entries in order, the key; nothing else."""
    service = _service(store)
    pid = service.join().player_id
    table = service.table(pid)
    stakes = {"banker": 10_00, "tie": 1_00, "player_pair": 2_00}
    outcome = service.deal(pid, table.id, stakes, since=NOON, idempotency_key="k-1")
    settlement = outcome.coup.settlement
    assert settlement is not None
    with store.reading() as db:
        coup = db.get(CoupRecord, outcome.coup.id)
        shoe = tables.current_shoe(db, table.id)
        rows = accounts.entries(db, pid)[::-1][1:]  # after the welcome grant
        key = db.get(DealKey, (pid, "k-1"))
    assert coup is not None and key is not None
    assert (coup.table_id, coup.shoe_id, coup.number) == (table.id, shoe.id, 1)
    assert tables.decode_cards(coup.cards) == outcome.coup.coup.cards_in_order
    assert (coup.winner, coup.summary_index, coup.pair_index, coup.created_at) == (
        outcome.coup.coup.winner.value,
        outcome.coup.coup.summary.index,
        outcome.coup.coup.pairs.index,
        NOON,
    )
    assert (shoe.coups_dealt, shoe.finished) == (1, False)
    expected = [("stake", b.bet, -b.stake) for b in settlement.bets] + [
        ("payout" if b.result.value == "win" else "refund", b.bet, b.returned)
        for b in settlement.bets
        if b.returned > 0
    ]
    assert [(r.kind, r.bet, r.amount) for r in rows] == expected
    assert [r.seq for r in rows] == list(range(2, 2 + len(expected)))
    running = 10_000_00
    for row in rows:
        running += row.amount
        assert (row.balance_after, row.coup_id, row.note, row.created_at) == (
            running,
            coup.id,
            None,
            NOON,
        )
    assert (key.coup_id, key.created_at) == (coup.id, NOON)
    # The standing the deal derived is the one the ledger gives when read afresh.
    assert outcome.player == service.player(pid, since=NOON)
    assert outcome.player.last_seq == rows[-1].seq
    assert outcome.player.net_since == settlement.net == outcome.balance_after - 10_000_00


def test_a_deal_runs_few_statements(tmp_path: Path) -> None:
    """What a deal costs is mostly its statements: lock, key, table and shoe, standing, the
    shoe's position, the coup, the entries (one executemany), the key. No second UPDATE of the
    shoe from a dirty record, no re-reading what the deal just wrote."""
    store = Store.open(f"sqlite:///{tmp_path / 'count.sqlite3'}")
    service = _service(store)
    pid = service.join().player_id
    table = service.table(pid).id
    service.deal(pid, table, {"banker": 10_00})
    statements: list[str] = []
    event.listen(
        store.engine, "before_cursor_execute", lambda *args: statements.append(args[2].split()[0])
    )
    service.deal(pid, table, {"banker": 10_00, "tie": 1_00}, since=NOON, idempotency_key="k")
    store.close()
    assert statements == [
        "BEGIN",
        "SELECT",  # the player, locked
        "SELECT",  # the idempotency key
        # The play session on the server (issue 21); its last coup is written when the clock
        # moved since the last deal (this one stands still).
        "SELECT",
        "SELECT",  # the table and its current shoe
        "SELECT",  # the last entry, the session's net, today's top-up
        "UPDATE",  # the shoe's position, if nobody moved it first
        "INSERT",  # the coup
        "INSERT",  # the entries
        "INSERT",  # the key
    ]


@pytest.mark.parametrize("with_limit", [False, True])
def test_many_deals_across_shoes_pass_the_ledger_check(store: Store, with_limit: bool) -> None:
    service = ContributingService(store, rng=random.Random(5))
    players = [service.join().player_id for _ in range(3)]
    table_ids = [service.open_table(p, decks=1).id for p in players]
    if with_limit:  # the daily coup count is only read against a limit: check it still applies
        service.set_limits(
            players[0], reality_check_minutes=60, session_limit_minutes=None, daily_coup_limit=30
        )
    for n in range(30):
        for pid, table in zip(players, table_ids, strict=True):
            service.deal(pid, table, {"player": 5_00, "tie": 1_00}, idempotency_key=f"d{n}")
    if with_limit:
        with pytest.raises(LedgerError, match="30"):
            service.deal(players[0], table_ids[0], {"player": 5_00})
    report = check_ledger(store)
    assert report.ok, report.discrepancies
    assert report.coups == 90 and report.shoes >= 3 * 3  # one-deck shoes: several each


def test_the_unseen_cards_of_a_view_are_those_of_its_moment() -> None:
    shoe = Shoe.shuffled(rng=random.Random(3))
    for _ in range(20):
        shoe.deal_coup()
    view = ShoeView.of(1, shoe)
    then = shoe.unseen_cards()
    # Shown: what was dealt, less the cards burned face down (issue 21: their ranks leaked).
    hidden = Counter(card.rank for card in shoe.burned[1:])
    assert hidden, "this shoe burns cards face down"
    assert dict(view.dealt_counts) == {r: n - hidden[r] for r, n in shoe.dealt_counts().items()}
    assert dict(view.remaining_counts) == shoe.unseen_counts()
    shoe.deal_coup()
    assert view.unseen_cards == then != shoe.unseen_cards()


def test_a_deal_in_a_session_checks_the_session_in_its_own_transaction(store: Store) -> None:
    clock = [NOON]
    service = ContributingService(store, rng=random.Random(7), clock=lambda: clock[0])
    pid = service.join().player_id
    table = service.table(pid).id
    service.deal(pid, table, {"banker": 100})  # the shoe's client seed first, as the page does
    token = service.start_session(pid)
    outcome = service.deal_in_session(token, table, {"banker": 100})
    assert outcome is not None and outcome.coup.number == 2 and outcome.player.player_id == pid
    # A use due to be written is written with the deal: the session lasts from there.
    clock[0] = NOON + SEEN_EVERY + timedelta(minutes=1)
    assert service.deal_in_session(token, table, {"banker": 100}) is not None
    clock[0] += service.session_idle - timedelta(minutes=1)
    assert service.session_player(token) == pid
    service.end_session(token)
    before = _counts(store)
    assert service.deal_in_session(token, table, {"banker": 100}) is None
    assert service.deal_in_session("not-a-session", table, {"banker": 100}) is None
    assert _counts(store) == before  # nothing dealt, nothing charged
    # The cookie of a guest from before sessions names the player itself: it still deals while
    # the guest has never had a session.
    old = service.join().player_id
    old_table = service.table(old).id
    service.deal(old, old_table, {"player": 100})
    assert service.deal_in_session(old, old_table, {"player": 100}) is not None
    assert service.deal_in_session(pid, table, {"player": 100}) is None  # pid had sessions
