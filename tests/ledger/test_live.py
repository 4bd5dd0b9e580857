"""A table's live state: used only where it stands where the database says, else rebuilt; a
deal grows it by one coup, exactly as the records would rebuild it."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.ledger import live as live_module
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.live import LiveTables
from baccarat.ledger.service import PlayService
from baccarat.ledger.views import TableView
from baccarat.roads import Roads
from baccarat.store.db import Store
from support.fair import ContributingService

NOON = datetime(2026, 12, 2, 12, tzinfo=UTC)


def _service(store: Store, seed: int = 3) -> ContributingService:
    return ContributingService(store, rng=random.Random(seed), clock=lambda: NOON)


def _rebuilt(service: PlayService, player: str, table: int) -> TableView:
    """The table as a server with nothing in memory shows it."""
    return _service(service.store).table(player, table)


def _held(service: PlayService, view: TableView) -> Roads:
    with service.live.reading(view.id, view.position) as held:
        assert held is not None, "the live state stands where the table does"
        assert held.coups is not None and tuple(held.coups) == view.coups
        return held.roads


def test_each_deal_grows_the_live_state_as_the_records_rebuild_it(store: Store) -> None:
    service = _service(store)
    player = service.join().player_id
    table = service.open_table(player, "punto-banco", 1).id
    shoes = set()
    for number in range(25):  # one-deck shoes: several ends and fresh shoes
        stakes = {"banker": 100, "tie": 100} if number % 3 else {"player": 500}
        outcome = service.deal(player, table, stakes)
        change = outcome.roads_change
        assert change is not None and change.coup == outcome.coup.number - 1
        shown = service.table(player, table)
        assert shown == _rebuilt(service, player, table)
        roads = _held(service, shown)
        assert roads.results == Roads.from_coups(view.coup for view in shown.coups).results
        shoes.add(shown.shoe.number)
    assert len(shoes) >= 3


def test_a_deal_after_a_restart_keeps_its_shoe_and_the_next_read_loads_the_coups(
    store: Store,
) -> None:
    service = _service(store)
    player = service.join().player_id
    table = service.open_table(player, "punto-banco", 8).id
    for _ in range(3):
        service.deal(player, table, {"banker": 100})
    service.live = LiveTables()  # restarted
    outcome = service.deal(player, table, {"banker": 100})
    # The coups before were never read: nothing to grow, the page asks for its panels.
    assert outcome.roads_change is None
    assert service.live.position(table) == (1, 4)
    with service.live.reading(table, (1, 4)) as held:
        assert held is None  # the coups are not known yet
    shown = service.table(player, table)
    assert shown == _rebuilt(service, player, table) and len(shown.coups) == 4
    assert _held(service, shown).results == Roads.from_coups(v.coup for v in shown.coups).results
    # Known again: the next deal grows it.
    assert service.deal(player, table, {"banker": 100}).roads_change is not None


def test_another_process_dealing_makes_the_state_stale_never_wrong(store: Store) -> None:
    one, other = _service(store), _service(store)
    player = one.join().player_id
    table = one.open_table(player, "punto-banco", 8).id
    for _ in range(2):
        one.deal(player, table, {"banker": 100})
    assert one.table(player, table).position == (1, 2)
    other.deal(player, table, {"player": 100})  # another server process at the same table
    # This process's next deal finds its state behind the database: it deals from the stored
    # position, and the coup it adds cannot grow state it does not hold.
    outcome = one.deal(player, table, {"tie": 100})
    assert outcome.coup.number == 4 and outcome.roads_change is None
    shown = one.table(player, table)
    assert shown == _rebuilt(one, player, table)
    assert [view.number for view in shown.coups] == [1, 2, 3, 4]


def test_a_coup_kept_late_never_takes_the_state_back(store: Store) -> None:
    service = _service(store)
    player = service.join().player_id
    table = service.open_table(player, "punto-banco", 8).id
    first = service.deal(player, table, {"banker": 100})
    second = service.deal(player, table, {"banker": 100})
    assert service.live.position(table) == (1, 2)
    # The first deal's thread keeps its coup only now (threads commit and keep in any order).
    assert service.live.dealt(first.shoe._shoe, first.coup) is None
    assert service.live.position(table) == (1, 2)
    shown = service.table(player, table)
    assert [view.id for view in shown.coups] == [first.coup.id, second.coup.id]


def test_a_refused_deal_changes_nothing(store: Store) -> None:
    service = _service(store)
    player = service.join().player_id
    table = service.table(player)
    with pytest.raises(LedgerError):
        service.deal(player, table.id, {"banker": 10**15})
    assert service.live.position(table.id) == (1, 0)
    assert service.table(player, table.id) == table


def test_memory_is_bounded(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    service = _service(store)
    service.live = LiveTables(capacity=2)
    player = service.join().player_id
    opened = [service.open_table(player, "punto-banco", 1).id for _ in range(3)]
    assert len(service.live) == 2 and service.live.position(opened[0]) is None
    monkeypatch.setattr(live_module, "COUPS_REMEMBERED", 5)
    table = opened[-1]
    for _ in range(30):  # through several one-deck shoes
        service.deal(player, table, {"banker": 100})
    shown = service.table(player, table)
    with service.live.reading(table, shown.position) as held:
        assert held is not None and len(held.earlier) == 5
    # What was forgotten is rebuilt, the same.
    assert service.history(player, limit=30) == _service(store).history(player, limit=30)


@settings(max_examples=12, deadline=None)
@given(steps=st.lists(st.sampled_from(["deal", "read", "restart", "elsewhere"]), max_size=25))
def test_whatever_happens_the_table_shows_what_the_records_say(steps: list[str]) -> None:
    store = Store.open("sqlite://")
    service = _service(store, seed=len(steps))
    other = _service(store)
    player = service.join().player_id
    table = service.open_table(player, "punto-banco", 1).id
    service.table(player, table)
    for step in steps:
        if step == "deal":
            service.deal(player, table, {"banker": 100})
        elif step == "elsewhere":
            other.deal(player, table, {"player": 100})
        elif step == "restart":
            service.live = LiveTables()
        else:
            shown = service.table(player, table)
            assert shown == _rebuilt(service, player, table)
            _held(service, shown)
    assert service.table(player, table) == _rebuilt(service, player, table)
    store.close()
