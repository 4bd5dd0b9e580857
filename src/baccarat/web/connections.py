"""What a connection may hold of a server process: its request head arrives whole within
``header_timeout`` seconds, and no more than ``max_connections`` are open at once.

uvicorn bounds only the idle time between two requests (``timeout_keep_alive``): a client that
sends its request line and headers a byte at a time (slowloris), or opens a connection and
sends nothing, keeps it open for ever (150 such connections stayed open 45 s, until the test
stopped). :class:`GuardedProtocol` is uvicorn's httptools protocol (the one it picks when
``httptools`` is installed, as the ``web`` extra does; ``baccarat serve`` names it) with a
timer for the head: armed when the connection opens or the next request's first byte comes,
stopped when the head is complete. When it fires, a connection that sent part of a head is
answered 408 (JSON) and closed; one that sent nothing is closed. The body's own time is kept by
:mod:`baccarat.web.bodycap`.

The bound on connections replaces uvicorn's ``limit_concurrency`` (which counts the connection
asking, so a limit of N admits N - 1, and answers in plain text): a request on a connection
opened beyond ``max_connections`` (counted as it opens) is answered 503 with ``Retry-After``
and a JSON body as soon as its head is read, and its connection closed; the connections opened
before it are served as usual.

>>> factory = guarded_protocol(header_timeout=10.0, max_connections=100)
>>> factory.func is GuardedProtocol, factory.keywords
(True, {'header_timeout': 10.0, 'max_connections': 100})
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

__all__ = [
    "HEADER_TIMEOUT",
    "RETRY_AFTER_SECONDS",
    "TOO_MANY_CONNECTIONS",
    "GuardedProtocol",
    "guarded_protocol",
]

HEADER_TIMEOUT = "header_timeout"
"""The 408's ``code``."""
TOO_MANY_CONNECTIONS = "too_many_connections"
"""The 503's ``code``."""
RETRY_AFTER_SECONDS = 1
"""What the 503 asks a client to wait: a connection is freed as soon as another closes."""

_logger = logging.getLogger("uvicorn.error")


def guarded_protocol(
    *, header_timeout: float, max_connections: int
) -> functools.partial[GuardedProtocol]:
    """What ``baccarat serve`` hands uvicorn as its ``http`` protocol: a partial, not a class
    made on the fly, so that it travels to worker processes (pickled) with its settings."""
    return functools.partial(
        GuardedProtocol, header_timeout=header_timeout, max_connections=max_connections
    )


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline for each request's head and a bound on the
    process's open connections."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
        *,
        header_timeout: float,
        max_connections: int,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.header_timeout = header_timeout
        self.max_connections = max_connections
        self._head_timer: asyncio.TimerHandle | None = None
        self._head_started = False
        self._over = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        # Counted as it opens: one beyond the bound is refused, those before it never are.
        self._over = len(self.connections) > self.max_connections
        self._arm()

    def data_received(self, data: bytes) -> None:
        # Between two requests (uvicorn's keep-alive timer stops at any byte, even a blank
        # line the parser skips), the next head's time starts with its first byte.
        if self._head_timer is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head_started = True
        if self._head_timer is None:  # a pipelined request, behind one still being answered
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        self._head_started = False
        if self._over:
            _logger.warning("Refused a request: over %d connections open.", self.max_connections)
            served, self.app = self.app, _too_many_connections
            try:
                super().on_headers_complete()
            finally:
                self.app = served
        else:
            super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._head_timer = self.loop.call_later(self.header_timeout, self._head_late)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_late(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        if self.cycle is not None and not self.cycle.response_complete:
            # A late pipelined head behind an answer still being written: the connection ends
            # with that answer, which is not cut.
            self.cycle.keep_alive = False
            return
        if self._head_started:
            self.transport.write(self._timeout_answer())
        self.transport.close()

    def _timeout_answer(self) -> bytes:
        body = json.dumps(
            {
                "code": HEADER_TIMEOUT,
                "detail": "The request's line and headers did not arrive within "
                f"{self.header_timeout:g} s.",
                "seconds": self.header_timeout,
            }
        ).encode()
        head = [b"HTTP/1.1 408 Request Timeout\r\n"]
        head += [
            name + b": " + value + b"\r\n" for name, value in self.server_state.default_headers
        ]
        head += [
            b"content-type: application/json\r\n",
            b"content-length: %d\r\n" % len(body),
            b"connection: close\r\n\r\n",
        ]
        return b"".join(head) + body


async def _too_many_connections(scope: Any, receive: Any, send: Any) -> None:
    body = json.dumps(
        {
            "code": TOO_MANY_CONNECTIONS,
            "detail": "The server has as many connections open as it keeps; try again shortly.",
        }
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
                (b"cache-control", b"no-store"),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
