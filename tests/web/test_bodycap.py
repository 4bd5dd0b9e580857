"""Request bodies over the cap are refused with 413 and a JSON body, before anything reads them,
and nothing is written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from baccarat.web.app import create_app
from baccarat.web.bodycap import BODY_TOO_LARGE
from baccarat.web.settings import Settings

from .conftest import SECRET, Browser, deal, table_id

CAP = 4096


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url="sqlite://",
        secret_key=SecretStr(SECRET),
        data_dir=tmp_path,
        shoe_seed=7,
        max_body_bytes=CAP,
    )
    app = create_app(settings)
    client = Browser(app)
    assert client.post("/api/session", json={"adult": True}).status_code == 201
    yield client
    app.state.store.close()


def _refused(answer: httpx.Response) -> None:
    assert answer.status_code == 413
    body = answer.json()
    assert body["code"] == BODY_TOO_LARGE and body["max_bytes"] == CAP
    assert str(CAP) in body["detail"]


def _balance(client: TestClient) -> str:
    return str(client.get("/api/me").json()["player"]["balance"])


def test_a_body_declared_over_the_cap_is_refused_unread_and_nothing_is_dealt(
    capped: TestClient,
) -> None:
    table = table_id(capped)
    assert deal(capped, table, {"banker": 1}).status_code == 200  # a deal under the cap
    before = _balance(capped)
    padding = " " * CAP  # valid JSON, only too long
    answer = capped.post(
        f"/api/tables/{table}/deal",
        content=('{"stakes": {"banker": 1}}' + padding).encode(),
        headers={"Content-Type": "application/json", "Idempotency-Key": "k" * 16},
    )
    _refused(answer)
    assert _balance(capped) == before


def test_a_chunked_body_is_refused_once_it_passes_the_cap(capped: TestClient) -> None:
    table = table_id(capped)
    before = _balance(capped)

    def chunks() -> Iterator[bytes]:  # no Content-Length: sent chunked
        yield b'{"stakes": {"banker": 1}'
        for _ in range(CAP // 512 + 2):
            yield b" " * 512
        yield b"}"

    answer = capped.post(
        f"/api/tables/{table}/deal",
        content=chunks(),
        headers={"Content-Type": "application/json", "Idempotency-Key": "c" * 16},
    )
    _refused(answer)
    assert _balance(capped) == before


def test_the_default_cap_is_a_mebibyte(tmp_path: Path) -> None:
    assert Settings(data_dir=tmp_path).max_body_bytes == 1_048_576
    app = create_app(
        Settings(database_url="sqlite://", secret_key=SecretStr(SECRET), data_dir=tmp_path)
    )
    try:
        client = Browser(app)
        answer = client.post("/api/session", content=b"{" + b" " * 1_048_576 + b"}")
        assert answer.status_code == 413 and answer.json()["max_bytes"] == 1_048_576
        assert client.post("/api/session", json={"adult": True}).status_code == 201
    finally:
        app.state.store.close()
