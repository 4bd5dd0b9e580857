"""An application per test, built by the factory on in-memory SQLite, and clients for it."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from pydantic import SecretStr

with warnings.catch_warnings():
    # Starlette suggests httpx2 for its test client; httpx is what this project installs.
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.web.app import create_app
from baccarat.web.settings import Settings

SECRET = "test-secret-" + "x" * 32


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
    return TestClient(app)


@pytest.fixture
def player(app: FastAPI) -> TestClient:
    """A browser whose player passed the 18+ gate through the API."""
    client = TestClient(app)
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
