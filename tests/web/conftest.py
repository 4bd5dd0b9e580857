"""An application per test, built by the factory on in-memory SQLite, and clients for it."""

from __future__ import annotations

import uuid
import warnings
from collections.abc import Iterator, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from pydantic import SecretStr

with warnings.catch_warnings():
    # Starlette suggests httpx2 for its test client; httpx is what this project installs.
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.web.app import create_app
from baccarat.web.context import PLAYER_COOKIE
from baccarat.web.security import CSRF_HEADER
from baccarat.web.settings import Settings
from support.fair import client_seed_for

SECRET = "test-secret-" + "x" * 32


class Browser(TestClient):
    """A test client that sends its session's anti-forgery token, as the pages do (their forms
    carry it in a hidden field, their script in ``X-CSRF-Token``): it is computed from the
    client's current session cookie, so it follows a log-in or a registration. A header given
    explicitly wins (tests of a wrong token)."""

    def request(self, method: str, url: Any, **kwargs: Any) -> httpx.Response:
        if method.upper() not in ("GET", "HEAD", "OPTIONS"):
            signer = self.app.state.signer  # type: ignore[attr-defined]
            token = signer.csrf_for(self.cookies.get(PLAYER_COOKIE))
            headers = dict(kwargs.pop("headers", None) or {})
            if token and not any(name.lower() == CSRF_HEADER.lower() for name in headers):
                headers[CSRF_HEADER] = token
            kwargs["headers"] = headers
        response: httpx.Response = super().request(method, url, **kwargs)
        return response


def deal(
    client: TestClient,
    table: int,
    stakes: Mapping[str, int | str],
    *,
    key: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> httpx.Response:
    """Deal one coup through the API with a fresh ``Idempotency-Key`` (or ``key``); a shoe that
    waits for the player's client seed gets one first, as the page's script sends it (after
    seeing the commitment: here, in the refusal)."""
    sent = {"Idempotency-Key": key or uuid.uuid4().hex, **(headers or {})}
    url = f"/api/tables/{table}/deal"
    response: httpx.Response = client.post(url, json={"stakes": dict(stakes)}, headers=sent)
    if response.status_code == 409 and response.json().get("code") == "contribution_needed":
        body = response.json()
        contribute(client, table, body["shoe"], body["commitment"], headers)
        response = client.post(url, json={"stakes": dict(stakes)}, headers=sent)
    return response


def ready(client: TestClient, table: int) -> None:
    """Contribute the client seed of the table's next shoe if it waits for one (as the page's
    script does once it sees the commitment), so that the next deal is dealt at once."""
    shown = client.get(f"/api/tables/{table}").json()["table"]["next_shoe"]
    if shown is not None and shown["awaiting_contribution"]:
        contribute(client, table, shown["number"], shown["commitment"])


def contribute(
    client: TestClient,
    table: int,
    shoe: int,
    commitment: str,
    headers: Mapping[str, str] | None = None,
) -> None:
    """Send the client seed of shoe ``shoe`` of ``table`` (:func:`client_seed_for`), with the
    deal's own ``headers`` (its anti-forgery token, for a client that sends it by hand)."""
    answer = client.post(
        f"/api/tables/{table}/client-seed",
        json={"client_seed": client_seed_for(table, shoe), "commitment": commitment},
        headers=dict(headers or {}),
    )
    assert answer.status_code == 200, answer.text


def player_of(app: FastAPI, client: TestClient) -> str:
    """The player id of a client's live session."""
    token = app.state.signer.read_player(client.cookies.get(PLAYER_COOKIE))
    player_id = app.state.service.session_player(token) if token else None
    assert player_id is not None, "the client has no live session"
    return str(player_id)


def started_ago(app: FastAPI, client: TestClient, minutes: int) -> None:
    """Make the client's player's play session (the server's record) one that started
    ``minutes`` ago and is live (its last coup now), as if it had played all along."""
    from baccarat.ledger import playsessions
    from baccarat.store.models import PlaySessionRecord

    player_id = player_of(app, client)
    now = app.state.service.clock()
    with app.state.store.transaction() as db:
        record = playsessions.latest(db, player_id)
        if record is None or record.ended_at is not None:
            record = PlaySessionRecord(player_id=player_id, started_at=now, last_played_at=now)
            db.add(record)
        record.started_at = now - timedelta(minutes=minutes)
        record.last_played_at = now


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        database_url="sqlite://",
        secret_key=SecretStr(SECRET),
        data_dir=tmp_path / "data",
        shoe_seed=2026,
    )


@pytest.fixture
def app(settings: Settings) -> Iterator[FastAPI]:
    application = create_app(settings)
    yield application
    application.state.store.close()


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    """A browser that has not passed the gate."""
    return Browser(app)


@pytest.fixture
def player(app: FastAPI) -> TestClient:
    """A browser whose player passed the 18+ gate through the API."""
    client = Browser(app)
    assert client.post("/api/session", json={"adult": True}).status_code == 201
    return client


def table_id(client: TestClient) -> int:
    """The id of the player's current table."""
    response = client.get("/api/tables/current")
    assert response.status_code == 200, response.text
    return int(response.json()["table"]["id"])


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    """One Playwright driver per browser-test module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver
