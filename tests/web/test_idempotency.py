"""Idempotency keys over HTTP: a retried or double-posted deal deals and charges once."""

from __future__ import annotations

import re
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from .conftest import ready, table_id


def _coups(client: TestClient) -> int:
    return len(client.get("/api/history?scope=all").json()["coups"])


def test_a_retried_api_deal_answers_the_first_result(player: TestClient) -> None:
    ready(player, table_id(player))
    url = f"/api/tables/{table_id(player)}/deal"
    body = {"stakes": {"banker": 100, "tie": "2.5"}}
    first = player.post(url, json=body, headers={"Idempotency-Key": "retry-1"})
    assert first.status_code == 200 and first.json()["replayed"] is False
    again = player.post(url, json=body, headers={"Idempotency-Key": "retry-1"})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    a, b = first.json(), again.json()
    assert b["replayed"] is True
    for field in ("coup", "balance_before", "balance_after", "shoe", "new_shoe"):
        assert a[field] == b[field], field
    assert _coups(player) == 1
    assert player.get("/api/me").json()["player"]["balance"] == a["balance_after"]


def test_a_reused_or_malformed_key_is_refused_and_charges_nothing(player: TestClient) -> None:
    ready(player, table_id(player))
    url = f"/api/tables/{table_id(player)}/deal"
    player.post(url, json={"stakes": {"banker": 10}}, headers={"Idempotency-Key": "k"})
    other = player.post(url, json={"stakes": {"banker": 20}}, headers={"Idempotency-Key": "k"})
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
    bad = player.post(url, json={"stakes": {"banker": 10}}, headers={"Idempotency-Key": "a b"})
    assert bad.status_code == 422
    assert _coups(player) == 1


def test_an_api_deal_without_a_key_is_refused_and_deals_nothing(player: TestClient) -> None:
    table = table_id(player)
    before = player.get("/api/me").json()["player"]["balance"]
    response = player.post(f"/api/tables/{table}/deal", json={"stakes": {"banker": 10}})
    assert response.status_code == 428
    assert response.json()["code"] == "idempotency_key_required"
    assert "Idempotency-Key" in response.json()["detail"]
    assert _coups(player) == 0
    assert player.get("/api/me").json()["player"]["balance"] == before
    operation = player.get("/openapi.json").json()["paths"]["/api/tables/{table_id}/deal"]["post"]
    (header,) = [p for p in operation["parameters"] if p["name"] == "Idempotency-Key"]
    assert header["required"] is True and "428" in operation["responses"]


def test_a_double_posted_form_deals_once(player: TestClient) -> None:
    ready(player, table_id(player))
    page = player.get("/table").text
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page)
    assert key is not None
    form = {"table_id": str(table_id(player)), "stake_banker": "10", "idempotency_key": key[1]}
    for _ in range(2):
        response = player.post("/table/deal", data=form, follow_redirects=False)
        assert response.status_code == 303
    assert _coups(player) == 1
    # The next page carries a new key, so the next deal is a new coup.
    fresh = re.search(r'name="idempotency_key" value="([^"]+)"', player.get("/table").text)
    assert fresh is not None and fresh[1] != key[1]
