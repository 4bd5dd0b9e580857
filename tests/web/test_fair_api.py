"""Provably fair shoes over the API: the commitment before the shoe, the player's seed, the
reveal at the end and the verification; never the order or the seed of a shoe still in play."""

from __future__ import annotations

import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.fair import commitment
from baccarat.web.routers.api import prefers_minimal

from .conftest import Browser, deal, table_id


def _one_deck_table(player: TestClient) -> int:
    response = player.post("/api/tables", json={"rule_set": "punto-banco", "decks": 1})
    assert response.status_code == 201
    return int(response.json()["table"]["id"])


def test_commitment_seed_reveal_and_verify(player: TestClient) -> None:
    table = _one_deck_table(player)
    shown = player.get(f"/api/tables/{table}").json()["table"]["next_shoe"]
    assert shown["number"] == 1 and len(shown["commitment"]) == 64
    assert shown["server_seed"] is None and shown["client_seed_open"]
    seeded = player.post(f"/api/tables/{table}/client-seed", json={"client_seed": "my seed 42"})
    assert seeded.status_code == 200
    assert seeded.json()["table"]["next_shoe"]["client_seed"] == "my seed 42"
    assert seeded.json()["table"]["next_shoe"]["commitment"] == shown["commitment"]
    early = player.get(f"/api/tables/{table}/shoes/1/verify")
    assert early.status_code == 409 and early.json()["code"] == "shoe_not_revealed"
    deals = 0
    seen: list[str] = []
    while True:
        response = deal(player, table, {"banker": 1})
        assert response.status_code == 200
        deals += 1
        seen.append(response.text + player.get(f"/api/tables/{table}").text)
        if response.json()["shoe"]["finished"]:
            break
        late = player.post(f"/api/tables/{table}/client-seed", json={"client_seed": "late"})
        assert late.status_code == 409 and late.json()["code"] == "client_seed_closed"
    shoes = player.get(f"/api/tables/{table}/shoes").json()["shoes"]
    assert [s["number"] for s in shoes] == [2, 1]
    # The next shoe is committed to and waits for a new contribution: no seed carries on.
    assert shoes[0]["server_seed"] is None and shoes[0]["client_seed"] is None
    assert shoes[0]["awaiting_contribution"] and shoes[0]["scheme"] == 2
    events = shoes[1]["events"]
    assert events["commitment_shown"] < events["contribution_received"] < events["first_card"]
    revealed = shoes[1]["server_seed"]
    assert commitment(revealed) == shoes[1]["commitment"] == shown["commitment"]
    # While the shoe was in play no answer carried its seed (nor, so, anything to rebuild it).
    assert not any(revealed in text for text in seen)
    answer = player.get(f"/api/tables/{table}/shoes/1/verify").json()
    result = answer["verification"]
    assert result["ok"] and result["commitment_ok"] and result["coups_checked"] == deals
    assert answer["events"]["in_order"] is True and answer["events"]["scheme"] == 2
    assert result["server_seed"] == revealed and result["client_seed"] == "my seed 42"


def test_bad_seeds_and_other_players_tables_are_refused(player: TestClient) -> None:
    table = table_id(player)
    bad = player.post(f"/api/tables/{table}/client-seed", json={"client_seed": " edge "})
    assert bad.status_code == 422
    assert (
        player.post(f"/api/tables/{table}/client-seed", json={"client_seed": ""}).status_code == 422
    )
    other = Browser(player.app)
    assert other.post("/api/session", json={"adult": True}).status_code == 201
    for response in (
        other.get(f"/api/tables/{table}/shoes"),
        other.get(f"/api/tables/{table}/shoes/1/verify"),
        other.post(f"/api/tables/{table}/client-seed", json={"client_seed": "mine"}),
    ):
        assert response.status_code == 404, response.text


def test_a_malformed_client_seed_is_refused_in_the_players_language(player: TestClient) -> None:
    table = _one_deck_table(player)
    refused = player.post(
        f"/api/tables/{table}/client-seed",
        json={"client_seed": " edge "},
        headers={"Accept-Language": "hu"},
    )
    assert refused.status_code == 422
    assert (
        refused.json()
        == {
            "code": "bad_input",
            "detail": "A kliens-kezdőérték nem kezdődhet és nem végződhet szóközzel: ' edge '.",  # a sentence
        }
    )


def test_a_deal_waits_for_the_contribution_and_names_the_commitment(player: TestClient) -> None:
    table = _one_deck_table(player)
    shown = player.get(f"/api/tables/{table}").json()["table"]["next_shoe"]
    assert shown["awaiting_contribution"] and shown["client_seed"] is None
    refused = player.post(
        f"/api/tables/{table}/deal",
        json={"stakes": {"banker": 1}},
        headers={"Idempotency-Key": "k1"},
    )
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "contribution_needed" and body["commitment"] == shown["commitment"]
    assert body["shoe"] == 1 and body["detail"]
    stale = player.post(
        f"/api/tables/{table}/client-seed", json={"client_seed": "x", "commitment": "a" * 64}
    )
    assert stale.status_code == 409 and stale.json()["code"] == "commitment_changed"
    assert stale.json()["commitment"] == shown["commitment"]
    ok = player.post(
        f"/api/tables/{table}/client-seed",
        json={"client_seed": "drawn by me", "commitment": shown["commitment"]},
    )
    assert ok.status_code == 200 and not ok.json()["table"]["next_shoe"]["awaiting_contribution"]
    dealt = player.post(
        f"/api/tables/{table}/deal",
        json={"stakes": {"banker": 1}},
        headers={"Idempotency-Key": "k1"},
    )
    assert dealt.status_code == 200, dealt.text


def test_a_client_seed_sent_preferring_a_minimal_answer_gets_no_table(player: TestClient) -> None:
    table = _one_deck_table(player)
    shown = player.get(f"/api/tables/{table}").json()["table"]["next_shoe"]
    seed = {"client_seed": "as the page sends it", "commitment": shown["commitment"]}
    taken = player.post(
        f"/api/tables/{table}/client-seed",
        json=seed,
        headers={"Prefer": "respond-async, RETURN=minimal; x=1"},  # the page sends return=minimal
    )
    assert taken.status_code == 204 and taken.content == b""
    assert taken.headers["Preference-Applied"] == "return=minimal"
    # Taken all the same: the table shows it, and a deal goes ahead.
    now = player.get(f"/api/tables/{table}").json()["table"]["next_shoe"]
    assert now["client_seed"] == "as the page sends it" and not now["awaiting_contribution"]
    assert deal(player, table, {"banker": 1}).status_code == 200
    # A refusal is the same whatever the preference.
    late = player.post(
        f"/api/tables/{table}/client-seed",
        json={"client_seed": "late"},
        headers={"Prefer": "return=minimal"},
    )
    assert late.status_code == 409 and late.json()["code"] == "client_seed_closed"


def test_only_return_minimal_drops_the_table() -> None:
    assert prefers_minimal("return=minimal") and prefers_minimal('wait=5, return="minimal"')
    assert not prefers_minimal("return=representation") and not prefers_minimal(None)
    assert (
        not prefers_minimal("") and not prefers_minimal("minimal") and not prefers_minimal("return")
    )
