"""Every page's frame without a browser: the menu, the reader's words (no code, no pydantic
English, times as ``<time>`` with UTC named), the cool-off asked and then shown on every page,
the history by table and shoe, and a quiz round from the player's own coups."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from baccarat.core.settle import StakeError
from baccarat.i18n.catalogs import get_translator
from baccarat.ledger.errors import LedgerError
from baccarat.web.i18n import local_time, using
from baccarat.web.pages import NAV
from baccarat.web.present.labels import error_message, validation_text
from baccarat.web.routers.quiz import read_round

from .conftest import deal, table_id
from .test_quiz_pages import _field, _serializer

PAGES = (
    "/table",
    "/history",
    "/quiz",
    "/guides",
    "/guides/roads",
    "/chemin",
    "/account",
    "/limits",
)
CODES = re.compile(r"punto-banco|reality_check_minutes|daily_coup_limit|'tie'|Field required")


def _text(html: str) -> str:
    """What a reader sees: the page without its tags (attributes may carry codes for scripts)."""
    return re.sub(r"<script.*?</script>|<[^>]+>", " ", html, flags=re.S)


def _menu(html: str) -> list[str]:
    nav = re.search(r'<nav class="site-nav" id="site-nav".*?</nav>', html, re.S)
    assert nav, "no menu"
    return re.findall(r'<li><a href="(/[a-z]*)"', nav.group(0))


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_the_menu_and_the_languages(player: TestClient, path: str) -> None:
    html = player.get(path).text
    assert _menu(html) == [href for href, _label in NAV]
    assert html.count('hreflang="') >= 3 and 'id="menu-toggle"' in html
    current = [h for h, _ in NAV if path == h or path.startswith(h + "/")]
    nav = re.search(r'<nav class="site-nav".*?</nav>', html, re.S)
    assert nav and re.findall(r'<a href="([^"]+)" aria-current="page"', nav.group(0)) == current
    assert 'id="balance"' in html  # the guides keep the balance too
    assert not CODES.search(_text(html))


def test_the_guides_keep_the_way_back_for_a_player_and_work_for_anyone(
    player: TestClient, client: TestClient
) -> None:
    assert 'href="/table">Back to the table' in player.get("/guides/roads").text
    anonymous = client.get("/guides/roads")
    assert anonymous.status_code == 200 and 'id="balance"' not in anonymous.text


def test_a_moment_is_a_time_element_with_utc_named_in_the_language() -> None:
    moment = datetime(2026, 12, 2, 18, 28, 7, 675145, tzinfo=UTC)
    with using(get_translator("hu")):
        shown = str(local_time(moment))
    assert shown == (
        '<time datetime="2026-12-02T18:28:07Z" data-local="datetime">2026. dec. 2. 18:28 UTC</time>'
    )
    with using(get_translator("vi")):
        assert "18:28 UTC, 2 thg 12, 2026" in str(local_time(moment))


def test_refusals_name_bets_rule_sets_and_limits_in_words() -> None:
    stake = StakeError(
        "stake_below_minimum", bet="tie", stake=50, minimum=100, rule_set="punto-banco"
    )
    limit = LedgerError("bad_limit", limit="reality_check_minutes", value=2, low=5, high=240)
    with using(get_translator("en")):
        # A title, unquoted; a sentence with its full stop.
        assert error_message(stake) == (
            "Stake of 0.50 points on Tie is below the table minimum of 1 point (Punto Banco)."
        )
        assert error_message(limit).startswith("The reality-check interval in minutes must be")
    with using(get_translator("vi")):
        assert not CODES.search(error_message(stake) + error_message(limit))


def test_validation_errors_read_as_sentences_in_the_language() -> None:
    errors: list[dict[str, Any]] = [
        {"type": "missing", "loc": ("body", "period"), "msg": "Field required"},
        {"type": "less_than_equal", "loc": ("body", "daily_coup_limit"), "ctx": {"le": 10000}},
    ]
    with using(get_translator("en")):
        assert validation_text(errors) == (
            "The cool-off period is required. The most coups per day must be at most 10000."
        )
    with using(get_translator("hu")):
        text = validation_text(errors)
    assert "Field required" not in text and "kötelező" in text and "10000" in text


def test_an_invalid_api_request_is_refused_in_the_language(player: TestClient) -> None:
    refused = player.put("/api/me/limits?lang=vi", json={"reality_check_minutes": 1})
    assert refused.status_code == 422
    detail = refused.json()["detail"]
    assert "reality_check_minutes" not in detail and "greater than" not in detail
    assert "Yêu cầu không hợp lệ" in detail


def test_the_cool_off_is_asked_then_locks_every_page_with_its_end(player: TestClient) -> None:
    asked = player.post("/limits/cool-off", data={"period": "1d"}, follow_redirects=False)
    assert asked.status_code == 200 and "Lock the table for one day?" in asked.text
    assert 'id="locked-banner"' not in player.get("/guides").text
    done = player.post(
        "/limits/cool-off", data={"period": "1d", "confirm": "yes"}, follow_redirects=False
    )
    assert done.status_code == 303
    for path in ("/table", "/guides", "/history", "/quiz", "/limits"):
        html = player.get(path).text
        banner = re.search(r'<section class="locked-banner".*?</section>', html, re.S)
        assert banner, path
        assert re.search(
            r'<time datetime="[0-9T:-]+Z" data-local="datetime">[^<]* UTC</time>', banner.group(0)
        )
        assert 'class="is-locked"' in html and 'id="top-up"' not in html
        assert "+00:00" not in _text(html)


def test_history_is_grouped_by_table_and_shoe_with_the_rule_set(player: TestClient) -> None:
    table = table_id(player)
    for _ in range(2):
        assert deal(player, table, {"banker": 10}).status_code == 200
    html = player.get("/history").text
    assert html.count('class="history-group"') == 1
    # The table named as the player knows it, by its rules and decks, not by the database's
    # number ("Table 4"); its shoes are a link away.
    decks = player.get("/api/tables/current").json()["table"]["decks"]
    heading = re.search(rf'<h2 id="table-{table}-shoe-1-title">(.*?)</h2>', html)
    assert heading and heading[1] == f"Punto Banco · {decks} decks · Shoe 1"
    assert f"Table {table}" not in html
    assert f'<a href="/tables/{table}/shoes">' in html
    assert player.get(f"/tables/{table}/shoes").status_code == 200
    assert "2 coups: <time" in html
    # Each coup's hands have ids of their own.
    ids = re.findall(r'id="([^"]+)"', html)
    assert len(ids) == len(set(ids))


def test_a_round_of_the_situations_just_met(app: FastAPI, player: TestClient) -> None:
    refused = player.post("/quiz/mine")
    assert refused.status_code == 409 and "play a few at the table first" in refused.text
    table = table_id(player)
    dealt = [deal(player, table, {"player": 10}).json() for _ in range(3)]
    html = player.post("/quiz/mine").text
    round_ = read_round(_serializer(app), _field(html, "round"))
    codes = [[c["code"] for c in coup["coup"]["cards"]] for coup in dealt]
    assert [[str(c) for c in s.coup.cards_in_order] for s in round_.situations] == codes
    assert "Situation 1 of 3" in html


def test_the_verdict_shows_the_situation_it_judges(player: TestClient) -> None:
    html = player.post("/quiz/start", data={"mode": "normal"}).text
    cards = re.findall(r'id="quiz-player-cards">(.*?)</ol>', html, re.S)[0]
    data = {name: _field(html, name) for name in ("round", "q", "results", "asked")}
    judged = player.post("/quiz/answer", data={**data, "answer": "draw"}).text
    box = re.search(
        r'<div class="quiz-result quiz-judged.*?<div class="judged-verdict">.*?</div>', judged, re.S
    )
    assert box and 'id="judged-player-cards"' in box.group(0)
    assert re.findall(r'id="judged-player-cards">(.*?)</ol>', judged, re.S)[0] == cards
    assert "Your answer: draw" in box.group(0)


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/limits", {"reality_check_minutes": "999"}),
        ("/account/login", {"username": "nobody", "password": "not-the-password"}),
        ("/quiz/mine", {}),  # no coups yet to practise
        ("/table/deal", {"stake_player": "abc"}),
    ],
)
def test_a_refusal_carries_one_warning_sign(
    player: TestClient, path: str, form: dict[str, str]
) -> None:
    # The sign is the style's (.error::before); one typed into the text as well showed twice.
    if path == "/table/deal":
        form = {**form, "table_id": str(table_id(player))}
    html = player.post(path, data=form).text
    alert = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', html, re.S)
    assert alert is not None and alert[1].strip(), path
    assert "⚠" not in alert[1], path


def test_the_footer_links_every_page_of_the_menu(player: TestClient) -> None:
    # The footer is the site's map at the bottom of each page: the rooms were missing from it.
    html = player.get("/guides").text
    footer = re.search(r'<footer class="site-footer">.*?</footer>', html, re.S)
    assert footer is not None
    assert {href for href, _label in NAV} <= set(re.findall(r'<a href="(/[a-z]*)"', footer[0]))
