"""The rooms' JSON API: list, join (sit or watch), leave, bet, contribute a client seed, and the
room's live events as Server-Sent Events (:mod:`baccarat.ledger.rooms`, :mod:`baccarat.web.roomhub`).

Refusals are the API's (``{"code", "detail"}``): 409 ``window_closed`` for stakes that arrive
after the window closed, 409 ``not_seated`` for a watcher's stakes, 403 for the player's own
limits, 422 for a stake the table refuses. The event stream sends each event as ``id`` (its
number), ``event`` (its kind) and ``data`` (its JSON); a client that reconnects with
``Last-Event-ID`` (browsers do it themselves) is sent every event after that one, in order.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema
from starlette.concurrency import run_in_threadpool

from baccarat.core.amounts import parse_amount
from baccarat.core.coup import Coup
from baccarat.core.points import format_points
from baccarat.i18n.catalogs import Translator
from baccarat.ledger import tables
from baccarat.ledger.rooms import SEAT_TTL, RoomView, StoredEvent
from baccarat.records import RecordType, tagged
from baccarat.records.shapes import ApiRoom, ApiRoomBets, ApiRooms, ApiShoes, ApiVerification
from baccarat.store.models import MAX_ID
from baccarat.web.answers import Answer, answer
from baccarat.web.deps import PlayerId, Service
from baccarat.web.i18n import current, using
from baccarat.web.numbers import STAKE_SCHEMA
from baccarat.web.present.coup import coup_display
from baccarat.web.present.table import fair_shoe_data, player_data
from baccarat.web.roomhub import FRAMES_KEPT, RoomHub
from baccarat.web.routers.api import ERRORS, ClientSeedIn, RecordId

__all__ = ["room_data", "router"]

router = APIRouter(prefix="/api/rooms", tags=["rooms"], responses=ERRORS)

HEARTBEAT_SECONDS = 15.0
"""A comment line sent on a quiet stream, so proxies keep it open and a dead client shows."""


class SeatIn(BaseModel):
    """Sit down to bet, or only watch."""

    model_config = ConfigDict(extra="forbid")
    seated: bool = Field(True, description="true: sit (may bet); false: watch only.")


class RoomBetsIn(BaseModel):
    """The player's stakes on the open window: bet name → points. They replace any placed in
    the same window; none takes them back. Nothing is charged until the window's coup."""

    model_config = ConfigDict(extra="forbid")
    stakes: dict[str, Annotated[Any, WithJsonSchema(STAKE_SCHEMA)]] = Field(
        description='For example {"banker": 100}: as a deal\'s stakes.',
        examples=[{"banker": 100}],
    )
    round: int | None = Field(
        None,
        ge=1,
        le=MAX_ID,
        description="The window the stakes are for (the room's round): if it has closed, 409 "
        "window_closed and nothing is placed.",
    )


def room_data(room: RoomView) -> dict[str, Any]:
    """A room as the API and the pages show it (:class:`~baccarat.records.shapes.rooms.WebRoom`)."""
    shoe = room.shoe
    return {
        "id": room.id,
        "name": room.name,
        "rule_set": room.rule_set.name,
        "rule_set_title": room.rule_set.title,
        "decks": room.decks,
        "window_seconds": room.window_seconds,
        "reveal_seconds": room.reveal_seconds,
        "round": room.round,
        "phase": room.phase,
        "opens_at": room.opens_at.isoformat() if room.opens_at else None,
        "closes_at": room.closes_at.isoformat() if room.closes_at else None,
        "seats": {"seated": room.seats.seated, "watching": room.seats.watching},
        "shoe": {
            "number": shoe.number,
            "commitment": shoe.commitment,
            "client_seed_open": shoe.client_seed_open,
            "contributions": room.contributions,
            "coups_dealt": shoe.coups_dealt,
            "finished": shoe.finished,
            "client_seed": shoe.client_seed,
            "server_seed": shoe.server_seed,
        },
    }


def _room_answer(service: Service, room_id: int, player_id: str) -> Answer:
    mine = service.rooms.for_player(room_id, player_id)
    me = {
        "seat": None if mine.seat is None else "seated" if mine.seat else "watching",
        "bets": {bet: format_points(stake) for bet, stake in mine.bets.items()},
    }
    body = {"room": room_data(mine.room), "me": me, "last_event": mine.last_event}
    return tagged(RecordType.API_ROOM, body)


@router.get("", response_model=answer(ApiRooms))
def rooms(service: Service, player_id: PlayerId) -> Answer:
    """Every room: its rule set, window, seats and shoe."""
    return tagged(RecordType.API_ROOMS, {"rooms": [room_data(r) for r in service.rooms.all()]})


@router.get("/{room_id}", response_model=answer(ApiRoom))
def room(room_id: RecordId, service: Service, player_id: PlayerId) -> Answer:
    """The room, the player in it (seat and stakes on the open window), its latest event."""
    return _room_answer(service, room_id, player_id)


@router.post("/{room_id}/seat", response_model=answer(ApiRoom))
def seat(room_id: RecordId, body: SeatIn, service: Service, player_id: PlayerId) -> Answer:
    """Sit down (``seated``: may bet) or watch. A player cooling off may watch."""
    service.rooms.sit(room_id, player_id, body.seated)
    return _room_answer(service, room_id, player_id)


@router.post("/{room_id}/leave", response_model=answer(ApiRoom))
def leave(room_id: RecordId, service: Service, player_id: PlayerId) -> Answer:
    """Leave the room: the seat goes, and the stakes on the open window with it."""
    service.rooms.leave(room_id, player_id)
    return _room_answer(service, room_id, player_id)


