"""A server process's start: the cap on threads for blocking work, and the warm-up.

The warm-up builds what the first requests would otherwise build (every page template, the
analyzer's kernels loaded and a full shoe of the default table priced, the password check's
reference hash) in a thread of its own, once the server answers: no request waits for it, and a
request that needs a piece first builds only that piece. A worker of several on one socket warms
up before it answers instead, so that only warm workers take requests. With ``server_gc`` the process then
freezes what it built, so the collector's full scans never go through it again, and collects
young objects less often (:attr:`baccarat.web.settings.Settings.server_gc`).

>>> import asyncio
>>> from fastapi import FastAPI
>>> app = FastAPI(lifespan=server_lifespan(threads=2, server_gc=False, warm_up=lambda: None))
>>> async def start_and_stop() -> bool:
...     async with app.router.lifespan_context(app):
...         return app.state.warm.wait(10)
>>> asyncio.run(start_and_stop())
True
"""

from __future__ import annotations

import gc
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import anyio.to_thread
from fastapi import FastAPI

from baccarat.core.rules import RuleSet
from baccarat.ledger.auth import reference_hash
from baccarat.web.pages import templates
from baccarat.web.present.panels import warm_up as warm_odds

__all__ = ["SERVER_GC_THRESHOLD", "server_lifespan", "warm_up"]

SERVER_GC_THRESHOLD = 50_000
"""Allocations between two collections of young objects in a server process (Python's default:
700). A page coup allocates thousands of short-lived objects, nearly all freed by reference
counting; at the default a collection ran every few requests (``bench/bench_load.py``)."""


def warm_up(rule_set: RuleSet, *, exact_odds: bool) -> None:
    """Build what a server's first requests would: every page template compiled, the password
    check's reference hash and, with exact odds, a full shoe of ``rule_set`` (the table a new
    player sits at) priced, which loads the analyzer's kernels.

    The hash is made in a thread of its own, beside the rest: argon2 releases the GIL, so on a
    second core it costs the warm-up nothing. The other tables' full shoes are priced when a
    player first sits at one (some 20 ms each), not before the server is ready.
    """
    hashing = threading.Thread(target=reference_hash, name="baccarat-warm-up-hash", daemon=True)
    hashing.start()
    for name in templates.env.list_templates(extensions=["html"]):
        templates.env.get_template(name)
    if exact_odds:
        warm_odds((rule_set,))
    hashing.join()


def server_lifespan(
    threads: int,
    server_gc: bool,
    warm_up: Callable[[], None],
    *,
    before_serving: bool = False,
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """A lifespan that caps the threads running blocking request work at ``threads`` and starts
    ``warm_up`` in a thread of its own; ``app.state.warm`` is set once it is done (then, with
    ``server_gc``, the process has frozen what it built and tuned its collector). With
    ``before_serving`` the start waits for it: the server takes no connection until the process
    is warm (one of several workers on a shared socket, which leaves the connections to the
    workers that are ready).

    The cap is anyio's default thread limiter, which every ``def`` route and dependency and the
    deal's own trip to a thread go through; it belongs to the server's event loop, so it is set
    when that loop starts (again, harmlessly, if the server runs the lifespan again).
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = threads
        warm = app.state.warm = threading.Event()

        def build() -> None:
            try:
                warm_up()
                if server_gc:
                    # What exists now lives as long as the process: scanning it again finds
                    # nothing. Built lazily instead, the compiled kernels and templates would
                    # be scanned in every full collection, a pause on the event loop.
                    gc.collect()
                    gc.freeze()
                    gc.set_threshold(SERVER_GC_THRESHOLD, *gc.get_threshold()[1:])
            finally:
                warm.set()

        if before_serving:
            await anyio.to_thread.run_sync(build)
        else:
            threading.Thread(target=build, name="baccarat-warm-up", daemon=True).start()
        yield

    return lifespan
