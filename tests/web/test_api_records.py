"""Every answer of the JSON API that is not a refusal names its form first and is valid by the
schema that ships in the package; its coups are the one coup record, with the page's display
fields on top (docs/json.md)."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient

from baccarat.core.cards import Card
from baccarat.core.coup import Coup
from baccarat.core.shoe import ShoeRules
from baccarat.fair.verify import verify
from baccarat.records import RecordType, coup_record
from support.records import check_record

from .conftest import deal, table_id

# The display fields the web adds to a coup record; everything else is the record itself.
DISPLAY = {"id", "table_id", "dealt_at", "winner_letter"}
CARD_DISPLAY = {"rank", "suit", "suit_name", "red", "label", "announce"}
BET_DISPLAY = {"title", "result_text", "celebrate", "text"}


def _checked(response: httpx.Response, kind: RecordType, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    check_record(body, kind)
    return body


def _without_display(coup: dict[str, Any]) -> dict[str, Any]:
    record = {key: value for key, value in coup.items() if key not in DISPLAY}
    record["cards"] = [
        {key: value for key, value in card.items() if key not in CARD_DISPLAY}
        for card in coup["cards"]
    ]
    settlement = dict(coup["settlement"])
    settlement.pop("net_text")
    settlement.pop("celebrate")
    settlement["bets"] = [
        {key: value for key, value in bet.items() if key not in BET_DISPLAY}
        for bet in settlement["bets"]
    ]
    record["settlement"] = settlement
    return record


def test_every_api_answer_is_valid_by_its_schema(client: TestClient) -> None:
    session = _checked(
        client.post("/api/session", json={"adult": True}), RecordType.API_SESSION, 201
    )
    assert session["csrf_token"]
    player = client
    _checked(player.get("/api/me"), RecordType.API_ME)
    _checked(player.get("/api/rule-sets"), RecordType.API_RULE_SETS)
    opened = _checked(
        player.post("/api/tables", json={"rule_set": "punto-banco", "decks": 1}),
        RecordType.API_TABLE,
        201,
    )
    table = opened["table"]["id"]
    _checked(
        player.post(f"/api/tables/{table}/client-seed", json={"client_seed": "seed"}),
        RecordType.API_TABLE,
    )
    while True:
        dealt = _checked(deal(player, table, {"banker": 1, "tie": 1}), RecordType.API_DEAL)
        check_record(dealt["coup"], RecordType.COUP)
        if dealt["shoe"]["finished"]:
            break
    _checked(player.get("/api/tables/current"), RecordType.API_TABLE)
    shown = _checked(player.get(f"/api/tables/{table}"), RecordType.API_TABLE)
    assert shown["table"]["coups"][-1] == dealt["coup"]  # the ended shoe, until the next coup
    _checked(player.get(f"/api/tables/{table}/shoes"), RecordType.API_SHOES)
    verified = _checked(
        player.get(f"/api/tables/{table}/shoes/1/verify"), RecordType.API_VERIFICATION
    )
    assert verified["verification"]["ok"] and verified["verification"]["coups"]
    _checked(player.get(f"/api/tables/{table}/roads"), RecordType.API_ROADS)
    _checked(player.get(f"/api/tables/{table}/odds"), RecordType.API_ODDS)
    history = _checked(player.get("/api/history?scope=all"), RecordType.API_HISTORY)
    assert history["coups"][0]["id"] == dealt["coup"]["id"]
    one = _checked(player.get(f"/api/coups/{dealt['coup']['id']}"), RecordType.API_COUP)
    assert one["coup"] == dealt["coup"]
    # The web's coups, display fields and all, are records `verify` reads back.
    shown = verified["verification"]
    rules = ShoeRules(**shown["rules"])
    claims = list(reversed(history["coups"]))
    assert verify(shown["server_seed"], shown["client_seed"], 1, rules, coups=claims).ok
    deal(player, table, {"tie": 1})
    _checked(player.get(f"/api/tables/{table}"), RecordType.API_TABLE)


def test_the_api_coup_is_the_coup_record_with_display_fields_on_top(player: TestClient) -> None:
    for _ in range(6):
        coup = deal(player, table_id(player), {"banker": 10, "player_pair": 1}).json()["coup"]
        cards = [Card.parse(card["code"]) for card in coup["cards"]]
        dealt = Coup.from_cards(cards)
        record = _without_display(coup)
        assert set(record) == set(coup) - DISPLAY
        again = coup_record(dealt, shoe=coup["shoe"], number=coup["number"], rule_set="punto-banco")
        # The same record, but for the settlement (the ledger's) and the wording (the language).
        assert {k: v for k, v in record.items() if k != "settlement"} == again
        assert record["settlement"]["staked"] == "11"


def test_the_account_and_limits_answers_are_valid_by_their_schemas(player: TestClient) -> None:
    password = "correct horse battery"
    account = {"username": "schema-reader", "password": password}
    _checked(player.post("/api/account/register", json=account), RecordType.API_ACCOUNT, 201)
    changed = {"old_password": password, "new_password": password + " staple"}
    _checked(player.post("/api/account/password", json=changed), RecordType.API_PASSWORD_CHANGED)
    _checked(player.post("/api/account/logout"), RecordType.API_LOGGED_OUT)
    account["password"] = changed["new_password"]
    _checked(player.post("/api/account/login", json=account), RecordType.API_ACCOUNT)
    _checked(player.get("/api/me/limits"), RecordType.API_LIMITS)
    limits = {"reality_check_minutes": 30, "session_limit_minutes": 60, "daily_coup_limit": 200}
    _checked(player.put("/api/me/limits", json=limits), RecordType.API_LIMITS)
    raised = {"reality_check_minutes": 30, "session_limit_minutes": None, "daily_coup_limit": None}
    body = _checked(player.put("/api/me/limits", json=raised), RecordType.API_LIMITS)
    assert set(body["limits"]["pending"]) == {"session_limit_minutes", "daily_coup_limit"}
    _checked(player.post("/api/me/reality-check"), RecordType.API_LIMITS)
    _checked(player.post("/api/me/cool-off", json={"period": "1d"}), RecordType.API_LIMITS)


def test_the_openapi_document_shows_each_answer_as_its_record(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    components = document["components"]["schemas"]
    answered = set()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if not path.startswith("/api/"):
                continue
            successes = [operation["responses"].get(status) for status in ("200", "201")]
            (success,) = [response for response in successes if response is not None]
            if "text/event-stream" in success["content"]:
                continue  # a room's event stream: its events are documented in docs/web.md
            reference = success["content"]["application/json"]["schema"]["$ref"]
            shape = components[reference.removeprefix("#/components/schemas/")]
            # The record's own shape: its tag first, every field declared, no other key.
            assert shape["required"][0] == "schema" and shape["additionalProperties"] is False
            kind = RecordType.of_tag(shape["properties"]["schema"]["const"])
            answered.add(kind)
            assert kind.value.startswith("api."), (method, path, kind)
    assert answered == {kind for kind in RecordType if kind.value.startswith("api.")}
