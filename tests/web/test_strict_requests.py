"""Issue 21, the requests that crashed or were accepted when they should not be, and the leaks:
each attack as the audit ran it, and the refusal it now gets."""

from __future__ import annotations

import warnings
from collections import Counter
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import func, select

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.store.models import Entry

from .conftest import deal, ready, table_id


def _entries(app: FastAPI) -> int:
    with app.state.store.reading() as db:
        return int(db.scalar(select(func.count()).select_from(Entry)) or 0)


@pytest.mark.parametrize(
    ("stake", "code"),
    [
        (" 1 ", "amount_malformed"),  # padding
        ("+5", "amount_malformed"),  # a sign
        ("-5", "amount_malformed"),
        ("\u0661\u0662", "amount_malformed"),  # Arabic-Indic digits
        ("\uff15", "amount_malformed"),  # a full-width digit
        ("1e3", "amount_malformed"),
        ("007", "amount_malformed"),
        (True, "amount_not_text"),  # JSON true
        (False, "amount_not_text"),
        (1.5, "amount_not_text"),  # a JSON float
        (10.0, "amount_not_text"),
        (None, "amount_not_text"),
        (10**28, "amount_too_large"),  # 10^28 points: a plain 500 before
        ("1" + "0" * 28, "amount_too_large"),
        ("9" * 4300, "amount_too_large"),  # 4,300 digits: past Python's int() limit
    ],
)
def test_a_stake_outside_the_grammar_is_a_422_with_a_json_body(
    app: FastAPI, player: TestClient, stake: Any, code: str
) -> None:
    before = _entries(app)
    response = deal(player, table_id(player), {"banker": stake})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == code and body["detail"]
    assert len(response.text) < 2000  # the refusal quotes the input cut short
    assert _entries(app) == before


def test_a_json_integer_of_4300_digits_is_refused_not_a_crash(player: TestClient) -> None:
    table = table_id(player)
    body = '{"stakes": {"banker": ' + "9" * 4300 + "}}"
    response = player.post(
        f"/api/tables/{table}/deal",
        content=body,
        headers={"Content-Type": "application/json", "Idempotency-Key": "huge-json-int"},
    )
    assert 400 <= response.status_code < 500, response.text
    assert response.json()["detail"]


def test_a_canonical_stake_still_deals(player: TestClient) -> None:
    response = deal(player, table_id(player), {"banker": "12.5", "tie": 1, "player": "0"})
    assert response.status_code == 200, response.text
    bets = {b["bet"] for b in response.json()["coup"]["settlement"]["bets"]}
    assert bets == {"banker", "tie"}


@pytest.mark.parametrize(
    "path",
    [
        "/tables/1/shoes/999999999999999999999/verify",
        "/tables/999999999999999999999/shoes/1/verify",
        "/tables/999999999999999999999/shoes",
        "/api/tables/1/shoes/999999999999999999999/verify",
        "/api/tables/999999999999999999999/shoes",
        "/coups/999999999999999999999",
        "/table?table=999999999999999999999",
        "/table/panels?table=999999999999999999999",
        "/tables/-1/shoes",
        "/tables/0/shoes/0/verify",
    ],
)
def test_a_path_number_beyond_any_record_never_reaches_the_database(
    player: TestClient, path: str
) -> None:
    response = player.get(path)
    assert response.status_code in (404, 422), (path, response.status_code, response.text[:200])


def test_numbers_in_the_limits_and_the_tables_go_through_the_grammar(player: TestClient) -> None:
    for bad in (True, 1.5, " 60", "+60", "\u0666\u0660", "60.5"):
        body = {"reality_check_minutes": bad, "session_limit_minutes": None}
        response = player.put("/api/me/limits", json=body)
        assert response.status_code == 422, (bad, response.text)
        assert response.json()["detail"]
    ok = player.put("/api/me/limits", json={"reality_check_minutes": "45"})
    assert ok.status_code == 200 and ok.json()["limits"]["reality_check_minutes"] == 45
    for bad in (True, "8 ", 8.0, "\u0668"):
        response = player.post("/api/tables", json={"decks": bad})
        assert response.status_code == 422, (bad, response.text)
    page = player.post("/limits", data={"reality_check_minutes": "\u0666\u0660"})
    assert page.status_code == 422 and "text/html" in page.headers["content-type"]
    form = player.post("/table/new", data={"rule_set": "punto-banco", "decks": "\u0668"})
    assert form.status_code == 422


