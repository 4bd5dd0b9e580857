"""Tables and shoes as stored: the order persists, a restored shoe deals exactly what the live one would."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.cards import full_deck
from baccarat.core.coup import Coup
from baccarat.core.rules import get_rule_set
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.core.tableau import PUNTO_BANCO
from baccarat.ledger import accounts, tables
from baccarat.ledger.check import check_ledger
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.live import LiveTables
from baccarat.ledger.views import CoupView, DealOutcome
from baccarat.store.db import Store
from baccarat.store.models import ShoeRecord
from support.errors import raises_code
from support.fair import ContributingService

from .conftest import postgres_store

NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


@given(st.permutations(full_deck()))
def test_cards_encode_and_decode(order: list[object]) -> None:
    cards = tuple(order)
    text = tables.encode_cards(cards)  # type: ignore[arg-type]
    assert len(text) == 104
    assert tables.decode_cards(text) == cards


def _table(store: Store, decks: int = 8, seed: int = 1) -> tuple[str, int]:
    with store.transaction() as db:
        pid = accounts.create_guest(db, NOON).id
        table = tables.open_table(db, pid, get_rule_set(), decks, random.Random(seed), NOON)
        record = tables.current_shoe(db, table.id)
        assert record.card_order == "" and record.client_seed is None  # no order before it
        tables.contribute(record, f"contribution {seed}", NOON)  # the player's, after it
        return pid, table.id


def test_open_table_stores_a_full_shuffled_shoe(store: Store) -> None:
    pid, table_id = _table(store)
    with store.reading() as db:
        assert tables.current_table(db, pid).id == table_id  # type: ignore[union-attr]
        record = tables.current_shoe(db, table_id)
    order = tables.decode_cards(record.card_order)
    assert Counter(order) == Counter(full_deck() * 8)
    assert (record.number, record.coups_dealt, record.finished, record.cut_card) == (
        1,
        0,
        False,
        14,
    )
    assert tables.shoe_rules(record) == ShoeRules(decks=8)


def test_another_players_table_is_not_found(store: Store) -> None:
    _, table_id = _table(store)
    with store.transaction() as db:
        other = accounts.create_guest(db, NOON).id
    with raises_code(LedgerError, "not_found"), store.reading() as db:
        tables.get_table(db, other, table_id)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 90))
def test_a_restored_shoe_deals_what_the_live_shoe_would(seed: int, stop: int) -> None:
    store = Store.open("sqlite://")
    _, table_id = _table(store, decks=1 + seed % 8, seed=seed)
    with store.reading() as db:
        record = tables.current_shoe(db, table_id)
    live = Shoe.from_order(tables.decode_cards(record.card_order), tables.shoe_rules(record))
    kept = LiveTables()
    dealt = 0
    while dealt < stop and not live.finished:
        expected = live.deal_coup()
        # A fresh live state (a restarted server) replays the stored position, then deals on.
        shoe = (
            LiveTables().shoe_to_deal(table_id, record, PUNTO_BANCO)
            if dealt % 2
            else kept.shoe_to_deal(table_id, record, PUNTO_BANCO)
        )
        assert shoe.deal_coup() == expected
        with store.transaction() as db:
            stored = db.get(ShoeRecord, record.id)
            assert stored is not None
            tables.advance_shoe(db, stored, shoe)
            record = stored
        dealt += 1
        kept.dealt(shoe, _view(table_id, record.number, dealt, expected, live.rules.decks))
        view = kept.shoe_to_deal(table_id, record, PUNTO_BANCO)
        assert view.coups_dealt == dealt and view.remaining_counts() == live.remaining_counts()
        assert record.finished == live.finished
    store.close()


def _view(table_id: int, shoe: int, number: int, coup: Coup, decks: int) -> CoupView:
    """A coup as a deal hands it to the live state (no bets on it)."""
    return CoupView(number, table_id, shoe, number, get_rule_set(), coup, None, NOON, decks)


def test_advance_refuses_a_second_deal_from_the_same_position(store: Store) -> None:
    _, table_id = _table(store)
    with store.reading() as db:
        stale = tables.current_shoe(db, table_id)
    live = LiveTables()
    first = live.shoe_to_deal(table_id, stale, PUNTO_BANCO)
    second = live.shoe_to_deal(table_id, stale, PUNTO_BANCO)
    first.deal_coup()
    second.deal_coup()
    with store.transaction() as db:
        record = tables.current_shoe(db, table_id)
        tables.advance_shoe(db, record, first)
    with raises_code(LedgerError, "table_busy"), store.transaction() as db:
        tables.advance_shoe(db, stale, second)
    with store.reading() as db:
        assert tables.current_shoe(db, table_id).coups_dealt == 1


@pytest.fixture
def postgres(postgres_available: None) -> Iterator[Store]:
    """A PostgreSQL store: two of its transactions can be open at once on one thread."""
    yield from postgres_store()


def test_a_late_writer_at_a_shoe_position_another_deal_took_is_refused(postgres: Store) -> None:
    """Two real transactions at one table, interleaved by hand (no threads, no sleeps): one reads
    the shoe at position 0 and deals from it; meanwhile a real deal commits the same position
    on another connection; the first one's write then finds the position taken
    (``table_busy``) and rolls back. Deals never get here through the service (each
    takes the player's lock first, so two deals at one table queue): this is the backstop for a
    writer that did not."""
    service = ContributingService(postgres, rng=random.Random(2))
    pid = service.join().player_id
    table_id = service.table(pid).id
    first: list[DealOutcome] = []

    def deal_late() -> None:
        with postgres.transaction() as late:
            stale = tables.current_shoe(late, table_id)
            # Any shoe will do: the write is refused for its position, whatever it dealt.
            shoe = Shoe.shuffled(tables.shoe_rules(stale), random.Random(0))
            shoe.deal_coup()
            # Meanwhile, on its own connection: a real deal, committed.
            first.append(service.deal(pid, table_id, {"player": 100_00}))
            tables.advance_shoe(late, stale, shoe)

    with raises_code(LedgerError, "table_busy"):
        deal_late()
    view = service.table(pid)
    assert view.shoe.coups_dealt == 1 and [c.id for c in view.coups] == [first[0].coup.id]
    assert check_ledger(postgres).ok
