"""Per-request context: the language, and the signed player cookie.

:class:`RequestContextMiddleware` is plain ASGI so that the translator it sets in a context
variable is seen by the endpoint (and its templates) whatever thread runs it. The *play session*
(the session clock, the net result since it started, the session limit) is the server's record
per player (:mod:`baccarat.ledger.playsessions`, read by :data:`baccarat.web.deps.SessionInfo`);
no cookie holds it, so none can reset it. The only cookie that names anything is the player
cookie: a signed, opaque random session token.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from datetime import datetime
from http.cookies import SimpleCookie
from typing import Any

from itsdangerous import BadSignature, URLSafeSerializer

from baccarat.i18n.catalogs import available_languages, get_translator, negotiate
from baccarat.web.i18n import using

__all__ = [
    "LANGUAGE_COOKIE",
    "PLAYER_COOKIE",
    "SESSION_COOKIE",
    "CookieSigner",
    "PlaySession",
    "RequestContextMiddleware",
]

PLAYER_COOKIE = "baccarat_player"
SESSION_COOKIE = "baccarat_session"
"""The cookie that held a play session's start before the server kept it: no longer set or read
(the rate limits still count a browser by it if a client sends one)."""
LANGUAGE_COOKIE = "baccarat_lang"
PLAYER_COOKIE_MAX_AGE = 365 * 24 * 3600

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class CookieSigner:
    """Signs and checks cookie values with the application's secret (one salt per cookie)."""

    def __init__(self, secret: str) -> None:
        self._csrf_key = hmac.new(secret.encode(), b"baccarat.csrf", hashlib.sha256).digest()
        self._player = URLSafeSerializer(secret, salt="baccarat.player")
        # A cookie's verdict depends on its value alone: every request checks its cookie twice
        # (the CSRF check, the session token), and a browser sends the same one for months.
        # Bounded, so forged values cannot grow it.
        self._verdicts: Callable[[str], str | None] = functools.lru_cache(maxsize=4096)(
            self._verify_player
        )

    def player(self, player_id: str) -> str:
        return self._player.dumps(player_id)

    def read_player(self, value: str | None) -> str | None:
        """The session token in a signed cookie value, or None if it is missing or forged.

        >>> signer = CookieSigner("s" * 32)
        >>> signer.read_player(signer.player("t1")), signer.read_player("t1.forged")
        ('t1', None)
        """
        if not value:
            return None
        return self._verdicts(value)

    def _verify_player(self, value: str) -> str | None:
        try:
            loaded = self._player.loads(value)
        except BadSignature:
            return None
        return loaded if isinstance(loaded, str) else None

    def csrf(self, session_token: str) -> str:
        """The anti-forgery token of a session: an HMAC of its token under the app's secret.

        Nothing is stored: the server computes it again from the cookie of each request, and a
        page of another site can neither read the cookie nor the pages that carry the token.
        It changes with the session (log-in, registration), never within one.

        >>> signer = CookieSigner("s" * 32)
        >>> signer.csrf("t1") == signer.csrf("t1") != signer.csrf("t2")
        True
        """
        mac = hmac.new(self._csrf_key, session_token.encode(), hashlib.sha256).hexdigest()
        return mac[:48]

    def csrf_for(self, player_cookie: str | None) -> str | None:
        """The anti-forgery token for a request's player cookie (None without a valid one)."""
        token = self.read_player(player_cookie)
        return self.csrf(token) if token is not None else None


@dataclass(frozen=True, slots=True)
class PlaySession:
    """The player's play session as a request sees it: when it started (for the clock and the
    net result); ``new`` when none is live yet (``started`` is then the request's moment)."""

    started: datetime
    new: bool


def _cookies(scope: Scope) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed Cookie header is ignored, as browsers do
                continue
    return {key: morsel.value for key, morsel in jar.items()}


def _query_param(scope: Scope, name: str) -> str | None:
    from urllib.parse import parse_qs

    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(name)
    return values[0] if values else None


def set_cookie_header(
    name: str, value: str, *, max_age: int | None, secure: bool, http_only: bool = True
) -> tuple[bytes, bytes]:
    """A ``Set-Cookie`` header (path ``/``, ``SameSite=Lax``)."""
    parts = [f"{name}={value}", "Path=/", "SameSite=Lax"]
    if max_age is not None:
        parts.append(f"Max-Age={max_age}")
    if http_only:
        parts.append("HttpOnly")
    if secure:
        parts.append("Secure")
    return b"set-cookie", "; ".join(parts).encode("latin-1")


class RequestContextMiddleware:
    """Chooses the language and the play session for each HTTP request."""

    def __init__(
        self, app: ASGIApp, signer: CookieSigner, default_language: str, secure: bool
    ) -> None:
        self.app = app
        self.signer = signer
        self.default_language = default_language
        self.secure = secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookies = _cookies(scope)
        extra: list[tuple[bytes, bytes]] = []
        secure = self.secure or scope.get("scheme") == "https"

        languages = available_languages()
        asked = _query_param(scope, "lang")
        if asked in languages:
            language = asked
            extra.append(
                set_cookie_header(
                    LANGUAGE_COOKIE, asked, max_age=PLAYER_COOKIE_MAX_AGE, secure=secure
                )
            )
        elif cookies.get(LANGUAGE_COOKIE) in languages:
            language = cookies[LANGUAGE_COOKIE]
        else:
            header = next(
                (
                    v.decode("latin-1")
                    for k, v in scope.get("headers", [])
                    if k == b"accept-language"
                ),
                None,
            )
            fallback = self.default_language if self.default_language in languages else languages[0]
            language = negotiate(header, (fallback, *languages)) if header else fallback

        state = scope.setdefault("state", {})
        state["language"] = language

        async def send_with_cookies(message: Message) -> None:
            if message["type"] == "http.response.start" and extra:
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        with using(get_translator(language)):
            await self.app(scope, receive, send_with_cookies)
