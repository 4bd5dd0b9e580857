"""``GET /metrics``: off by default (404, the library not even loaded); on, its counters move
with the requests, labelled by route template, and it never shows a player's data."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from pydantic import SecretStr
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from baccarat.web.app import create_app
from baccarat.web.context import PLAYER_COOKIE
from baccarat.web.metrics import DEAL_ROUTES, METRICS_PATH
from baccarat.web.settings import Settings

from .conftest import SECRET, Browser, deal, player_of, table_id

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


@pytest.fixture
def measured(tmp_path: Path) -> Iterator[FastAPI]:
    settings = Settings(
        database_url="sqlite://",
        secret_key=SecretStr(SECRET),
        data_dir=tmp_path,
        shoe_seed=11,
        metrics=True,
    )
    app = create_app(settings)
    yield app
    app.state.store.close()


def scrape(client: TestClient) -> tuple[str, Samples]:
    """The page's text and its samples, by name and labels."""
    answer = client.get(METRICS_PATH)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    samples: Samples = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return answer.text, samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def test_metrics_are_off_by_default(client: TestClient) -> None:
    assert client.get(METRICS_PATH).status_code == 404


def test_with_metrics_off_the_application_never_loads_prometheus_client(tmp_path: Path) -> None:
    # In a fresh interpreter: this one has the library loaded by the tests beside this one.
    program = (
        "import sys\n"
        "from baccarat.web.app import create_app\n"
        "from baccarat.web.settings import Settings\n"
        f"app = create_app(Settings(database_url='sqlite://', secret_key='s' * 32, "
        f"data_dir={str(tmp_path)!r}))\n"
        "print('prometheus_client' in sys.modules)\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    assert shown.stdout.strip() == "False"


def test_requests_are_counted_by_route_template_and_status(measured: FastAPI) -> None:
    client = Browser(measured)
    _, before = scrape(client)
    assert client.post("/api/session", json={"adult": True}).status_code == 201
    table = table_id(client)
    assert client.get(f"/api/tables/{table}").status_code == 200
    assert client.get("/no/such/page/12345").status_code == 404
    _, after = scrape(client)

    def moved(**labels: str) -> float:
        name = "baccarat_http_requests_total"
        return value(after, name, **labels) - value(before, name, **labels)

    assert moved(method="POST", route="/api/session", status="201") == 1
    assert moved(method="GET", route="/api/tables/{table_id}", status="200") == 1
    assert moved(method="GET", route="unmatched", status="404") == 1
    routes = {dict(labels)["route"] for (name, labels) in after if name.endswith("requests_total")}
    assert not any(str(table) in route or "12345" in route for route in routes), routes
    assert moved(method="GET", route=METRICS_PATH, status="200") == 1  # the first scrape


def test_a_deal_is_timed_and_a_refused_deal_counted_by_its_reason(measured: FastAPI) -> None:
    client = Browser(measured)
    assert client.post("/api/session", json={"adult": True}).status_code == 201
    table = table_id(client)
    route = "/api/tables/{table_id}/deal"
    assert deal(client, table, {"banker": 1}).status_code == 200
    refused = deal(client, table, {"banker": 10_000_000})  # over the table's maximum
    assert refused.status_code >= 400
    reason = refused.json()["code"]
    _, samples = scrape(client)
    assert value(samples, "baccarat_deal_duration_seconds_count", route=route) == 1
    assert value(samples, "baccarat_deal_duration_seconds_sum", route=route) > 0
    assert value(samples, "baccarat_deals_refused_total", reason=reason) == 1
    # A refused deal is not timed as a deal.
    assert value(samples, "baccarat_deal_duration_seconds_count", route=route) == 1


def test_a_refused_page_deal_is_counted_by_its_reason(measured: FastAPI) -> None:
    client = Browser(measured)
    assert client.post("/api/session", json={"adult": True}).status_code == 201
    table = table_id(client)
    answer = client.post(
        "/table/deal",
        data={"table_id": str(table), "stake_banker": "abc"},
        follow_redirects=False,
    )
    assert answer.status_code >= 400
    _, samples = scrape(client)
    refused = {
        dict(labels)["reason"]: count
        for (name, labels), count in samples.items()
        if name == "baccarat_deals_refused_total"
    }
    assert sum(refused.values()) == 1 and not any(r.startswith("http_") for r in refused), refused


def test_database_errors_are_counted(measured: FastAPI) -> None:
    client = Browser(measured)
    with pytest.raises(SQLAlchemyError), measured.state.store.engine.connect() as connection:
        connection.execute(text("SELECT * FROM no_such_table"))
    _, samples = scrape(client)
    assert value(samples, "baccarat_database_errors_total", error="OperationalError") == 1


def test_the_page_shows_no_player_data(measured: FastAPI) -> None:
    client = Browser(measured)
    assert client.post("/api/session", json={"adult": True}).status_code == 201
    table = table_id(client)
    assert deal(client, table, {"player": 2}).status_code == 200
    assert client.get("/api/me").status_code == 200
    shown, _ = scrape(client)
    player = player_of(measured, client)
    cookie = client.cookies.get(PLAYER_COOKIE)
    assert cookie and player
    for secret in (player, cookie, cookie.split(".")[0], f"/{table}/"):
        assert secret not in shown


def test_the_deal_routes_named_are_the_applications(measured: FastAPI) -> None:
    dealing = {
        getattr(route, "path", "")
        for route in measured.routes
        if getattr(route, "path", "").endswith("/deal")
    }
    assert dealing == DEAL_ROUTES
