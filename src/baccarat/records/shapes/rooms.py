"""The answers of the rooms' JSON API (``api.rooms``, ``api.room``, ``api.room-bets``): shared
tables where everyone seated bets on one shoe (:mod:`baccarat.ledger.rooms`)."""

from __future__ import annotations

from typing import Annotated, Literal

from typing_extensions import TypedDict

from baccarat.records.declare import Range, Tag, shape
from baccarat.records.schema import RecordType
from baccarat.records.shapes.common import Count, Points, Seed, Timestamp
from baccarat.records.shapes.web import WebPlayer

__all__ = ["ApiRoom", "ApiRoomBets", "ApiRooms", "WebRoom"]


@shape
class RoomSeats(TypedDict):
    """Players seen in the room lately: seated (may bet) and watching."""

    seated: Count
    watching: Count


@shape
class RoomShoe(TypedDict):
    """The room's latest shoe: its commitment (shown before its first coup) and how many client
    seeds were contributed to it; its seeds once it has ended."""

    number: Annotated[int, Range(1)]
    commitment: Seed | None
    client_seed_open: bool
    """Contributions are taken until the shoe's first coup."""
    contributions: Count
    coups_dealt: Count
    finished: bool
    client_seed: str | None
    """The combined client seed, set when the shoe's first coup is dealt."""
    server_seed: Seed | None


@shape
class WebRoom(TypedDict):
    """A room as anyone may see it."""

    id: Annotated[int, Range(1)]
    name: str
    rule_set: str
    rule_set_title: str
    decks: Annotated[int, Range(1)]
    window_seconds: Annotated[int, Range(1)]
    reveal_seconds: Count
    round: Count
    """The number of the open betting window (of the last one while paused)."""
    phase: Literal["betting", "paused"]
    opens_at: Timestamp | None
    """When the open window's countdown starts (after the last coup is shown)."""
    closes_at: Timestamp | None
    """When the open window closes and its coup is dealt."""
    seats: RoomSeats
    shoe: RoomShoe


@shape
class ApiRooms(TypedDict):
    """``GET /api/rooms``: every room."""

    schema: Annotated[str, Tag(RecordType.API_ROOMS)]
    rooms: list[WebRoom]


@shape
class RoomMe(TypedDict):
    """The asking player in the room: seated, watching or neither, and their stakes on the
    open window."""

    seat: Literal["seated", "watching"] | None
    bets: dict[str, Points]


@shape
class ApiRoom(TypedDict):
    """``GET /api/rooms/{id}``, ``POST .../seat``, ``.../leave``, ``.../client-seed``: the
    room, the player in it, and the number of its latest event (where an event stream picks
    up)."""

    schema: Annotated[str, Tag(RecordType.API_ROOM)]
    room: WebRoom
    me: RoomMe
    last_event: Count


@shape
class ApiRoomBets(TypedDict):
    """``POST /api/rooms/{id}/bets``: the player's stakes on the open window (nothing charged
    until its coup), and the player's standing."""

    schema: Annotated[str, Tag(RecordType.API_ROOM_BETS)]
    round: Annotated[int, Range(1)]
    bets: dict[str, Points]
    player: WebPlayer
