"""Responsible play: the reality-check interval, self-set limits, the cool-off, a break page;
as pages and as the JSON API under ``/api/me``."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Literal

from fastapi import APIRouter, Form
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict

from baccarat.ledger.limits import COOL_OFF_CHOICES, PlayLimits
from baccarat.records import RecordType, tagged
from baccarat.records.shapes import ApiLimits
from baccarat.web.answers import Answer, answer
from baccarat.web.deps import PageVisit, PlayerId, Service, Visit
from baccarat.web.forms import FormFields, form_post
from baccarat.web.i18n import _
from baccarat.web.numbers import (
    checked,
    checked_optional,
    documented,
    documented_optional,
    whole,
)
from baccarat.web.pages import render
from baccarat.web.present.labels import PERIOD_NAMES
from baccarat.web.present.limits import idle_minutes, limits_data, responsible_play
from baccarat.web.routers.api import ERRORS

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api/me", tags=["responsible play"], responses=ERRORS)


class LimitsIn(BaseModel):
    """The reality-check interval and the limits (null: no limit). Lower limits apply at once,
    higher ones (or none) after 24 hours."""

    model_config = ConfigDict(extra="forbid")
    reality_check_minutes: Annotated[
        int, checked("reality_check_minutes", 5, 240), documented(5, 240)
    ] = 60
    session_limit_minutes: Annotated[
        int | None,
        checked_optional("session_limit_minutes", 5, 1440),
        documented_optional(5, 1440),
    ] = None
    daily_coup_limit: Annotated[
        int | None,
        checked_optional("daily_coup_limit", 1, 10_000),
        documented_optional(1, 10_000),
    ] = None


class CoolOffIn(BaseModel):
    """Lock the account for play: a day, a week or 30 days (never shortened)."""

    model_config = ConfigDict(extra="forbid")
    period: Literal["1d", "7d", "30d"]


def _answer(service: Service, player_id: str, limits: PlayLimits) -> Answer:
    started = service.play_started(player_id)
    play = {
        "started": started.isoformat() if started is not None else None,
        "idle_minutes": idle_minutes(service.play_idle),
    }
    return tagged(RecordType.API_LIMITS, {"limits": limits_data(limits), "play_session": play})


@api.get("/limits", response_model=answer(ApiLimits))
def get_limits(service: Service, player_id: PlayerId) -> Answer:
    """The reality-check interval, the limits (and raises waiting their 24 hours), any cool-off,
    and the play session the server keeps."""
    return _answer(service, player_id, service.limits(player_id))


@api.put("/limits", response_model=answer(ApiLimits))
def put_limits(body: LimitsIn, service: Service, player_id: PlayerId) -> Answer:
    """Set the reality-check interval and the limits."""
    limits = service.set_limits(
        player_id,
        reality_check_minutes=body.reality_check_minutes,
        session_limit_minutes=body.session_limit_minutes,
        daily_coup_limit=body.daily_coup_limit,
    )
    return _answer(service, player_id, limits)


@api.post("/reality-check", response_model=answer(ApiLimits))
def continue_play(service: Service, player_id: PlayerId) -> Answer:
    """Answer a reality check with "continue": the next one is due one interval from now (what
    the page's "Continue" button records, with or without JavaScript)."""
    return _answer(service, player_id, service.continue_play(player_id))


@api.post("/cool-off", response_model=answer(ApiLimits))
def cool_off(body: CoolOffIn, service: Service, player_id: PlayerId) -> Answer:
    """Lock the account for play for the period chosen (403 ``cooling_off`` on deals until then)."""
    return _answer(service, player_id, service.cool_off(player_id, body.period))


@api.post("/play-session/end", response_model=answer(ApiLimits))
def end_play(service: Service, player_id: PlayerId) -> Answer:
    """End the play session: the next coup starts a new one, but after one that reached the
    session limit only once its idle time has passed since its last coup (403 ``play_break``
    until then)."""
    service.end_play(player_id)
    return _answer(service, player_id, service.limits(player_id))


def _page(
    visit: PageVisit,
    name: str = "limits.html",
    *,
    error: str | None = None,
    status: int = 200,
    typed: dict[str, str] | None = None,
) -> HTMLResponse:
    """The limits page (or the break page, ``name``); with ``error``, saying why its form was
    refused, and the limits as ``typed`` in it, to correct rather than type again."""
    service, player_id = visit.service, visit.player_id
    return render(
        visit.request,
        name,
        player=visit.player(),
        status=status,
        error=error,
        typed=typed or {},
        **responsible_play(service.limits(player_id), service.play_idle),
    )


@router.get("/limits", response_class=HTMLResponse)
def limits_page(visit: Visit) -> HTMLResponse:
    """Reality checks, limits and the cool-off."""
    return _page(visit)


@router.get("/break", response_class=HTMLResponse)
def break_page(visit: Visit) -> HTMLResponse:
    """Where "take a break" leads: the session so far, and a cool-off if wanted."""
    return _page(visit, "break.html")


def _optional(value: str, name: str, low: int, high: int) -> int | None:
    """A limit typed in the form: empty for none, else ASCII digits in range (the strict
    grammar: no sign, no other digits)."""
    value = value.strip()  # what a browser's form sends around a number is not the number
    if not value:
        return None
    return whole(value, what=name, low=low, high=high)


def _back_here(target: str) -> str:
    """A path of this site to go back to (never another site's address: no ``//`` or scheme).

    >>> _back_here("/table?table=3"), _back_here("//evil.example/"), _back_here("https://x")
    ('/table?table=3', '/table', '/table')
    """
    if target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/table"


@router.post("/reality-check")
def continue_form(
    service: Service, player_id: PlayerId, next_page: Annotated[str, Form(alias="next")] = "/table"
) -> Response:
    """The page's "Continue" beside "Take a break": recorded, then back to the page."""
    service.continue_play(player_id)
    return RedirectResponse(_back_here(next_page), status_code=303)


@router.post("/play-session/end")
def end_play_form(service: Service, player_id: PlayerId) -> Response:
    """The break page's "End this play session"."""
    service.end_play(player_id)
    return RedirectResponse("/break", status_code=303)


@router.post("/limits", response_model=None)
def limits_form(visit: Visit, form: FormFields) -> Response:
    """The limits as typed (an empty field: no limit); a refusal shows on the page."""

    def set_limits() -> Response:
        visit.service.set_limits(
            visit.player_id,
            reality_check_minutes=_optional(
                form.get("reality_check_minutes", ""), "reality_check_minutes", 5, 240
            )
            or 60,
            session_limit_minutes=_optional(
                form.get("session_limit_minutes", ""), "session_limit_minutes", 5, 1440
            ),
            daily_coup_limit=_optional(
                form.get("daily_coup_limit", ""), "daily_coup_limit", 1, 10_000
            ),
        )
        return RedirectResponse("/limits", status_code=303)

    return form_post(partial(_page, visit, typed=form), set_limits)


@router.post("/limits/cool-off", response_model=None)
def cool_off_form(
    visit: Visit, period: Annotated[str, Form()] = "", confirm: Annotated[str, Form()] = ""
) -> Response:
    """A cool-off in two steps: the period chosen, then confirmed on a page that says when it
    would end (it cannot be shortened); only the confirmation locks the table."""
    service, player_id = visit.service, visit.player_id
    if confirm != "yes" and period in COOL_OFF_CHOICES:
        return render(
            visit.request,
            "cooloff_confirm.html",
            player=visit.player(),
            period=period,
            period_label=_(PERIOD_NAMES[period]),
            ends=service.clock() + COOL_OFF_CHOICES[period],
        )

    def cool_off() -> Response:
        service.cool_off(player_id, period)
        return RedirectResponse("/limits", status_code=303)

    return form_post(partial(_page, visit), cool_off)
