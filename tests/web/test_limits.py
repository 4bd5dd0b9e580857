"""Responsible play over HTTP: limits and cool-off through the API and the pages, refused deals
charge nothing, the reality check's interval reaches the page."""

from __future__ import annotations

import re
import warnings
from html import unescape

import pytest
from fastapi import FastAPI

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.web.context import PLAYER_COOKIE

from .conftest import Browser, deal, started_ago, table_id


def _started_ago(app: FastAPI, browser: TestClient, minutes: int) -> None:
    """Make the player's play session (the server's record) one that started ``minutes`` ago
    and is still live (its last coup now)."""
    started_ago(app, browser, minutes)


def _alert(page: str) -> str:
    found = re.search(r'role="alert"[^>]*>(.*?)</', page, re.S)
    assert found is not None, "no alert on the page"
    return " ".join(unescape(found[1]).split())


def _chemin_coups(client: TestClient) -> int:
    return int(client.get("/api/me/limits").json()["limits"]["coups_today"])


def _daily(client: TestClient, limit: int | None, session: int | None = None) -> None:
    limits = {
        "reality_check_minutes": 60,
        "session_limit_minutes": session,
        "daily_coup_limit": limit,
    }
    assert client.put("/api/me/limits", json=limits).status_code == 200


def test_limits_through_the_api(player: TestClient) -> None:
    got = player.get("/api/me/limits").json()["limits"]
    assert got["reality_check_minutes"] == 60 and got["daily_coup_limit"] is None
    put = player.put(
        "/api/me/limits",
        json={"reality_check_minutes": 15, "session_limit_minutes": None, "daily_coup_limit": 1},
    )
    assert put.status_code == 200 and put.json()["limits"]["daily_coup_limit"] == 1
    table = table_id(player)
    assert deal(player, table, {"banker": 5}).status_code == 200
    balance = player.get("/api/me").json()["player"]["balance"]
    refused = deal(player, table, {"banker": 5})
    assert refused.status_code == 403 and refused.json()["code"] == "daily_coup_limit"
    raised = player.put(
        "/api/me/limits",
        json={"reality_check_minutes": 15, "session_limit_minutes": None, "daily_coup_limit": 50},
    ).json()["limits"]
    assert raised["daily_coup_limit"] == 1 and raised["pending"]["daily_coup_limit"]["value"] == 50
    assert player.get("/api/me").json()["player"]["balance"] == balance
    bad = player.put("/api/me/limits", json={"reality_check_minutes": 1})
    assert bad.status_code == 422


def test_a_cool_off_locks_deals(player: TestClient) -> None:
    table = table_id(player)
    locked = player.post("/api/me/cool-off", json={"period": "1d"})
    assert locked.status_code == 200 and locked.json()["limits"]["cool_off_until"]
    refused = deal(player, table, {"banker": 5})
    assert refused.status_code == 403 and refused.json()["code"] == "cooling_off"
    form = player.post("/table/deal", data={"table_id": str(table), "stake_banker": "5"})
    assert form.status_code == 403 and 'role="alert"' in form.text
    assert player.post("/api/me/cool-off", json={"period": "forever"}).status_code == 422


def test_the_pages_and_the_reality_check_interval(player: TestClient) -> None:
    saved = player.post(
        "/limits",
        data={"reality_check_minutes": "20", "session_limit_minutes": "", "daily_coup_limit": "9"},
        follow_redirects=False,
    )
    assert saved.status_code == 303
    page = player.get("/limits").text
    assert 'value="20"' in page and 'value="9"' in page and 'action="/limits/cool-off"' in page
    table = player.get("/table").text
    assert 'data-reality-check="20"' in table and "Take a break" in table
    assert "Take a break" in player.get("/break").text
    bad = player.post("/limits", data={"reality_check_minutes": "x"})
    assert bad.status_code == 422
    # The first step only asks: the end is stated and nothing is locked yet.
    asked = player.post("/limits/cool-off", data={"period": "7d"}, follow_redirects=False)
    assert asked.status_code == 200 and 'id="cool-off-yes"' in asked.text
    assert 'name="confirm" value="yes"' in asked.text and "<time datetime=" in asked.text
    assert "The table is locked until" not in player.get("/limits").text
    locked = player.post(
        "/limits/cool-off", data={"period": "7d", "confirm": "yes"}, follow_redirects=False
    )
    assert locked.status_code == 303
    assert "The table is locked until" in player.get("/limits").text


