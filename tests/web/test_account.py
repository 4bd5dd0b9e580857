"""Accounts and sessions: register keeping the balance, log in on another device, log out,
change the password; sessions checked on every request; nobody reaches another player's data."""

from __future__ import annotations

import warnings

from fastapi import FastAPI
from sqlalchemy import func, select

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.store.models import CoupRecord, Player, WebSession

from .conftest import Browser, deal, table_id

PASSWORD = "correct horse battery"


def _me(client: TestClient) -> dict[str, object]:
    response = client.get("/api/me")
    assert response.status_code == 200, response.text
    return dict(response.json()["player"])


def _registered(app: FastAPI, player: TestClient, name: str = "alice") -> None:
    table = table_id(player)
    deal(player, table, {"banker": 100})
    response = player.post("/api/account/register", json={"username": name, "password": PASSWORD})
    assert response.status_code == 201, response.text


def test_register_then_log_in_on_another_device_with_the_same_balance(
    app: FastAPI, player: TestClient
) -> None:
    _registered(app, player)
    first = _me(player)
    assert first["username"] == "alice"
    phone = Browser(app)
    login = phone.post("/api/account/login", json={"username": "Alice", "password": PASSWORD})
    assert login.status_code == 200
    assert _me(phone)["balance"] == first["balance"]
    assert len(phone.get("/api/history?scope=all").json()["coups"]) == 1
    # Log out on the phone: that session ends at once, the first device's goes on.
    assert phone.post("/api/account/logout").status_code == 200
    assert phone.get("/api/me").status_code == 401
    assert player.get("/api/me").status_code == 200
    with app.state.store.reading() as db:
        stored = db.scalars(select(Player).where(Player.username == "alice")).one()
        assert stored.password_hash is not None and stored.password_hash.startswith("$argon2id$")
        assert PASSWORD not in stored.password_hash
        assert all(len(s.id) == 64 for s in db.scalars(select(WebSession)))


def test_a_stolen_old_cookie_dies_with_its_session(app: FastAPI, player: TestClient) -> None:
    cookie = player.cookies["baccarat_player"]
    table = player.get("/api/tables/current").json()["table"]["id"]
    player.post("/api/account/logout")
    # The deal checks the session in its own transaction: refused, nothing dealt.
    deal = player.post(
        f"/api/tables/{table}/deal",
        json={"stakes": {"banker": "10"}},
        # As the table page asks: the refusal is JSON all the same.
        headers={"Idempotency-Key": "after-logout", "Accept": "text/html"},
    )
    assert deal.status_code == 401 and deal.json()["code"] == "gate_required"
    with app.state.store.reading() as db:
        assert db.scalar(select(func.count()).select_from(CoupRecord)) == 0
    thief = Browser(app, cookies={"baccarat_player": cookie})
    assert thief.get("/api/me").status_code == 401
    assert thief.get("/table", follow_redirects=False).headers["location"] == "/gate"


def test_changing_the_password_ends_the_other_sessions(app: FastAPI, player: TestClient) -> None:
    _registered(app, player)
    phone = Browser(app)
    phone.post("/api/account/login", json={"username": "alice", "password": PASSWORD})
    new = "another long password"
    wrong = player.post(
        "/api/account/password", json={"old_password": "nope nope nope", "new_password": new}
    )
    assert wrong.status_code == 401
    changed = player.post(
        "/api/account/password", json={"old_password": PASSWORD, "new_password": new}
    )
    assert changed.status_code == 200
    assert phone.get("/api/me").status_code == 401 and player.get("/api/me").status_code == 200
    old = Browser(app).post("/api/account/login", json={"username": "alice", "password": PASSWORD})
    assert old.status_code == 401
    again = Browser(app).post("/api/account/login", json={"username": "alice", "password": new})
    assert again.status_code == 200


def test_refusals_say_why_and_do_not_tell_which_names_exist(
    app: FastAPI, player: TestClient
) -> None:
    _registered(app, player)
    guest = Browser(app)
    guest.post("/api/session", json={"adult": True})
    cases = [
        ({"username": "alice", "password": PASSWORD}, 409, "username_taken"),
        ({"username": "a", "password": PASSWORD}, 422, "bad_username"),
        ({"username": "bob", "password": "short"}, 422, "weak_password"),
    ]
    for body, status, code in cases:
        response = guest.post("/api/account/register", json=body)
        assert (response.status_code, response.json()["code"]) == (status, code)
    again = player.post("/api/account/register", json={"username": "carol", "password": PASSWORD})
    assert again.json()["code"] == "already_registered"
    unknown = Browser(app).post("/api/account/login", json={"username": "zed", "password": "x"})
    wrong = Browser(app).post("/api/account/login", json={"username": "alice", "password": "x"})
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json()


def test_no_request_reaches_another_players_data(app: FastAPI, player: TestClient) -> None:
    table = table_id(player)
    coup = deal(player, table, {"banker": 10}).json()
    other = Browser(app)
    other.post("/api/session", json={"adult": True})
    before = _me(player)["balance"]
    attempts = [
        other.get(f"/api/tables/{table}"),
        other.get(f"/api/coups/{coup['coup']['id']}"),
        deal(other, table, {"banker": 10}),
        other.get(f"/api/tables/{table}/roads"),
        other.get(f"/api/tables/{table}/shoes"),
        other.get(f"/coups/{coup['coup']['id']}"),
        other.get(f"/table?table={table}"),
    ]
    assert [r.status_code for r in attempts] == [404] * len(attempts)
    assert _me(player)["balance"] == before
    assert other.get("/api/history?scope=all").json()["coups"] == []


def test_the_account_pages(app: FastAPI, player: TestClient) -> None:
    page = player.get("/account").text
    assert 'action="/account/register"' in page and 'action="/account/login"' in page
    bad = player.post("/account/register", data={"username": "x", "password": PASSWORD})
    assert bad.status_code == 422 and 'role="alert"' in bad.text
    ok = player.post(
        "/account/register", data={"username": "dora", "password": PASSWORD}, follow_redirects=False
    )
    assert ok.status_code == 303
    assert "Signed in as dora" in player.get("/account").text
    laptop = Browser(app)
    assert 'action="/account/login"' in laptop.get("/account").text
    refused = laptop.post("/account/login", data={"username": "dora", "password": "wrong"})
    assert refused.status_code == 401
    logged = laptop.post(
        "/account/login", data={"username": "dora", "password": PASSWORD}, follow_redirects=False
    )
    assert logged.status_code == 303 and _me(laptop)["username"] == "dora"
    out = laptop.post("/account/logout", follow_redirects=False)
    assert out.status_code == 303 and laptop.get("/api/me").status_code == 401


def test_a_cookie_from_before_sessions_keeps_its_guest_until_a_session_exists(
    app: FastAPI,
) -> None:
    service = app.state.service
    guest = service.join().player_id  # a guest of an older version: no session was ever made
    legacy = Browser(app, cookies={"baccarat_player": app.state.signer.player(guest)})
    assert _me(legacy)["balance"] == "10000"
    response = legacy.post("/api/account/register", json={"username": "olga", "password": PASSWORD})
    assert response.status_code == 201
    assert _me(legacy)["username"] == "olga"  # the new session's cookie replaced the old one
    again = Browser(app, cookies={"baccarat_player": app.state.signer.player(guest)})
    assert again.get("/api/me").status_code == 401  # an account never answers to a player id
    forged = Browser(app, cookies={"baccarat_player": guest})
    assert forged.get("/api/me").status_code == 401  # and the value must be signed
