"""The dependencies routers declare with ``Annotated``: settings, the service, the player, the session."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from baccarat.ledger.service import PlayService
from baccarat.web.context import PLAYER_COOKIE, CookieSigner, PlaySession
from baccarat.web.settings import Settings

__all__ = [
    "GateRequiredError",
    "PlayerId",
    "Service",
    "SessionInfo",
    "SettingsDep",
    "Signer",
]


class GateRequiredError(Exception):
    """The request needs a player who has passed the 18+ gate, and has none."""


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def _service(request: Request) -> PlayService:
    service: PlayService = request.app.state.service
    return service


def _signer(request: Request) -> CookieSigner:
    signer: CookieSigner = request.app.state.signer
    return signer


def _player_id(request: Request, signer: Annotated[CookieSigner, Depends(_signer)]) -> str:
    player_id = signer.read_player(request.cookies.get(PLAYER_COOKIE))
    if player_id is None:
        raise GateRequiredError()
    return player_id


def _session(request: Request) -> PlaySession:
    session: PlaySession = request.state.play_session
    return session


SettingsDep = Annotated[Settings, Depends(_settings)]
Service = Annotated[PlayService, Depends(_service)]
Signer = Annotated[CookieSigner, Depends(_signer)]
PlayerId = Annotated[str, Depends(_player_id)]
"""The id of the player in the signed cookie; without one the request goes to the gate."""
SessionInfo = Annotated[PlaySession, Depends(_session)]
