"""The table page's answer to a deal: the same deal as the JSON API's, as data inside HTML, and the
parts of the panels the coup changed; refusals are the API's JSON whatever was asked for.
(How the parts equal a full redraw: test_growth.py.)"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import httpx
from fastapi.testclient import TestClient

from baccarat.records import RecordType
from support.records import check_record

from .conftest import deal, ready, table_id

HTML = {"Accept": "text/html"}


def _embedded(response: httpx.Response) -> dict[str, Any]:
    """The deal's record inside the page's answer."""
    found = re.search(
        r'<script type="application/json" id="deal-data">(.*?)</script>', response.text
    )
    assert found is not None, response.text[:300]
    record: dict[str, Any] = json.loads(found[1])
    return record


def test_the_page_asks_for_html_and_gets_the_deal_and_its_growth(player: TestClient) -> None:
    table = table_id(player)
    assert player.get(f"/table?table={table}").status_code == 200  # the page, then its deals
    for number in (1, 2):
        response = deal(player, table, {"banker": 10}, headers=HTML)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
        record = _embedded(response)
        check_record(record, RecordType.API_DEAL)
        assert record["coup"]["number"] == number
        growth = re.search(r'<template id="growth"([^>]*)>', response.text)
        assert growth is not None and f'data-coup="{number}"' in growth[1]
        assert ("data-reset" in growth[1]) is (number == 1)
    shown = player.get("/api/history").json()["coups"][0]
    assert shown == record["coup"]


def test_json_is_the_default_and_carries_no_markup(player: TestClient) -> None:
    table = table_id(player)
    for accept in (None, "application/json", "*/*", "application/json, text/html"):
        headers = {"Accept": accept} if accept else {}
        response = deal(player, table, {"player": 10}, headers=headers)
        assert response.headers["content-type"] == "application/json", accept
        check_record(response.json(), RecordType.API_DEAL)  # data: no markup in it


def test_a_replayed_deal_answers_the_first_result_without_a_growth(player: TestClient) -> None:
    table = table_id(player)
    ready(player, table)
    player.get(f"/table?table={table}")
    key = uuid.uuid4().hex
    first = deal(player, table, {"tie": 5}, key=key, headers=HTML)
    again = deal(player, table, {"tie": 5}, key=key, headers=HTML)
    assert again.status_code == 200 and again.headers.get("Idempotent-Replayed") == "true"
    assert '<template id="growth"' in first.text and '<template id="growth"' not in again.text
    assert _embedded(again)["coup"] == _embedded(first)["coup"]
    assert _embedded(again)["replayed"] is True


def test_a_refusal_is_json_for_the_page_too_and_charges_nothing(player: TestClient) -> None:
    table = table_id(player)
    ready(player, table)
    balance = player.get("/api/me").json()["player"]["balance"]
    refused = deal(player, table, {"banker": "99999999"}, headers=HTML)
    assert refused.status_code == 422 and refused.headers["content-type"] == "application/json"
    assert refused.json()["code"] == "bad_stake" and refused.json()["detail"]  # over the maximum
    missing_key = player.post(
        f"/api/tables/{table}/deal", json={"stakes": {"banker": 10}}, headers=HTML
    )
    assert missing_key.status_code == 428
    assert missing_key.json()["code"] == "idempotency_key_required"
    assert player.get("/api/me").json()["player"]["balance"] == balance


def test_the_openapi_document_offers_both_answers(client: TestClient) -> None:
    operation = client.get("/openapi.json").json()["paths"]["/api/tables/{table_id}/deal"]["post"]
    assert {"application/json", "text/html"} <= set(operation["responses"]["200"]["content"])
