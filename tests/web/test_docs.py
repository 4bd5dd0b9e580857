"""The API's documentation is served by the application itself: nothing from another origin."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from baccarat.web.routers.docs import DOCS_PAGE


def test_the_docs_page_names_no_other_origin(client: TestClient) -> None:
    response = client.get("/docs")
    assert response.status_code == 200
    html = response.text
    assert html == DOCS_PAGE
    assert not re.search(r"(?:https?:)?//", html), "the docs page refers to another origin"
    csp = response.headers["content-security-policy"]
    assert "http" not in csp and "script-src 'self';" in csp


def test_every_asset_of_the_docs_page_is_served_here(client: TestClient) -> None:
    assets = re.findall(r'(?:href|src)="([^"]+)"', client.get("/docs").text)
    assert "/docs/assets/swagger-ui-bundle.js" in assets and "/static/docs.js" in assets
    for asset in assets:
        response = client.get(asset)
        assert response.status_code == 200, asset
        assert len(response.content) > 0, asset
    bundle = client.get("/docs/assets/swagger-ui-bundle.js").text
    assert "SwaggerUIBundle" in bundle
    # The script's source is the API description of this application.
    assert client.get("/openapi.json").json()["info"]["title"] == "baccarat practice table"


def test_redoc_from_a_cdn_is_gone(client: TestClient) -> None:
    assert client.get("/redoc").status_code == 404
