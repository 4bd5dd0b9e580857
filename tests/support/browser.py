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


_DEAL_DATA = re.compile(r'<script type="application/json" id="deal-data">(.*?)</script>', re.S)


def deal_answer(response: Any) -> dict[str, Any]:
    """The deal's record in the table page's answer to a deal (HTML: the record is its
    ``#deal-data``), or in the API's JSON answer."""
    if not response.headers.get("content-type", "").startswith("text/html"):
        record: dict[str, Any] = response.json()
        return record
    found = _DEAL_DATA.search(response.text())
    assert found is not None, "the page's answer carries the deal's record"
    embedded: dict[str, Any] = json.loads(found[1])
    return embedded


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


SIZES = {"phone": (390, 844), "laptop": (1366, 800)}
"""The two screens every page is tried on: a phone's and a laptop's."""
IN_VIEW = """(selector) => {
  const element = typeof selector === "string" ? document.querySelector(selector) : selector;
  if (!element) { return "missing"; }
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) { return "not shown"; }
  const inside = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight + 0.5
    && box.right <= window.innerWidth + 0.5;
  const at = (a, b, n) => `${Math.round(a)}..${Math.round(b)} of ${n}`;
  if (!inside) {
    return `outside: ${at(box.top, box.bottom, window.innerHeight)}, `
      + at(box.left, box.right, window.innerWidth);
  }
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit && (element.contains(hit) || hit.contains(element)) ? "ok" : "covered";
}"""
"""A script for ``page.evaluate(IN_VIEW, selector_or_element)``: "ok" when the element is inside
the viewport and not covered (the point at its centre hits it), else what is wrong."""

SHORT_CONTROLS = """() => [...document.querySelectorAll(
  'main :is(button, select, summary, a.button, input:not([type=hidden], [type=radio], [type=checkbox]))'
)].filter((e) => e.checkVisibility() && e.getBoundingClientRect().height < 43.5)
  .map((e) => `${e.tagName.toLowerCase()}#${e.id} ${Math.round(e.getBoundingClientRect().height)}px`)"""
"""A script for ``page.evaluate``: the page's controls (in ``main``) shown less than 44 px tall,
the least a finger can be asked to hit on a touch screen."""

LANGUAGES = ("en", "vi", "hu")


@contextmanager
def seeded_server(tmp_path_factory: pytest.TempPathFactory, name: str, seed: int) -> Iterator[str]:
    """A real server on its own SQLite file whose shoes' server seeds come from ``seed``."""
    from pydantic import SecretStr

    from baccarat.web.app import create_app
    from baccarat.web.settings import Settings

    data = tmp_path_factory.mktemp(f"{name}-data")
    secret = SecretStr(f"{name}-test-" + "k" * 32)
    app = create_app(Settings(data_dir=data, secret_key=secret, shoe_seed=seed))
    with serve_in_thread(app) as url:
        yield url


def open_table(
    playwright: Any,
    tmp_path: Path,
    server: str,
    size: str,
    language: str,
    init_script: str | None = None,
    **options: Any,
) -> tuple[Any, Any]:
    """A fresh player at the table, on a ``size`` screen (:data:`SIZES`; a phone is touch) in
    ``language``, typing one client seed for every shoe (the same coups on every run)."""
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser_context(
        playwright,
        tmp_path / f"{size}-{language}",
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        **options,
    )
    if init_script is not None:
        context.add_init_script(init_script)
    page = context.pages[0] if context.pages else context.new_page()
    type_client_seed(page)
    page.goto(f"{server}/?lang={language}")
    page.click("#gate-yes")
    page.wait_for_url(re.compile(r".*/table"))
    page.goto(f"{server}/table?lang={language}")
    return context, page


def deal_five_on_player(page: Any) -> dict[str, Any]:
    """Stake 5 on Player with a chip, deal, and wait until the page is ready again; the answer."""
    page.click("label.chip-5")
    page.click(".spot-player .spot-zone")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
        page.click("#deal")
    data = deal_answer(answer.value)
    page.wait_for_function("() => !document.querySelector('#deal').disabled")
    return data


def screenshot(page: Any, name: str) -> None:
    """Save a full-page screenshot as ``artifacts/NAME.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def open_page(playwright: Any, tmp_path: Path, **options: Any) -> tuple[Any, Any]:
    """A fresh browser profile and its first tab."""
    context = browser_context(playwright, tmp_path, **options)
    return context, first_page(context)
