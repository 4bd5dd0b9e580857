"""The 18+ gate: a first visit confirms being an adult and gets a guest player with 10,000 points."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from baccarat.web.context import PLAYER_COOKIE, PLAYER_COOKIE_MAX_AGE, set_cookie_header
from baccarat.web.deps import CookieSecure, Service, SettingsDep, Signer
from baccarat.web.i18n import format_points
from baccarat.web.pages import render

router = APIRouter(include_in_schema=False)


@router.get("/")
def home(request: Request, signer: Signer) -> Response:
    """The table for a player, the gate for anyone else."""
    has_player = signer.read_player(request.cookies.get(PLAYER_COOKIE)) is not None
    return RedirectResponse("/table" if has_player else "/gate", status_code=303)


@router.get("/gate", response_class=HTMLResponse)
def gate_page(request: Request, settings: SettingsDep) -> HTMLResponse:
    return render(request, "gate.html", starting=format_points(settings.starting_balance))


def player_cookie(response: Response, value: str, secure: bool) -> None:
    """Attach the signed session cookie (a year; HttpOnly; SameSite=Lax; Secure over HTTPS)."""
    name, header = set_cookie_header(
        PLAYER_COOKIE, value, max_age=PLAYER_COOKIE_MAX_AGE, secure=secure
    )
    response.headers.append(name.decode(), header.decode())


@router.post("/gate")
def pass_gate(
    request: Request,
    service: Service,
    signer: Signer,
    secure: CookieSecure,
    adult: Annotated[str, Form()] = "",
) -> Response:
    """Create a guest player for someone who confirmed being 18 or older."""
    if adult != "yes":
        return RedirectResponse("/adults-only", status_code=303)
    player = service.join()
    response = RedirectResponse("/table", status_code=303)
    token = service.start_session(player.player_id)
    player_cookie(response, signer.player(token), secure)
    return response


@router.get("/adults-only", response_class=HTMLResponse)
def adults_only(request: Request) -> HTMLResponse:
    return render(request, "adults_only.html", status=403)