def test_chemin_coups_count_towards_the_daily_limit_and_are_refused_past_it(
    player: TestClient,
) -> None:
    _daily(player, 3)
    table = table_id(player)
    assert deal(player, table, {"banker": 5}).status_code == 200
    for _ in range(2):
        dealt = player.post("/chemin/deal", follow_redirects=False)
        assert dealt.status_code == 303
        if dealt.headers["location"] == "/chemin#choice":  # finish a coup that waits on 5
            coup = re.search(r'name="coup" value="([^"]+)"', player.get("/chemin").text)
            assert coup is not None
            player.post("/chemin/choose", data={"coup": coup[1], "choice": "draw"})
    assert _chemin_coups(player) == 3  # one at the table, two at Chemin de Fer
    table_refusal = deal(player, table, {"banker": 5})
    assert table_refusal.status_code == 403
    assert table_refusal.json()["code"] == "daily_coup_limit"
    refused = player.post("/chemin/deal")
    assert refused.status_code == 403
    assert _alert(refused.text) == table_refusal.json()["detail"]
    assert _chemin_coups(player) == 3  # the refused coup was not dealt, nor counted


def test_a_cool_off_closes_the_chemin_table(player: TestClient) -> None:
    assert player.post("/api/me/cool-off", json={"period": "1d"}).status_code == 200
    refusal = deal(player, table_id(player), {"banker": 5}).json()
    refused = player.post("/chemin/deal")
    assert refused.status_code == 403 and refusal["code"] == "cooling_off"
    assert _alert(refused.text) == refusal["detail"]
    assert _chemin_coups(player) == 0
    tables = player.app.state.chemin_tables  # type: ignore[attr-defined]
    assert all(table.shoe.coups_dealt == 0 for table in tables._tables.values())


def test_the_session_limit_applies_at_the_chemin_table(app: FastAPI) -> None:
    browser = Browser(app)
    assert browser.post("/api/session", json={"adult": True}).status_code == 201
    _daily(browser, None, session=30)
    assert browser.post("/chemin/deal", follow_redirects=False).status_code == 303
    _started_ago(app, browser, 31)
    refusal = deal(browser, table_id(browser), {"banker": 5}).json()
    assert refusal["code"] == "session_limit"
    refused = browser.post("/chemin/deal")
    assert refused.status_code == 403 and _alert(refused.text) == refusal["detail"]
    assert _chemin_coups(browser) == 1


def _reality_check_due(page: str) -> bool:
    return 'id="reality-check-due"' in page


def test_a_due_reality_check_is_on_the_page_without_javascript(app: FastAPI) -> None:
    browser = Browser(app)
    assert browser.post("/api/session", json={"adult": True}).status_code == 201
    _daily(browser, None)  # a check every 60 minutes
    assert not _reality_check_due(browser.get("/table").text)
    # A play session that started 61 minutes ago: the check is due on every page.
    _started_ago(app, browser, 61)
    for path in ("/table", "/history", "/chemin", "/limits"):
        page = browser.get(path).text
        assert _reality_check_due(page), path
    # A page that answers a form post comes back to the form's page, not to the post's address.
    refused = browser.post("/table/deal", data={"table_id": "1"})
    assert _reality_check_due(refused.text) and 'name="next" value="/table"' in refused.text
    page = browser.get("/history").text
    assert "You have played for 61 minutes this session. Net result: ±0." in unescape(page)
    assert 'href="/break"' in page and 'action="/reality-check"' in page
    assert 'name="next" value="/history"' in page
    # "Continue" is recorded on the server: no check until one interval later. (The form as a
    # browser without JavaScript posts it: the token in its hidden field, no header.)
    token = browser.get("/api/me").json()["csrf_token"]
    assert f'name="csrf_token" value="{token}"' in page
    cookies = {PLAYER_COOKIE: browser.cookies[PLAYER_COOKIE]}
    answer = TestClient(app, cookies=cookies).post(
        "/reality-check",
        data={"next": "/history", "csrf_token": token},
        follow_redirects=False,
    )
    assert (answer.status_code, answer.headers["location"]) == (303, "/history")
    assert not _reality_check_due(browser.get("/history").text)
    assert not _reality_check_due(browser.get("/table").text)
    assert browser.get("/api/me/limits").json()["limits"]["reality_check_at"]
    # Another site cannot be where "continue" leads.
    away = browser.post("/reality-check", data={"next": "//evil.example"}, follow_redirects=False)
    assert away.headers["location"] == "/table"


