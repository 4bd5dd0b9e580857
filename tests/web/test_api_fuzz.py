"""Property-based requests from the OpenAPI schema: whatever arrives, the API answers without a
server error (every refusal is a 4xx), for a visitor and for a player alike."""

from __future__ import annotations

import warnings
from typing import Any

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
