"""The server-rendered pages: the gate, notices everywhere, playing without JavaScript, errors shown."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from baccarat.store.models import Entry

from .conftest import Browser, deal, table_id

NOTICES = (
    "virtual points only",
    "no real money",
    "no prizes",
    "points cannot be bought or cashed out",
)


def _has_notices(html: str) -> bool:
    return all(notice in html for notice in NOTICES)


def _browser(app: FastAPI) -> TestClient:
    """A browser that passed the gate through the form, as a person would."""
    client = Browser(app)
    response = client.post("/gate", data={"adult": "yes"}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/table"
    return client


def test_a_first_visit_goes_to_the_gate(client: TestClient) -> None:
    response = client.get("/", follow_redirects=False)
    assert (response.status_code, response.headers["location"]) == (303, "/gate")
    assert client.get("/table", follow_redirects=False).headers["location"] == "/gate"
    gate = client.get("/gate")
    assert gate.status_code == 200 and _has_notices(gate.text)
    assert "18 or older" in gate.text and "10,000" in gate.text


def test_saying_no_at_the_gate_creates_no_player(app: FastAPI, client: TestClient) -> None:
    response = client.post("/gate", data={"adult": "no"}, follow_redirects=False)
    assert response.headers["location"] == "/adults-only"
    assert "baccarat_player" not in response.headers.get("set-cookie", "")
    page = client.get("/adults-only")
    assert page.status_code == 403 and _has_notices(page.text)
    with app.state.store.reading() as db:
        assert db.scalar(select(func.count()).select_from(Entry)) == 0


def test_every_page_carries_the_notices_the_clock_and_the_net(app: FastAPI) -> None:
    browser = _browser(app)
    coup = deal(browser, table_id(browser), {"player": 10}).json()["coup"]
    for path in ("/table", "/history", f"/coups/{coup['id']}"):
        page = browser.get(path)
        assert page.status_code == 200, path
        assert _has_notices(page.text), path
        assert 'id="session-clock"' in page.text and 'id="session-net"' in page.text, path
        assert 'id="balance"' in page.text, path
    assert _has_notices(browser.get("/no/such/page").text)


def test_the_table_page_shows_bets_draw_table_and_panels(app: FastAPI) -> None:
    page = _browser(app).get("/table").text
    for bet in ("player", "banker", "tie", "player_pair", "egalite_9"):
        assert f'name="stake_{bet}"' in page
    assert 'name="stake_super_6"' not in page  # not offered by punto-banco
    for element in ('id="cell-p-5"', 'id="cell-b-3-8"', 'id="cell-b-6-s"', 'id="cell-n"'):
        assert element in page
    for panel in ("shoe-panel", "roads-panel", "stats-panel", "odds-panel", "history-panel"):
        assert f'id="{panel}"' in page
    assert 'aria-live="polite"' in page and 'id="announcer"' in page
    assert "predict nothing" in page


def test_dealing_with_a_form_works_without_javascript(app: FastAPI) -> None:
    browser = _browser(app)
    table = table_id(browser)
    # Before the first card the page asks for the player's client seed (no script to draw one).
    refused = browser.post(
        "/table/deal", data={"table_id": str(table), "stake_banker": "100"}, follow_redirects=False
    )
    assert refused.status_code == 409 and 'id="fair-ask"' in refused.text
    page = browser.get("/table").text
    assert 'id="fair-ask"' in page
    shown = re.search(r'id="fair-ask".*?name="commitment" value="([0-9a-f]{64})"', page, re.S)
    assert shown is not None
    typed = browser.post(
        "/table/client-seed",
        data={"table_id": str(table), "client_seed": "typed by me", "commitment": shown[1]},
        follow_redirects=False,
    )
    assert typed.status_code == 303
    assert 'id="fair-ask"' not in browser.get("/table").text
    response = browser.post(
        "/table/deal",
        data={"table_id": str(table), "stake_banker": "100", "stake_tie": "", "stake_big": "0"},
        follow_redirects=False,
    )
    assert response.status_code == 303
    page = browser.get(response.headers["location"]).text
    coup = browser.get("/api/history").json()["coups"][0]
    assert coup["result"] in page
    for step in coup["steps"]:
        assert step["text"].replace("'", "&#39;") in page
    assert coup["settlement"]["bets"][0]["text"].replace("'", "&#39;") in page
    net = coup["settlement"]["net_text"]
    assert f'id="session-net">{net}<' in page


@pytest.mark.parametrize(
    ("fields", "status", "message"),
    [
        ({"stake_player": "20000"}, 422, "above the table maximum"),
        ({"stake_player": "9000", "stake_banker": "2000"}, 422, "the balance is 10,000 points"),
        ({"stake_player": "abc"}, 422, "is not a number of points"),
        ({"stake_player": ""}, 422, "Place at least one bet"),
    ],
)
def test_a_refused_form_deal_shows_why_and_charges_nothing(
    app: FastAPI, fields: dict[str, str], status: int, message: str
) -> None:
    browser = _browser(app)
    table = table_id(browser)
    response = browser.post("/table/deal", data={"table_id": str(table), **fields})
    assert response.status_code == status
    alert = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', response.text, re.S)
    assert alert is not None and message in alert.group(1)
    assert "Nothing was charged." in alert.group(1)
    assert browser.get("/api/me").json()["player"]["balance"] == "10000"
    # What the player typed is still there to correct.
    for key, value in fields.items():
        if value:
            assert f'name="{key}" value="{value}"' in response.text


def test_a_new_table_from_the_form(app: FastAPI) -> None:
    browser = _browser(app)
    response = browser.post("/table/new", data={"rule_set": "no-commission", "decks": "1"})
    assert response.status_code == 200
    assert 'name="stake_super_6"' in response.text and "1 deck" in response.text
    refused = browser.post("/table/new", data={"rule_set": "macao", "decks": "8"})
    assert refused.status_code == 422 and "Unknown rule set" in refused.text


def test_top_up_from_the_page(app: FastAPI) -> None:
    browser = _browser(app)
    table = table_id(browser)
    assert 'id="top-up"' not in browser.get("/table").text
    balance = 10_000.0
    while balance >= 10_000:
        data = deal(browser, table, {"tie": 500}).json()
        balance = float(data["balance_after"])
    assert 'id="top-up"' in browser.get("/table").text
    response = browser.post("/top-up", follow_redirects=False)
    assert response.status_code == 303
    page = browser.get("/table").text
    assert 'data-balance="10000"' in page and "Today's top-up is used" in page
    again = browser.post("/top-up")
    assert again.status_code == 409 and "already used today" in again.text


def test_history_page_and_coup_page(app: FastAPI) -> None:
    browser = _browser(app)
    table = table_id(browser)
    coups = [deal(browser, table, {"banker": 5}).json()["coup"] for _ in range(3)]
    history = browser.get("/history").text
    for coup in coups:
        assert f'id="coup-{coup["id"]}"' in history
    page = browser.get(f"/coups/{coups[0]['id']}")
    assert page.status_code == 200 and coups[0]["result"] in page.text
    assert browser.get("/coups/999999").status_code == 404


def test_panels_fragment_for_the_script(app: FastAPI) -> None:
    browser = _browser(app)
    table = table_id(browser)
    coup = deal(browser, table, {"banker": 5}).json()["coup"]
    fragment = browser.get(f"/table/panels?table={table}").text
    assert "<html" not in fragment and 'id="roads-panel"' in fragment
    assert f'data-coup-ids="{coup["id"]}"' in fragment
    assert f'data-coup-id="{coup["id"]}"' in fragment


def test_a_database_without_the_player_sends_back_to_the_gate(app: FastAPI) -> None:
    browser = _browser(app)
    cookie = browser.cookies.get("baccarat_player")
    other = create_other_app(app)
    stranger = Browser(other)
    stranger.cookies.set("baccarat_player", cookie or "")
    response = stranger.get("/table", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/gate"
    other.state.store.close()


def create_other_app(app: FastAPI) -> FastAPI:
    from baccarat.web.app import create_app

    return create_app(app.state.settings.model_copy())


def test_language_query_sets_a_cookie(app: FastAPI) -> None:
    browser = _browser(app)
    response = browser.get("/table?lang=en")
    assert "baccarat_lang=en" in response.headers.get("set-cookie", "")
    assert '<html lang="en">' in response.text
    unknown = browser.get("/table?lang=xx")
    assert "baccarat_lang" not in unknown.headers.get("set-cookie", "")


def test_a_missing_page_says_so_and_keeps_the_players_standing(
    app: FastAPI, client: TestClient
) -> None:
    # A visitor: the page is named as not found; nothing was asked that could cost points.
    page = client.get("/no-such-page")
    assert page.status_code == 404
    assert '<h1 id="error-title">Page not found</h1>' in page.text
    # Its line does not say it again: it says what to do next.
    assert "Not found." not in page.text and "choose a page from the menu" in page.text
    # Said plainly: the red warning (class "error", an alert) is for a refusal, not guidance.
    line = re.search(r'<p([^>]*) id="error">(.*?)</p>', page.text, re.S)
    assert line is not None and "choose a page from the menu" in line[2]
    assert 'class="error"' not in line[1] and 'role="alert"' not in line[1]
    assert "Nothing was charged" not in page.text and 'id="balance"' not in page.text
    # A player keeps the balance and the whole menu, as on every other page.
    player = _browser(app).get("/no-such-page", headers={"Accept-Language": "hu"})
    assert player.status_code == 404 and "Az oldal nem található" in player.text
    assert 'id="balance"' in player.text and 'href="/history"' in player.text


def test_a_refused_request_after_a_form_says_nothing_was_charged(app: FastAPI) -> None:
    browser = _browser(app)
    refused = browser.post("/history")  # an address that only shows a page
    assert refused.status_code == 405
    assert '<h1 id="error-title">That was not possible</h1>' in refused.text
    assert "Nothing was charged." in refused.text
    assert '<p class="error" role="alert" id="error">' in refused.text  # a refusal: the alert
    # A page asked for that cannot be shown yet charges nothing either: it does not say so.
    shown = browser.get(f"/tables/{table_id(browser)}/shoes/1/verify")
    assert shown.status_code >= 400 and "Nothing was charged" not in shown.text


def test_every_refusal_page_keeps_the_players_standing(app: FastAPI, client: TestClient) -> None:
    # As a missing page does: the balance and the whole menu, whatever was refused.
    browser = _browser(app)
    refusals = {
        f"/tables/{table_id(browser)}/shoes/1/verify": 409,  # the shoe has not ended
        "/coups/999999": 404,  # no such coup (the ledger's refusal, not the router's)
        "/tables/not-a-number/shoes": 422,  # refused by the address's own grammar
    }
    for path, status in refusals.items():
        page = browser.get(path, headers={"Accept-Language": "vi"})
        assert page.status_code == status, path
        assert 'id="balance"' in page.text and 'href="/history"' in page.text, path
        assert 'id="session-clock"' in page.text, path
    # A visitor refused the same way sees no standing: there is none.
    anonymous = client.post("/history")
    assert anonymous.status_code == 405 and 'id="balance"' not in anonymous.text
