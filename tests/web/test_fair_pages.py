"""The provably fair shoe on the pages: the commitment and the client seed in the shoe panel,
the seed form, the shoes page with revealed seeds, and the verify page."""

from __future__ import annotations

import html
import re
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.fair import commitment

from .conftest import deal


def test_commit_seed_play_out_reveal_and_verify_on_the_pages(player: TestClient) -> None:
    table = player.post("/api/tables", json={"decks": 1}).json()["table"]["id"]
    page = player.get(f"/table?table={table}").text
    shown = re.search(
        r'shown before it is dealt: <code class="seed-value">([0-9a-f]{64})</code>', page
    )
    assert shown is not None
    assert 'action="/table/client-seed"' in page
    response = player.post(
        "/table/client-seed",
        data={"table_id": str(table), "client_seed": "page seed"},
        follow_redirects=False,
    )
    assert response.status_code == 303
    assert (
        'Client seed: <code class="seed-value">page seed</code>'
        in player.get(f"/table?table={table}").text
    )
    while not deal(player, table, {"tie": 1}).json()["shoe"]["finished"]:
        pass
    shoes = player.get(f"/tables/{table}/shoes").text
    seed = re.search(r'Server seed: <code class="seed-value">([0-9a-f]{64})</code>', shoes)
    assert seed is not None and commitment(seed[1]) == shown[1]
    assert f'href="/tables/{table}/shoes/1/verify"' in shoes
    verified = html.unescape(player.get(f"/tables/{table}/shoes/1/verify").text)
    assert "is the SHA-256 of the revealed server seed" in verified
    assert "coups dealt from this shoe are the ones its seeds deal" in verified
    # Each event's moment is a <time> the page's script shows in the reader's zone; no raw ISO
    # timestamp is left in the text.
    assert len(re.findall(r'<time datetime="[^"]+Z" data-local="seconds">', verified)) == 3
    text = re.sub(r'datetime="[^"]*"', "", verified)
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", text)
    command = re.search(r'<pre class="command" id="verify-command"[^>]*>(.*?)</pre>', verified)
    assert command is not None
    assert f"--server-seed {seed[1]} --client-seed 'page seed' --shoe 1 --decks 1" in re.sub(
        r"<[^>]+>", "", command[1]
    )
    # Each argument a piece with its value, so the line breaks only between them.
    assert '<span class="arg">--decks 1</span>' in command[1]


def test_the_shoes_page_says_a_waiting_shoe_has_no_client_seed_yet(player: TestClient) -> None:
    table = player.post("/api/tables", json={"decks": 1}).json()["table"]["id"]
    shoes = player.get(f"/tables/{table}/shoes").text
    assert "Client seed: not chosen yet." in shoes
    assert "None" not in shoes
    # The sentence keeps the page's font; only the value is set in the monospace face.
    assert re.search(r'Commitment: <code class="seed-value">[0-9a-f]{64}</code>', shoes)


def test_a_late_or_bad_client_seed_shows_why_and_changes_nothing(player: TestClient) -> None:
    table = player.get("/api/tables/current").json()["table"]["id"]
    bad = player.post("/table/client-seed", data={"table_id": str(table), "client_seed": " x"})
    assert bad.status_code == 422 and 'role="alert"' in bad.text
    deal(player, table, {"tie": 1})
    late = player.post("/table/client-seed", data={"table_id": str(table), "client_seed": "x"})
    assert late.status_code == 409 and "before a shoe" in late.text
    assert player.get(f"/tables/{table}/shoes/1/verify").status_code == 409
