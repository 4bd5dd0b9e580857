"""Security headers, cross-site writes refused, rate limits with Retry-After, no stack traces."""

from __future__ import annotations

import warnings

import pytest
from fastapi import FastAPI

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.web.security import RateLimit, RateLimiter

from .conftest import table_id


def test_every_answer_carries_the_security_headers(client: TestClient, player: TestClient) -> None:
    for response in (
        client.get("/gate"),
        client.get("/no/such/page"),
        player.get("/api/me"),
        player.get("/table"),
    ):
        csp = response.headers["content-security-policy"]
        assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp.split("style-src-attr")[0]
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["referrer-policy"] == "same-origin"
    assert "strict-transport-security" not in client.get("/gate").headers


def test_cookies_are_httponly_and_lax(client: TestClient) -> None:
    response = client.post("/api/session", json={"adult": True})
    for header in response.headers.get_list("set-cookie"):
        assert "HttpOnly" in header and "SameSite=Lax" in header


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://testserver"},
    ],
)
def test_cross_site_writes_are_refused_and_change_nothing(
    player: TestClient, headers: dict[str, str]
) -> None:
    table = table_id(player)
    before = player.get("/api/me").json()["player"]["balance"]
    api = player.post(f"/api/tables/{table}/deal", json={"stakes": {"banker": 10}}, headers=headers)
    assert api.status_code == 403 and api.json()["code"] == "csrf"
    form = player.post(
        "/table/deal", data={"table_id": str(table), "stake_banker": "10"}, headers=headers
    )
    assert form.status_code == 403 and "role='alert'" in form.text
    assert player.get("/api/me").json()["player"]["balance"] == before


def test_same_origin_writes_pass(player: TestClient) -> None:
    table = table_id(player)
    headers = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    response = player.post(
        f"/api/tables/{table}/deal", json={"stakes": {"banker": 10}}, headers=headers
    )
    assert response.status_code == 200


def test_deals_past_the_limit_get_429_with_retry_after(player: TestClient) -> None:
    table = table_id(player)
    dealt = 0
    for _ in range(400):  # a burst of 40, refilled at 20 per second: far fewer than 400 pass
        response = player.post(f"/api/tables/{table}/deal", json={"stakes": {"banker": 1}})
        if response.status_code != 200:
            break
        dealt += 1
    assert dealt >= 40
    assert response.status_code == 429 and response.json()["code"] == "rate_limited"
    assert int(response.headers["retry-after"]) >= 1
    assert len(player.get("/api/history?scope=all").json()["coups"]) == dealt


def test_gate_passes_per_address_are_limited(app: FastAPI) -> None:
    visitor = TestClient(app)
    codes = [visitor.post("/api/session", json={"adult": True}).status_code for _ in range(35)]
    assert codes[:30] == [201] * 30 and codes[-1] == 429


def test_a_token_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    limiter = RateLimiter(clock=lambda: now[0])
    limit = RateLimit(per_second=2, burst=3)
    assert [limiter.take(("k", "a"), limit) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.take(("k", "a"), limit) == pytest.approx(0.5)
    assert limiter.take(("k", "b"), limit) == 0.0  # another key has its own bucket
    now[0] = 0.5
    assert limiter.take(("k", "a"), limit) == 0.0


def test_a_server_error_shows_no_stack_trace(settings: object) -> None:
    from baccarat.web.app import create_app

    app = create_app(settings)  # type: ignore[arg-type]

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("secret internals")

    response = TestClient(app, raise_server_exceptions=False).get("/api/boom")
    assert response.status_code == 500
    assert "secret internals" not in response.text and "Traceback" not in response.text
    app.state.store.close()


def test_cookies_are_secure_over_https(app: FastAPI) -> None:
    browser = TestClient(app, base_url="https://testserver")
    response = browser.post("/api/session", json={"adult": True})
    headers = response.headers.get_list("set-cookie")
    assert headers and all("Secure" in header and "HttpOnly" in header for header in headers)
    assert "max-age=31536000" in response.headers["strict-transport-security"]
