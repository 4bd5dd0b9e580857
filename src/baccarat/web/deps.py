"""The dependencies routers declare with ``Annotated``: settings, the service, the player, the session."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from baccarat.ledger.service import PlayService
from baccarat.ledger.views import PlayerView
from baccarat.web.context import PLAYER_COOKIE, CookieSigner, PlaySession
from baccarat.web.settings import Settings

__all__ = [
    "CookieSecure",
    "GateRequiredError",
    "PageVisit",
    "PlayerId",
    "Service",
    "SessionInfo",
    "SessionToken",
    "SettingsDep",
    "Signer",
    "Visit",
    "live_player",
    "page_player",
]


class GateRequiredError(Exception):
    """The request needs a player who has passed the 18+ gate, and has none."""


# The dependencies that do no I/O are ``async def``: FastAPI runs every plain ``def`` dependency
# in its thread pool, and a hop there and back costs more than these functions do. Those that
# query the database stay plain functions, off the event loop.


async def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


async def _service(request: Request) -> PlayService:
    service: PlayService = request.app.state.service
    return service


async def _signer(request: Request) -> CookieSigner:
    signer: CookieSigner = request.app.state.signer
    return signer


async def _token(request: Request, signer: Annotated[CookieSigner, Depends(_signer)]) -> str:
    token = signer.read_player(request.cookies.get(PLAYER_COOKIE))
    if token is None:
        raise GateRequiredError()
    return token


def live_player(service: PlayService, token: str) -> str:
    """The player of the session ``token``, checked against the database (blocking), or
    :class:`GateRequiredError`.

    Checked on every request: a session ended by logging out (or by a password change on another
    device) stops working at once. A route that already goes to the thread pool for its work may
    call this there, with :data:`SessionToken`, instead of declaring :data:`PlayerId`: one trip
    to the pool instead of two.
    """
    player_id = service.session_player(token)
    if player_id is None:
        raise GateRequiredError()
    return player_id


def page_player(request: Request) -> PlayerView | None:
    """The standing of the page's player, if the request carries a live session (blocking).

    For pages anyone may read (the guides): with a player they show the balance and the way back
    to the table like every other page; without one they are read as they are.
    """
    signer: CookieSigner = request.app.state.signer
    token = signer.read_player(request.cookies.get(PLAYER_COOKIE))
    if token is None:
        return None
    service: PlayService = request.app.state.service
    player_id = service.session_player(token)
    if player_id is None:
        return None
    # The play session from the server's record, as every other page reads it (_session).
    started = service.play_started(player_id)
    return service.player(player_id, since=started or service.clock())


def _player_id(
    request: Request,
    token: Annotated[str, Depends(_token)],
    service: Annotated[PlayService, Depends(_service)],
) -> str:
    player_id = live_player(service, token)
    request.state.player_id = player_id
    return player_id


async def _cookie_secure(
    request: Request, settings: Annotated[Settings, Depends(_settings)]
) -> bool:
    return settings.cookie_secure or request.url.scheme == "https"


def _session(
    request: Request,
    service: Annotated[PlayService, Depends(_service)],
    signer: Annotated[CookieSigner, Depends(_signer)],
) -> PlaySession:
    """The player's play session, from the server's record (never from a cookie): its start, or
    now when none is live (the next coup starts one). Kept on the request for the pages."""
    player_id: str | None = getattr(request.state, "player_id", None)
    if player_id is None:
        token = signer.read_player(request.cookies.get(PLAYER_COOKIE))
        player_id = service.session_player(token) if token is not None else None
    started = service.play_started(player_id) if player_id is not None else None
    session = PlaySession(started or service.clock(), new=started is None)
    request.state.play_session = session
    return session


SettingsDep = Annotated[Settings, Depends(_settings)]
Service = Annotated[PlayService, Depends(_service)]
Signer = Annotated[CookieSigner, Depends(_signer)]
PlayerId = Annotated[str, Depends(_player_id)]
"""The player of the live session in the signed cookie; without one the request goes to the gate."""
SessionToken = Annotated[str, Depends(_token)]
"""The session token in the signed cookie (for logging out and changing the password)."""
SessionInfo = Annotated[PlaySession, Depends(_session)]
CookieSecure = Annotated[bool, Depends(_cookie_secure)]
"""Whether cookies get ``Secure``: configured (behind a TLS proxy) or this request is HTTPS."""


@dataclass(frozen=True, slots=True)
class PageVisit:
    """What a player's page and its forms read: the request, the service, whose page it is and
    in which play session (what showing the page again after a refused form needs)."""

    request: Request
    service: PlayService
    player_id: str
    session: PlaySession

    def player(self) -> PlayerView:
        """The player's standing in this play session (blocking: it reads the database)."""
        return self.service.player(self.player_id, since=self.session.started)


async def _visit(
    request: Request, service: Service, player_id: PlayerId, session: SessionInfo
) -> PageVisit:
    # The player first: the play session then reads the player the request already checked.
    return PageVisit(request, service, player_id, session)


Visit = Annotated[PageVisit, Depends(_visit)]
"""A visit to a player's page (see :class:`PageVisit`); without a live session, the gate."""
