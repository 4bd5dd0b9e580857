"""Security headers, cross-site writes refused, rate limits with Retry-After, no stack traces."""

from __future__ import annotations

import math
import re
import time
import warnings
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi import FastAPI
from hypothesis import given
from hypothesis import strategies as st

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.ledger.ratelimit import NANOSECONDS
from baccarat.store.db import Store
from baccarat.web.app import create_app
from baccarat.web.security import RateLimit, RateLimiter
from baccarat.web.settings import Settings
from support.databases import shared_database

from .conftest import Browser, deal, ready, table_id


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
    api = deal(player, table, {"banker": 10}, headers=headers)
    assert api.status_code == 403 and api.json()["code"] == "csrf"
    form = player.post(
        "/table/deal", data={"table_id": str(table), "stake_banker": "10"}, headers=headers
    )
    assert form.status_code == 403 and "role='alert'" in form.text
    assert player.get("/api/me").json()["player"]["balance"] == before


def test_same_origin_writes_pass(player: TestClient) -> None:
    table = table_id(player)
    headers = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    response = deal(player, table, {"banker": 10}, headers=headers)
    assert response.status_code == 200


def _plain_player(app: FastAPI) -> tuple[TestClient, str]:
    """A client that sends no token by itself, and the token its gate answer gave it."""
    plain = TestClient(app)
    answer = plain.post("/api/session", json={"adult": True})
    assert answer.status_code == 201
    return plain, answer.json()["csrf_token"]


def test_a_write_with_the_session_cookie_needs_the_sessions_token(app: FastAPI) -> None:
    plain, token = _plain_player(app)
    table = table_id(plain)
    assert plain.get("/api/me").json()["csrf_token"] == token
    for headers in ({}, {"X-CSRF-Token": "0" * 48}, {"X-CSRF-Token": ""}):
        api = deal(plain, table, {"banker": 10}, headers=headers)
        assert api.status_code == 403 and api.json()["code"] == "csrf", headers
        assert "security token" in api.json()["detail"]
        topped = plain.post("/api/me/top-up", headers=headers)
        assert topped.status_code == 403 and topped.json()["code"] == "csrf"
        limits = plain.put("/api/me/limits", json={"daily_coup_limit": 1}, headers=headers)
        assert limits.status_code == 403
        form = plain.post("/table/deal", data={"table_id": str(table), "stake_banker": "10"})
        assert form.status_code == 403 and "role='alert'" in form.text
    assert plain.get("/api/history?scope=all").json()["coups"] == []
    assert plain.get("/api/me/limits").json()["limits"]["daily_coup_limit"] is None
    # The right token, as a header or as the form's field, passes.
    assert deal(plain, table, {"banker": 10}, headers={"X-CSRF-Token": token}).status_code == 200
    form = plain.post(
        "/table/deal",
        data={"table_id": str(table), "stake_banker": "10", "csrf_token": token},
        follow_redirects=False,
    )
    assert form.status_code == 303
    assert len(plain.get("/api/history?scope=all").json()["coups"]) == 2


def test_another_sessions_token_is_refused_and_a_log_in_brings_a_new_one(app: FastAPI) -> None:
    alice, alice_token = _plain_player(app)
    _, bob_token = _plain_player(app)
    assert alice_token != bob_token
    table = table_id(alice)
    assert deal(alice, table, {"banker": 1}, headers={"X-CSRF-Token": bob_token}).status_code == 403
    account = {"username": "alice", "password": "correct horse battery"}
    registered = alice.post(
        "/api/account/register", json=account, headers={"X-CSRF-Token": alice_token}
    )
    assert registered.status_code == 201
    new_token = registered.json()["csrf_token"]
    assert new_token != alice_token  # a new session, a new token; the old one is void
    assert (
        deal(alice, table, {"banker": 1}, headers={"X-CSRF-Token": alice_token}).status_code == 403
    )
    assert deal(alice, table, {"banker": 1}, headers={"X-CSRF-Token": new_token}).status_code == 200
    phone = TestClient(app)  # no session cookie: logging in needs no token
    logged_in = phone.post("/api/account/login", json=account)
    assert logged_in.status_code == 200
    assert phone.get("/api/me").json()["csrf_token"] == logged_in.json()["csrf_token"]


