"""The table's "predict, then reveal" answers: graded against the coup, recorded as quiz answers."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from baccarat.store.quiz import DatabaseStore

from .conftest import deal, player_of, table_id

URL = "/api/quiz/table-answer"


def _coup(player: TestClient) -> dict[str, Any]:
    response = deal(player, table_id(player), {"banker": 10})
    assert response.status_code == 200, response.text
    coup: dict[str, Any] = response.json()["coup"]
    return coup


def _step(coup: dict[str, Any], side: str) -> dict[str, Any]:
    return next(step for step in coup["steps"] if step["side"] == side)


def test_an_answer_is_graded_and_lands_in_the_quiz_heatmap(
    app: FastAPI, player: TestClient
) -> None:
    coup = _coup(player)
    step = _step(coup, "banker")
    body = {"coup_id": coup["id"], "side": "banker", "answer": step["action"]}
    response = player.post(URL, json=body)
    assert response.status_code == 200, response.text
    verdict = response.json()
    assert verdict["right"] is True and verdict["expected"] == step["action"]
    progress = DatabaseStore(app.state.store).load(player_of(app, player))
    records = [progress.record(cell) for cell in progress]
    assert [(r.cell.key, r.right, r.wrong, r.box) for r in records] == [(verdict["cell"], 1, 0, 2)]
    # The quiz page's heatmap shows the cell answered.
    page = player.get("/quiz").text
    assert f'data-cell="{verdict["cell"]}" data-right="1" data-wrong="0"' in page


def test_a_wrong_answer_is_recorded_as_wrong_and_due_again(
    app: FastAPI, player: TestClient
) -> None:
    coup = _coup(player)
    step = _step(coup, "player")
    wrong = "stand" if step["action"] == "draw" else "draw"
    verdict = player.post(URL, json={"coup_id": coup["id"], "side": "player", "answer": wrong})
    assert verdict.status_code == 200 and verdict.json()["right"] is False
    progress = DatabaseStore(app.state.store).load(player_of(app, player))
    (cell,) = progress
    record = progress.record(cell)
    assert (record.cell.key, record.wrong, record.box) == (verdict.json()["cell"], 1, 1)


def test_bad_answers_are_refused_in_json_and_record_nothing(
    app: FastAPI, player: TestClient, client: TestClient
) -> None:
    coup = _coup(player)
    good = {"coup_id": coup["id"], "side": "banker", "answer": "draw"}
    for body, status in (
        ({**good, "answer": "hit"}, 422),
        ({**good, "side": "dealer"}, 422),
        ({**good, "coup_id": 0}, 422),
        ({**good, "extra": 1}, 422),
        ({**good, "coup_id": coup["id"] + 999}, 404),
    ):
        response = player.post(URL, json=body)
        assert response.status_code == status, (body, response.text)
        assert "detail" in response.json()
    # Another player's coup is not found; no token, no answer.
    other = TestClient(app)
    assert other.post("/api/session", json={"adult": True}).status_code == 201
    assert player.post(URL, json=good, headers={"X-CSRF-Token": "forged"}).status_code == 403
    assert len(DatabaseStore(app.state.store).load(player_of(app, player))) == 0
    assert client.post(URL, json=good).status_code == 401
