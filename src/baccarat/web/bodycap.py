"""A cap on request bodies, kept before anything reads one: a larger body is refused with 413
and a JSON body, whether it says its length (``Content-Length``, refused unread) or not (chunked,
refused as soon as what arrived passes the cap).

No request of the practice table needs more than a few kilobytes (a deal's stakes, a form, a
client seed); without a cap a 50 MB body was read and parsed whole before its 422.

With a ``read_timeout``, every body is read here, whole, and must arrive within that many
seconds of its request's head: a slower one (a client sending a byte now and then) is refused
with 408 and a JSON body, and its connection closed. A body is read here, not where the
application reads it, because FastAPI turns any failure while it reads one into a 400.

>>> import asyncio
>>> async def app(scope, receive, send):
...     await receive()
...     await send({"type": "http.response.start", "status": 204, "headers": []})
...     await send({"type": "http.response.body", "body": b""})
>>> sent = []
>>> async def send(message):
...     sent.append(message)
>>> async def receive():
...     return {"type": "http.request", "body": b"x" * 10, "more_body": False}
>>> scope = {"type": "http", "headers": [(b"content-length", b"10")]}
>>> asyncio.run(BodyCapMiddleware(app, max_bytes=8)(scope, receive, send))
>>> sent[0]["status"]
413
>>> async def slow_receive():
...     await asyncio.sleep(60)
>>> sent.clear()
>>> small = {"type": "http", "headers": [(b"content-length", b"4")]}
>>> asyncio.run(BodyCapMiddleware(app, max_bytes=8, read_timeout=0.01)(small, slow_receive, send))
>>> sent[0]["status"]
408
"""

from __future__ import annotations

import asyncio

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from baccarat.web.security import _header

__all__ = ["BODY_TIMEOUT", "BODY_TOO_LARGE", "BodyCapMiddleware"]

BODY_TOO_LARGE = "body_too_large"
"""The 413's ``code``."""
BODY_TIMEOUT = "body_timeout"
"""The 408's ``code``."""


class BodyCapMiddleware:
    """Refuse request bodies over ``max_bytes`` with 413 before the application parses them,
    and (with ``read_timeout``) those slower than ``read_timeout`` seconds with 408."""

    def __init__(self, app: ASGIApp, *, max_bytes: int, read_timeout: float | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.read_timeout = read_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        chunked = declared is None and _header(scope, b"transfer-encoding") is not None
        if chunked or (declared and self.read_timeout is not None):
            # Read the body here, up to the cap and within the time, and hand it on whole (a
            # body under the cap is small). The application's own reading cannot be
            # interrupted with a 413 or a 408: FastAPI turns any failure there into a 400.
            messages: list[Message] = []
            received = 0
            loop = asyncio.get_running_loop()
            deadline = None if self.read_timeout is None else loop.time() + self.read_timeout
            while True:
                try:
                    async with asyncio.timeout_at(deadline):
                        message = await receive()
                except TimeoutError:
                    await self._refuse_slow(scope, receive, send)
                    return
                messages.append(message)
                if message["type"] != "http.request":
                    break
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    await self._refuse(scope, receive, send)
                    return
                if not message.get("more_body", False):
                    break
            replay = iter(messages)

            async def replayed() -> Message:
                return next(replay, None) or await receive()

            await self.app(scope, replayed, send)
            return
        await self.app(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = JSONResponse(
            {
                "code": BODY_TOO_LARGE,
                "detail": f"The request body is over the limit of {self.max_bytes} bytes.",
                "max_bytes": self.max_bytes,
            },
            status_code=413,
            # What is left of the body is never read: the connection cannot carry another request.
            headers={"Connection": "close"},
        )
        await refusal(scope, receive, send)

    async def _refuse_slow(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = JSONResponse(
            {
                "code": BODY_TIMEOUT,
                "detail": "The request body did not arrive within "
                f"{self.read_timeout:g} s of its headers.",
                "seconds": self.read_timeout,
            },
            status_code=408,
            # The rest of the body may still come: the connection cannot carry another request.
            headers={"Connection": "close"},
        )
        await refusal(scope, receive, send)


def _content_length(scope: Scope) -> int | None:
    """The body's declared length (None: not declared, or not a number: the server refuses
    those itself)."""
    text = (_header(scope, b"content-length") or "").strip()
    return int(text) if text.isascii() and text.isdigit() else None
