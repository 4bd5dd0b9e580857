"""The table pages: play (with or without JavaScript), open a table, top up, history, one coup.

Without JavaScript every action is a form: a deal posts the stakes and the page comes back with
the coup laid out in full. With JavaScript the same page calls the JSON API and deals the cards
one at a time; the panels it then refreshes come from :func:`panels` here, rendered by the same
templates.
"""

from __future__ import annotations

import secrets
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Form, Path, Query
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from baccarat.core.errors import BaccaratError
from baccarat.ledger.errors import LedgerError
from baccarat.store.models import MAX_ID
from baccarat.web.deps import PageVisit, PlayerId, Service, SessionInfo, SettingsDep, Visit
from baccarat.web.forms import FormFields, form_post
from baccarat.web.i18n import _
from baccarat.web.numbers import quoted, whole
from baccarat.web.pages import csrf_token, render, render_fragment
from baccarat.web.present.coup import coup_data, history_groups
from baccarat.web.present.felt import form_stakes
from baccarat.web.present.page import HISTORY_SHOWN, panels_context, table_page_context
from baccarat.web.present.panels import live_roads
from baccarat.web.present.table import draw_table, fair_shoe_data, verify_command

router = APIRouter(include_in_schema=False)

# Every id in a path or a query is range-checked before it reaches the database (a 422 page).
TableId = Annotated[int, Path(ge=1, le=MAX_ID)]
RecordId = Annotated[int, Path(ge=1, le=MAX_ID)]


def _table_page(
    visit: PageVisit,
    exact_odds: bool,
    table_id: int | None,
    *,
    stakes: dict[str, str] | None = None,
    error: str | None = None,
    status: int = 200,
) -> HTMLResponse:
    service, player_id = visit.service, visit.player_id
    player = visit.player()
    table = service.table(player_id, table_id)
    history = service.history(player_id, since=visit.session.started, limit=HISTORY_SHOWN)
    last = table.coups[-1] if table.coups else None
    context = table_page_context(
        table,
        history,
        live_roads(service.live, table),
        service.rule_sets.values(),
        exact_odds=exact_odds,
        stakes=stakes or {},
    )
    return render(
        visit.request,
        "table.html",
        status=status,
        player=player,
        last=coup_data(last) if last is not None else None,
        stakes=stakes or {},
        error=error,
        # A fresh key for each page: posting the same form twice deals once.
        deal_key=secrets.token_urlsafe(16),
        **context,
    )


@router.get("/table", response_class=HTMLResponse)
def table_page(
    visit: Visit,
    settings: SettingsDep,
    table_id: Annotated[int | None, Query(alias="table", ge=1, le=MAX_ID)] = None,
) -> HTMLResponse:
    """The table: bets, the last coup, the draw table, shoe, roads, statistics, odds, history."""
    return _table_page(visit, settings.exact_odds, table_id)


def _form_table(form: dict[str, str]) -> int | None:
    """The table a form names (its hidden field), range-checked; None if it names none."""
    raw = form.get("table_id", "")
    if not raw:
        return None
    if raw.isascii() and raw.isdigit() and len(raw) > len(str(MAX_ID)) and raw[0] != "0":
        # Well formed but beyond any record: no such table (as an id in a path).
        raise LedgerError("not_found", what="table", key=quoted(raw))
    return whole(raw, what="table_id", low=1, high=MAX_ID)


def _named_table(form: dict[str, str]) -> int:
    """The table a form names; refused if it names none."""
    table_id = _form_table(form)
    if table_id is None:
        raise BaccaratError(_("The form names no table; reload the page."))
    return table_id


def _shown_table(form: dict[str, str]) -> int | None:
    """The table a refused form's page shows: the one it names, if well formed (else the
    player's current one)."""
    try:
        return _form_table(form)
    except BaccaratError:
        return None


@router.post("/table/deal", response_model=None)
def deal_form(visit: Visit, settings: SettingsDep, form: FormFields) -> Response:
    """Deal from a form post; a refused deal shows its reason on the page and charges nothing."""

    def deal() -> Response:
        outcome = visit.service.deal(
            visit.player_id,
            _named_table(form),
            form_stakes(form),
            since=visit.session.started,
            idempotency_key=form.get("idempotency_key"),
        )
        return RedirectResponse(f"/table?table={outcome.coup.table_id}#last-coup", 303)

    # The stakes stay on the felt as typed, to correct and send again.
    typed = {k.removeprefix("stake_"): v for k, v in form.items() if k.startswith("stake_")}
    page = partial(_table_page, visit, settings.exact_odds, _shown_table(form), stakes=typed)
    return form_post(page, deal)


