"""The application factory: one :class:`Settings` in, a ready FastAPI application out.

>>> app = create_app(Settings(database_url="sqlite://", secret_key="s" * 32))
>>> [path for path in app.openapi()["paths"] if path.endswith("/deal")]
['/api/tables/{table_id}/deal']
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import timedelta
from html import escape
from importlib.resources import files
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from baccarat.core.amounts import AmountError
from baccarat.core.errors import BaccaratError, TemplatedError
from baccarat.core.rules import DEFAULT_RULE_SET
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.ratelimit import RateLimiter, SharedRateLimiter
from baccarat.ledger.rulesets import offered_rule_sets
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store
from baccarat.web.bodycap import BodyCapMiddleware
from baccarat.web.context import CookieSigner, RequestContextMiddleware
from baccarat.web.deps import GateRequiredError, page_player
from baccarat.web.i18n import _
from baccarat.web.lifespan import server_lifespan, warm_up
from baccarat.web.metrics import note_refusal
from baccarat.web.pages import render_error
from baccarat.web.present.labels import error_message, validation_text
from baccarat.web.roomhub import RoomHub
from baccarat.web.routers import (
    account,
    api,
    chemin,
    gate,
    guides,
    health,
    limits,
    quiz,
    roomfair,
    roompages,
    rooms,
    table,
)
from baccarat.web.routers.docs import install_docs
from baccarat.web.routers.health import HEALTH_PATH, READY_PATH
from baccarat.web.security import CSRF_HEADER, SecurityMiddleware
from baccarat.web.settings import Settings
from baccarat.web.statuses import status_of

__all__ = ["create_app", "install_routes"]


def _wants_json(request: Request) -> bool:
    # The API's and the health check's callers are programs: their refusals are JSON too.
    path = request.url.path
    return path.startswith("/api/") or path in (HEALTH_PATH, READY_PATH)


def _json_error(status: int, code: str, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"code": code, "detail": detail, **extra}, status_code=status)


def _refused_bet(exc: LedgerError) -> dict[str, Any]:
    # A refused stake names its bet, so the page can flag that spot.
    detail = exc.params.get("detail")
    if exc.code == "bad_stake" and isinstance(detail, TemplatedError) and "bet" in detail.params:
        return {"bet": str(detail.params["bet"])}
    return {}


def _gate_redirect(request: Request) -> Response:
    note_refusal("gate_required")
    if _wants_json(request):
        return _json_error(
            401,
            "gate_required",
            _('Confirm that you are 18 or older first: POST /api/session with {"adult": true}.'),
        )
    return RedirectResponse("/gate", status_code=303)


_IDEMPOTENCY_LOC = ("header", api.IDEMPOTENCY_HEADER)


RETRY_AFTER_SECONDS = 30
"""What a 503 asks a client to wait before trying again."""


def unavailable(request: Request) -> Response:
    """503 with ``Retry-After``: JSON for the API, a page for a browser (nothing was done)."""
    detail = _(
        "The table cannot save anything right now (the database is unavailable); nothing was "
        "done. Try again in a minute."
    )
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"}
    if _wants_json(request):
        return JSONResponse(
            {"code": "unavailable", "detail": detail}, status_code=503, headers=headers
        )
    try:
        page = render_error(request, 503, detail)
    except OperationalError:  # the page itself needed the database
        page = HTMLResponse(
            f"<!doctype html><title>503</title><p role='alert'>{escape(detail)}</p>", 503
        )
    page.headers.update(headers)
    return page


async def _error_page(request: Request, status: int, message: str) -> Response:
    """A refusal as a page: a player keeps their standing and menu on it, as on every other
    page (read off the loop)."""
    try:
        player = await asyncio.to_thread(page_player, request)
    except OperationalError:
        player = None  # the database cannot answer: the page still says what was wrong
    return render_error(request, status, message, player)


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(GateRequiredError)
    async def gate_required(request: Request, exc: GateRequiredError) -> Response:
        return _gate_redirect(request)

    @app.exception_handler(LedgerError)
    async def ledger_error(request: Request, exc: LedgerError) -> Response:
        if exc.code == "not_found" and exc.params.get("what") == "player":
            # A cookie for a player this database does not know (a new database): start again.
            return _gate_redirect(request)
        note_refusal(exc.code)
        if _wants_json(request):
            # What a client needs to answer: the shoe and its commitment to contribute to.
            extra = (
                {"shoe": exc.params["shoe"], "commitment": exc.params["commitment"]}
                if exc.code in ("contribution_needed", "commitment_changed")
                else _refused_bet(exc)
            )
            response: Response = _json_error(status_of(exc), exc.code, error_message(exc), **extra)
        else:
            response = await _error_page(request, status_of(exc), error_message(exc))
        if exc.code == "login_throttled":
            response.headers["Retry-After"] = str(exc.params["seconds"])
        return response

    @app.exception_handler(BaccaratError)
    async def bad_input(request: Request, exc: BaccaratError) -> Response:
        # A templated refusal (a client seed, a card) reads in the page's language; an amount
        # the strict grammar refuses says which rule it broke (amount_malformed, …).
        code = exc.code if isinstance(exc, AmountError) else "bad_input"
        note_refusal(code)
        if _wants_json(request):
            return _json_error(422, code, error_message(exc))
        return await _error_page(request, 422, error_message(exc))

    @app.exception_handler(OperationalError)
    async def database_unavailable(request: Request, exc: OperationalError) -> Response:
        # The database cannot write (a full disk, read-only, gone): nothing was done; a client
        # may try again later, the answer says when.
        note_refusal("unavailable")
        return unavailable(request)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        errors = exc.errors()
        note_refusal("invalid_request")
        if any(
            error.get("type") == "missing" and tuple(error.get("loc", ())) == _IDEMPOTENCY_LOC
            for error in errors
        ):
            # Its own refusal: the client must send one, not fix a field.
            return await ledger_error(request, LedgerError("idempotency_key_required"))
        if any(error.get("type") == "json_invalid" for error in errors):
            detail = _("The request body is not valid JSON.")
            if _wants_json(request):
                return _json_error(400, "malformed_json", detail)
            return await _error_page(request, 400, detail)
        # In the page's language, each field named in words: pydantic's English never shows.
        detail = _("The request is not valid: {errors}").format(errors=validation_text(errors))
        if _wants_json(request):
            # Each error's ``msg`` is its sentence too: the validator's English (with the
            # field's code in it) is no message for a reader; ``loc`` keeps the code.
            safe = [
                {**{k: v for k, v in shown.items() if k != "ctx"}, "msg": validation_text([error])}
                for error, shown in zip(
                    errors, json.loads(json.dumps(errors, default=str)), strict=True
                )
            ]
            return _json_error(422, "invalid_request", detail, errors=safe)
        return await _error_page(request, 422, detail)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # In the page's language; Starlette's English reason ("Method Not Allowed") never shows.
        if exc.status_code == 404:
            detail = _("Not found.")
        elif exc.status_code == 405:
            detail = _("This address does not take that kind of request.")
        else:
            detail = _("The request could not be served (HTTP status {status}).").format(
                status=exc.status_code
            )
        if _wants_json(request):
            return _json_error(exc.status_code, "http_error", detail)
        if exc.status_code == 404:
            # The page's heading says it was not found: its line says what to do next.
            detail = _("Check the address for a typo, or choose a page from the menu.")
        return await _error_page(request, exc.status_code, detail)


def install_routes(app: FastAPI, *routers: APIRouter) -> None:
    """Put the routes of ``routers`` on ``app`` as they were declared, in order.

    Each route was built whole where it was declared (its prefix, tags, response shape, the
    validators of its answer). ``app.include_router`` would build each one a second time, lazily,
    in the request that first reaches it: some 0.3 s of the first requests' time, and on the
    server's event loop while the warm-up thread imports, where the two threads' parsing of
    source (pydantic reads attribute docstrings with :mod:`ast`) could meet. None of these
    routers adds anything at its inclusion (no prefix, dependency or override), so the routes
    are the same.

    >>> app = FastAPI()
    >>> install_routes(app, health.router)
    >>> [route.path for route in app.routes if route.path.startswith("/health")]
    ['/healthz']
    """
    for router in routers:
        app.router.routes.extend(router.routes)


def _with_rooms(
    inner: Callable[[FastAPI], AbstractAsyncContextManager[None]],
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """``inner``, with the rooms live around it while the server runs: the default rooms opened
    (once, if the database has none) and this process dealing them (the ``rooms`` setting),
    and the hub sending their events to the screens connected here."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with inner(app):
            settings: Settings = app.state.settings
            hub: RoomHub = app.state.room_hub
            # An in-memory database is one connection that threads must not share while it is
            # in a transaction (a test's application): its rooms are dealt by the test itself.
            deal = settings.rooms and hub.store.shared
            if deal:
                await asyncio.to_thread(hub.rooms.open_defaults)
            hub.start(deal=deal, interval=settings.room_tick)
            try:
                yield
            finally:
                await hub.stop()

    return lifespan


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the application: database (migrated), service, middleware, routers, static files.

    Everything is created here from ``settings``, so two applications (two tests) never share
    state. The database connections live as long as the application (``app.state.store``); no
    shutdown hook closes them, because an in-memory database closed is a database lost, and an
    ASGI server may run the lifespan more than once.
    """
    settings = settings if settings is not None else Settings()
    # A connection per thread that can use one, and one for the event loop: more would sit idle
    # (every process holds its own, and PostgreSQL allows 100 in all by default).
    # An SQLite file's checkpoints run in a thread, not in the commit of a request on the event
    # loop (baccarat.store.checkpoint says why).
    store = Store.open(
        settings.resolved_database_url(),
        pool_size=settings.threads + 1,
        background_checkpoints=True,
    )
    rng = random.Random(settings.shoe_seed) if settings.shoe_seed is not None else None
    offered = offered_rule_sets(settings.rules_dir)  # a bad file stops the start, named
    service = PlayService(
        store,
        starting_balance=settings.starting_balance,
        rng=rng,
        rule_sets=offered,
        session_idle=timedelta(days=settings.session_idle_days),
        play_idle=timedelta(minutes=settings.play_session_idle_minutes),
    )
    signer = CookieSigner(settings.resolved_secret())

    app = FastAPI(
        title="baccarat practice table",
        description=(
            "Punto Banco for virtual points only: no real money, no prizes; points cannot be "
            "bought or cashed out. Every card is explained."
        ),
        version="1",
        # Served below from this application's own files: FastAPI's pages load from a CDN.
        docs_url=None,
        redoc_url=None,
        lifespan=_with_rooms(
            server_lifespan(
                settings.threads,
                settings.server_gc,
                lambda: warm_up(offered[DEFAULT_RULE_SET], exact_odds=settings.exact_odds),
                before_serving=settings.warm_before_serving,
            )
        ),
    )
    app.state.settings = settings
    app.state.store = store
    app.state.service = service
    app.state.signer = signer
    app.state.room_hub = RoomHub(service.rooms, store)
    # The roads' SVG grows with the shoe (over 100 kB late in one): compress for phones. Level 3,
    # not Starlette's 9: about a tenth more bytes for a third to a half of the CPU of every
    # answer, a page coup's included (docs/performance.md has the sizes and times).
    app.add_middleware(GZipMiddleware, minimum_size=2048, compresslevel=3)
    # Inside the language middleware (a refusal speaks the page's language), outside the rest.
    # Every process serving a shared database shares its buckets there (one limit, not one per
    # worker); an in-memory database has one process, and its buckets stay in memory.
    limiter = SharedRateLimiter(store) if store.shared else RateLimiter()
    app.state.limiter = limiter
    app.add_middleware(
        SecurityMiddleware,
        https=settings.cookie_secure,
        rate_limits=settings.rate_limits,
        limiter=limiter,
        signer=signer,
    )
    app.add_middleware(
        RequestContextMiddleware,
        signer=signer,
        default_language=settings.default_language,
        secure=settings.cookie_secure,
    )
    # Outermost: a body over the cap, or too slow, is refused before any layer reads it.
    app.add_middleware(
        BodyCapMiddleware,
        max_bytes=settings.max_body_bytes,
        read_timeout=settings.body_timeout,
    )
    _install_error_handlers(app)
    # The JSON API first: routes are matched in order, and the deal is the busiest request
    # (no page path starts with /api, so the order changes nothing else).
    install_routes(
        app,
        api.router,
        rooms.router,
        health.router,
        account.api,
        limits.api,
        gate.router,
        table.router,
        roompages.router,
        account.router,
        limits.router,
        quiz.router,
        roomfair.router,
        chemin.router,
        guides.router,
    )
    install_docs(app)
    app.mount("/static", StaticFiles(directory=str(files("baccarat.web") / "static")), "static")
    _document_csrf(app)
    if settings.metrics:
        # Imported only here: with metrics off the application never loads prometheus_client.
        from baccarat.web.metrics import install_metrics

        install_metrics(app, store)  # outside the body cap: its refusals are counted too
    return app


_CSRF_PARAMETER = {
    "name": CSRF_HEADER,
    "in": "header",
    "required": False,
    "description": "The session's anti-forgery token: required (403 csrf without it or with a "
    "wrong one) whenever the request carries the session cookie. It is in the answers of "
    "POST /api/session, the log-in and registration, and GET /api/me (csrf_token).",
    "schema": {"type": "string", "maxLength": 128},
}


_TABLE = "/api/tables/{table_id}"
_LINKS: dict[tuple[str, str, str], dict[str, tuple[str, str, dict[str, str]]]] = {
    # (path, method, status) → link name → (target path, method, parameters)
    (path, "post" if path == "/api/tables" else "get", "201" if path == "/api/tables" else "200"): {
        "contribute": (f"{_TABLE}/client-seed", "post", {"table_id": "$response.body#/table/id"}),
        "deal": (f"{_TABLE}/deal", "post", {"table_id": "$response.body#/table/id"}),
        "shoes": (f"{_TABLE}/shoes", "get", {"table_id": "$response.body#/table/id"}),
        "odds": (f"{_TABLE}/odds", "get", {"table_id": "$response.body#/table/id"}),
    }
    for path in ("/api/tables", "/api/tables/current")
} | {
    (f"{_TABLE}/client-seed", "post", "200"): {
        "deal": (f"{_TABLE}/deal", "post", {"table_id": "$response.body#/table/id"}),
    },
    (f"{_TABLE}/deal", "post", "200"): {
        "verify": (
            f"{_TABLE}/shoes/{{number}}/verify",
            "get",
            {
                "table_id": "$response.body#/coup/table_id",
                "number": "$response.body#/coup/shoe_number",
            },
        ),
        "coup": ("/api/coups/{coup_id}", "get", {"coup_id": "$response.body#/coup/id"}),
        "roads": (f"{_TABLE}/roads", "get", {"table_id": "$response.body#/coup/table_id"}),
    },
}
"""The OpenAPI links between operations: open a table, contribute, deal, verify (what a client
does in order; Schemathesis follows them in tests/web/test_api_fuzz.py)."""


def _link(schema: dict[str, Any]) -> None:
    paths = schema.get("paths", {})
    for (path, method, status), links in _LINKS.items():
        response = paths[path][method]["responses"][status]
        response["links"] = {
            name: {"operationId": paths[target][verb]["operationId"], "parameters": parameters}
            for name, (target, verb, parameters) in links.items()
        }


def _document_csrf(app: FastAPI) -> None:
    """Document the ``X-CSRF-Token`` header on every state-changing operation, and the links
    between operations.

    The middleware checks it (:mod:`baccarat.web.security`), not the routes, so no route can
    forget it; this puts it where a client reads the API.
    """
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = build()
            for operations in schema.get("paths", {}).values():
                for method, operation in operations.items():
                    if method in ("post", "put", "patch", "delete"):
                        operation.setdefault("parameters", []).append(dict(_CSRF_PARAMETER))
            _link(schema)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
