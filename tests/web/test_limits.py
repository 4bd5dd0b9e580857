"""Responsible play over HTTP: limits and cool-off through the API and the pages, refused deals
charge nothing, the reality check's interval reaches the page."""

from __future__ import annotations

import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from .conftest import deal, table_id


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
    locked = player.post("/limits/cool-off", data={"period": "7d"}, follow_redirects=False)
    assert locked.status_code == 303
    assert "The table is locked until" in player.get("/limits").text
