"""Rooms: shared tables where everyone seated bets on one shoe, in betting windows.

A room (:class:`~baccarat.store.models.RoomRecord`) owns a table with no player of its own; its
shoes, coups and provably fair seeds are that table's, so the history, the roads, the ledger
check and the verification read them as any table's. A room runs by itself:

1. while somebody is seated, a **betting window** is open until ``closes_at``; a seated player
   places stakes (:func:`place_bets`), checked at once against the rule set, the player's limits
   and balance, and kept as :class:`~baccarat.store.models.RoomBet` rows: nothing is charged yet;
2. when the window closes, one server process (the room's dealer: :mod:`baccarat.ledger.roomdeal`)
   deals the coup and, in the same transaction, takes and pays every stake of the window (each
   player's entries on their own ledger, as a private deal writes them), then opens the next
   window, or pauses the room when nobody is seated.

Everything that changes a room locks its row first (:func:`lock_room`), then any player's: a bet
and the deal that closes its window never interleave, and the order (room, then players sorted)
leaves no deadlock. Each change writes the room's events (:class:`~baccarat.store.models.RoomEvent`)
in the same transaction: what every screen of the room is sent, in order.

A room's shoe is provably fair like a private one: its commitment is shown as soon as it is
shuffled; every player may contribute a client seed until its first coup (:func:`contribute`);
the seeds received are combined (:func:`baccarat.fair.combine_client_seeds`) into the shoe's
client seed when its first coup is dealt.

>>> import random
>>> from baccarat.store.db import Store
>>> from baccarat.ledger.service import PlayService
>>> service = PlayService(Store.open("sqlite://"), rng=random.Random(3))
>>> room = service.rooms.create("Salon", window_seconds=10)
>>> player = service.join().player_id
>>> service.rooms.sit(room.id, player).seated
1
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, insert, select, text
from sqlalchemy.orm import Session

from baccarat.core.rules import RuleSet
from baccarat.core.shoe import ShoeRules
from baccarat.fair import combine_client_seeds
from baccarat.ledger import accounts, dealing, history, limits, playsessions, tables
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.views import FairShoeView
from baccarat.store.models import (
    RoomBet,
    RoomEvent,
    RoomRecord,
    RoomSeat,
    RoomSeed,
    ShoeRecord,
    TableRecord,
    is_record_id,
)

__all__ = [
    "BETTING",
    "NOTIFY_CHANNEL",
    "PAUSED",
    "SEAT_TTL",
    "Placed",
    "RoomView",
    "SeatCount",
    "add_event",
    "contribute",
    "create_room",
    "events_after",
    "latest_event_id",
    "leave",
    "list_rooms",
    "lock_room",
    "place_bets",
    "player_bets",
    "room_view",
    "seat_count",
    "sit",
]

BETTING = "betting"
PAUSED = "paused"
SEAT_TTL = timedelta(seconds=90)
"""A seat not seen for this long (no open event stream, no bet) no longer counts: its player
closed the page. An open stream is seen again every :data:`SEAT_TTL` / 3."""
MAX_WINDOW_SECONDS = 600
MAX_REVEAL_SECONDS = 60
MAX_NAME = 64


@dataclass(frozen=True, slots=True)
class SeatCount:
    """How many players are seated (may bet) and watching (seen within :data:`SEAT_TTL`)."""

    seated: int
    watching: int


@dataclass(frozen=True, slots=True)
class RoomView:
    """A room as anyone may see it."""

    id: int
    name: str
    table_id: int
    rule_set: RuleSet
    decks: int
    window_seconds: int
    reveal_seconds: int
    round: int
    phase: str
    opens_at: datetime | None
    closes_at: datetime | None
    seats: SeatCount
    shoe: FairShoeView
    """The latest shoe: its commitment before its first coup, its seeds once it has ended."""
    contributions: int
    """Client seeds received for that shoe so far."""


def create_room(
    db: Session,
    name: str,
    rule_set: RuleSet,
    decks: int,
    window_seconds: int,
    reveal_seconds: int,
    rng: random.Random | None,
    now: datetime,
) -> RoomRecord:
    """A new room, paused, with its table and its first shoe committed to."""
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise LedgerError("room_name", most=MAX_NAME, length=len(name))
    if not 1 <= window_seconds <= MAX_WINDOW_SECONDS:
        raise LedgerError("room_window", most=MAX_WINDOW_SECONDS, seconds=window_seconds)
    if not 0 <= reveal_seconds <= MAX_REVEAL_SECONDS:
        raise LedgerError("room_reveal", most=MAX_REVEAL_SECONDS, seconds=reveal_seconds)
    if rule_set.tableau.has_options:
        raise LedgerError("rule_set_not_playable", rule_set=rule_set.name)
    ShoeRules(decks=decks)
    if db.scalar(select(RoomRecord.id).where(RoomRecord.name == name)) is not None:
        raise LedgerError("room_exists", name=name)
    table = tables.open_table(db, None, rule_set, decks, rng, now)
    room = RoomRecord(
        name=name,
        table_id=table.id,
        window_seconds=window_seconds,
        reveal_seconds=reveal_seconds,
        round=0,
        phase=PAUSED,
        created_at=now,
    )
    db.add(room)
    db.flush()
    return room


def lock_room(db: Session, room_id: int) -> RoomRecord:
    """The room, its row locked until the transaction ends (see the module's description)."""
    room = (
        db.scalars(select(RoomRecord).where(RoomRecord.id == room_id).with_for_update()).first()
        if is_record_id(room_id)
        else None
    )
    if room is None:
        raise LedgerError("not_found", what="room", key=room_id)
    return room


def get_room(db: Session, room_id: int) -> RoomRecord:
    room = db.get(RoomRecord, room_id) if is_record_id(room_id) else None
    if room is None:
        raise LedgerError("not_found", what="room", key=room_id)
    return room


def seat_count(db: Session, room_id: int, now: datetime) -> SeatCount:
    rows = db.execute(
        select(RoomSeat.seated, func.count())
        .where(RoomSeat.room_id == room_id, RoomSeat.seen_at > now - SEAT_TTL)
        .group_by(RoomSeat.seated)
    ).all()
    counts = {bool(seated): int(n) for seated, n in rows}
    return SeatCount(counts.get(True, 0), counts.get(False, 0))


def room_view(db: Session, room: RoomRecord, now: datetime) -> RoomView:
    table = db.get(TableRecord, room.table_id)
    assert table is not None
    shoe = tables.current_shoe(db, room.table_id)
    contributions = db.scalar(
        select(func.count()).select_from(RoomSeed).where(RoomSeed.shoe_id == shoe.id)
    )
    return RoomView(
        id=room.id,
        name=room.name,
        table_id=room.table_id,
        rule_set=tables.rule_set_of(table),
        decks=table.decks,
        window_seconds=room.window_seconds,
        reveal_seconds=room.reveal_seconds,
        round=room.round,
        phase=room.phase,
        opens_at=room.opens_at,
        closes_at=room.closes_at,
        seats=seat_count(db, room.id, now),
        shoe=FairShoeView.of(shoe),
        contributions=int(contributions or 0),
    )


def list_rooms(db: Session, now: datetime) -> list[RoomView]:
    """Every room, in the order they were opened."""
    return [room_view(db, room, now) for room in db.scalars(select(RoomRecord).order_by("id"))]


def _seat(
    db: Session, room: RoomRecord, player_id: str, seated: bool | None, now: datetime
) -> bool:
    """Seat or watch (``seated``; None keeps the seat as it is and only marks it seen); whether
    the counts shown changed."""
    seat = db.get(RoomSeat, (room.id, player_id))
    if seat is None:
        if seated is None:
            return False
        db.add(RoomSeat(room_id=room.id, player_id=player_id, seated=seated, seen_at=now))
        db.flush()
        return True
    stale = seat.seen_at <= now - SEAT_TTL
    changed = stale or (seated is not None and seat.seated != seated)
    if seated is not None:
        seat.seated = seated
    seat.seen_at = now
    return changed


def sit(db: Session, room_id: int, player_id: str, seated: bool, now: datetime) -> SeatCount:
    """The player sits (``seated``: may bet) or watches; the counts after."""
    room = lock_room(db, room_id)
    accounts.get_player(db, player_id)
    if _seat(db, room, player_id, seated, now):
        _seats_event(db, room, now)
    return seat_count(db, room.id, now)


def seen(db: Session, room_id: int, player_id: str, now: datetime) -> None:
    """The player's screen is still open in the room (an event stream, every so often)."""
    room = lock_room(db, room_id)
    if _seat(db, room, player_id, None, now):
        _seats_event(db, room, now)


def leave(db: Session, room_id: int, player_id: str, now: datetime) -> SeatCount:
    """The player leaves: their seat goes, and their stakes of the open window with it."""
    room = lock_room(db, room_id)
    db.execute(
        delete(RoomBet).where(
            RoomBet.room_id == room.id, RoomBet.round == room.round, RoomBet.player_id == player_id
        )
    )
    gone = db.execute(
        delete(RoomSeat).where(RoomSeat.room_id == room.id, RoomSeat.player_id == player_id)
    )
    if getattr(gone, "rowcount", 1):
        _seats_event(db, room, now)
    return seat_count(db, room.id, now)


def _seats_event(db: Session, room: RoomRecord, now: datetime) -> None:
    seats = seat_count(db, room.id, now)
    add_event(db, room, "seats", {"seated": seats.seated, "watching": seats.watching}, now)


def window_open(room: RoomRecord, now: datetime) -> bool:
    return room.phase == BETTING and room.closes_at is not None and now < room.closes_at


def place_bets(
    db: Session,
    room_id: int,
    player_id: str,
    stakes: Mapping[str, int],
    now: datetime,
    *,
    round_number: int | None = None,
    play_idle: timedelta = playsessions.DEFAULT_IDLE,
) -> Placed:
    """The player's stakes for the open window (replacing any they placed in it; none: their
    bets are taken back); the window and what they now have on it. Refused, with nothing written, once the
    window has closed (``window_closed``; also for ``round_number`` if it is not the open
    window's), for a player not seated, past the player's limits, for a stake the table does not
    take or that the balance does not cover. Nothing is charged: the coup's deal does that."""
    room = lock_room(db, room_id)
    if not window_open(room, now) or (round_number is not None and round_number != room.round):
        raise LedgerError("window_closed", room=room.name)
    player = accounts.lock_player(db, player_id)
    seat = db.get(RoomSeat, (room.id, player_id))
    if seat is None or not seat.seated:
        raise LedgerError("not_seated", room=room.name)
    started = playsessions.live_start(db, player_id, now, play_idle)
    limits.check_play(db, player, now, started)
    placed = {bet: stake for bet, stake in stakes.items() if stake}
    table = db.get(TableRecord, room.table_id)
    assert table is not None
    if placed:
        dealing.check_table_stakes(placed, tables.rule_set_of(table), table.decks)
    dealing.standing_covering(db, player_id, placed, None, now)
    db.execute(
        delete(RoomBet).where(
            RoomBet.room_id == room.id, RoomBet.round == room.round, RoomBet.player_id == player_id
        )
    )
    if placed:
        db.execute(
            insert(RoomBet),
            [
                {
                    "room_id": room.id,
                    "round": room.round,
                    "player_id": player_id,
                    "bet": bet,
                    "stake": stake,
                    "placed_at": now,
                }
                for bet, stake in placed.items()
            ],
        )
    _seat(db, room, player_id, None, now)
    return Placed(room.round, placed)


@dataclass(frozen=True, slots=True)
class Placed:
    """A player's stakes on a window (its number): bet → minor units."""

    round: int
    stakes: dict[str, int]


def player_bets(db: Session, room: RoomRecord, player_id: str) -> dict[str, int]:
    """The player's stakes on the room's current window."""
    rows = db.execute(
        select(RoomBet.bet, RoomBet.stake).where(
            RoomBet.room_id == room.id, RoomBet.round == room.round, RoomBet.player_id == player_id
        )
    )
    return {bet: int(stake) for bet, stake in rows}


def stakes_on(db: Session, player_id: str, coup_id: int) -> dict[str, int]:
    """The player's own stakes on a coup, from their ledger: bet → minor units (a room's coup
    carries many players' stakes; each sees only theirs)."""
    return history.stakes_of(db, [coup_id], player_id).get(coup_id, {})


def contribute(
    db: Session, room_id: int, player_id: str, client_seed: str, now: datetime
) -> tuple[ShoeRecord, int]:
    """The player's client seed for the room's next shoe to be dealt, before its first coup
    (``client_seed_closed`` after); a second one replaces the first. The shoe and the number of
    contributions it has."""
    room = lock_room(db, room_id)
    accounts.get_player(db, player_id)
    shoe = tables.current_shoe(db, room.table_id)
    if shoe.coups_dealt or shoe.finished or not tables.awaiting_contribution(shoe):
        raise LedgerError("client_seed_closed", shoe=shoe.number)
    seed = db.get(RoomSeed, (shoe.id, player_id))
    if seed is None:
        db.add(
            RoomSeed(shoe_id=shoe.id, player_id=player_id, client_seed=client_seed, created_at=now)
        )
    else:
        seed.client_seed, seed.created_at = client_seed, now
    db.flush()
    count = db.scalar(select(func.count()).select_from(RoomSeed).where(RoomSeed.shoe_id == shoe.id))
    add_event(db, room, "seeds", {"shoe": shoe.number, "contributions": int(count or 0)}, now)
    return shoe, int(count or 0)


def seal_shoe(db: Session, shoe: ShoeRecord, now: datetime) -> list[str]:
    """Combine the contributions to ``shoe`` into its client seed (its first coup comes next);
    the seeds, sorted."""
    seeds = contributions(db, shoe.id)
    tables.contribute(shoe, combine_client_seeds(seeds), now)
    return seeds


def contributions(db: Session, shoe_id: int) -> list[str]:
    """The client seeds contributed to a room's shoe, sorted (what its client seed combines)."""
    return sorted(db.scalars(select(RoomSeed.client_seed).where(RoomSeed.shoe_id == shoe_id)).all())


def add_event(
    db: Session, room: RoomRecord, kind: str, body: Mapping[str, Any], now: datetime
) -> None:
    """Write one of the room's events (the caller holds the room's lock: events are numbered in
    the order they commit)."""
    db.execute(
        insert(RoomEvent),
        {"room_id": room.id, "kind": kind, "body": json.dumps(dict(body)), "created_at": now},
    )
    if db.get_bind().dialect.name == "postgresql":
        # Delivered at the commit, to every server process listening: they read the new events.
        db.execute(_NOTIFY, {"channel": NOTIFY_CHANNEL, "room": str(room.id)})


NOTIFY_CHANNEL = "baccarat_rooms"
"""The PostgreSQL channel a room's new events are announced on (the payload: the room's id)."""
_NOTIFY = text("SELECT pg_notify(:channel, :room)")


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One of a room's events as stored: its number, kind and body."""

    id: int
    room_id: int
    kind: str
    body: dict[str, Any]


def events_after(db: Session, room_id: int, after: int, limit: int = 500) -> list[StoredEvent]:
    """The room's events numbered after ``after``, in order (at most ``limit``)."""
    rows = db.execute(
        select(RoomEvent.id, RoomEvent.kind, RoomEvent.body)
        .where(RoomEvent.room_id == room_id, RoomEvent.id > after)
        .order_by(RoomEvent.id)
        .limit(limit)
    )
    return [StoredEvent(int(i), room_id, kind, json.loads(body)) for i, kind, body in rows]


def latest_event_id(db: Session, room_id: int) -> int:
    """The number of the room's latest event (0 for none)."""
    return int(db.scalar(select(func.max(RoomEvent.id)).where(RoomEvent.room_id == room_id)) or 0)


def bettors(db: Session, room: RoomRecord) -> dict[str, dict[str, int]]:
    """Every stake of the room's current window: player → bet → stake (players sorted)."""
    found: dict[str, dict[str, int]] = {}
    rows = db.execute(
        select(RoomBet.player_id, RoomBet.bet, RoomBet.stake)
        .where(RoomBet.room_id == room.id, RoomBet.round == room.round)
        .order_by(RoomBet.player_id, RoomBet.bet)
    )
    for player_id, bet, stake in rows:
        found.setdefault(player_id, {})[bet] = int(stake)
    return found


def clear_bets(db: Session, room: RoomRecord, round_number: int) -> None:
    db.execute(delete(RoomBet).where(RoomBet.room_id == room.id, RoomBet.round == round_number))


def seated_players(db: Session, room_id: int, now: datetime) -> Sequence[str]:
    return db.scalars(
        select(RoomSeat.player_id).where(
            RoomSeat.room_id == room_id, RoomSeat.seated, RoomSeat.seen_at > now - SEAT_TTL
        )
    ).all()
