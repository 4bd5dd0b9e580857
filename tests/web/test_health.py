"""``GET /healthz`` and ``GET /readyz``: a process that lives, and one that can serve players."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import files
from typing import Any

import pytest
from alembic import command
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from baccarat.store.db import alembic_config, head_revision


def _revisions() -> list[str]:
    """The packaged migrations' revisions in order (each file is named by its revision)."""
    versions = files("baccarat.store") / "migrations" / "versions"
    return sorted(p.name.removesuffix(".py") for p in versions.iterdir() if p.name[0].isdigit())


def test_the_head_is_the_newest_packaged_migration() -> None:
    assert head_revision() == _revisions()[-1]


def test_readyz_answers_ready_once_the_warm_up_is_done(app: FastAPI) -> None:
    with TestClient(app) as client:
        assert app.state.warm.wait(120)  # the lifespan's warm-up thread says when it is done
        answer = client.get("/readyz")
    assert answer.status_code == 200
    head = _revisions()[-1]
    assert answer.json() == {
        "status": "ready",
        "database": "ok",
        "schema": "ok",
        "revision": head,
        "head": head,
        "warm_up": "ok",
    }


def test_readyz_is_503_while_the_warm_up_has_not_run(app: FastAPI) -> None:
    """A client without the lifespan (no warm-up started): alive, not ready."""
    client = TestClient(app)
    assert client.get("/healthz").json() == {"status": "ok"}
    answer = client.get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["status"] == "not_ready"
    assert answer.json()["warm_up"] == "pending"
    assert answer.json()["database"] == answer.json()["schema"] == "ok"


def test_readyz_is_503_and_names_the_revision_of_a_schema_behind_head(app: FastAPI) -> None:
    with TestClient(app) as client:
        assert app.state.warm.wait(120)
        command.downgrade(alembic_config(app.state.store.engine), "-1")
        answer = client.get("/readyz")
    assert answer.status_code == 503
    body = answer.json()
    assert (body["status"], body["schema"], body["database"]) == ("not_ready", "behind", "ok")
    assert (body["revision"], body["head"]) == (_revisions()[-2], _revisions()[-1])


def test_readyz_is_503_when_the_database_cannot_be_read(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    @contextmanager
    def unreachable() -> Iterator[Any]:
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))
        yield  # pragma: no cover

    with TestClient(app) as client:
        assert app.state.warm.wait(120)
        monkeypatch.setattr(app.state.store, "single_read", unreachable)
        answer = client.get("/readyz")
    assert answer.status_code == 503
    body = answer.json()
    assert (body["status"], body["database"], body["schema"]) == (
        "not_ready",
        "unreachable",
        "unknown",
    )
    assert body["revision"] is None


def test_health_routes_need_no_session_and_refuse_other_methods_in_json(app: FastAPI) -> None:
    client = TestClient(app)  # no gate passed, no cookie
    for path in ("/healthz", "/readyz"):
        refused = client.post(path)
        assert refused.status_code == 405
        assert refused.headers["content-type"].startswith("application/json")
