"""A room's dealer: the lease that makes one server process deal a room's coups, and the step
that opens a window or deals the coup that closes one (:mod:`baccarat.ledger.rooms`).

Every process serving a database runs :func:`step` for every room every fraction of a second.
A process deals a room only while it holds the room's lease (:func:`claim`): it renews it while
it runs, and when it dies the lease runs out and another process claims it. Whatever a process
does in a room it does in one transaction that locks the room's row and checks the lease again,
and the window it deals is named by its number: a coup is dealt once, by one process, however the
processes race or die (a transaction cut short deals and charges nothing).

>>> import random
>>> from datetime import timedelta
>>> from baccarat.store.db import Store
>>> from baccarat.ledger.service import PlayService
>>> service = PlayService(Store.open("sqlite://"), rng=random.Random(3))
>>> room = service.rooms.create("Salon", window_seconds=10)
>>> player = service.join().player_id
>>> _ = service.rooms.sit(room.id, player)
>>> service.rooms.step("dealer-1", room.id)  # claims the room, opens the first window
'window'
>>> _ = service.rooms.bet(room.id, player, {"banker": 100_00})
>>> later = service.clock() + timedelta(seconds=11)
>>> service.rooms.step("dealer-1", room.id, now=later)
'coup'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import or_, update
from sqlalchemy.orm import Session

from baccarat.core.settle import Settlement, settle
from baccarat.core.shoe import Shoe
from baccarat.ledger import accounts, dealing, limits, playsessions, rooms, tables
from baccarat.ledger.accounts import Standing
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.live import LiveTables
from baccarat.ledger.playsessions import Play
from baccarat.ledger.views import CoupView
from baccarat.store.models import RoomRecord, TableRecord, utcnow

__all__ = ["LEASE", "RoundDealt", "claim", "step"]

LEASE = timedelta(seconds=3)
"""How long a dealer's claim on a room lasts unrenewed: how soon another process takes over a
room whose dealer died."""


@dataclass(frozen=True, slots=True)
class RoundDealt:
    """A window's coup, dealt and settled: the coup (no player's settlement in it), the shoe to
    keep live once committed, each settled player's settlement, and the players whose stakes
    were not taken (their code: a limit reached, the balance spent elsewhere)."""

    coup: CoupView
    shoe: Shoe
    settled: dict[str, Settlement]
    void: dict[str, str]


def claim(db: Session, room_id: int, dealer: str, now: datetime, lease: timedelta = LEASE) -> bool:
    """Take or renew the room's lease for ``dealer`` (free, run out, or already its own)."""
    result = db.execute(
        update(RoomRecord)
        .where(
            RoomRecord.id == room_id,
            or_(
                RoomRecord.dealer == dealer,
                RoomRecord.lease_until.is_(None),
                RoomRecord.lease_until <= now,
            ),
        )
        .values(dealer=dealer, lease_until=now + lease)
    )
    return bool(getattr(result, "rowcount", 0) == 1)


def holds(room: RoomRecord, dealer: str, now: datetime) -> bool:
    return room.dealer == dealer and room.lease_until is not None and now < room.lease_until


def step(
    db: Session,
    room_id: int,
    dealer: str,
    now: datetime,
    *,
    rng: random.Random | None,
    live: LiveTables,
    play_idle: timedelta,
) -> str | RoundDealt | None:
    """What is due in the room, done by ``dealer`` if it holds the lease: open a window when
    somebody is seated (``"window"``), deal the coup of a window that has closed (a
    :class:`RoundDealt`), pause when nobody is; None when nothing was due."""
    room = rooms.lock_room(db, room_id)
    if not holds(room, dealer, now):
        return None
    if room.phase == rooms.PAUSED:
        if not rooms.seated_players(db, room.id, now):
            return None
        _open_window(db, room, now, now)
        return "window"
    if room.closes_at is not None and now < room.closes_at:
        return None
    return _deal_round(db, room, now, rng=rng, live=live, play_idle=play_idle)


