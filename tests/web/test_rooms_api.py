"""The rooms' JSON API: every answer valid by its schema, refusals as JSON that charge nothing,
and the event stream of a real server resumed from Last-Event-ID without a gap."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from baccarat.ledger.service import PlayService
from baccarat.records import RecordType
from baccarat.store.db import Store
from support.records import check_record
from support.served import serve_process
from support.sse import read_events

from .conftest import player_of


def _checked(response: httpx.Response, kind: RecordType) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    check_record(body, kind)
    return body


def test_a_room_over_the_api(app: FastAPI, player: TestClient) -> None:
    service: PlayService = app.state.service
    room = service.rooms.create("Salon", window_seconds=30, reveal_seconds=0)
    listed = _checked(player.get("/api/rooms"), RecordType.API_ROOMS)
    assert [r["name"] for r in listed["rooms"]] == ["Salon"]
    shown = _checked(player.get(f"/api/rooms/{room.id}"), RecordType.API_ROOM)
    assert shown["me"] == {"seat": None, "bets": {}}
    assert shown["room"]["shoe"]["commitment"] and shown["room"]["shoe"]["client_seed_open"]

    watching = player.post(f"/api/rooms/{room.id}/seat", json={"seated": False})
    assert _checked(watching, RecordType.API_ROOM)["me"]["seat"] == "watching"
    service.rooms.step("test", room.id)  # nobody seated: stays paused
    refused = player.post(f"/api/rooms/{room.id}/bets", json={"stakes": {"banker": 10}})
    assert refused.status_code == 409 and refused.json()["code"] == "window_closed"

    seated = _checked(
        player.post(f"/api/rooms/{room.id}/seat", json={"seated": True}), RecordType.API_ROOM
    )
    assert seated["me"]["seat"] == "seated" and seated["room"]["seats"]["seated"] == 1
    seed = player.post(
        f"/api/rooms/{room.id}/client-seed",
        json={"client_seed": "mine", "commitment": shown["room"]["shoe"]["commitment"]},
    )
    assert _checked(seed, RecordType.API_ROOM)["room"]["shoe"]["contributions"] == 1
    assert service.rooms.step("test", room.id) == "window"
    round_number = service.rooms.get(room.id).round
    placed = _checked(
        player.post(
            f"/api/rooms/{room.id}/bets",
            json={"stakes": {"banker": "12.5", "tie": 1}, "round": round_number},
        ),
        RecordType.API_ROOM_BETS,
    )
    assert placed["bets"] == {"banker": "12.5", "tie": "1"}
    assert placed["player"]["balance"] == "10000"  # nothing charged before the coup
    stale = player.post(
        f"/api/rooms/{room.id}/bets", json={"stakes": {"banker": 1}, "round": round_number + 1}
    )
    assert stale.status_code == 409 and stale.json()["code"] == "window_closed"
    too_much = player.post(f"/api/rooms/{room.id}/bets", json={"stakes": {"banker": 10**7}})
    assert too_much.status_code == 422
    assert player.get(f"/api/rooms/{room.id}").json()["me"]["bets"] == {
        "banker": "12.5",
        "tie": "1",
    }
    missing = player.get("/api/rooms/999")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    left = _checked(player.post(f"/api/rooms/{room.id}/leave"), RecordType.API_ROOM)
    assert left["me"] == {"seat": None, "bets": {}}
    assert player_of(app, player)


def test_the_openapi_documents_the_rooms(app: FastAPI) -> None:
    paths = app.openapi()["paths"]
    for path in ("", "/{room_id}", "/{room_id}/seat", "/{room_id}/bets", "/{room_id}/events"):
        assert f"/api/rooms{path}" in paths
    stream = paths["/api/rooms/{room_id}/events"]["get"]["responses"]["200"]["content"]
    assert "text/event-stream" in stream


def test_a_stream_resumes_after_the_last_event_it_saw(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    store = Store.open(url)
    room = PlayService(store).rooms.create("Quick", decks=1, window_seconds=1, reveal_seconds=0)
    store.close()
    env = {
        **os.environ,
        "BACCARAT_DATA_DIR": str(tmp_path),
        "BACCARAT_SECRET_KEY": "r" * 40,
        "BACCARAT_RATE_LIMITS": "false",
        "BACCARAT_ROOM_TICK": "0.05",
    }
    process, base = serve_process("--database", url, env=env)
    try:
        client = httpx.Client(base_url=base, timeout=30)
        token = client.post("/api/session", json={"adult": True}).json()["csrf_token"]
        client.headers["X-CSRF-Token"] = token
        client.post(f"/api/rooms/{room.id}/seat", json={"seated": True}).raise_for_status()
        stop = threading.Event()
        # The first connection: the room's state, then its events until three coups are seen.
        first = read_events(client, f"/api/rooms/{room.id}/events", until=_coups(3), stop=stop)
        assert first[0].kind == "state"
        seen = first[-1].id
        # Two more coups are dealt while nobody listens; the second connection picks up after
        # the last event the first saw, and misses nothing.
        resumed = read_events(
            client,
            f"/api/rooms/{room.id}/events",
            until=_coups(2),
            stop=stop,
            last_event_id=seen,
        )
        assert resumed[0].kind != "state" and resumed[0].id > seen
        everything = read_events(
            client, f"/api/rooms/{room.id}/events?after=0", until=_up_to(resumed[-1].id), stop=stop
        )
        assert [e.id for e in everything if e.id > seen] == [e.id for e in resumed]
        coups = [e.data for e in everything if e.kind == "coup"]
        assert [c["round"] for c in coups] == list(range(1, len(coups) + 1))
        assert all(c["coup"]["cards"] and c["coup"]["steps"] is not None for c in coups)
    finally:
        process.terminate()
        process.wait(timeout=30)


def _coups(n: int) -> Any:
    return lambda events: sum(e.kind == "coup" for e in events) >= n


def _up_to(event_id: int) -> Any:
    return lambda events: bool(events) and events[-1].id >= event_id
