"""The application factory: what ``create_app`` sets up beyond the routes."""

from __future__ import annotations

import ast
import asyncio
import gc
import gzip
import threading
import zlib
from pathlib import Path
from typing import Any

import anyio.to_thread
import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from pydantic import SecretStr
from sqlalchemy.pool import QueuePool
from starlette.routing import Mount, Route

from baccarat.core.rules import DEFAULT_RULE_SET
from baccarat.web.app import create_app
from baccarat.web.lifespan import SERVER_GC_THRESHOLD, server_lifespan, warm_up
from baccarat.web.pages import templates
from baccarat.web.present.panels import _full_shoe_edges
from baccarat.web.settings import Settings
from support.databases import shared_database

from .conftest import SECRET, deal, table_id


def _tokens() -> float:
    return anyio.to_thread.current_default_thread_limiter().total_tokens


def test_the_lifespan_caps_the_threads_of_blocking_work_at_the_setting(tmp_path: Path) -> None:
    app = create_app(
        Settings(
            database_url="sqlite://", secret_key=SecretStr(SECRET), data_dir=tmp_path, threads=3
        )
    )
    with TestClient(app) as client:
        # The limiter belongs to the server's event loop: read it there.
        assert client.portal is not None
        assert client.portal.call(_tokens) == 3
        # The routes still answer with the cap in place (a ``def`` route runs in those threads).
        assert client.get("/gate").status_code == 200
    app.state.store.close()


def test_a_server_process_freezes_what_it_built_and_collects_young_objects_less_often(
    tmp_path: Path,
) -> None:
    before = gc.get_threshold()
    settings = Settings(database_url="sqlite://", secret_key=SecretStr(SECRET), data_dir=tmp_path)
    _full_shoe_edges.cache_clear()
    templates.env.cache.clear()  # type: ignore[union-attr]
    try:
        app = create_app(settings.model_copy(update={"server_gc": True}))
        with TestClient(app) as client:
            # The warm-up runs beside the requests; the process says when it is done.
            assert app.state.warm.wait(120)
            assert gc.get_threshold() == (SERVER_GC_THRESHOLD, *before[1:])
            assert gc.get_freeze_count() > 0  # the application's objects, out of the scans
            # Built before the freeze, not by requests: every page template, and a full shoe
            # of the table a new player sits at priced (the analyzer's kernels loaded); the
            # other tables' when a player first sits at one.
            pages = templates.env.list_templates(extensions=["html"])
            assert {name for _, name in templates.env.cache} >= set(pages)  # type: ignore[union-attr]
            assert _full_shoe_edges.cache_info().currsize == 1
            assert len(app.state.service.rule_sets) > 10
            assert client.get("/gate").status_code == 200
        app.state.store.close()
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    # Off by default (tests and embedders build many applications in one process).
    app = create_app(settings)
    with TestClient(app):
        assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    app.state.store.close()


@pytest.mark.parametrize("before_serving", [False, True])
def test_a_worker_of_several_is_warm_before_it_takes_a_connection(before_serving: bool) -> None:
    """One process answers at once and warms up beside its first requests; a worker of several
    on one socket (``warm_before_serving``) starts serving only once warm, so a request on the
    port never meets a cold worker beside a ready one."""
    release = threading.Event()
    if before_serving:
        release.set()  # the start waits for the warm-up: it must be able to finish

    def warm_up() -> None:
        assert release.wait(120)

    app = FastAPI(
        lifespan=server_lifespan(
            threads=2, server_gc=False, warm_up=warm_up, before_serving=before_serving
        )
    )

    async def started() -> tuple[bool, bool]:
        async with app.router.lifespan_context(app):
            at_start = app.state.warm.is_set()
            release.set()
            return at_start, app.state.warm.wait(120)

    assert asyncio.run(started()) == (before_serving, True)


def test_the_setting_has_the_application_warm_before_it_serves(tmp_path: Path) -> None:
    settings = Settings(
        database_url="sqlite://",
        secret_key=SecretStr(SECRET),
        data_dir=tmp_path,
        warm_before_serving=True,
        exact_odds=False,
    )
    app = create_app(settings)
    with TestClient(app) as client:
        assert app.state.warm.is_set()  # no wait: the start itself waited
        assert client.get("/readyz").json()["warm_up"] == "ok"
    app.state.store.close()


