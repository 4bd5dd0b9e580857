"""Responsible play: limits lower at once and rise after 24 hours, the cool-off locks play,
refused coups charge nothing."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from baccarat.ledger.dealing import Since
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.service import PlayService
from baccarat.ledger.views import DealOutcome
from baccarat.store.db import Store
from support.errors import raises_code
from support.fair import ContributingService


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 14, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _setup(store: Store) -> tuple[PlayService, Clock, str, int]:
    clock = Clock()
    service = ContributingService(store, rng=random.Random(1), clock=clock)
    player = service.join().player_id
    return service, clock, player, service.table(player).id


def _set(service: PlayService, player: str, session: int | None, daily: int | None) -> None:
    service.set_limits(
        player, reality_check_minutes=60, session_limit_minutes=session, daily_coup_limit=daily
    )


def test_defaults_no_limits_and_an_hourly_reality_check(store: Store) -> None:
    service, _, player, _ = _setup(store)
    current = service.limits(player)
    assert current.reality_check_minutes == 60
    assert (current.session_limit_minutes, current.daily_coup_limit) == (None, None)
    assert current.cool_off_until is None and current.pending == {}


def test_a_daily_coup_limit_applies_at_once_and_a_raise_waits_24_hours(store: Store) -> None:
    service, clock, player, table = _setup(store)
    _set(service, player, None, 3)
    for _ in range(3):
        service.deal(player, table, {"banker": 1_00})
    balance = service.player(player).balance
    with raises_code(LedgerError, "daily_coup_limit"):
        service.deal(player, table, {"banker": 1_00})
    assert service.player(player).balance == balance
    _set(service, player, None, 10)  # a raise: waits
    current = service.limits(player)
    assert current.daily_coup_limit == 3 and current.pending["daily_coup_limit"][0] == 10
    with raises_code(LedgerError, "daily_coup_limit"):
        service.deal(player, table, {"banker": 1_00})
    clock.now += timedelta(hours=23, minutes=59)
    assert service.limits(player).daily_coup_limit == 3
    clock.now += timedelta(minutes=1)
    assert service.limits(player).daily_coup_limit == 10
    # Lowering cancels nothing it should not: a decrease applies at once.
    _set(service, player, None, 2)
    assert service.limits(player).daily_coup_limit == 2


def test_removing_a_limit_is_a_raise_and_a_lower_value_cancels_it(store: Store) -> None:
    service, clock, player, _ = _setup(store)
    _set(service, player, 30, None)
    _set(service, player, None, None)
    current = service.limits(player)
    assert (
        current.session_limit_minutes == 30 and current.pending["session_limit_minutes"][0] is None
    )
    _set(service, player, 20, None)
    current = service.limits(player)
    assert current.session_limit_minutes == 20 and current.pending == {}
    clock.now += timedelta(days=2)
    assert service.limits(player).session_limit_minutes == 20


def test_the_session_limit_counts_from_the_session_start(store: Store) -> None:
    service, clock, player, table = _setup(store)
    _set(service, player, 30, None)
    started = clock.now
    clock.now += timedelta(minutes=29)
    service.deal(player, table, {"banker": 1_00}, since=started)
    clock.now += timedelta(minutes=1)
    with raises_code(LedgerError, "session_limit"):
        service.deal(player, table, {"banker": 1_00}, since=started)
    service.deal(player, table, {"banker": 1_00}, since=clock.now)  # a new session


def _net(outcome: DealOutcome) -> int:
    settlement = outcome.coup.settlement
    assert settlement is not None  # a deal always has stakes
    return settlement.net


def test_a_deal_reads_the_start_of_its_own_play_session(store: Store) -> None:
    """Since.PLAY_SESSION: the net since the play session's start, read by the deal itself, as
    the page shows it; a coup keeps the session alive from its own moment (30 idle minutes)."""
    service, clock, player, table = _setup(store)
    stake = {"banker": 1_00}
    first = service.deal(player, table, stake, since=Since.PLAY_SESSION, idempotency_key="a")
    # The first coup starts the session: the net since then is this coup's.
    assert first.player.net_since == _net(first)
    assert service.play_started(player) == clock.now
    started = clock.now
    clock.now += timedelta(minutes=29)
    second = service.deal(player, table, stake, since=Since.PLAY_SESSION)
    nets = _net(first) + _net(second)
    assert second.player.net_since == nets
    # 29 minutes after the second coup the session still lives: that coup was written down.
    clock.now += timedelta(minutes=29)
    assert service.play_started(player) == started
    # A retried deal answers as the first did, with the net of the same session.
    again = service.deal(player, table, stake, since=Since.PLAY_SESSION, idempotency_key="a")
    assert again.replayed and again.coup == first.coup and again.player.net_since == nets
    # After 30 idle minutes the next coup starts a new session.
    clock.now += timedelta(minutes=30)
    third = service.deal(player, table, stake, since=Since.PLAY_SESSION)
    assert third.player.net_since == _net(third)
    assert service.play_started(player) == clock.now


def test_a_cool_off_locks_play_and_cannot_be_shortened(store: Store) -> None:
    service, clock, player, table = _setup(store)
    service.deal(player, table, {"banker": 500_00})
    service.cool_off(player, "7d")
    service.cool_off(player, "1d")
    until = service.limits(player).cool_off_until
    assert until == clock.now + timedelta(days=7)
    with raises_code(LedgerError, "cooling_off"):
        service.deal(player, table, {"banker": 1_00})
    with raises_code(LedgerError, "cooling_off"):
        service.top_up(player)
    clock.now += timedelta(days=7)
    service.deal(player, table, {"banker": 1_00})


def test_bad_values_are_refused(store: Store) -> None:
    service, _, player, _ = _setup(store)
    with raises_code(LedgerError, "bad_limit"):
        _set(service, player, 0, None)
    with raises_code(LedgerError, "bad_limit"):
        service.set_limits(
            player, reality_check_minutes=1, session_limit_minutes=None, daily_coup_limit=None
        )
    with raises_code(LedgerError, "bad_limit"):
        service.cool_off(player, "forever")


def test_a_practice_coup_is_refused_by_the_limits_and_counts_for_the_day(store: Store) -> None:
    service, clock, player, table = _setup(store)
    _set(service, player, None, 2)
    assert service.play_practice_coup(player, clock.now, lambda _started: "dealt") == "dealt"
    with pytest.raises(RuntimeError):  # a coup that fails to deal is not counted
        service.play_practice_coup(player, clock.now, _fail)
    assert service.limits(player).coups_today == 1
    service.deal(player, table, {"banker": 1_00})
    assert service.limits(player).coups_today == 2
    with raises_code(LedgerError, "daily_coup_limit"):
        service.play_practice_coup(player, clock.now, lambda _started: "dealt")
    with raises_code(LedgerError, "daily_coup_limit"):
        service.deal(player, table, {"banker": 1_00})
    clock.now += timedelta(days=1)  # a new UTC day
    assert service.limits(player).coups_today == 0
    service.play_practice_coup(player, clock.now, lambda _started: "dealt")
    service.cool_off(player, "1d")
    with raises_code(LedgerError, "cooling_off"):
        service.play_practice_coup(player, clock.now, lambda _started: "dealt")
    clock.now += timedelta(days=1)
    _set(service, player, 5, None)
    with raises_code(LedgerError, "session_limit"):
        service.play_practice_coup(
            player, clock.now - timedelta(minutes=5), lambda _started: "dealt"
        )


def _fail(_started: object) -> str:
    raise RuntimeError("the shoe jammed")