def test_a_typed_stake_on_the_page_reads_the_page_language(player: TestClient) -> None:
    table = table_id(player)
    ready(player, table)
    fields = {"table_id": str(table), "stake_banker": "1.000,5", "idempotency_key": "vi-stake"}
    refused = player.post(
        "/table/deal", data={**fields, "stake_banker": "+5"}, follow_redirects=False
    )
    assert refused.status_code == 422
    player.get("/table?lang=vi")
    dealt = player.post("/table/deal", data=fields, follow_redirects=False)
    assert dealt.status_code == 303, dealt.text
    coup = player.get("/api/history").json()["coups"][0]
    assert coup["settlement"]["bets"][0]["stake"] == "1000.5"


def _stop_writes(app: FastAPI) -> None:
    """Make the (in-memory, one-connection) database refuse every write, as a full disk or a
    read-only one does: SQLite then answers an OperationalError to each write."""
    with app.state.store.engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA query_only = ON")


def test_a_database_that_cannot_write_answers_503_with_retry_after(
    app: FastAPI, player: TestClient
) -> None:
    table = table_id(player)
    _stop_writes(app)
    answer = deal(player, table, {"banker": 10})
    assert answer.status_code == 503, answer.text
    assert int(answer.headers["Retry-After"]) > 0
    assert answer.json()["code"] == "unavailable" and answer.json()["detail"]
    page = player.post(
        "/table/deal", data={"table_id": str(table), "stake_banker": "10"}, follow_redirects=False
    )
    assert page.status_code == 503, page.text
    assert "text/html" in page.headers["content-type"] and "<main" in page.text
    assert int(page.headers["Retry-After"]) > 0
    assert player.post("/api/me/top-up").status_code in (409, 503)


@pytest.mark.parametrize(
    "path", ["/api/me", "/api/tables/current", "/table", "/account", "/limits", "/history"]
)
def test_answers_carrying_a_token_or_a_balance_are_never_stored(
    player: TestClient, path: str
) -> None:
    response = player.get(path)
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"


def test_the_session_answer_and_a_deal_are_never_stored(client: TestClient) -> None:
    started = client.post("/api/session", json={"adult": True})
    assert started.headers["cache-control"] == "no-store" and started.json()["csrf_token"]
    answer = deal(client, table_id(client), {"banker": 1})
    assert answer.headers["cache-control"] == "no-store"
    assert client.get("/static/table.css").headers.get("cache-control") != "no-store"


def test_face_down_burn_cards_are_not_counted_until_the_shoe_ends(
    app: FastAPI, player: TestClient
) -> None:
    from baccarat.core.shoe import Shoe
    from baccarat.ledger import tables

    table = table_id(player)
    assert deal(player, table, {"banker": 1}).status_code == 200
    with app.state.store.reading() as db:
        record = tables.current_shoe(db, table)
    shoe = Shoe.from_order(tables.decode_cards(record.card_order), tables.shoe_rules(record))
    assert len(shoe.burned) > 1 or record.burn is False
    hidden = Counter(_rank(card) for card in shoe.burned[1:])
    coup = shoe.deal_coup()
    shown = Counter(_rank(card) for card in (shoe.burned[0], *coup.cards_in_order))
    answer = player.get(f"/api/tables/{table}").json()["table"]["shoe"]
    dealt = {row["rank"]: row["count"] for row in answer["dealt"]}
    assert {name: n for name, n in dealt.items() if n} == dict(shown)
    assert answer["cards_dealt"] == shoe.cards_dealt  # the number burned is no secret
    left = {row["rank"]: row["count"] for row in answer["remaining"]}
    assert sum(left.values()) == shoe.cards_remaining + sum(hidden.values())


def _rank(card: Any) -> str:
    from baccarat.core.cards import Rank

    return "10" if card.rank is Rank.TEN else str(card.rank.symbol)
