"""Security at the edge of every request: headers, cross-site request refusal, rate limits.

:class:`SecurityMiddleware` is plain ASGI, outside everything else, so that even an error page and
a refused request carry the headers:

- **Headers**: a strict Content-Security-Policy (scripts, styles, images, fetches from this origin
  only; no plugins; no framing; forms post only here), ``X-Content-Type-Options: nosniff``,
  ``X-Frame-Options: DENY``, ``Referrer-Policy: same-origin``, a ``Permissions-Policy`` that turns
  off the camera, microphone and location, ``Cross-Origin-Opener-Policy: same-origin``, and
  ``Strict-Transport-Security`` when served over HTTPS. The OpenAPI pages (``/docs``,
  ``/redoc``) load Swagger UI from its CDN and get a policy that allows exactly that.
- **Cross-site request forgery**: every state-changing request (any method but GET, HEAD,
  OPTIONS) that a browser marks as coming from another site (``Sec-Fetch-Site: cross-site`` or
  ``same-site``) or whose ``Origin`` is not this server's is refused with 403 ``csrf`` before it
  reaches a form or the API. Browsers send these headers on every such request and a page cannot
  forge them; with the ``SameSite=Lax`` cookies this is the defence OWASP lists for "verifying
  origin with standard headers". Clients that are not browsers (curl, the tests) send neither
  header and carry their own cookies, so they are not affected.
- **Rate limits**: token buckets per address and per browser session on deals, on passing the
  gate and on logging in, registering and changing a password; past a limit the answer is 429
  ``rate_limited`` with ``Retry-After`` (seconds) and nothing is done.
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from baccarat.web.context import (
    PLAYER_COOKIE,
    SESSION_COOKIE,
    ASGIApp,
    Message,
    Receive,
    Scope,
    Send,
    _cookies,
)
from baccarat.web.i18n import _

__all__ = ["CSP", "RateLimit", "RateLimiter", "SecurityMiddleware", "limits_for"]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; style-src-elem 'self'; "
    # Two bars of the shoe panel are drawn with style attributes (a width, a position).
    "style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
_DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: "
    "https://fastapi.tiangolo.com; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass(frozen=True, slots=True)
class RateLimit:
    """At most ``burst`` requests at once, refilled at ``per_second``."""

    per_second: float
    burst: int


class RateLimiter:
    """Token buckets by key, in this process's memory (bounded: the idlest keys are dropped).

    Several server processes each keep their own buckets, so a client spread over them gets up to
    that many times the limit; the limits are against floods, not exact quotas.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, capacity: int = 100_000):
        self._clock = clock
        self._capacity = capacity
        self._buckets: OrderedDict[tuple[str, str], tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: tuple[str, str], limit: RateLimit) -> float:
        """Take a token for ``key``: 0.0 if allowed, else the seconds until one is available."""
        now = self._clock()
        with self._lock:
            tokens, at = self._buckets.pop(key, (float(limit.burst), now))
            tokens = min(float(limit.burst), tokens + (now - at) * limit.per_second)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                wait = 0.0
            else:
                self._buckets[key] = (tokens, now)
                wait = (1.0 - tokens) / limit.per_second
            while len(self._buckets) > self._capacity:
                self._buckets.popitem(last=False)
        return wait


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
        https: bool,
        rate_limits: bool = True,
        limits: dict[str, tuple[RateLimit, RateLimit]] | None = None,
        limiter: RateLimiter | None = None,
    ) -> None:
        self.app = app
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

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        method: str = scope.get("method", "GET")
        if method not in _SAFE_METHODS and self._cross_site(scope):
            await self._refuse(
                scope,
                send_with_headers,
                403,
                "csrf",
                _("This request came from another site and was refused; nothing was changed."),
            )
            return
        kind = limits_for(method, path) if self.rate_limits else None
        if kind is not None:
            wait = self._wait(scope, kind)
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

    def _wait(self, scope: Scope, kind: str) -> float:
        per_address, per_session = self.limits[kind]
        client = scope.get("client")
        address = client[0] if client else "unknown"
        wait = self.limiter.take((f"{kind}:address", address), per_address)
        cookies = _cookies(scope)
        session = cookies.get(PLAYER_COOKIE) or cookies.get(SESSION_COOKIE)
        if session:
            wait = max(wait, self.limiter.take((f"{kind}:session", session), per_session))
        return wait

    async def _refuse(
        self,
        scope: Scope,
        send: Send,
        status: int,
        code: str,
        detail: str,
        retry_after: int | None = None,
    ) -> None:
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


def _html(text: str) -> str:
    from html import escape

    return escape(text)
