"""The rooms' pages without JavaScript: the lobby, a room, sitting down, a bet placed in a window
and refused after it, the client seed, the panel the live page fetches, and the refresh."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from baccarat.ledger.rooms import RoomView

from .conftest import player_of


@pytest.fixture
def room(app: FastAPI) -> RoomView:
    view: RoomView = app.state.service.rooms.create("Salon", window_seconds=30, reveal_seconds=0)
    return view


def _round(page: str) -> str:
    found = re.search(r'name="round" id="bet-round" value="(\d+)"', page)
    assert found is not None, "the bet form names its window"
    return found[1]


def _sit(player: TestClient, room: RoomView) -> None:
    answer = player.post(f"/rooms/{room.id}/seat", data={"seated": "1"}, follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, f"/rooms/{room.id}")


def test_the_lobby_lists_every_room_with_sit_and_watch(
    app: FastAPI, player: TestClient, room: RoomView
) -> None:
    app.state.service.rooms.create("Speed", rule_set="ez", decks=6, window_seconds=8)
    page = player.get("/rooms")
    assert page.status_code == 200
    for name in ("Salon", "Speed", "Punto Banco", "EZ Baccarat", "30 s", "8 s"):
        assert name in page.text
    assert f'href="/rooms/{room.id}"' in page.text
    assert page.text.count('name="seated" value="1"') == 2
    assert page.text.count('name="seated" value="0"') == 2
    assert '<a href="/rooms" aria-current="page">Rooms</a>' in page.text


def test_the_lobby_needs_the_gate(client: TestClient) -> None:
    answer = client.get("/rooms", follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, "/gate")


def test_sitting_down_from_the_lobby_opens_the_room(
    app: FastAPI, player: TestClient, room: RoomView
) -> None:
    _sit(player, room)
    page = player.get(f"/rooms/{room.id}").text
    assert 'data-seat="seated"' in page and 'id="leave"' in page
    assert app.state.service.rooms.seat(room.id, player_of(app, player)) is True
    assert (
        "Salon" in player.get("/rooms").text and "You are seated here." in player.get("/rooms").text
    )


def test_the_room_page_refreshes_itself_without_javascript(
    player: TestClient, room: RoomView
) -> None:
    page = player.get(f"/rooms/{room.id}").text
    assert (
        f'<noscript><meta http-equiv="refresh" content="5; url=/rooms/{room.id}"></noscript>'
        in page
    )
    assert 'src="/static/room.js"' in page
    # The shoe's commitment, and a place to contribute to it before its first coup.
    commitment = player.get(f"/api/rooms/{room.id}").json()["room"]["shoe"]["commitment"]
    assert commitment in page and f'action="/rooms/{room.id}/client-seed"' in page
    for bet in ("player", "banker", "tie", "player_pair", "banker_pair"):
        assert f'name="stake_{bet}"' in page
    assert 'name="stake_egalite_9"' not in page  # the main bets and the pairs only


def test_a_form_bet_in_the_window_is_placed_and_shown(
    app: FastAPI, player: TestClient, room: RoomView
) -> None:
    _sit(player, room)
    assert app.state.service.rooms.step("test", room.id) == "window"
    page = player.get(f"/rooms/{room.id}").text
    assert 'id="countdown"' in page and "Bets close at" in page
    answer = player.post(
        f"/rooms/{room.id}/bets",
        data={"stake_banker": "1,000", "stake_tie": "", "round": _round(page)},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    assert answer.headers["location"] == f"/rooms/{room.id}#my-stakes"
    assert app.state.service.rooms.bets(room.id, player_of(app, player)) == {"banker": 1_000_00}
    panel = player.get(f"/rooms/{room.id}/panel").text
    assert '<li data-bet="banker">Banker: 1,000 points</li>' in panel
    assert 'id="roads-panel"' in panel and "<html" not in panel


def test_a_form_bet_after_the_window_is_refused_on_the_page(
    app: FastAPI, player: TestClient, room: RoomView
) -> None:
    service = app.state.service
    _sit(player, room)
    # A window that opened 31 seconds ago: closed, and not dealt yet.
    service.rooms.step("test", room.id, now=service.clock() - timedelta(seconds=31))
    page = player.get(f"/rooms/{room.id}").text
    answer = player.post(
        f"/rooms/{room.id}/bets",
        data={"stake_banker": "100", "round": _round(page)},
        follow_redirects=False,
    )
    assert answer.status_code == 409
    refusal = re.search(r'<p class="error deal-refusal" role="alert"[^>]*>([^<]+)</p>', answer.text)
    assert refusal is not None and "has closed" in refusal[1]
    assert 'value="100"' in answer.text  # the stake stays typed, to place in the next window
    assert service.rooms.bets(room.id, player_of(app, player)) == {}
    # Its page comes back to the room, a little later than the usual refresh.
    assert f'content="15; url=/rooms/{room.id}"' in answer.text


def test_a_watcher_is_refused_and_a_bad_amount_too(
    app: FastAPI, player: TestClient, room: RoomView
) -> None:
    answer = player.post(f"/rooms/{room.id}/seat", data={"seated": "0"}, follow_redirects=False)
    assert answer.status_code == 303
    app.state.service.rooms.sit(room.id, app.state.service.join().player_id)
    app.state.service.rooms.step("test", room.id)
    page = player.get(f"/rooms/{room.id}").text
    assert 'data-seat="watching"' in page and 'id="sit"' in page
    watching = player.post(
        f"/rooms/{room.id}/bets", data={"stake_banker": "100", "round": _round(page)}
    )
    assert watching.status_code == 409 and "Take a seat" in watching.text
    _sit(player, room)
    malformed = player.post(
        f"/rooms/{room.id}/bets", data={"stake_banker": "1.0.0", "round": _round(page)}
    )
    assert malformed.status_code == 422 and 'role="alert"' in malformed.text


def test_the_panel_shows_the_players_own_result_of_the_last_coup(
    app: FastAPI, player: TestClient, room: RoomView
) -> None:
    service = app.state.service
    _sit(player, room)
    service.rooms.step("test", room.id)
    page = player.get(f"/rooms/{room.id}").text
    player.post(f"/rooms/{room.id}/bets", data={"stake_player": "100", "round": _round(page)})
    other = service.join().player_id
    service.rooms.sit(room.id, other)
    service.rooms.bet(room.id, other, {"player": 500_00, "banker": 700_00})
    assert service.rooms.step("test", room.id, now=service.clock() + timedelta(seconds=31)) == (
        "coup"
    )
    panel = player.get(f"/rooms/{room.id}/panel").text
    mine = re.search(r'<div class="settlement" id="my-result".*?</div>', panel, re.S)
    assert mine is not None
    assert 'data-bet="player"' in mine[0] and 'data-bet="banker"' not in mine[0]
    assert "stake of 100" in mine[0]  # the player's own stake, never the other's 500
    page = player.get(f"/rooms/{room.id}").text
    assert 'class="card' in page and 'id="steps"' in page  # the coup laid out on the felt
    assert 'class="bead-plate' in page or 'id="bead-plate"' in page


def test_a_client_seed_from_the_form_counts_for_the_shoe(
    app: FastAPI, player: TestClient, room: RoomView
) -> None:
    commitment = app.state.service.rooms.get(room.id).shoe.commitment
    answer = player.post(
        f"/rooms/{room.id}/client-seed",
        data={"client_seed": "mine", "commitment": commitment},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    assert app.state.service.rooms.get(room.id).contributions == 1
    stale = player.post(
        f"/rooms/{room.id}/client-seed", data={"client_seed": "x", "commitment": "0" * 64}
    )
    assert stale.status_code == 409 and 'role="alert"' in stale.text


def test_leaving_goes_back_to_the_lobby(app: FastAPI, player: TestClient, room: RoomView) -> None:
    _sit(player, room)
    answer = player.post(f"/rooms/{room.id}/leave", follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, "/rooms")
    assert app.state.service.rooms.seat(room.id, player_of(app, player)) is None


@pytest.mark.parametrize("language", ["vi", "hu"])
def test_the_room_pages_read_in_the_language(
    player: TestClient, room: RoomView, language: str
) -> None:
    words = {"vi": ("Phòng", "Ngồi vào bàn", "Đặt cược"), "hu": ("Termek", "Leülök", "Tétek")}
    lobby = player.get(f"/rooms?lang={language}").text
    assert words[language][0] in lobby and words[language][1] in lobby
    assert words[language][2] in player.get(f"/rooms/{room.id}?lang={language}").text


def test_an_unknown_room_is_not_found(player: TestClient) -> None:
    assert player.get("/rooms/999").status_code == 404
    assert player.get("/rooms/0").status_code == 422


def test_an_ended_shoe_is_linked_to_its_verification(
    app: FastAPI, player: TestClient, room: RoomView
) -> None:
    assert "/shoes/" not in player.get(f"/rooms/{room.id}").text  # shoe 1 has not ended
    service = app.state.service
    small = service.rooms.create("One deck", decks=1, window_seconds=1, reveal_seconds=0)
    _sit(player, small)
    player_id = player_of(app, player)
    later = 0
    while service.rooms.get(small.id).shoe.number == 1:  # one deck: a dozen coups or so
        later += 2  # each step past the last window's close (seats are seen for 90 s)
        assert later < 80, "a one-deck shoe ends"
        service.rooms.seen(small.id, player_id)
        service.rooms.step("test", small.id, now=service.clock() + timedelta(seconds=later))
    page = player.get(f"/rooms/{small.id}").text
    link = f'href="/rooms/{small.id}/shoes/1/verify"'
    assert link in page
    assert player.get(f"/rooms/{small.id}/shoes/1/verify").status_code == 200


def test_a_page_open_without_javascript_keeps_its_seat_counted(
    app: FastAPI, player: TestClient, room: RoomView
) -> None:
    from baccarat.ledger.rooms import SEAT_TTL
    from baccarat.store.models import RoomSeat

    _sit(player, room)
    service = app.state.service
    with service.store.transaction() as db:  # the player's last sign of life, long ago
        seat = db.get(RoomSeat, (room.id, player_of(app, player)))
        assert seat is not None
        seat.seen_at = service.clock() - SEAT_TTL - timedelta(seconds=1)
    assert service.rooms.get(room.id).seats.seated == 0
    assert player.get(f"/rooms/{room.id}").status_code == 200  # the page's own refresh
    assert service.rooms.get(room.id).seats.seated == 1
