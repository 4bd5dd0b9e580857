"""A server process's rooms, live: the dealer thread, and the hub that sends each room's events to
the screens of the room connected to this process.

The events are in the database (:class:`~baccarat.store.models.RoomEvent`), numbered in the order
they commit; the hub only tells its screens when a room has new ones, and each screen keeps the
number of the last it was sent. It learns of new events three ways, all of which end in a read of
the room's events after the last it read:

- from this process's dealer, as soon as it commits (:meth:`RoomHub.poke`);
- on PostgreSQL, from every other process, through ``LISTEN`` on the channel the events are
  announced on in their own transaction (:data:`~baccarat.ledger.rooms.NOTIFY_CHANNEL`): a
  notification is delivered at the commit, and never for a transaction rolled back;
- every second, for every room a screen watches: a notification missed while the listening
  connection was away, or an SQLite file another process writes.

A screen that connects (again) reads the events after the last one it saw itself, after it has
joined the hub, so none falls between the two (:meth:`RoomHub.subscribe`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType

from sqlalchemy.exc import SQLAlchemyError

from baccarat.ledger.rooms import NOTIFY_CHANNEL, StoredEvent
from baccarat.ledger.roomservice import RoomDealer, RoomService
from baccarat.store.db import Store

__all__ = ["FRAMES_KEPT", "RoomHub", "Subscriber", "dealer_name"]

log = logging.getLogger(__name__)

Handler = Callable[[int, FrameType | None], object]

FRAMES_KEPT = 1024
"""Events kept written out, by event and language (the latest of every room, in every language)."""

QUEUE_SIZE = 256
"""Events kept for a screen that reads slowly; past that it is dropped and reconnects."""


def dealer_name() -> str:
    """This process's name as a room's dealer: the host, the process and a random tag (a
    restarted process never takes its predecessor's lease for its own)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass(eq=False)
class Subscriber:
    """One screen's queue of a room's events."""

    room_id: int
    queue: asyncio.Queue[StoredEvent | None] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_SIZE)
    )


