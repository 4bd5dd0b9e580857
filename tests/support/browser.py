"""Browser tests: Debian's Chromium driven by Playwright against a real server on a free port.

Never ``playwright install``: ``make test`` installs the ``chromium`` package and the
``playwright`` Python package, and the browser is launched from ``/usr/bin/chromium`` with a
fresh profile. Screenshots go to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (`make test` installs it)"
)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve_in_thread(app: FastAPI) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread; yield its base URL; stop it and close its store."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # only against a hang: the event is server.started
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        app.state.store.close()


def browser_context(playwright: Any, tmp_path: Path, **options: Any) -> Any:
    """A fresh browser profile (its own user-data directory) with a 15 s default timeout."""
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=str(CHROMIUM),
        headless=True,
        args=ARGS,
        **options,
    )
    context.set_default_timeout(15_000)
    return context


def first_page(context: Any) -> Any:
    """The context's first tab (a persistent context opens with one)."""
    return context.pages[0] if context.pages else context.new_page()


def pass_gate(page: Any, server: str) -> None:
    """Open the site and say yes at the 18+ gate; land on the table."""
    page.goto(server + "/")
    page.click("#gate-yes")
    page.wait_for_url(re.compile(r".*/table"))


def type_client_seed(page: Any, seed: str = "browser-test") -> None:
    """Send ``seed`` as every shoe's client seed instead of the one the page's script draws at
    random, as a player may type one: with a server's ``shoe_seed``, the coups are then the
    same on every run."""

    def replace(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        body["client_seed"] = seed
        route.continue_(post_data=json.dumps(body))

    page.route("**/client-seed", replace)


def screenshot(page: Any, name: str) -> None:
    """Save a full-page screenshot as ``artifacts/NAME.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def open_page(playwright: Any, tmp_path: Path, **options: Any) -> tuple[Any, Any]:
    """A fresh browser profile and its first tab."""
    context = browser_context(playwright, tmp_path, **options)
    return context, first_page(context)
