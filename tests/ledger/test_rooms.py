"""Rooms: windows, stakes taken and paid by the coup's deal, one dealer, provably fair shoes."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from baccarat.fair import combine_client_seeds, verify
from baccarat.ledger import accounts
from baccarat.ledger.check import check_ledger
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.roomdeal import LEASE
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store: Store, clock: Clock) -> PlayService:
    return PlayService(store, rng=random.Random(7), clock=clock)


def balance(service: PlayService, player: str) -> int:
    with service.store.reading() as db:
        return accounts.balance(db, player)


def test_a_window_takes_bets_and_its_coup_settles_them(service: PlayService, clock: Clock) -> None:
    room = service.rooms.create("Salon", window_seconds=10, reveal_seconds=2)
    players = [service.join().player_id for _ in range(3)]
    for player in players:
        service.rooms.sit(room.id, player)
    watcher = service.join().player_id
    service.rooms.sit(room.id, watcher, seated=False)
    assert service.rooms.get(room.id).seats.seated == 3
    assert service.rooms.get(room.id).seats.watching == 1
    assert service.rooms.step("a", room.id) == "window"
    service.rooms.bet(room.id, players[0], {"banker": 100_00})
    service.rooms.bet(room.id, players[1], {"player": 50_00, "tie": 10_00})
    service.rooms.bet(room.id, players[1], {"player": 20_00})  # replaces the first
    with pytest.raises(LedgerError) as refused:
        service.rooms.bet(room.id, watcher, {"banker": 100})
    assert refused.value.code == "not_seated"
    before = {player: balance(service, player) for player in players}
    assert before[players[0]] == before[players[1]]  # nothing charged while the window is open
    assert service.rooms.step("a", room.id) is None  # not closed yet
    clock.tick(10)
    with pytest.raises(LedgerError) as late:
        service.rooms.bet(room.id, players[2], {"banker": 100})
    assert late.value.code == "window_closed"
    assert service.rooms.step("a", room.id) == "coup"
    events = service.rooms.events_after(room.id, 0)
    coup = next(e for e in events if e.kind == "coup")
    assert coup.body["bettors"] == 2 and coup.body["round"] == 1
    assert events[-1].kind == "window" and events[-1].body["round"] == 2
    assert balance(service, players[2]) == before[players[2]]
    assert balance(service, players[0]) != before[players[0]]
    report = check_ledger(service.store)
    assert report.ok, report.discrepancies
    assert [e.id for e in events] == sorted(e.id for e in events)


def test_nobody_seated_pauses_and_a_room_coup_needs_no_stake(
    service: PlayService, clock: Clock
) -> None:
    room = service.rooms.create("Salon", window_seconds=5, reveal_seconds=0)
    player = service.join().player_id
    assert service.rooms.step("a", room.id) is None  # nobody seated: stays paused
    service.rooms.sit(room.id, player)
    assert service.rooms.step("a", room.id) == "window"
    service.rooms.leave(room.id, player)
    clock.tick(5)
    assert service.rooms.step("a", room.id) == "coup"  # dealt for nobody, then paused
    assert service.rooms.get(room.id).phase == "paused"
    assert check_ledger(service.store).ok


def test_a_stake_the_balance_no_longer_covers_is_not_taken(
    service: PlayService, clock: Clock
) -> None:
    room = service.rooms.create("Salon", window_seconds=5, reveal_seconds=0)
    player = service.join().player_id
    service.rooms.sit(room.id, player)
    service.rooms.step("a", room.id)
    everything = balance(service, player)
    service.rooms.bet(room.id, player, {"banker": everything})
    table = service.table(player)
    assert table.next_shoe is not None
    service.set_client_seed(player, table.id, "mine", table.next_shoe.commitment)
    while balance(service, player) >= everything:  # loses at the private table meanwhile
        service.deal(player, table.id, {"player": 100_00})
    after_private = balance(service, player)
    clock.tick(5)
    assert service.rooms.step("a", room.id) == "coup"
    assert balance(service, player) == after_private  # the room's stake was not taken
    assert check_ledger(service.store).ok


def test_a_player_cooling_off_may_watch_but_not_bet(service: PlayService, clock: Clock) -> None:
    room = service.rooms.create("Salon", window_seconds=5)
    player = service.join().player_id
    service.rooms.sit(room.id, player)
    service.rooms.step("a", room.id)
    service.cool_off(player, "1d")
    with pytest.raises(LedgerError) as refused:
        service.rooms.bet(room.id, player, {"banker": 100})
    assert refused.value.code == "cooling_off"
    assert service.rooms.sit(room.id, player, seated=False).watching == 1


def test_one_dealer_at_a_time_and_another_takes_over(service: PlayService, clock: Clock) -> None:
    room = service.rooms.create("Salon", window_seconds=5, reveal_seconds=0)
    player = service.join().player_id
    service.rooms.sit(room.id, player)
    assert service.rooms.step("a", room.id) == "window"
    for _ in range(5):  # a renews its lease as it goes
        clock.tick(1)
        assert service.rooms.step("b", room.id) is None  # a holds the lease
        if clock.now < service.rooms.get(room.id).closes_at:  # type: ignore[operator]
            assert service.rooms.step("a", room.id) is None
    assert service.rooms.step("a", room.id) == "coup"
    assert service.rooms.step("a", room.id) is None
    # a dies: its lease runs out, b deals the next window, once.
    clock.tick(LEASE.total_seconds() + 5)
    service.rooms.seen(room.id, player)
    assert service.rooms.step("b", room.id) == "coup"
    assert service.rooms.step("a", room.id) is None
    coups = [e for e in service.rooms.events_after(room.id, 0) if e.kind == "coup"]
    assert [c.body["round"] for c in coups] == [1, 2]
    assert check_ledger(service.store).ok


def test_contributions_make_the_shoe_and_it_verifies(service: PlayService, clock: Clock) -> None:
    room = service.rooms.create("Salon", decks=1, window_seconds=1, reveal_seconds=0)
    players = [service.join().player_id for _ in range(2)]
    first = service.rooms.get(room.id).shoe
    service.rooms.contribute(room.id, players[0], "alpha", first.commitment)
    service.rooms.contribute(room.id, players[1], "beta")
    for player in players:
        service.rooms.sit(room.id, player)
    service.rooms.step("a", room.id)
    for _ in range(60):
        service.rooms.bet(room.id, players[0], {"banker": 1_00})
        clock.tick(1)
        for player in players:
            service.rooms.seen(room.id, player)
        service.rooms.step("a", room.id)
        if service.rooms.get(room.id).shoe.number == 2:
            break
    ended = next(shoe for shoe in service.rooms.shoes(room.id) if shoe.number == 1)
    assert ended.finished and ended.server_seed is not None and ended.client_seed is not None
    assert ended.client_seed == combine_client_seeds(["beta", "alpha"])
    assert service.rooms.contributions(room.id, 1) == ["alpha", "beta"]
    service.rooms.contribute(room.id, players[0], "next one")  # shoe 2: no coup yet
    clock.tick(1)
    service.rooms.seen(room.id, players[0])
    assert service.rooms.step("a", room.id) == "coup"  # shoe 2's first coup
    with pytest.raises(LedgerError) as closed:
        service.rooms.contribute(room.id, players[1], "too late")
    assert closed.value.code == "client_seed_closed"
    verification, events = service.rooms.verify(room.id, 1)
    assert verification.ok and events.in_order
    assert verify(ended.server_seed, ended.client_seed, 1, commitment=first.commitment).ok
    assert check_ledger(service.store).ok
