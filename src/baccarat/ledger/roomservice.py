"""The rooms' operations (:mod:`baccarat.ledger.rooms`), each one transaction, for the pages, the
API and the dealer; and :class:`RoomDealer`, the loop a server process runs to deal its rooms.

>>> import random
>>> from baccarat.store.db import Store
>>> from baccarat.ledger.service import PlayService
>>> service = PlayService(Store.open("sqlite://"), rng=random.Random(1))
>>> room = service.rooms.create("Salon", window_seconds=15)
>>> [r.name for r in service.rooms.all()], room.phase, room.shoe.commitment is not None
(['Salon'], 'paused', True)
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import Row, bindparam, func, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from baccarat.core.rules import DEFAULT_RULE_SET, get_rule_set
from baccarat.core.shoe import DEFAULT_DECKS
from baccarat.fair import Verification, check_client_seed
from baccarat.ledger import fairshoes, roomdeal, rooms, tables
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.rooms import Placed, RoomView, SeatCount, StoredEvent
from baccarat.ledger.views import FairShoeView, TableView
from baccarat.store.models import RoomRecord, RoomSeat, TableRecord

if TYPE_CHECKING:
    import random

    from baccarat.core.rules import RuleSet
    from baccarat.ledger.live import LiveTables
    from baccarat.store.db import Store


class Play(Protocol):
    """What the rooms use of the play service (:class:`baccarat.ledger.service.PlayService`):
    its store, clock, shoe randomness, live tables, rule sets and play sessions' idle time."""

    store: Store
    rng: random.Random | None
    live: LiveTables
    rule_sets: Mapping[str, RuleSet]
    play_idle: timedelta
    clock: Callable[[], datetime]