@router.post("/{room_id}/bets", response_model=answer(ApiRoomBets))
def bets(room_id: RecordId, body: RoomBetsIn, service: Service, player_id: PlayerId) -> Answer:
    """Place stakes on the open window (replacing the player's earlier ones in it)."""
    stakes = {bet: parse_amount(value) for bet, value in body.stakes.items()}
    placed = service.rooms.bet(room_id, player_id, stakes, body.round)
    player = service.player(player_id)
    data = {
        "round": placed.round,
        "bets": {bet: format_points(stake) for bet, stake in placed.stakes.items()},
        "player": player_data(player),
    }
    return tagged(RecordType.API_ROOM_BETS, data)


@router.post("/{room_id}/client-seed", response_model=answer(ApiRoom))
def client_seed(
    room_id: RecordId, body: ClientSeedIn, service: Service, player_id: PlayerId
) -> Answer:
    """Contribute a client seed to the room's next shoe, before its first coup (409
    ``client_seed_closed`` after). Every contribution counts: the shoe's client seed combines
    them (docs/fair.md)."""
    service.rooms.contribute(room_id, player_id, body.client_seed, body.commitment)
    return _room_answer(service, room_id, player_id)


@router.get("/{room_id}/shoes", response_model=answer(ApiShoes))
def shoes(room_id: RecordId, service: Service, player_id: PlayerId) -> Answer:
    """The room's shoes, newest first: each commitment, its combined client seed once its first
    coup is dealt, and the server seed of every shoe that has ended."""
    found = [fair_shoe_data(shoe) for shoe in service.rooms.shoes(room_id)]
    return tagged(RecordType.API_SHOES, {"shoes": found})


@router.get("/{room_id}/shoes/{number}/verify", response_model=answer(ApiVerification))
def verify_shoe(
    room_id: RecordId,
    number: Annotated[int, Path(ge=1, le=MAX_ID, description="The shoe's number in the room.")],
    service: Service,
    player_id: PlayerId,
) -> Answer:
    """An ended shoe of the room recomputed from its revealed seeds, as a private table's
    (``GET /api/tables/{id}/shoes/{number}/verify``); its client seed is the combination of
    ``contributions``, the client seeds the players sent before its first coup (docs/fair.md)."""
    result, events = service.rooms.verify(room_id, number)
    body = {
        "verification": tagged(RecordType.VERIFICATION, result.record()),
        "events": events.record(),
        "contributions": service.rooms.contributions(room_id, number),
    }
    return tagged(RecordType.API_VERIFICATION, body)


@router.get(
    "/{room_id}/events",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}, "description": "The room's events."}},
)
async def events(
    request: Request,
    room_id: RecordId,
    service: Service,
    player_id: PlayerId,
    last_event_id: Annotated[str | None, Header(alias="Last-Event-ID", max_length=20)] = None,
    after: Annotated[int | None, Query(ge=0, le=MAX_ID)] = None,
) -> StreamingResponse:
    """The room's events as Server-Sent Events: ``state`` first (the room, when no event number
    is given), then ``window``, ``coup``, ``paused``, ``seats`` and ``seeds`` as they happen.
    ``Last-Event-ID`` (or ``after``) resumes after that event."""
    room = await run_in_threadpool(service.rooms.get, room_id)  # 404 before the stream starts
    hub: RoomHub = request.app.state.room_hub
    resume = after
    if last_event_id is not None and last_event_id.strip().isdigit():
        resume = int(last_event_id)
    subscriber = await hub.subscribe(room_id)
    translator = current()

    async def stream() -> AsyncIterator[str]:
        try:
            await asyncio.to_thread(service.rooms.seen, room_id, player_id)
            if resume is None:
                last = await asyncio.to_thread(service.rooms.latest_event_id, room_id)
                snapshot = {"room": room_data(await asyncio.to_thread(service.rooms.get, room_id))}
                yield _frame(last, "state", snapshot)
            else:
                last = resume
                backlog = await asyncio.to_thread(service.rooms.events_after, room_id, last)
                for event in backlog:
                    yield _framed(hub.frames, event, room, translator)
                    last = event.id
            seen_every = SEAT_TTL.total_seconds() / 3
            quiet = 0.0
            while True:
                try:
                    news = await asyncio.wait_for(subscriber.queue.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    quiet += HEARTBEAT_SECONDS
                    if quiet >= seen_every:
                        quiet = 0.0
                        await asyncio.to_thread(service.rooms.seen, room_id, player_id)
                    continue
                if news is None:
                    return  # the server stops, or this screen fell behind: it reconnects
                if news.id <= last:
                    continue
                yield _framed(hub.frames, news, room, translator)
                last = news.id
        finally:
            hub.unsubscribe(subscriber)

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)


def _frame(event_id: int, kind: str, data: dict[str, Any]) -> str:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"id: {event_id}\nevent: {kind}\ndata: {body}\n\n"


def _framed(
    frames: OrderedDict[tuple[int, str], str],
    event: StoredEvent,
    room: RoomView,
    translator: Translator,
) -> str:
    """The event as a screen in ``translator``'s language is sent it: a coup with its cards,
    reasons and result written out. Made once per event and language, whatever the screens,
    and kept in ``frames`` (the hub's: one application's database numbers its events)."""
    key = (event.id, translator.language)
    frame = frames.get(key)
    if frame is None:
        body = event.body
        if event.kind == "coup":
            coup = Coup.from_cards(tables.decode_cards(body["cards"]), room.rule_set.tableau)
            with using(translator):
                display = coup_display(
                    coup, shoe=body["shoe"], number=body["number"], rule_set=room.rule_set
                )
            body = {**body, "coup": display}
        frame = frames[key] = _frame(event.id, event.kind, body)
        while len(frames) > FRAMES_KEPT:
            frames.popitem(last=False)
    return frame
