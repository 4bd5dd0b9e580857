"""Security at the edge of every request: headers, cross-site request refusal, rate limits.

:class:`SecurityMiddleware` is plain ASGI, outside everything else, so that even an error page and
a refused request carry the headers:

- **Headers**: ``Cache-Control: no-store`` on every answer but a static file (pages and the API
  carry the balance, the anti-forgery token, cookies), a strict Content-Security-Policy
  (scripts, styles, images, fetches from this origin only; no plugins; no framing; forms post
  only here), ``X-Content-Type-Options: nosniff``,
  ``X-Frame-Options: DENY``, ``Referrer-Policy: same-origin``, a ``Permissions-Policy`` that turns
  off the camera, microphone and location, ``Cross-Origin-Opener-Policy: same-origin``, and
  ``Strict-Transport-Security`` when served over HTTPS. The OpenAPI pages (``/docs``,
  ``/redoc``) load Swagger UI from its CDN and get a policy that allows exactly that.
- **Cross-site request forgery**, two layers on every state-changing request (any method but
  GET, HEAD, OPTIONS):

  1. A request that a browser marks as coming from another site (``Sec-Fetch-Site: cross-site``
     or ``same-site``) or whose ``Origin`` is not this server's is refused. Browsers send these
     headers and a page cannot forge them (OWASP: "verifying origin with standard headers").
  2. A request that carries the session cookie must carry the session's anti-forgery token
     (:meth:`~baccarat.web.context.CookieSigner.csrf`, an HMAC of the session token, so nothing
     is stored): the ``X-CSRF-Token`` header (the JSON API, the page's script) or the
     ``csrf_token`` field of a form (every form of the pages has it). A request without the
     cookie (passing the gate, logging in on a new device) has no session to forge and needs
     none; the first layer still applies.

  Either refusal is 403 ``csrf`` before the request reaches a form or the API: nothing is done.
- **Rate limits**: token buckets per address and per browser session on deals, on passing the
  gate and on logging in, registering and changing a password, shared by every server process on
  the same database (:mod:`baccarat.ledger.ratelimit`); past a limit the answer is 429
  ``rate_limited`` with ``Retry-After`` (seconds) and nothing is done.
"""

from __future__ import annotations

import hmac
import json
import math
import re
from collections.abc import Sequence
from typing import Protocol
from urllib.parse import parse_qs

from sqlalchemy.exc import OperationalError
from starlette.concurrency import run_in_threadpool

from baccarat.ledger.ratelimit import Check, RateLimit, RateLimiter
from baccarat.web.context import (
    PLAYER_COOKIE,
    SESSION_COOKIE,
    ASGIApp,
    CookieSigner,
    Message,
    Receive,
    Scope,
    Send,
    _cookies,
)
from baccarat.web.i18n import _
from baccarat.web.metrics import note_refusal

__all__ = [
    "CSP",
    "CSRF_FIELD",
    "CSRF_HEADER",
    "Limiter",
    "RateLimit",
    "RateLimiter",
    "SecurityMiddleware",
    "limits_for",
]

CSRF_HEADER = "X-CSRF-Token"
"""The header that carries the session's anti-forgery token on API calls."""
CSRF_FIELD = "csrf_token"
"""The form field that carries it on form posts."""
_FORM = "application/x-www-form-urlencoded"

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; style-src-elem 'self'; "
    # Two bars of the shoe panel are drawn with style attributes (a width, a position).
    "style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
# The API docs (routers/docs.py) are served from this origin alone; Swagger UI sets inline styles.
_DOCS_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class Limiter(Protocol):
    """A rate limiter: :class:`~baccarat.ledger.ratelimit.RateLimiter` (memory) or
    :class:`~baccarat.ledger.ratelimit.SharedRateLimiter` (the database)."""

    @property
    def blocking(self) -> bool: ...

    def take_all(self, checks: Sequence[Check]) -> float: ...


_DEAL = re.compile(r"^/(api/tables/\d+/deal|table/deal)$")
_ACCOUNT = re.compile(r"^/(api/session|gate|api/account/.*|account/.*)$")

DEFAULT_LIMITS: dict[str, tuple[RateLimit, RateLimit]] = {
    # (per address, per session)
    "deal": (RateLimit(per_second=300, burst=600), RateLimit(per_second=20, burst=40)),
    "account": (RateLimit(per_second=0.5, burst=30), RateLimit(per_second=0.2, burst=10)),
}


def limits_for(method: str, path: str) -> str | None:
    """Which rate limit a request falls under (None: none).

    >>> limits_for("POST", "/api/tables/3/deal"), limits_for("POST", "/gate"), limits_for("GET", "/gate")
    ('deal', 'account', None)
    """
    if method in _SAFE_METHODS:
        return None
    if _DEAL.match(path):
        return "deal"
    if _ACCOUNT.match(path):
        return "account"
    return None


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