__all__ = ["DEFAULT_ROOMS", "PlayerRoom", "RoomDealer", "RoomService", "RoomSpec"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RoomSpec:
    """A room to open: its name, rule set, decks and window (seconds)."""

    name: str
    rule_set: str = DEFAULT_RULE_SET
    decks: int = DEFAULT_DECKS
    window_seconds: int = 15
    reveal_seconds: int = 6


DEFAULT_ROOMS = (
    RoomSpec("Punto Banco"),
    RoomSpec("EZ Baccarat", rule_set="ez"),
    RoomSpec("Speed", decks=6, window_seconds=8, reveal_seconds=4),
)
"""The rooms a server opens when the database has none (none with ``BACCARAT_ROOMS=false``)."""


@dataclass(frozen=True, slots=True)
class PlayerRoom:
    """A room as one player sees it: the room, their seat (True seated, False watching, None
    neither), their stakes on the open window, and the number of the room's latest event."""

    room: RoomView
    seat: bool | None
    bets: dict[str, int]
    last_event: int


class RoomService:
    """The rooms of one :class:`~baccarat.ledger.service.PlayService` (its store, clock, shoe
    randomness and live tables)."""

    def __init__(self, play: Play) -> None:
        self._play = play

    # Rooms

    def create(
        self,
        name: str,
        rule_set: str = DEFAULT_RULE_SET,
        decks: int = DEFAULT_DECKS,
        window_seconds: int = 15,
        reveal_seconds: int = 6,
    ) -> RoomView:
        """Open a room (paused until somebody sits); ``room_exists`` for a name taken."""
        play = self._play
        rules = play.rule_sets.get(rule_set) or get_rule_set(rule_set)
        now = play.clock()
        with play.store.transaction() as db:
            room = rooms.create_room(
                db, name, rules, decks, window_seconds, reveal_seconds, play.rng, now
            )
            return rooms.room_view(db, room, now)

    def open_defaults(self, specs: Sequence[RoomSpec] = DEFAULT_ROOMS) -> int:
        """Open ``specs`` if the database has no room yet (several processes starting at once
        open them once: the names are unique); how many were opened."""
        with self._play.store.reading() as db:
            if db.scalar(select(func.count()).select_from(RoomRecord)):
                return 0
        opened = 0
        for spec in specs:
            try:
                self.create(
                    spec.name, spec.rule_set, spec.decks, spec.window_seconds, spec.reveal_seconds
                )
            except LedgerError as exc:
                if exc.code != "room_exists":
                    raise
            except SQLAlchemyError:  # another process opened it between the check and the write
                continue
            else:
                opened += 1
        return opened

    def all(self) -> list[RoomView]:
        now = self._play.clock()
        with self._play.store.reading() as db:
            return rooms.list_rooms(db, now)

    def get(self, room_id: int) -> RoomView:
        now = self._play.clock()
        with self._play.store.reading() as db:
            return rooms.room_view(db, rooms.get_room(db, room_id), now)

    def table(self, room_id: int) -> TableView:
        """The room's table as a player's is shown: the shoe, its coups, roads and counts."""
        with self._play.store.reading() as db:
            return self._play.live.table_view(db, self._table(db, room_id))

    # Players

    def sit(self, room_id: int, player_id: str, seated: bool = True) -> SeatCount:
        """Sit down (may bet) or, with ``seated`` False, watch."""
        with self._play.store.transaction() as db:
            return rooms.sit(db, room_id, player_id, seated, self._play.clock())

    def seen(self, room_id: int, player_id: str) -> None:
        with self._play.store.transaction() as db:
            rooms.seen(db, room_id, player_id, self._play.clock())

    def seat(self, room_id: int, player_id: str) -> bool | None:
        """Whether the player is seated (True), watching (False) or neither (None)."""
        return self.seats_of(player_id).get(room_id)

    def seats_of(self, player_id: str) -> dict[int, bool]:
        """The rooms the player is in: room → seated (True) or watching (False)."""
        with self._play.store.reading() as db:
            rows = db.execute(
                select(RoomSeat.room_id, RoomSeat.seated).where(RoomSeat.player_id == player_id)
            )
            return {int(room_id): bool(seated) for room_id, seated in rows}

    def for_player(self, room_id: int, player_id: str) -> PlayerRoom:
        """The room as the player sees it, read at once: the room, their seat, their stakes on
        the open window, the number of its latest event."""
        now = self._play.clock()
        with self._play.store.reading() as db:
            room = rooms.get_room(db, room_id)
            seat = db.get(RoomSeat, (room_id, player_id))
            return PlayerRoom(
                rooms.room_view(db, room, now),
                None if seat is None else seat.seated,
                rooms.player_bets(db, room, player_id),
                rooms.latest_event_id(db, room_id),
            )

    def leave(self, room_id: int, player_id: str) -> SeatCount:
        with self._play.store.transaction() as db:
            return rooms.leave(db, room_id, player_id, self._play.clock())

    def bet(
        self,
        room_id: int,
        player_id: str,
        stakes: Mapping[str, int],
        round_number: int | None = None,
    ) -> Placed:
        """Place the player's stakes on the open window (:func:`baccarat.ledger.rooms.place_bets`)."""
        play = self._play
        with play.store.transaction() as db:
            return rooms.place_bets(
                db,
                room_id,
                player_id,
                stakes,
                play.clock(),
                round_number=round_number,
                play_idle=play.play_idle,
            )

    def bets(self, room_id: int, player_id: str) -> dict[str, int]:
        """The player's stakes on the room's open window."""
        with self._play.store.reading() as db:
            return rooms.player_bets(db, rooms.get_room(db, room_id), player_id)

    def stakes_on(self, player_id: str, coup_id: int) -> dict[str, int]:
        """The player's own stakes on one of a room's coups (bet → minor units)."""
        with self._play.store.reading() as db:
            return rooms.stakes_on(db, player_id, coup_id)

    def contribute(
        self, room_id: int, player_id: str, client_seed: str, commitment: str | None = None
    ) -> tuple[FairShoeView, int]:
        """The player's client seed for the room's next shoe (before its first coup); with
        ``commitment``, it must be that shoe's (``commitment_changed``)."""
        check_client_seed(client_seed)
        with self._play.store.transaction() as db:
            shoe, count = rooms.contribute(db, room_id, player_id, client_seed, self._play.clock())
            if commitment is not None and commitment != shoe.commitment:
                raise LedgerError(
                    "commitment_changed",
                    given=commitment,
                    shoe=shoe.number,
                    commitment=shoe.commitment,
                )
            return FairShoeView.of(shoe), count

    # Fairness

    def shoes(self, room_id: int) -> list[FairShoeView]:
        with self._play.store.reading() as db:
            table = self._table(db, room_id)
            return fairshoes.shoe_history(db, table)

    def contributions(self, room_id: int, number: int) -> list[str]:
        """The client seeds combined into shoe ``number``'s client seed, sorted (shown once the
        shoe has ended, with its server seed)."""
        with self._play.store.reading() as db:
            table = self._table(db, room_id)
            shoe = tables.shoe_by_number(db, table.id, number)
            if shoe is None:
                raise LedgerError("not_found", what="shoe", key=number)
            if not shoe.finished:
                raise LedgerError("shoe_not_revealed", shoe=number)
            return rooms.contributions(db, shoe.id)

    def verify(self, room_id: int, number: int) -> tuple[Verification, fairshoes.ShoeEvents]:
        with self._play.store.reading() as db:
            return fairshoes.verify_shoe(db, self._table(db, room_id), number)

    @staticmethod
    def _table(db: Session, room_id: int) -> TableRecord:
        room = rooms.get_room(db, room_id)
        table = db.get(TableRecord, room.table_id)
        assert table is not None
        return table

    # Events

    def events_after(self, room_id: int, after: int, limit: int = 500) -> list[StoredEvent]:
        with self._play.store.reading() as db:
            return rooms.events_after(db, room_id, after, limit)

    def latest_event_id(self, room_id: int) -> int:
        with self._play.store.reading() as db:
            return rooms.latest_event_id(db, room_id)

    # Dealing

    def step(self, dealer: str, room_id: int, now: datetime | None = None) -> str | None:
        """One turn of ``dealer`` at the room: claim or renew its lease when due, then do what is
        due (:func:`baccarat.ledger.roomdeal.step`); what was done (``window``, ``coup``) or None."""
        now = self._play.clock() if now is None else now
        with self._play.store.single_read() as connection:
            row = connection.execute(
                _DUE.where(RoomRecord.id == room_id), {"seen": now - rooms.SEAT_TTL}
            ).first()
        if row is None:
            raise LedgerError("not_found", what="room", key=room_id)
        return self._act(dealer, row, now)

    def turn(self, dealer: str, now: datetime | None = None) -> list[int]:
        """One turn of ``dealer`` at every room (what :meth:`step` does at one), read in one
        statement: most turns find nothing due and write nothing. The rooms changed."""
        now = self._play.clock() if now is None else now
        with self._play.store.single_read() as connection:
            rows = connection.execute(_DUE, {"seen": now - rooms.SEAT_TTL}).all()
        return [row[0] for row in rows if self._act(dealer, row, now) is not None]

    def _act(self, dealer: str, row: Row[Any], now: datetime) -> str | None:
        play = self._play
        room_id, holder, until, phase, closes_at, seated = tuple(row)
        mine = holder == dealer and until is not None and now < until
        if not mine and until is not None and now < until:
            return None  # another process deals here
        if not mine or until - now < roomdeal.LEASE / 2:
            with play.store.transaction() as db:
                if not roomdeal.claim(db, room_id, dealer, now):
                    return None
        if phase == rooms.BETTING and closes_at is not None and now < closes_at:
            return None
        if phase == rooms.PAUSED and not seated:
            return None
        with play.store.transaction() as db:
            done = roomdeal.step(
                db, room_id, dealer, now, rng=play.rng, live=play.live, play_idle=play.play_idle
            )
        if isinstance(done, roomdeal.RoundDealt):
            # Committed: the dealt shoe is the stored one, the coup part of the room's shoe.
            play.live.dealt(done.shoe, done.coup)
            return "coup"
        return done

    def release(self, dealer: str) -> None:
        """Give up ``dealer``'s leases (a process stopping): another takes over at once."""
        with self._play.store.transaction() as db:
            db.execute(
                update(RoomRecord)
                .where(RoomRecord.dealer == dealer)
                .values(dealer=None, lease_until=None)
            )


_DUE = select(
    RoomRecord.id,
    RoomRecord.dealer,
    RoomRecord.lease_until,
    RoomRecord.phase,
    RoomRecord.closes_at,
    select(func.count())
    .select_from(RoomSeat)
    .where(
        RoomSeat.room_id == RoomRecord.id,
        RoomSeat.seated,
        RoomSeat.seen_at > bindparam("seen"),
    )
    .scalar_subquery(),
).order_by(RoomRecord.id)
"""What a dealer reads of the rooms each turn, without a lock: their leases, their windows,
whether anybody is seated."""


class RoomDealer:
    """A server process's dealer: a thread that steps every room every ``interval`` seconds
    and calls ``changed(room_id)`` after each change it commits (the process's own screens are
    told at once; other processes learn of it from the database)."""

    def __init__(
        self,
        service: RoomService,
        name: str,
        *,
        interval: float = 0.1,
        changed: Callable[[int], None] = lambda _room: None,
    ) -> None:
        self.service = service
        self.name = name
        self.interval = interval
        self.changed = changed
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self.run, name="baccarat-room-dealer", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        try:
            self.service.release(self.name)
        except SQLAlchemyError:  # the database is gone: the leases run out by themselves
            log.warning("room dealer %s could not release its rooms", self.name)

    def run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                for room_id in self.service.turn(self.name):
                    self.changed(room_id)
            except (SQLAlchemyError, LedgerError) as exc:
                # The database is away, or another process raced us: the next turn tries again.
                log.warning("room dealer %s: %s", self.name, str(exc).splitlines()[0][:200])
