"""The JSON API against the app factory (in-memory SQLite): deals, exact settlement, refusals."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from baccarat.core.cards import parse_cards
from baccarat.core.coup import Coup
from baccarat.core.money import parse_points
from baccarat.core.rules import RULE_SETS, get_rule_set
from baccarat.core.settle import settle
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.service import PlayService
from baccarat.store.models import Entry, ShoeRecord
from baccarat.web.app import create_app
from baccarat.web.settings import Settings

from .conftest import Browser, deal, table_id


def _points(text: str) -> Decimal:
    return Decimal(text)


def _ledger_rows(app: FastAPI) -> int:
    with app.state.store.reading() as db:
        return int(db.scalar(select(func.count()).select_from(Entry)) or 0)


def test_the_api_needs_the_gate_first(client: TestClient) -> None:
    response = client.get("/api/me")
    assert response.status_code == 401
    assert response.json()["code"] == "gate_required"
    refused = client.post("/api/session", json={"adult": False})
    assert refused.status_code == 403 and "adults" in refused.json()["detail"]
    assert refused.json()["code"] == "adults_only" and "set-cookie" not in refused.headers
    assert client.get("/api/me").status_code == 401


def test_passing_the_gate_grants_10000_points(client: TestClient) -> None:
    response = client.post("/api/session", json={"adult": True})
    assert response.status_code == 201
    assert response.json()["player"]["balance"] == "10000"
    cookie = response.headers["set-cookie"]
    assert "baccarat_player=" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    me = client.get("/api/me").json()["player"]
    assert me["balance"] == "10000" and me["session_net"] == "0"
    assert me["top_up"]["available"] is False


def test_a_forged_cookie_is_sent_back_to_the_gate(player: TestClient) -> None:
    player.cookies.set("baccarat_player", "forged.value")
    assert player.get("/api/me").status_code == 401


def test_rule_sets_list_every_bet_with_limits(player: TestClient) -> None:
    sets = {rs["name"]: rs for rs in player.get("/api/rule-sets").json()["rule_sets"]}
    assert set(sets) == set(RULE_SETS)
    bets = {bet["name"]: bet for bet in sets["no-commission"]["bets"]}
    assert {"player", "banker", "tie", "super_6"} <= set(bets)
    assert bets["super_6"]["pays_ratio"] == "12:1"
    assert (bets["player"]["minimum"], bets["player"]["maximum"]) == ("1", "10000")


def _deal(player: TestClient, stakes: dict[str, Any], table: int | None = None) -> Any:
    table = table if table is not None else table_id(player)
    return deal(player, table, stakes)


def test_a_deal_settles_exactly_and_moves_the_balance_by_the_net(player: TestClient) -> None:
    stakes = {"banker": "125.5", "tie": 10, "player_pair": "5", "big": "0"}
    response = _deal(player, stakes)
    assert response.status_code == 200, response.text
    data = response.json()
    coup = data["coup"]
    cards = [card["code"] for card in coup["cards"]]
    replayed = Coup.from_cards(parse_cards(" ".join(cards)))
    expected = settle(
        replayed,
        {"banker": parse_points("125.5"), "tie": parse_points(10), "player_pair": parse_points(5)},
        get_rule_set("punto-banco"),
    )
    assert coup["settlement"]["net"] == expected.to_data()["net"]
    assert [b["returned"] for b in coup["settlement"]["bets"]] == [
        b.to_data()["returned"] for b in expected.bets
    ]
    assert data["balance_before"] == "10000"
    assert _points(data["balance_after"]) == 10000 + _points(coup["settlement"]["net"])
    assert data["player"]["balance"] == data["balance_after"]
    assert data["player"]["session_net"] == coup["settlement"]["net"]
    assert coup["winner"] == replayed.winner.value
    assert coup["player"]["total"] == replayed.player.total


def test_the_coup_deals_in_order_with_running_totals_and_explanations(
    player: TestClient,
) -> None:
    for _ in range(12):
        coup = _deal(player, {"player": 1}).json()["coup"]
        cards = coup["cards"]
        assert [c["side"] for c in cards[:4]] == ["player", "banker", "player", "banker"]
        steps = coup["steps"]
        assert len(steps) == 2 and all(s["text"].endswith(".") for s in steps)
        # After the first four cards, each step that draws is followed by the card it drew.
        drawn = [s for s in steps if s["action"] == "draw"]
        assert [(c["side"], c["code"]) for c in cards[4:]] == [
            (s["side"], s["params"]["card"]) for s in drawn
        ]
        last_totals = {c["side"]: c["total"] for c in cards}
        assert last_totals == {"player": coup["player"]["total"], "banker": coup["banker"]["total"]}
        assert coup["result"].endswith(".")
        cells = {s["cell"] for s in steps}
        assert cells == {"n"} or all(c.startswith(("p-", "b-")) for c in cells)


@pytest.mark.parametrize(
    ("stakes", "status", "code"),
    [
        ({"dragon": 10}, 422, "bad_stake"),  # no such bet
        ({"super_6": 10}, 422, "bad_stake"),  # not offered by punto-banco
        ({"player": 10_001}, 422, "bad_stake"),  # above the table maximum
        ({"player": "0.5"}, 422, "bad_stake"),  # below the table minimum
        ({"player": "1.005"}, 422, "amount_too_precise"),  # finer than a minor unit
        ({"player": "ten"}, 422, "amount_malformed"),
        ({"player": 6_000, "banker": 4_001}, 422, "insufficient_points"),
        ({}, 422, "no_stakes"),
    ],
)
def test_bad_stakes_are_refused_and_charge_nothing(
    app: FastAPI, player: TestClient, stakes: dict[str, Any], status: int, code: str
) -> None:
    before = _ledger_rows(app)
    response = _deal(player, stakes)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code and response.json()["detail"]
    assert _ledger_rows(app) == before
    assert player.get("/api/me").json()["player"]["balance"] == "10000"
    assert player.get(f"/api/tables/{table_id(player)}").json()["table"]["shoe"]["coups_dealt"] == 0


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"{not json", 400, "malformed_json"),
        (b'{"stakes": [1, 2]}', 422, "invalid_request"),
        (b'{"stakes": {"player": 10}, "extra": 1}', 422, "invalid_request"),
        (b"[]", 422, "invalid_request"),
    ],
)
def test_malformed_requests_get_a_clear_json_4xx(
    app: FastAPI, player: TestClient, body: bytes, status: int, code: str
) -> None:
    table = table_id(player)
    before = _ledger_rows(app)
    response = player.post(
        f"/api/tables/{table}/deal",
        content=body,
        headers={"content-type": "application/json", "Idempotency-Key": "malformed-1"},
    )
    assert response.status_code == status
    assert response.json()["code"] == code
    assert _ledger_rows(app) == before


def test_a_deal_while_another_is_in_progress_is_a_conflict(
    app: FastAPI, player: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """How the API answers ``table_busy``: 409 ``table_busy``, "nothing was charged".

    What it checks is the answer only: the error comes from a stand-in for the service's deal.
    Two real deals at one table cannot produce it through the service (both take the player's
    lock first and run one after the other); the race it guards against is driven on real
    connections in ``tests/ledger/test_tables.py``, and real concurrent deals in
    ``tests/ledger/test_service.py`` and ``test_idempotency.py``.
    """
    table = table_id(player)

    def busy(self: PlayService, *args: object, **kwargs: object) -> None:
        raise LedgerError("table_busy", table=table)

    monkeypatch.setattr(PlayService, "deal_in_session", busy)  # what the route calls
    response = _deal(player, {"player": 5}, table)
    assert response.status_code == 409
    assert (
        response.json()["code"] == "table_busy"
        and "nothing was charged" in response.json()["detail"]
    )


def test_another_players_table_and_coups_are_not_found(app: FastAPI, player: TestClient) -> None:
    coup_id = _deal(player, {"player": 5}).json()["coup"]["id"]
    table = table_id(player)
    other = Browser(app)
    other.post("/api/session", json={"adult": True})
    assert deal(other, table, {"player": 5}).status_code == 404
    assert other.get(f"/api/coups/{coup_id}").status_code == 404
    assert other.get(f"/api/tables/{table}").status_code == 404
    assert other.get("/api/coups/999999").json()["code"] == "not_found"


def test_open_a_table_with_another_rule_set_and_deck_count(player: TestClient) -> None:
    response = player.post("/api/tables", json={"rule_set": "ez", "decks": 6})
    assert response.status_code == 201
    table = response.json()["table"]
    assert table["rule_set"]["name"] == "ez" and table["decks"] == 6
    assert table["shoe"]["size"] == 312 and table["shoe"]["coups_dealt"] == 0
    assert table_id(player) == table["id"]
    assert _deal(player, {"dragon_7": 5}).status_code == 200
    assert player.post("/api/tables", json={"rule_set": "macao"}).json()["code"] == "bad_input"
    assert player.post("/api/tables", json={"decks": 9}).status_code == 422


def test_the_shoe_order_never_leaves_the_server(app: FastAPI, player: TestClient) -> None:
    table = table_id(player)
    for _ in range(3):
        _deal(player, {"banker": 10})
    with app.state.store.reading() as db:
        order = db.scalars(select(ShoeRecord.card_order)).one()
    undealt = order[-60:]  # twenty cards still in the shoe, in order
    pages = [
        player.get(path).text
        for path in (
            "/api/tables/current",
            f"/api/tables/{table}",
            f"/api/tables/{table}/odds",
            f"/api/tables/{table}/roads",
            "/api/history",
            "/table",
            f"/table/panels?table={table}",
            "/history",
        )
    ]
    assert all(undealt not in page and order[:104] not in page for page in pages)
    shoe = player.get(f"/api/tables/{table}").json()["table"]["shoe"]
    assert "card_order" not in shoe and "order" not in shoe


def test_history_and_replay(player: TestClient) -> None:
    dealt = [_deal(player, {"player": 10, "tie": 1}).json()["coup"] for _ in range(4)]
    history = player.get("/api/history").json()["coups"]
    assert [c["id"] for c in history] == [c["id"] for c in reversed(dealt)]
    replay = player.get(f"/api/coups/{dealt[1]['id']}").json()["coup"]
    assert replay["cards"] == dealt[1]["cards"] and replay["steps"] == dealt[1]["steps"]
    assert replay["settlement"] == dealt[1]["settlement"]
    assert player.get("/api/history?scope=everything").status_code == 422


def test_roads_and_odds_follow_the_shoe(player: TestClient) -> None:
    table = table_id(player)
    ids = [_deal(player, {"player": 10}).json()["coup"]["id"] for _ in range(5)]
    roads = player.get(f"/api/tables/{table}/roads").json()
    assert roads["coup_ids"] == ids
    assert sum(len(column) for column in roads["roads"]["bead_plate"]) == 5  # five beads
    odds = player.get(f"/api/tables/{table}/odds").json()
    rows = {row["bet"]: row for row in odds["odds"]["rows"]}
    assert set(rows) == set(get_rule_set("punto-banco").bets)
    assert rows["banker"]["full"] == "1.058%" and rows["player"]["full"] == "1.235%"
    stats = {row["key"]: row for row in odds["statistics"]["rows"]}
    # The 8-deck figures the seed guide quotes from its 24-million-coup simulation, exactly.
    assert [stats[key]["exact"] for key in ("natural", "player_draws", "banker_draws", "both_draw")] == [
        "34.30%", "50.34%", "43.54%", "31.77%",
    ]  # fmt: skip
    assert odds["statistics"]["cards_per_coup"]["exact"] == "4.9388"
    assert odds["statistics"]["coups"] == 5
    observed = sum(float(stats[key]["observed"].rstrip("%")) for key in ("banker", "player", "tie"))
    assert observed == pytest.approx(100, abs=0.2)


def test_top_up_only_when_down_and_once_a_day(player: TestClient) -> None:
    refused = player.post("/api/me/top-up")
    assert refused.status_code == 409 and refused.json()["code"] == "top_up_not_needed"
    balance = Decimal("10000")
    while balance >= Decimal("10000"):
        balance = Decimal(_deal(player, {"tie": 100}).json()["balance_after"])
    me = player.get("/api/me").json()["player"]
    assert me["top_up"]["available"] and Decimal(me["top_up"]["amount"]) == 10000 - balance
    topped = player.post("/api/me/top-up")
    assert topped.status_code == 200 and topped.json()["player"]["balance"] == "10000"
    _deal(player, {"tie": 100})
    again = player.post("/api/me/top-up")
    assert again.status_code == 409 and again.json()["code"] == "top_up_used_today"


def test_openapi_documents_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/deal" in schema["paths"]
    assert "/table" not in schema["paths"]  # pages are not API
    assert client.get("/docs").status_code == 200


def test_next_coup_odds_come_from_the_cards_not_yet_seen(app: FastAPI, player: TestClient) -> None:
    from baccarat.core.catalogue import PERFECT_PAIR
    from baccarat.core.shoe import Shoe
    from baccarat.ledger import tables
    from baccarat.odds import Composition, bet_stats, exact_distribution

    table = table_id(player)
    for _ in range(6):
        _deal(player, {"player": 10})
    with app.state.store.reading() as db:
        record = tables.current_shoe(db, table)
    shoe = Shoe.from_order(tables.decode_cards(record.card_order), tables.shoe_rules(record))
    for _ in range(record.coups_dealt):
        shoe.deal_coup()
    now = exact_distribution(Composition.from_cards(shoe.unseen_cards().elements()))
    rows = {
        row["bet"]: row for row in player.get(f"/api/tables/{table}/odds").json()["odds"]["rows"]
    }
    for bet in get_rule_set("punto-banco").bets.values():
        assert rows[bet.name]["now"] == f"{bet_stats(bet, now).house_edge * 100:.3f}%", bet.name
    # Suits count: a perfect (suited) pair is priced from the cards themselves, not ranks.
    assert rows[PERFECT_PAIR.name]["now"] != rows[PERFECT_PAIR.name]["full"]


@pytest.mark.parametrize(
    "path", ["/api/tables/{id}", "/api/coups/{id}", "/table?table={id}", "/coups/{id}"]
)
def test_ids_beyond_any_record_are_not_found_or_refused(player: TestClient, path: str) -> None:
    for huge in (2**31, 2**63):
        response = player.get(path.format(id=huge))
        assert response.status_code in (404, 422), (path, huge, response.status_code)
    refused = deal(player, 2**63, {"player": 1})
    assert refused.status_code == 422
    form = player.post("/table/deal", data={"table_id": str(2**63), "stake_player": "1"})
    assert form.status_code == 404


def test_a_table_of_a_rule_set_file(tmp_path: Path, settings: Settings) -> None:
    # serve --rules-dir: the file's table is offered, opened, dealt and settled by its bets.
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "red.toml").write_text(
        'name = "red-table"\ntitle = "Red table"\nextends = "punto-banco"\n'
        'offers = ["player", "banker", "tie", "all_red", "tiger_pair"]\n',
        encoding="utf-8",
    )
    app = create_app(settings.model_copy(update={"rules_dir": folder}))
    player = Browser(app)
    assert player.post("/api/session", json={"adult": True}).status_code == 201
    names = [rs["name"] for rs in player.get("/api/rule-sets").json()["rule_sets"]]
    assert names[-1] == "red-table"
    opened = player.post("/api/tables", json={"rule_set": "red-table", "decks": 8})
    assert opened.status_code == 201, opened.text
    table = opened.json()["table"]["id"]
    for _ in range(5):
        response = deal(player, table, {"all_red": 1, "tiger_pair": 1})
        assert response.status_code == 200, response.text
    odds = player.get(f"/api/tables/{table}/odds")
    assert odds.status_code == 200
    app.state.store.close()


def test_a_stake_on_a_bet_the_shoe_cannot_pay_is_refused_and_charges_nothing(
    app: FastAPI, player: TestClient
) -> None:
    # One deck never deals two identical cards: Perfect Pair's suited pair cannot come.
    table = player.post("/api/tables", json={"rule_set": "punto-banco", "decks": 1}).json()
    table_number = table["table"]["id"]
    before = _ledger_rows(app)
    response = _deal(player, {"perfect_pair": "5"}, table_number)
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "bad_stake" and body["bet"] == "perfect_pair" and body["detail"]
    assert _ledger_rows(app) == before
    # Two decks can deal it: the same stake is taken there.
    two = player.post("/api/tables", json={"rule_set": "punto-banco", "decks": 2}).json()
    assert _deal(player, {"perfect_pair": "5"}, two["table"]["id"]).status_code == 200