@router.post("/table/client-seed", response_model=None)
def client_seed_form(visit: Visit, settings: SettingsDep, form: FormFields) -> Response:
    """Set the client seed of the table's next shoe; a refusal shows on the page."""

    def contribute() -> Response:
        table_id = _named_table(form)
        seed, commitment = form.get("client_seed", ""), form.get("commitment") or None
        visit.service.set_client_seed(visit.player_id, table_id, seed, commitment)
        return RedirectResponse(f"/table?table={table_id}#shoe-panel", status_code=303)

    page = partial(_table_page, visit, settings.exact_odds, _shown_table(form))
    return form_post(page, contribute)


@router.get("/tables/{table_id}/shoes", response_class=HTMLResponse)
def shoes_page(visit: Visit, table_id: TableId) -> HTMLResponse:
    """The table's shoes: commitments, client seeds, and the server seeds of ended shoes."""
    history = visit.service.shoe_history(visit.player_id, table_id)
    shoes = [fair_shoe_data(shoe) for shoe in history]
    return render(
        visit.request, "shoes.html", player=visit.player(), shoes=shoes, table_id=table_id
    )


@router.get("/tables/{table_id}/shoes/{number}/verify", response_class=HTMLResponse)
def verify_page(visit: Visit, table_id: TableId, number: RecordId) -> HTMLResponse:
    """An ended shoe recomputed from its seeds: the commitment and every coup checked."""
    player = visit.player()
    result, events = visit.service.verify_shoe(visit.player_id, table_id, number)
    command = verify_command(result)
    return render(
        visit.request,
        "verify.html",
        player=player,
        v=result.record() | {"mismatch": result.mismatch},
        events=events,
        shoes_url=f"/tables/{table_id}/shoes",
        back_url=f"/table?table={table_id}",
        contributions=None,
        command=command,
    )


@router.post("/table/new")
def new_table(
    service: Service,
    player_id: PlayerId,
    rule_set: Annotated[str, Form(max_length=64)],
    decks: Annotated[str, Form(max_length=16)],
) -> Response:
    """Open a table with another rule set or deck count."""
    table = service.open_table(player_id, rule_set, whole(decks, what="decks", low=1, high=8))
    return RedirectResponse(f"/table?table={table.id}", status_code=303)


@router.post("/top-up")
def top_up(service: Service, player_id: PlayerId, session: SessionInfo) -> Response:
    """The player's own request to restore the starting balance (once per UTC day)."""
    service.top_up(player_id, since=session.started)
    return RedirectResponse("/table", status_code=303)


@router.get("/table/panels", response_class=HTMLResponse)
def panels(
    visit: Visit,
    settings: SettingsDep,
    table_id: Annotated[int, Query(alias="table", ge=1, le=MAX_ID)],
) -> HTMLResponse:
    """The side panels (shoe, roads, statistics, odds, history) as an HTML fragment."""
    service, request = visit.service, visit.request
    table = service.table(visit.player_id, table_id)
    history = service.history(visit.player_id, since=visit.session.started, limit=HISTORY_SHOWN)
    context = panels_context(
        table, history, live_roads(service.live, table), exact_odds=settings.exact_odds
    )
    return render_fragment(request, "_panels.html", csrf_token=csrf_token(request), **context)


@router.get("/history", response_class=HTMLResponse)
def history_page(visit: Visit) -> HTMLResponse:
    """Every coup of the session, with cards, steps, explanations and settlement."""
    views = visit.service.history(visit.player_id, since=visit.session.started)
    # Grouped by table and shoe, each group naming its rule set (web/present/coup.py).
    groups = history_groups(views, coup_data)
    return render(visit.request, "history.html", player=visit.player(), groups=groups, draw=None)


@router.get("/coups/{coup_id}", response_class=HTMLResponse)
def coup_page(visit: Visit, coup_id: RecordId) -> HTMLResponse:
    """One coup laid out in full (the replay for a browser without JavaScript)."""
    player = visit.player()
    view = visit.service.coup(visit.player_id, coup_id)
    table = visit.service.table(visit.player_id, view.table_id)
    return render(
        visit.request,
        "coup.html",
        player=player,
        coup=coup_data(view),
        draw=draw_table(table.rule_set.tableau),
    )