def test_continue_through_the_api_postpones_the_check(app: FastAPI) -> None:
    browser = Browser(app)
    assert browser.post("/api/session", json={"adult": True}).status_code == 201
    _started_ago(app, browser, 61)
    assert _reality_check_due(browser.get("/table").text)
    assert browser.post("/api/me/reality-check").status_code == 200
    page = browser.get("/table").text
    assert not _reality_check_due(page)
    due_in = re.search(r'data-reality-due-in="(\d+)"', page)
    assert due_in is not None and 59 * 60_000 < int(due_in[1]) <= 60 * 60_000


@pytest.mark.parametrize(
    ("language", "label"),
    [
        ("en", "The reality-check interval in minutes must be a whole number from 5 to 240"),
        ("vi", "Khoảng cách giữa các lần nhắc nhở thời gian chơi (phút) phải là số nguyên"),
        ("hu", "A játékidő-emlékeztetők közti idő percben: 5 és 240 közötti egész szám"),
    ],
)
def test_a_refused_limit_names_the_field_in_words(
    player: TestClient, language: str, label: str
) -> None:
    # The form, the API's detail and each of its errors' messages: the label, never the code.
    headers = {"Accept-Language": language}
    page = player.post("/limits", data={"reality_check_minutes": "2"}, headers=headers)
    alert = _alert(page.text)
    assert page.status_code == 422 and alert.startswith(label) and alert.endswith(".")
    limits = {"reality_check_minutes": 2, "session_limit_minutes": None, "daily_coup_limit": None}
    api = player.put("/api/me/limits", json=limits, headers=headers)
    body = api.json()
    assert api.status_code == 422 and label in body["detail"]
    assert body["errors"][0]["loc"] == ["body", "reality_check_minutes"]  # the code: in loc only
    for text in (page.text, body["detail"], *(e["msg"] for e in body["errors"])):
        assert "reality_check_minutes" not in text.replace('name="reality_check_minutes"', "")
    assert "ctx" not in body["errors"][0]


def test_the_daily_limit_says_when_the_count_starts_again(player: TestClient) -> None:
    _daily(player, 1)
    table = table_id(player)
    assert deal(player, table, {"banker": 5}).status_code == 200
    for language, restart in (("en", "starts again at 00:00 UTC."), ("hu", "00:00 UTC-kor")):
        refused = deal(player, table, {"banker": 5}, headers={"Accept-Language": language})
        detail = refused.json()["detail"]
        assert refused.status_code == 403 and restart in detail, detail
        assert "(UTC)" not in detail and "tomorrow" not in detail


def test_a_refused_limit_keeps_what_was_typed(player: TestClient) -> None:
    # To correct, not to type again: the page showed the saved limits in place of the typed ones.
    typed = {"reality_check_minutes": "999", "session_limit_minutes": "90", "daily_coup_limit": ""}
    page = player.post("/limits", data=typed)
    assert page.status_code == 422
    for name, value in typed.items():
        assert f'name="{name}" inputmode="numeric" value="{value}"' in page.text, name
    # Nothing was saved: the page read afresh shows the limits as they were.
    saved = player.get("/limits").text
    assert 'name="reality_check_minutes" inputmode="numeric" value="60"' in saved
    assert 'name="session_limit_minutes" inputmode="numeric" value=""' in saved