def test_the_default_is_a_few_threads_not_anyios_forty() -> None:
    assert Settings(secret_key=SecretStr(SECRET)).threads == 4


def test_the_connection_pool_follows_the_threads(tmp_path: Path) -> None:
    """A connection for each thread and one for the event loop (and as many again at a peak):
    four server processes then hold at most 40 of PostgreSQL's 100 connections, not 80."""
    with shared_database("postgresql", tmp_path, "pool") as url:
        settings = Settings(database_url=url, secret_key=SecretStr(SECRET), threads=4)
        app = create_app(settings)
        try:
            pool = app.state.store.engine.pool
            assert isinstance(pool, QueuePool) and pool.size() == 5
        finally:
            app.state.store.close()


def test_answers_are_compressed_at_level_three_for_a_client_that_accepts_gzip(
    tmp_path: Path,
) -> None:
    """Large answers come gzipped at level 3 (about a tenth larger than level 9's, for a third
    of its CPU); small ones, and clients that do not accept gzip, get them as they are."""
    settings = Settings(database_url="sqlite://", secret_key=SecretStr(SECRET), data_dir=tmp_path)
    app = create_app(settings)
    try:
        with TestClient(app) as client:
            plain = client.get("/guides", headers={"Accept-Encoding": "identity"})
            assert "content-encoding" not in plain.headers and len(plain.content) > 2048
            with client.stream("GET", "/guides", headers={"Accept-Encoding": "gzip"}) as packed:
                raw = b"".join(packed.iter_raw())
            assert packed.headers["content-encoding"] == "gzip"
            assert "Accept-Encoding" in packed.headers["vary"]
            assert gzip.decompress(raw) == plain.content
            level_three = zlib.compressobj(3, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
            assert len(raw) == len(level_three.compress(plain.content) + level_three.flush())
            small = client.get("/static/favicon.svg", headers={"Accept-Encoding": "gzip"})
            assert small.status_code == 200 and len(small.content) < 2048
            assert "content-encoding" not in small.headers
    finally:
        app.state.store.close()


def test_without_a_configured_secret_one_is_generated_once_and_kept_for_the_owner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cookies survive a restart: the generated secret is written once (owner-only) and read
    back by every later start, never replaced."""
    monkeypatch.delenv("BACCARAT_SECRET_KEY", raising=False)
    data = tmp_path / "data"
    first = Settings(data_dir=data).resolved_secret()
    kept = data / "secret_key"
    assert len(first) >= 32 and kept.read_text().strip() == first
    assert kept.stat().st_mode & 0o777 == 0o600
    assert Settings(data_dir=data).resolved_secret() == first
    assert Settings(data_dir=data, secret_key=SecretStr("c" * 32)).resolved_secret() == "c" * 32
    assert kept.read_text().strip() == first  # a configured secret leaves the kept one alone


def test_every_route_is_built_with_the_application(app: FastAPI) -> None:
    # A router included with FastAPI's include_router has its routes built again, lazily, by the
    # first request that reaches them; installed as declared, each is built once, here.
    assert app.routes and all(isinstance(route, (APIRoute, Route, Mount)) for route in app.routes)


def test_answering_requests_parses_no_source(
    app: FastAPI, player: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Serving builds nothing from source: on CPython 3.11 two threads parsing Python at once can
    fail (``SystemError: AST constructor recursion depth mismatch``), and a server's warm-up
    thread parses (its imports) while the first requests are answered. Before, the first request
    built every route's response validators again, reading attribute docstrings with ``ast``."""
    warm_up(app.state.service.rule_sets[DEFAULT_RULE_SET], exact_odds=True)  # what it imports
    parsed: list[str] = []
    parse = ast.parse

    def counted(source: str | bytes, *args: Any, **kwargs: Any) -> Any:
        parsed.append(str(source)[:80])
        return parse(source, *args, **kwargs)

    monkeypatch.setattr(ast, "parse", counted)
    table = table_id(player)
    for path in ["/healthz", "/table", "/guides", "/quiz", "/chemin", "/account", "/limits",
                 "/docs", "/openapi.json", "/api/me", f"/api/tables/{table}/roads"]:  # fmt: skip
        assert player.get(path).status_code == 200, path
    assert deal(player, table, {"banker": 10}).status_code == 200
    page = deal(player, table, {"player": 10}, headers={"Accept": "text/html"})
    assert page.status_code == 200 and 'id="deal-data"' in page.text
    assert parsed == []
