"""The API's interactive documentation, served by the application itself.

FastAPI's own ``/docs`` loads Swagger UI from an internet CDN, so offline (or behind a strict
firewall) the page is blank. Here the Swagger UI files (version 5, which reads the OpenAPI 3.1
that FastAPI writes) come from the static folder of the ``fastapi-offline`` package (the ``web``
extra) under ``/docs/assets``, and the page starts it with a script of this
site (``/static/docs.js``): nothing on the page is fetched from another origin, and the page runs
under a Content-Security-Policy of this origin alone.
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

__all__ = ["DOCS_PAGE", "install_docs"]

DOCS_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>baccarat practice table · API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<main id="swagger-ui" data-openapi="/openapi.json"></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/static/docs.js"></script>
</body>
</html>
"""
"""The page: Swagger UI's stylesheet and bundle from this site, started by ``/static/docs.js``."""


def install_docs(app: FastAPI) -> None:
    """Serve ``/docs`` and its assets from this application (build it with ``docs_url=None``)."""
    from importlib.resources import files

    router = APIRouter(include_in_schema=False)

    @router.get("/docs", response_class=HTMLResponse)
    async def docs() -> HTMLResponse:
        return HTMLResponse(DOCS_PAGE)

    app.router.routes.extend(router.routes)  # as web.app.install_routes does, and why
    assets = files("fastapi_offline") / "static"
    app.mount("/docs/assets", StaticFiles(directory=str(assets)), "docs-assets")
