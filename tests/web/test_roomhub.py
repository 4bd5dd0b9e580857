"""The rooms' hub in one process: screens told of a room's events in order, by the process's own
dealer and, on PostgreSQL, by another process's NOTIFY; a screen too slow, a server stopping."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from baccarat.ledger.rooms import StoredEvent
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store
from baccarat.web.roomhub import RoomHub, Subscriber, _offer, dealer_name
from support.databases import shared_database

WAIT = 60.0
"""Seconds an awaited event may take: only a hang trips it."""


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with shared_database(request.param, tmp_path, "hub") as found:
        yield found


async def _next(subscriber: Subscriber) -> StoredEvent | None:
    return await asyncio.wait_for(subscriber.queue.get(), WAIT)


def test_the_dealer_opens_a_window_and_the_screen_hears_it(url: str) -> None:
    store = Store.open(url)
    service = PlayService(store, rng=random.Random(4))
    room = service.rooms.create("Salon", window_seconds=1, reveal_seconds=0)
    player = service.join().player_id

    async def scenario() -> list[str]:
        hub = RoomHub(service.rooms, store)
        hub.start(deal=True, interval=0.02)
        try:
            screen = await hub.subscribe(room.id)
            assert hub.screens(room.id) == 1
            await asyncio.to_thread(service.rooms.sit, room.id, player)
            kinds = []
            while "coup" not in kinds:  # the seat, the window, then its coup
                event = await _next(screen)
                assert event is not None
                kinds.append(event.kind)
            hub.unsubscribe(screen)
            assert hub.screens(room.id) == 0
            return kinds
        finally:
            await hub.stop()

    kinds = asyncio.run(scenario())
    assert kinds[:2] == ["seats", "window"] and kinds[-1] == "coup"
    # Stopped, the process gave its leases back: another may deal at once.
    with store.reading() as db:
        from baccarat.store.models import RoomRecord

        record = db.get(RoomRecord, room.id)
        assert record is not None and record.dealer is None
    store.close()


def test_another_process_is_heard_through_notify(tmp_path: Path) -> None:
    with shared_database("postgresql", tmp_path, "notify") as url:
        store = Store.open(url)
        service = PlayService(store)
        room = service.rooms.create("Salon", window_seconds=30)
        other = PlayService(Store.open(url))  # another process's service, its own connections
        player = other.join().player_id

        async def scenario() -> StoredEvent | None:
            hub = RoomHub(service.rooms, store)
            hub.start(deal=False, sweep=3600)  # no sweep: only the notification can tell it
            try:
                screen = await hub.subscribe(room.id)
                assert await asyncio.to_thread(hub.listening.wait, WAIT)
                await asyncio.to_thread(other.rooms.sit, room.id, player, False)
                return await _next(screen)
            finally:
                await hub.stop()

        event = asyncio.run(scenario())
        assert event is not None and event.kind == "seats"
        assert event.body == {"seated": 0, "watching": 1}
        other.store.close()
        store.close()


def test_a_stopping_server_ends_every_stream(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'hub.sqlite3'}")
    service = PlayService(store)
    room = service.rooms.create("Salon", window_seconds=30)

    async def scenario() -> tuple[StoredEvent | None, StoredEvent | None]:
        hub = RoomHub(service.rooms, store)
        hub.start(deal=False)
        screen = await hub.subscribe(room.id)
        hub.closing()
        ended = await _next(screen)
        late = await hub.subscribe(room.id)  # a screen arriving while it stops: ended at once
        await hub.stop()
        return ended, await _next(late)

    assert asyncio.run(scenario()) == (None, None)
    store.close()


def test_a_screen_too_far_behind_is_ended() -> None:
    async def scenario() -> list[StoredEvent | None]:
        screen = Subscriber(1, asyncio.Queue(2))
        events = [StoredEvent(n, 1, "seats", {}) for n in (1, 2, 3)]
        assert [_offer(screen, event) for event in events] == [True, True, False]
        return [screen.queue.get_nowait() for _ in range(screen.queue.qsize())]

    # What it had is dropped for the end of its stream: it reconnects and reads from its last.
    assert asyncio.run(scenario()) == [None]


def test_a_dealer_is_named_by_its_host_and_process() -> None:
    import os

    first, second = dealer_name(), dealer_name()
    assert first.split(":")[1] == str(os.getpid()) and first != second


def test_the_servers_stop_signal_ends_the_streams_first(tmp_path: Path) -> None:
    import signal

    store = Store.open(f"sqlite:///{tmp_path / 'hub.sqlite3'}")
    service = PlayService(store)
    room = service.rooms.create("Salon", window_seconds=30)
    told: list[int] = []
    original = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, lambda sig, frame: told.append(sig))  # the server's own

    async def scenario() -> StoredEvent | None:
        hub = RoomHub(service.rooms, store)
        hub.start(deal=False)
        screen = await hub.subscribe(room.id)
        handler = signal.getsignal(signal.SIGINT)
        assert callable(handler)
        handler(signal.SIGINT, None)  # Ctrl+C: the streams end, then the server is told
        ended = await _next(screen)
        await hub.stop()
        return ended

    try:
        assert asyncio.run(scenario()) is None
        assert told == [signal.SIGINT]
        assert signal.getsignal(signal.SIGINT) is not original  # the server's handler is back
        restored = signal.getsignal(signal.SIGINT)
        assert callable(restored)
        restored(signal.SIGINT, None)
        assert told == [signal.SIGINT, signal.SIGINT]
    finally:
        signal.signal(signal.SIGINT, original)
        store.close()