def test_a_write_without_a_session_needs_no_token_but_must_come_from_here(app: FastAPI) -> None:
    visitor = TestClient(app)
    assert visitor.post("/gate", data={"adult": "yes"}, follow_redirects=False).status_code == 303
    stranger = TestClient(app)
    refused = stranger.post(
        "/api/session", json={"adult": True}, headers={"Origin": "https://evil.example"}
    )
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"


class _Forms(HTMLParser):
    """The POST forms of a page, with their csrf_token field, and the page's meta token."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, str | None]] = []
        self.meta: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "meta" and found.get("name") == "csrf-token":
            self.meta = found.get("content")
        elif tag == "form" and found.get("method") == "post":
            self.forms.append({"action": found.get("action"), "token": None})
        elif tag == "input" and found.get("name") == "csrf_token" and self.forms:
            self.forms[-1]["token"] = found.get("value")


def test_every_form_of_every_page_carries_the_token(player: TestClient) -> None:
    token = player.get("/api/me").json()["csrf_token"]
    actions: set[str | None] = set()
    table = table_id(player)
    player.post("/api/tables", json={"decks": 1})  # a shoe not begun: the client-seed form shows
    for path in ("/table", "/account", "/limits", "/break", "/quiz", "/chemin", "/history"):
        parser = _Forms()
        parser.feed(player.get(path).text)
        assert parser.meta == token, path
        for form in parser.forms:
            assert form["token"] == token, (path, form["action"])
            actions.add(form["action"])
    player.post("/quiz/start", data={"mode": "draw"})
    parser = _Forms()
    parser.feed(player.get("/quiz").text + player.get(f"/table?table={table}").text)
    assert all(form["token"] == token for form in parser.forms)
    actions |= {form["action"] for form in parser.forms}
    expected = {
        "/table/deal",
        "/table/new",
        "/table/client-seed",
        "/account/register",
        "/account/logout",
        "/limits",
        "/limits/cool-off",
        "/quiz/start",
        "/chemin/deal",
        "/chemin/new",
    }
    assert expected <= actions, expected - actions
    # The forms shown only in some states (the top-up, a password change) too: every form of
    # every template begins with the field.
    templates = Path(__file__).parents[2] / "src/baccarat/web/templates"
    for template in templates.rglob("*.html"):
        for form in re.findall(r"<form [^>]*method=\"post\"[^>]*>\s*(.*)", template.read_text()):
            assert form.startswith('{% include "_csrf.html" %}'), (template.name, form)


def test_the_openapi_schema_documents_the_token_header(player: TestClient) -> None:
    paths = player.get("/openapi.json").json()["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            names = {p["name"] for p in operation.get("parameters", [])}
            assert ("X-CSRF-Token" in names) == (method != "get"), (path, method)


def test_deals_past_the_limit_get_429_with_retry_after(app: FastAPI, player: TestClient) -> None:
    limiter = app.state.limiter
    assert isinstance(limiter, RateLimiter)  # an in-memory database: buckets in memory
    frozen = limiter.clock()
    limiter.clock = lambda: frozen  # no refill while the test deals, however slow the machine
    table = table_id(player)
    ready(player, table)  # the shoe's contribution first: each deal below is one request
    codes = [deal(player, table, {"banker": 1}).status_code for _ in range(41)]
    # A burst of 40 deals per session, then a refusal until a token comes back (20 per second).
    assert codes == [200] * 40 + [429]
    refused = deal(player, table, {"banker": 1})
    assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
    assert int(refused.headers["retry-after"]) == 1
    assert player.get("/api/me/limits").json()["limits"]["coups_today"] == 40
    limiter.clock = lambda: frozen + NANOSECONDS // 20  # one token back (1/20 s), exactly
    assert deal(player, table, {"banker": 1}).status_code == 200
    assert deal(player, table, {"banker": 1}).status_code == 429


def test_gate_passes_per_address_are_limited(app: FastAPI) -> None:
    frozen = app.state.limiter.clock()
    app.state.limiter.clock = lambda: frozen  # no refill (0.5 a second) while the test posts
    visitor = Browser(app)
    codes = [visitor.post("/api/session", json={"adult": True}).status_code for _ in range(35)]
    assert codes[:30] == [201] * 30 and codes[-1] == 429


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_two_server_processes_on_one_database_share_the_limits(
    kind: str, tmp_path: Path, settings: Settings
) -> None:
    with shared_database(kind, tmp_path, "limits") as url:
        apps = [create_app(settings.model_copy(update={"database_url": url})) for _ in range(2)]
        try:
            assert all(
                isinstance(app.state.store, Store) and app.state.store.shared for app in apps
            )
            # Both processes read one frozen wall clock: no token comes back while the test
            # posts, however slow the machine (the refill has its own step below).
            frozen = time.time()
            for app in apps:
                app.state.limiter.clock = lambda: frozen
            visitors = [Browser(app) for app in apps]
            codes = [
                visitors[i % 2].post("/api/session", json={"adult": True}).status_code
                for i in range(50)
            ]
            # The burst of 30 per address in all, where one bucket per process would have let
            # all 50 (25 each) pass.
            assert codes == [201] * 30 + [429] * 20, codes
            refused = visitors[0].post("/api/session", json={"adult": True})
            assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
            assert int(refused.headers["retry-after"]) >= 1
            assert "wait" in refused.json()["detail"]
            # One token back for the address 2.5 s on (0.5 a second: 1.25 tokens), seen by
            # either process; the next post finds a quarter of one.
            for app in apps:
                app.state.limiter.clock = lambda: frozen + 2.5
            assert visitors[1].post("/api/session", json={"adult": True}).status_code == 201
            assert visitors[0].post("/api/session", json={"adult": True}).status_code == 429
        finally:
            for app in apps:
                app.state.store.close()


# Any reading of the nanosecond clock (time.monotonic_ns counts from an arbitrary point).
@given(start=st.integers(min_value=-(2**62), max_value=2**62))
def test_a_token_bucket_refills_at_its_rate(start: int) -> None:
    now = [start]
    limiter = RateLimiter(clock=lambda: now[0])
    limit = RateLimit(per_second=2, burst=3)
    assert [limiter.take(("k", "a"), limit) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.take(("k", "a"), limit) == 0.5
    assert limiter.take(("k", "b"), limit) == 0.0  # another key has its own bucket
    now[0] = start + NANOSECONDS // 2 - 1  # a nanosecond short of the token
    assert limiter.take(("k", "a"), limit) == 1e-9
    now[0] = start + NANOSECONDS // 2
    assert limiter.take(("k", "a"), limit) == 0.0
    assert limiter.take(("k", "a"), limit) == 0.5


@given(
    start=st.integers(min_value=-(2**62), max_value=2**62),
    per_second=st.sampled_from([0.2, 0.5, 2, 3, 20, 300]),
)
def test_a_drained_bucket_has_its_token_back_after_exactly_one_over_the_rate(
    start: int, per_second: float
) -> None:
    now = [start]
    limiter = RateLimiter(clock=lambda: now[0])
    limit = RateLimit(per_second=per_second, burst=1)
    assert limiter.take(("k", "a"), limit) == 0.0
    assert limiter.take(("k", "a"), limit) == float(1 / limit.rate)
    # The first whole nanosecond at which a token has come back (1/3 s is not a whole number).
    interval = math.ceil(NANOSECONDS / limit.rate)
    now[0] = start + interval - 1
    assert limiter.take(("k", "a"), limit) > 0
    now[0] = start + interval
    assert limiter.take(("k", "a"), limit) == 0.0


def test_a_server_error_shows_no_stack_trace(settings: object) -> None:
    from baccarat.web.app import create_app

    app = create_app(settings)  # type: ignore[arg-type]

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("secret internals")

    response = Browser(app, raise_server_exceptions=False).get("/api/boom")
    assert response.status_code == 500
    assert "secret internals" not in response.text and "Traceback" not in response.text
    app.state.store.close()


def test_cookies_are_secure_over_https(app: FastAPI) -> None:
    browser = Browser(app, base_url="https://testserver")
    response = browser.post("/api/session", json={"adult": True})
    headers = response.headers.get_list("set-cookie")
    assert headers and all("Secure" in header and "HttpOnly" in header for header in headers)
    assert "max-age=31536000" in response.headers["strict-transport-security"]
