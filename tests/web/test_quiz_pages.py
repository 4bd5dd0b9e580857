"""The quiz pages without a browser: rounds, grading, the record in the database, languages."""

from __future__ import annotations

import re
import time
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from itsdangerous import URLSafeSerializer

import baccarat.web.context
from baccarat.core.cards import parse_cards
from baccarat.core.coup import Coup
from baccarat.learn.quiz import Mode
from baccarat.store.quiz import DatabaseStore
from baccarat.web.routers.quiz import read_round

from .test_i18n import _pseudo_translator, _untranslated


def _field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, name
    return found.group(1)


def _start(client: TestClient, mode: str = "normal") -> str:
    response = client.post("/quiz/start", data={"mode": mode})
    assert response.status_code == 200, response.text
    return str(response.text)


def _answer(client: TestClient, html: str, answer: str, **override: str) -> str:
    data = {name: _field(html, name) for name in ("round", "q", "results", "asked")}
    response = client.post("/quiz/answer", data={**data, "answer": answer, **override})
    return str(response.text)


def _serializer(app: FastAPI) -> URLSafeSerializer:
    return URLSafeSerializer(app.state.settings.resolved_secret(), salt="baccarat.quiz")


def test_the_quiz_needs_the_gate(client: TestClient) -> None:
    response = client.get("/quiz", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/gate"


@pytest.mark.parametrize("mode", [m.value for m in Mode])
def test_every_mode_starts_a_round_of_twelve(app: FastAPI, player: TestClient, mode: str) -> None:
    html = _start(player, mode)
    round_ = read_round(_serializer(app), _field(html, "round"))
    assert round_.mode.value == mode and len(round_.situations) == 12
    assert "Situation 1 of 12" in html
    assert ("what is the total" in html) == (mode == "totals")


def test_answers_are_graded_recorded_and_explained(app: FastAPI, player: TestClient) -> None:
    html = _start(player, "hard")
    round_ = read_round(_serializer(app), _field(html, "round"))
    questions = round_.questions
    first = _answer(player, html, questions[0].step.action.value)
    assert "Right: draw." in first and "Player has" in first
    wrong = "stand" if questions[1].step.action.value == "draw" else "draw"
    second = _answer(player, first, wrong)
    assert "Wrong: the answer is" in second
    assert 'class="heat-poor heat-due heat-last"' in second
    # The cookie holds a session token; the database says whose session it is.
    token = app.state.signer.read_player(player.cookies["baccarat_player"])
    player_id = app.state.service.session_player(token)
    progress = DatabaseStore(app.state.store).load(player_id)
    assert progress[questions[0].cell].right == 1 and progress[questions[1].cell].wrong == 1
    # The Player's third card is shown with the Banker's question, as the engine dealt it.
    third = round_.situations[0].coup.player.third_card
    assert third is not None and 'id="quiz-third"' in first


def test_a_whole_round_ends_with_the_score(app: FastAPI, player: TestClient) -> None:
    html = _start(player, "totals")
    round_ = read_round(_serializer(app), _field(html, "round"))
    for question in round_.questions:
        html = _answer(player, html, str(question.step.total))
    assert "You answered 24 of 24 right." in html and 'id="quiz-again"' in html


def test_a_late_answer_in_the_timed_mode_is_wrong(app: FastAPI, player: TestClient) -> None:
    html = _start(player, "timed")
    round_ = read_round(_serializer(app), _field(html, "round"))
    asked = _serializer(app).dumps(time.time() - 30)
    page = _answer(player, html, round_.questions[0].step.action.value, asked=asked)
    assert "Too late (30" in page and "the limit is 8 s" in page


def test_a_forged_round_is_refused(player: TestClient) -> None:
    html = _start(player)
    response = player.post(
        "/quiz/answer",
        data={"round": _field(html, "round")[:-3] + "xyz", "q": "0", "answer": "draw"},
    )
    assert response.status_code == 422
    assert "This quiz round cannot be read; start a new round." in response.text
    skipped = player.get(f"/quiz/play?round={_field(html, 'round')}&q=5&results=")
    assert skipped.status_code == 422


def test_the_round_token_carries_the_cards_the_engine_dealt(
    app: FastAPI, player: TestClient
) -> None:
    response = player.post("/quiz/start", data={"mode": "normal"}, follow_redirects=False)
    token = parse_qs(urlparse(response.headers["location"]).query)["round"][0]
    for situation in read_round(_serializer(app), token).situations:
        assert Coup.from_cards(parse_cards(" ".join(map(str, situation.coup.cards_in_order)))) == (
            situation.coup
        )


@pytest.mark.parametrize(
    ("lang", "words"),
    [("vi", ["Bài tập: rút bài hay dừng?", "Con: rút bài hay dừng?", "Tình huống 1/12"]),
     ("hu", ["Kvíz: húz vagy megáll?", "Játékos: húz vagy megáll?", "1. helyzet (összesen 12)"])],
)  # fmt: skip
def test_the_quiz_speaks_the_language(player: TestClient, lang: str, words: list[str]) -> None:
    player.get(f"/quiz?lang={lang}")
    html = _start(player, "hard")
    for word in words:
        assert word in html


def test_every_quiz_page_is_translated(
    app: FastAPI, player: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    pseudo = _pseudo_translator()
    monkeypatch.setattr(baccarat.web.context, "get_translator", lambda _language: pseudo)
    home = player.get("/quiz").text
    play = _start(player, "normal")
    answered = _answer(player, play, "draw")
    round_html = _start(player, "totals")
    for _ in range(24):
        round_html = _answer(player, round_html, "3")
    leaks = {
        name: _untranslated(html)
        for name, html in {
            "home": home,
            "play": play,
            "answered": answered,
            "done": round_html,
        }.items()
    }
    assert {name: found for name, found in leaks.items() if found} == {}
