"""Accounts: register (a guest keeps the balance), log in on another device, log out, change the
password; as pages (forms) and as the JSON API under ``/api/account``.

The cookie holds a signed random session token; the database holds its hash and says, on every
request, whether the session is live (:data:`baccarat.web.deps.PlayerId`).
"""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from baccarat.records import RecordType, tagged
from baccarat.records.shapes import ApiAccount, ApiLoggedOut, ApiPasswordChanged
from baccarat.web.answers import Answer, answer
from baccarat.web.context import PLAYER_COOKIE, CookieSigner
from baccarat.web.deps import (
    CookieSecure,
    PageVisit,
    PlayerId,
    Service,
    SessionInfo,
    SessionToken,
    Signer,
    Visit,
)
from baccarat.web.forms import RefusedPage, form_post
from baccarat.web.pages import render
from baccarat.web.present.table import player_data
from baccarat.web.routers.api import ERRORS
from baccarat.web.routers.gate import player_cookie

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/account", tags=["account"], responses=ERRORS)


class RegisterIn(BaseModel):
    """A username (3 to 32 letters, digits, . - _) and a password (10 to 256 characters)."""

    model_config = ConfigDict(extra="forbid")
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=1024)


class PasswordIn(BaseModel):
    """The current password and the new one."""

    model_config = ConfigDict(extra="forbid")
    old_password: str = Field(min_length=1, max_length=1024)
    new_password: str = Field(min_length=1, max_length=1024)


def _clear_cookie(response: Response, secure: bool) -> None:
    response.delete_cookie(PLAYER_COOKIE, path="/", secure=secure, httponly=True, samesite="lax")


def _signed_in(response: Response, signer: CookieSigner, token: str, secure: bool) -> None:
    player_cookie(response, signer.player(token), secure)


# The JSON API


def _new_session(
    response: Response,
    service: Service,
    signer: CookieSigner,
    player_id: str,
    old_token: str,
    secure: bool,
) -> str:
    """A fresh session after registering (the old token, maybe a guest's, ends); its token."""
    service.end_session(old_token)
    token = service.start_session(player_id)
    _signed_in(response, signer, token, secure)
    return token


@api.post("/register", status_code=201, response_model=answer(ApiAccount))
def register(
    body: RegisterIn,
    service: Service,
    player_id: PlayerId,
    token: SessionToken,
    signer: Signer,
    secure: CookieSecure,
    response: Response,
) -> Answer:
    """Give this guest an account: the same player and balance, now reachable from any device."""
    player = service.register(player_id, body.username, body.password)
    new = _new_session(response, service, signer, player_id, token, secure)
    # A new session has a new anti-forgery token.
    return tagged(
        RecordType.API_ACCOUNT, {"player": player_data(player), "csrf_token": signer.csrf(new)}
    )


def _address(request: Request) -> str | None:
    """The client's address: the connection's, or a configured proxy's ``X-Forwarded-For``
    (``serve --forwarded-allow-ips``; the server resolves it before the application runs)."""
    return request.client.host if request.client is not None else None


@api.post(
    "/login",
    response_model=answer(ApiAccount),
    responses={429: {"description": "Back-off after failed log-ins."}},
)
def log_in(
    request: Request,
    body: RegisterIn,
    service: Service,
    signer: Signer,
    secure: CookieSecure,
    response: Response,
) -> Answer:
    """Log in (401 ``bad_credentials`` for an unknown name or a wrong password alike; 429
    ``login_throttled`` with ``Retry-After`` while the back-off after failed log-ins for this
    account or from this address runs: the password is then not checked)."""
    player, token = service.log_in(body.username, body.password, _address(request))
    _signed_in(response, signer, token, secure)
    return tagged(
        RecordType.API_ACCOUNT, {"player": player_data(player), "csrf_token": signer.csrf(token)}
    )


@api.post("/logout", response_model=answer(ApiLoggedOut))
def log_out(
    service: Service, token: SessionToken, secure: CookieSecure, response: Response
) -> Answer:
    """End this session (a guest without an account cannot come back to its points)."""
    service.end_session(token)
    _clear_cookie(response, secure)
    return tagged(RecordType.API_LOGGED_OUT, {"logged_out": True})