class SecurityMiddleware:
    """Security headers on every answer; cross-site writes refused; rate limits (see the module)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        signer: CookieSigner,
        https: bool,
        rate_limits: bool = True,
        limits: dict[str, tuple[RateLimit, RateLimit]] | None = None,
        limiter: Limiter | None = None,
    ) -> None:
        self.app = app
        self.signer = signer
        self.https = https
        self.rate_limits = rate_limits
        self.limits = limits if limits is not None else DEFAULT_LIMITS
        self.limiter = limiter if limiter is not None else RateLimiter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        docs = path in ("/docs", "/redoc") or path.startswith("/docs/")
        https = self.https or scope.get("scheme") == "https"
        extra = [
            *_HEADERS,
            (b"content-security-policy", (_DOCS_CSP if docs else CSP).encode()),
        ]
        if https:
            extra.append((b"strict-transport-security", b"max-age=31536000"))

        # Every answer but a static file may carry a token (the CSRF token, a cookie) or a
        # balance: no cache, shared or private, may keep it (RFC 9111: no-store).
        private = not path.startswith("/static/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *extra]
                if private and not any(key.lower() == b"cache-control" for key, _v in headers):
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        method: str = scope.get("method", "GET")
        if method not in _SAFE_METHODS:
            if self._cross_site(scope):
                await self._refuse(
                    scope,
                    send_with_headers,
                    403,
                    "csrf",
                    _("This request came from another site and was refused; nothing was changed."),
                )
                return
            token_ok, receive = await self._csrf_token_ok(scope, receive)
            if not token_ok:
                await self._refuse(
                    scope,
                    send_with_headers,
                    403,
                    "csrf",
                    _(
                        "This request lacks the page's security token, or it is out of date: "
                        "reload the page and try again; nothing was changed."
                    ),
                )
                return
        kind = limits_for(method, path) if self.rate_limits else None
        if kind is not None:
            checks = self._checks(scope, kind)
            try:
                if self.limiter.blocking:
                    wait = await run_in_threadpool(self.limiter.take_all, checks)
                else:
                    wait = self.limiter.take_all(checks)
            except OperationalError:  # the shared buckets' database cannot write
                await self._refuse(
                    scope,
                    send_with_headers,
                    503,
                    "unavailable",
                    _(
                        "The table cannot save anything right now (the database is "
                        "unavailable); nothing was done. Try again in a minute."
                    ),
                    retry_after=30,
                )
                return
            if wait > 0:
                seconds = max(1, math.ceil(wait))
                await self._refuse(
                    scope,
                    send_with_headers,
                    429,
                    "rate_limited",
                    _(
                        "Too many requests: wait {seconds} s and try again; nothing was done."
                    ).format(seconds=seconds),
                    retry_after=seconds,
                )
                return
        await self.app(scope, receive, send_with_headers)

    def _cross_site(self, scope: Scope) -> bool:
        site = _header(scope, b"sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return True
        origin = _header(scope, b"origin")
        if origin is None:
            return False
        host = _header(scope, b"host") or ""
        scheme = scope.get("scheme", "http")
        return origin != f"{scheme}://{host}"

    async def _csrf_token_ok(self, scope: Scope, receive: Receive) -> tuple[bool, Receive]:
        """Whether a request with the session cookie carries its token (the header, or a form's
        field); without the cookie there is nothing to check. The body, if read, is replayed."""
        expected = self.signer.csrf_for(_cookies(scope).get(PLAYER_COOKIE))
        if expected is None:
            return True, receive
        sent = _header(scope, CSRF_HEADER.lower().encode())
        content_type = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if sent is None and content_type == _FORM:
            body, receive = await _read_body(receive)
            values = parse_qs(body.decode("latin-1")).get(CSRF_FIELD)
            sent = values[0] if values else None
        return sent is not None and hmac.compare_digest(sent, expected), receive

    def _checks(self, scope: Scope, kind: str) -> list[Check]:
        per_address, per_session = self.limits[kind]
        client = scope.get("client")
        address = client[0] if client else "unknown"
        checks: list[Check] = [((f"{kind}:address", address), per_address)]
        cookies = _cookies(scope)
        session = cookies.get(PLAYER_COOKIE) or cookies.get(SESSION_COOKIE)
        if session:
            checks.append(((f"{kind}:session", session), per_session))
        return checks

    async def _refuse(
        self,
        scope: Scope,
        send: Send,
        status: int,
        code: str,
        detail: str,
        retry_after: int | None = None,
    ) -> None:
        note_refusal(code)
        headers = [(b"cache-control", b"no-store")]
        if retry_after is not None:
            headers.append((b"retry-after", str(retry_after).encode()))
        if scope.get("path", "").startswith("/api/"):
            body = json.dumps({"code": code, "detail": detail}).encode()
            headers.append((b"content-type", b"application/json"))
        else:
            body = (
                "<!doctype html><html><head><meta charset='utf-8'><title>"
                f"{status}</title></head><body><main><p role='alert'>⚠ {_html(detail)}</p>"
                "<p><a href='/table'>"
                + _html(_("Back to the table"))
                + "</a></p></main></body></html>"
            ).encode()
            headers.append((b"content-type", b"text/html; charset=utf-8"))
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


async def _read_body(receive: Receive) -> tuple[bytes, Receive]:
    """The whole request body, and a ``receive`` that hands it to the application again."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the client went away: nothing more to read
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    body = b"".join(chunks)
    replayed = False

    async def replay() -> Message:
        nonlocal replayed
        if replayed:
            return await receive()
        replayed = True
        return {"type": "http.request", "body": body, "more_body": False}

    return body, replay


def _html(text: str) -> str:
    from html import escape

    return escape(text)