class RoomHub:
    """The process's screens by room, told of each room's new events (see the module)."""

    def __init__(self, rooms: RoomService, store: Store) -> None:
        self.rooms = rooms
        self.store = store
        self._subscribers: dict[int, set[Subscriber]] = {}
        self._cursor: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self.dealer: RoomDealer | None = None
        self.frames: OrderedDict[tuple[int, str], str] = OrderedDict()
        """Events as the screens are sent them, by event number and language (the event stream
        writes each out once: routers/rooms.py)."""
        self._closing = False
        self._wrapped: dict[int, Handler] = {}
        self.listening = threading.Event()
        """Set while this process listens for other processes' events (PostgreSQL)."""

    # Lifetime

    def start(self, *, deal: bool, interval: float = 0.1, sweep: float = 1.0) -> None:
        """Start sending (on the running event loop); with ``deal``, this process deals rooms
        (looking at them every ``interval`` seconds); the rooms watched are read again every
        ``sweep`` seconds whatever the news."""
        self._loop = asyncio.get_running_loop()
        self._stop.clear()
        self._chain_signals()
        self._tasks.append(self._loop.create_task(self._sweep(sweep)))
        if self.store.engine.dialect.name == "postgresql":
            threading.Thread(target=self._listen, name="baccarat-room-listen", daemon=True).start()
        if deal:
            self.dealer = RoomDealer(
                self.rooms, dealer_name(), interval=interval, changed=self.poke_threadsafe
            )
            self.dealer.start()

    def _chain_signals(self) -> None:
        """End the event streams as soon as the server is told to stop (Ctrl+C, SIGTERM).

        A server waits for its requests before it stops, and a stream never ends by itself:
        the handlers the server installed are wrapped so the streams end first. Only in the main
        thread (a server; not a test's application in a thread of its own)."""
        if threading.current_thread() is not threading.main_thread():
            return
        for number in (signal.SIGINT, signal.SIGTERM):
            previous = signal.getsignal(number)
            if not callable(previous):
                continue

            def ending(sig: int, frame: FrameType | None, previous: Handler = previous) -> None:
                self.closing()
                previous(sig, frame)

            self._wrapped[number] = previous
            signal.signal(number, ending)

    def closing(self) -> None:
        """The server stops: every stream ends (its screen reconnects to another process, or
        to this one once it is back)."""
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._end_streams)

    def _end_streams(self) -> None:
        for subscribers in self._subscribers.values():
            for subscriber in subscribers:
                _offer(subscriber, None)

    async def stop(self) -> None:
        self._stop.set()
        if threading.current_thread() is threading.main_thread():
            for number, previous in self._wrapped.items():
                signal.signal(number, previous)  # as the server had them
        self._wrapped.clear()
        if self.dealer is not None:
            await asyncio.to_thread(self.dealer.stop)
            self.dealer = None
        for task in self._tasks:
            task.cancel()
        self._tasks.clear()
        self._end_streams()

    # Screens

    async def subscribe(self, room_id: int) -> Subscriber:
        """A new screen of the room, told of every event the hub reads from now on."""
        if room_id not in self._cursor:
            latest = await asyncio.to_thread(self.rooms.latest_event_id, room_id)
            self._cursor.setdefault(room_id, latest)
        subscriber = Subscriber(room_id)
        self._subscribers.setdefault(room_id, set()).add(subscriber)
        if self._closing:
            _offer(subscriber, None)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        screens = self._subscribers.get(subscriber.room_id)
        if screens is not None:
            screens.discard(subscriber)
            if not screens:
                del self._subscribers[subscriber.room_id]
                self._cursor.pop(subscriber.room_id, None)

    def screens(self, room_id: int) -> int:
        return len(self._subscribers.get(room_id, ()))

    # News

    def poke_threadsafe(self, room_id: int) -> None:
        """:meth:`poke` from another thread (the dealer's, the listener's)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._schedule, room_id)

    def _schedule(self, room_id: int) -> None:
        if room_id in self._subscribers:
            self._tasks.append(asyncio.ensure_future(self.poke(room_id)))
            self._tasks = [task for task in self._tasks if not task.done()]

    async def poke(self, room_id: int) -> None:
        """Read the room's new events and send them to its screens, in order."""
        if room_id not in self._subscribers:
            return
        lock = self._locks.setdefault(room_id, asyncio.Lock())
        async with lock:
            after = self._cursor.get(room_id)
            if after is None:
                return
            try:
                events = await asyncio.to_thread(self.rooms.events_after, room_id, after)
            except SQLAlchemyError as exc:
                log.warning("room %s: events not read: %s", room_id, str(exc).splitlines()[0])
                return
            if not events:
                return
            if room_id in self._cursor:
                self._cursor[room_id] = events[-1].id
            for subscriber in list(self._subscribers.get(room_id, ())):
                for event in events:
                    if not _offer(subscriber, event):
                        break

    async def _sweep(self, every: float) -> None:
        while not self._stop.is_set():
            await asyncio.sleep(every)
            for room_id in list(self._subscribers):
                await self.poke(room_id)

    def _listen(self) -> None:
        """LISTEN for other processes' events (PostgreSQL), reconnecting when the link drops."""
        import psycopg

        url = self.store.engine.url.set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.listening.set()
                    for room_id in list(self._subscribers):  # what was missed while away
                        self.poke_threadsafe(room_id)
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=1.0):
                            if note.payload.isdigit():
                                self.poke_threadsafe(int(note.payload))
            except psycopg.Error as exc:
                self.listening.clear()
                log.warning("room events: listening connection lost: %s", exc)
                self._stop.wait(1.0)


def _offer(subscriber: Subscriber, event: StoredEvent | None) -> bool:
    """Queue ``event`` for the screen; a screen too far behind gets the end of its stream
    instead (it reconnects and reads what it missed from the database)."""
    try:
        subscriber.queue.put_nowait(event)
    except asyncio.QueueFull:
        while not subscriber.queue.empty():
            subscriber.queue.get_nowait()
        subscriber.queue.put_nowait(None)
        return False
    return True