@api.post("/logout-everywhere", response_model=answer(ApiLoggedOut))
def log_out_everywhere(
    service: Service, player_id: PlayerId, secure: CookieSecure, response: Response
) -> Answer:
    """End every session of this player, on every device, this one included (after a lost
    phone, say). An account logs in again with its password; a guest cannot come back."""
    ended = service.end_all_sessions(player_id)
    _clear_cookie(response, secure)
    return tagged(RecordType.API_LOGGED_OUT, {"logged_out": True, "sessions_ended": ended})


@api.post("/password", response_model=answer(ApiPasswordChanged))
def change_password(
    body: PasswordIn, service: Service, player_id: PlayerId, token: SessionToken
) -> Answer:
    """Change the password; every other session of this account ends."""
    service.change_password(player_id, token, body.old_password, body.new_password)
    return tagged(RecordType.API_PASSWORD_CHANGED, {"changed": True})


# The pages


def _account_page(
    request: Request,
    service: Service,
    player_id: str | None,
    session: SessionInfo,
    *,
    error: str | None = None,
    notice: str | None = None,
    status: int = 200,
) -> HTMLResponse:
    player = service.player(player_id, since=session.started) if player_id else None
    days = service.session_idle.days
    return render(
        request,
        "account.html",
        player=player,
        status=status,
        error=error,
        notice=notice,
        session_idle_days=days,
    )


def _refused_page(visit: PageVisit) -> RefusedPage:
    """The account page again, saying why its form was refused."""
    return partial(_account_page, visit.request, visit.service, visit.player_id, visit.session)


def _current_player(request: Request, service: Service, signer: CookieSigner) -> str | None:
    token = signer.read_player(request.cookies.get(PLAYER_COOKIE))
    return service.session_player(token) if token else None


@router.get("/account", response_class=HTMLResponse)
def account_page(
    request: Request, service: Service, signer: Signer, session: SessionInfo
) -> HTMLResponse:
    """Register, log in, change the password, log out."""
    return _account_page(request, service, _current_player(request, service, signer), session)


@router.post("/account/register", response_model=None)
def register_form(
    visit: Visit,
    token: SessionToken,
    signer: Signer,
    secure: CookieSecure,
    username: Annotated[str, Form()] = "",
    password: Annotated[str, Form()] = "",
) -> Response:
    """Give this guest an account; a refusal (a name taken, a weak password) shows on the page."""
    service, player_id = visit.service, visit.player_id

    def register() -> Response:
        service.register(player_id, username, password)
        response = RedirectResponse("/account", status_code=303)
        _new_session(response, service, signer, player_id, token, secure)
        return response

    return form_post(_refused_page(visit), register)


@router.post("/account/login", response_model=None)
def log_in_form(
    request: Request,
    service: Service,
    signer: Signer,
    secure: CookieSecure,
    session: SessionInfo,
    username: Annotated[str, Form()] = "",
    password: Annotated[str, Form()] = "",
) -> Response:
    def log_in() -> Response:
        _, token = service.log_in(username, password, _address(request))
        response = RedirectResponse("/table", status_code=303)
        _signed_in(response, signer, token, secure)
        return response

    def page(*, error: str, status: int) -> HTMLResponse:
        # Refused: the page of whoever the cookie still names.
        current = _current_player(request, service, signer)
        return _account_page(request, service, current, session, error=error, status=status)

    return form_post(page, log_in)


@router.post("/account/logout")
def log_out_form(service: Service, token: SessionToken, secure: CookieSecure) -> Response:
    service.end_session(token)
    response = RedirectResponse("/account", status_code=303)
    _clear_cookie(response, secure)
    return response


@router.post("/account/logout-everywhere")
def log_out_everywhere_form(
    service: Service, player_id: PlayerId, secure: CookieSecure
) -> Response:
    service.end_all_sessions(player_id)
    response = RedirectResponse("/account", status_code=303)
    _clear_cookie(response, secure)
    return response


@router.post("/account/password", response_model=None)
def change_password_form(
    visit: Visit,
    token: SessionToken,
    old_password: Annotated[str, Form()] = "",
    new_password: Annotated[str, Form()] = "",
) -> Response:
    """Change the password; a refusal (a wrong old one, a weak new one) shows on the page."""

    def change() -> Response:
        visit.service.change_password(visit.player_id, token, old_password, new_password)
        return RedirectResponse("/account", status_code=303)

    return form_post(_refused_page(visit), change)
