"""``GET /metrics``: what a server process has done, in the Prometheus text format, for an
operator's monitoring (off unless ``BACCARAT_METRICS=true``).

- ``baccarat_http_requests_total{method, route, status}``: answers by route *template*
  (``/api/tables/{table_id}/deal``, never a path with its ids; ``unmatched`` for a path no route
  has, ``other`` for a method outside the standard ones), so no label carries a player's data;
- ``baccarat_deal_duration_seconds{route}``: the time of each deal dealt (the API's, the table
  page's and Chemin de Fer's), from its request's arrival to its answer;
- ``baccarat_deals_refused_total{reason}``: deals refused, by the refusal's code
  (``bad_stake``, ``insufficient_points``, ``rate_limited``, ``session_limit``, …;
  ``http_<status>`` for one without a code);
- ``baccarat_database_errors_total{error}``: errors the database driver raised, by SQLAlchemy's
  class (``OperationalError``, ``IntegrityError``, …), whether or not the request recovered.

Nothing here imports ``prometheus_client`` until :func:`install_metrics` runs: with metrics off
the application never loads it. With several server processes and ``PROMETHEUS_MULTIPROC_DIR``
set (``baccarat serve --workers`` sets it to a fresh folder), each process writes its values
there and ``/metrics`` answers the sum over every process; otherwise each answers its own.

Refusals are told to the metrics with :func:`note_refusal`, which costs nothing more than a
context variable's read when metrics are off:

>>> note_refusal("stake_above_max")  # no request being measured: nothing happens
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import time
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from fastapi import FastAPI
    from prometheus_client import CollectorRegistry, Counter, Histogram
    from sqlalchemy.engine import ExceptionContext

    from baccarat.store.db import Store

__all__ = [
    "DEAL_ROUTES",
    "METRICS_PATH",
    "MULTIPROCESS_DIR",
    "UNMATCHED",
    "install_metrics",
    "note_refusal",
    "shared_metrics_dir",
]

METRICS_PATH = "/metrics"
MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"
"""The environment variable naming the folder where every process writes its values."""
DEAL_ROUTES = frozenset({"/api/tables/{table_id}/deal", "/table/deal", "/chemin/deal"})
"""The routes that deal a coup: their latency is measured and their refusals counted."""
UNMATCHED = "unmatched"
"""The route label of a request that no route matched."""
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_DEAL_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class _Refusal:
    """Why the request being measured was refused (None: it was not)."""

    __slots__ = ("code",)

    def __init__(self) -> None:
        self.code: str | None = None


_refusal: ContextVar[_Refusal | None] = ContextVar("baccarat_refusal", default=None)
"""Set by the middleware for each request it measures; a mutable holder, so that a refusal
noted in a worker thread (a sync route runs in a copy of the context) is seen."""


def note_refusal(code: str) -> None:
    """Say that the request being served was refused, and with which code (a deal's refusals
    are counted by it); nothing when metrics are off."""
    slot = _refusal.get()
    if slot is not None:
        slot.code = code


def shared_metrics_dir() -> str:
    """The folder for the values of several server processes: ``PROMETHEUS_MULTIPROC_DIR`` if
    set (the operator empties it at each start), else a fresh one, removed when this process
    exits; set in the environment, for the worker processes."""
    given = os.environ.get(MULTIPROCESS_DIR)
    if given:
        return given
    made = tempfile.mkdtemp(prefix="baccarat-metrics-")
    atexit.register(shutil.rmtree, made, True)
    os.environ[MULTIPROCESS_DIR] = made
    return made


class _Metrics:
    """The metrics of one application, in its own registry (two applications in one process,
    two tests, never share values unless they share a multiprocess folder)."""

    def __init__(self) -> None:
        from prometheus_client import CollectorRegistry, Counter, Histogram

        self.registry: CollectorRegistry = CollectorRegistry()
        self.multiprocess = bool(os.environ.get(MULTIPROCESS_DIR))
        self.requests: Counter = Counter(
            "baccarat_http_requests",
            "HTTP requests answered, by method, route template and status.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.deal_seconds: Histogram = Histogram(
            "baccarat_deal_duration_seconds",
            "Time to deal a coup, from the request's arrival to its answer.",
            ["route"],
            buckets=_DEAL_BUCKETS,
            registry=self.registry,
        )
        self.refused: Counter = Counter(
            "baccarat_deals_refused",
            "Deals refused, by the refusal's code.",
            ["reason"],
            registry=self.registry,
        )
        self.database_errors: Counter = Counter(
            "baccarat_database_errors",
            "Errors raised by the database driver, by SQLAlchemy's class.",
            ["error"],
            registry=self.registry,
        )
        # The labelled children, looked up once each: prometheus_client's labels() takes a lock.
        self._children: dict[tuple[object, ...], Any] = {}

    def _child(self, metric: Counter | Histogram, *labels: str) -> Any:
        key = (id(metric), *labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    def request(self, scope: Scope, status: int, seconds: float, refusal: str | None) -> None:
        route = getattr(scope.get("route"), "path", None)
        if route is None:
            # A mounted application (the static files) has no route of its own: its mount
            # point says where it is.
            mounted = scope.get("root_path")
            route = f"{mounted}/{{path}}" if mounted else UNMATCHED
        method = scope.get("method", "GET")
        if method not in _METHODS:
            method = "other"
        self._child(self.requests, method, route, str(status)).inc()
        if route in DEAL_ROUTES and method == "POST":
            if refusal is None and status < 400:
                self._child(self.deal_seconds, route).observe(seconds)
            else:
                self._child(self.refused, refusal or f"http_{status}").inc()

    def database_error(self, context: ExceptionContext) -> None:
        error = context.sqlalchemy_exception or context.original_exception
        self._child(self.database_errors, type(error).__name__).inc()

    def exposition(self, request: Request) -> Response:
        from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

        registry = self.registry
        if self.multiprocess:
            from prometheus_client.multiprocess import MultiProcessCollector

            registry = CollectorRegistry()
            MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return Response(
            generate_latest(registry),
            media_type=CONTENT_TYPE_LATEST,
            headers={"Cache-Control": "no-store"},
        )


class MetricsMiddleware:
    """Count every answer and time every deal (the outermost layer: refusals of the layers
    inside it are counted too)."""

    def __init__(self, app: ASGIApp, *, metrics: _Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 500  # what the server answers if the application fails before answering

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        slot = _Refusal()
        token = _refusal.set(slot)
        start = time.perf_counter()
        try:
            await self.app(scope, receive, send_status)
        finally:
            _refusal.reset(token)
            self.metrics.request(scope, status, time.perf_counter() - start, slot.code)


def install_metrics(app: FastAPI, store: Store) -> None:
    """Measure ``app`` and its ``store``'s database, and serve ``GET /metrics`` on it (added
    after its routes; call it after the other middleware, so that this one is outermost)."""
    from sqlalchemy import event

    metrics = _Metrics()
    event.listen(store.engine, "handle_error", metrics.database_error)
    app.add_middleware(MetricsMiddleware, metrics=metrics)
    app.router.add_api_route(
        METRICS_PATH, metrics.exposition, methods=["GET"], include_in_schema=False
    )
