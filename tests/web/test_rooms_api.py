"""The rooms' JSON API: every answer valid by its schema, refusals as JSON that charge nothing
(the event stream of a real server: tests/web/test_rooms_processes.py)."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from baccarat.ledger.service import PlayService
from baccarat.records import RecordType
from support.records import check_record

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
