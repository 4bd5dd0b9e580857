"""Property-based requests from the OpenAPI schema: whatever arrives, the API answers without a
server error (every refusal is a 4xx), for a visitor and for a player alike."""

from __future__ import annotations

import re
import warnings
from collections import Counter
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from pydantic import SecretStr
from schemathesis import checks

from baccarat.web.app import create_app
from baccarat.web.settings import Settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

APP = create_app(
    Settings(database_url="sqlite://", secret_key=SecretStr("fuzz-" + "z" * 32), exact_odds=True)
)
_player = TestClient(APP)
# The player's requests carry the session's anti-forgery token, as its pages' script does
# (without it every write is a 403 csrf, and the fuzz would reach nothing behind it).
PLAYER_TOKEN = {
    "X-CSRF-Token": _player.post("/api/session", json={"adult": True}).json()["csrf_token"]
}
PLAYER_COOKIE = {"baccarat_player": _player.cookies["baccarat_player"]}

schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
CONFORMANCE = [
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
]


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_a_server_error(case: Any) -> None:
    for cookies, headers in (({}, {}), (PLAYER_COOKIE, PLAYER_TOKEN)):
        response = case.call(cookies=cookies, headers=headers)
        assert response.status_code < 500, (case.method, case.path, response.text)
        # Every status code, content type, header and body as the OpenAPI schema documents it.
        case.validate_response(response, checks=CONFORMANCE)
        if response.status_code >= 400:
            body = response.json()
            assert body.get("detail"), body


# The stateful run: Schemathesis follows the OpenAPI links (open a table → contribute → deal →
# verify, the coup, the roads) as a player's session, asserting no 5xx and a JSON body for every
# refusal at each step. The shoe's contribution is the one thing a link cannot carry (the seed
# is the client's own): before a deal the player contributes, as the page's script does.
# A new player per scenario (below) joins far faster than the per-address limit allows: the
# walk runs without rate limits (the fault test and tests/web/test_security.py run with them).
_stateful = create_app(
    Settings(
        database_url="sqlite://",
        secret_key=SecretStr("fuzz-" + "s" * 32),
        exact_odds=False,
        rate_limits=False,
    )
)
_walker = TestClient(_stateful)
WALKER_HEADERS = {
    "X-CSRF-Token": _walker.post("/api/session", json={"adult": True}).json()["csrf_token"]
}
WALKER_COOKIES = {"baccarat_player": _walker.cookies["baccarat_player"]}
_DEAL = re.compile(r"^/api/tables/(\d+)/deal$")
STATES = schemathesis.openapi.from_asgi("/openapi.json", _stateful)
WALKED: Counter[tuple[str, str, int]] = Counter()
"""Every step of the walk: (method, path template, status)."""


class PlayerWalk(STATES.as_state_machine()):  # type: ignore[misc]
    def setup(self) -> None:
        # Each scenario is a new player at a fresh start: what the walk can do next depends on
        # the server's answers, so a scenario replayed (to shrink it) must meet the same server.
        _walker.cookies.clear()
        token = _walker.post("/api/session", json={"adult": True}).json()["csrf_token"]
        WALKER_HEADERS["X-CSRF-Token"] = token
        WALKER_COOKIES["baccarat_player"] = _walker.cookies["baccarat_player"]

    def get_call_kwargs(self, case: Any) -> dict[str, Any]:
        return {"cookies": WALKER_COOKIES, "headers": WALKER_HEADERS}

    def before_call(self, case: Any) -> None:
        match = _DEAL.match(case.formatted_path) if case.formatted_path else None
        if match is None:
            return
        table = match[1]
        # Every other deal places a bet the table takes, so the walk goes on past the deal;
        # the others keep whatever stakes were generated.
        self.deals = getattr(self, "deals", 0) + 1
        if self.deals % 2 and isinstance(case.body, dict):
            case.body = {"stakes": {"banker": 1}}
        shown = _walker.get(f"/api/tables/{table}").json().get("table", {}).get("next_shoe")
        if shown and shown.get("awaiting_contribution"):
            _walker.post(
                f"/api/tables/{table}/client-seed",
                json={"client_seed": "walker", "commitment": shown["commitment"]},
                headers=WALKER_HEADERS,
            )

    def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
        WALKED[(case.method.upper(), case.path, response.status_code)] += 1
        assert response.status_code < 500, (case.method, case.formatted_path, response.text)
        if response.status_code >= 400:
            assert response.json().get("detail"), response.text


TestPlayerWalk = PlayerWalk.TestCase
TestPlayerWalk.settings = settings(
    max_examples=40,
    stateful_step_count=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


def test_the_schema_links_open_deal_and_verify() -> None:
    links = {
        (path, method): sorted(response.get("links", {}))
        for path, operations in STATES.raw_schema["paths"].items()
        for method, operation in operations.items()
        for response in operation["responses"].values()
        if response.get("links")
    }
    assert {"contribute", "deal", "odds", "shoes"} <= set(links[("/api/tables", "post")])
    assert {"coup", "roads", "verify"} <= set(links[("/api/tables/{table_id}/deal", "post")])


def test_the_walk_opened_tables_dealt_and_asked_to_verify() -> None:
    if not WALKED:
        pytest.skip("the stateful walk runs first in this module")
    assert WALKED[("POST", "/api/tables/{table_id}/deal", 200)] > 0, WALKED
    verified = sum(
        n for (m, path, _status), n in WALKED.items() if path.endswith("/verify") and m == "GET"
    )
    assert verified > 0, WALKED
    assert not [key for key in WALKED if key[2] >= 500]