def _open_window(db: Session, room: RoomRecord, now: datetime, opens_at: datetime) -> None:
    room.round += 1
    room.phase = rooms.BETTING
    room.opens_at = opens_at
    room.closes_at = opens_at + timedelta(seconds=room.window_seconds)
    shoe = tables.current_shoe(db, room.table_id)
    body = {
        "round": room.round,
        "opens_at": opens_at.isoformat(),
        "closes_at": room.closes_at.isoformat(),
        "seconds": room.window_seconds,
        "shoe": {
            "number": shoe.number,
            "commitment": shoe.commitment,
            "open": shoe.coups_dealt == 0 and not shoe.finished,
        },
    }
    rooms.add_event(db, room, "window", body, now)


def _deal_round(
    db: Session,
    room: RoomRecord,
    now: datetime,
    *,
    rng: random.Random | None,
    live: LiveTables,
    play_idle: timedelta,
) -> RoundDealt:
    table = db.get(TableRecord, room.table_id)
    assert table is not None
    rule_set = tables.rule_set_of(table)
    accepted, void = _take_stakes(db, room, now, play_idle)
    record = tables.current_shoe(db, table.id)
    if record.finished:  # ended without a successor: none is left so, but never deal from it
        record = tables.next_shoe(db, table, record, rng, now)
    if tables.awaiting_contribution(record):
        rooms.seal_shoe(db, record, now)
    if record.coups_dealt == 0 and record.first_card_at is None:
        record.first_card_at = now
    shoe = live.shoe_to_deal(table.id, record, rule_set.tableau)
    coup = shoe.deal_coup(rule_set.tableau)
    tables.advance_shoe(db, record, shoe)
    upcoming = tables.next_shoe(db, table, record, rng, now) if shoe.finished else None
    view = tables.record_coup(db, table, record, coup, rule_set, now)
    coup_id = view.id
    settled: dict[str, Settlement] = {}
    for player_id, (stakes, play, standing) in accepted.items():
        settlement = settle(coup, stakes, rule_set)
        accounts.append_dated(
            db, player_id, dealing.postings(settlement, coup_id), now, standing.last
        )
        playsessions.played(db, play, now)
        limits.count_coup_elsewhere(db, player_id, now)
        settled[player_id] = settlement
    rooms.clear_bets(db, room, room.round)
    body = {
        "round": room.round,
        "coup_id": coup_id,
        "table_id": table.id,
        "shoe": record.number,
        "number": record.coups_dealt,
        "cards": tables.encode_cards(coup.cards_in_order),
        "dealt_at": now.isoformat(),
        # The moment the event is written, the last thing the deal does before its commit: what
        # a screen's delay is counted from (bench/bench_rooms.py).
        "written_at": utcnow().isoformat(),
        "bettors": len(settled),
        "shoe_finished": shoe.finished,
        "next_shoe": (
            {"number": upcoming.number, "commitment": upcoming.commitment} if upcoming else None
        ),
    }
    rooms.add_event(db, room, "coup", body, now)
    if rooms.seated_players(db, room.id, now):
        _open_window(db, room, now, now + timedelta(seconds=room.reveal_seconds))
    else:
        room.phase = rooms.PAUSED
        room.opens_at = room.closes_at = None
        rooms.add_event(db, room, "paused", {"round": room.round}, now)
    return RoundDealt(view, shoe, settled, void)


def _take_stakes(
    db: Session, room: RoomRecord, now: datetime, play_idle: timedelta
) -> tuple[dict[str, tuple[dict[str, int], Play, Standing]], dict[str, str]]:
    """Every stake of the window that can still be taken: each player locked (sorted), their
    limits and balance checked again (a cool-off chosen or points spent at another table since
    the bet); a player who fails keeps their points and is named with the reason."""
    accepted: dict[str, tuple[dict[str, int], Play, Standing]] = {}
    void: dict[str, str] = {}
    for player_id, stakes in rooms.bettors(db, room).items():
        try:
            with db.begin_nested():  # a refused player's session record is not kept either
                player = accounts.lock_player(db, player_id)
                play = playsessions.for_coup(
                    db, player_id, now, play_idle, limits.session_limit(db, player, now)
                )
                limits.check_play(db, player, now, play.started_at)
                standing = dealing.standing_covering(db, player_id, stakes, None, now)
        except LedgerError as exc:
            void[player_id] = exc.code
            continue
        accepted[player_id] = (stakes, play, standing)
    return accepted, void
