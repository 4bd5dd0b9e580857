"""The rooms' pages: the lobby, a room, and their forms (sit, watch, leave, bet, client seed).

A room is a shared table (:mod:`baccarat.ledger.rooms`): everyone seated bets in the same window
and sees the same coup. Without JavaScript the room page is plain forms (post/redirect/get, a
refusal shown on the page beside the button) and refreshes itself every few seconds; with
JavaScript (``static/room.js``) it follows the room's events and fetches :func:`room_panel` after
each coup: the roads and the player's own stakes, drawn by the same template as the page.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from baccarat.core.settle import settle
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.rooms import BETTING, RoomView
from baccarat.ledger.views import CoupView, TableView
from baccarat.store.models import MAX_ID
from baccarat.web.deps import PageVisit, Visit
from baccarat.web.forms import FormFields, form_post
from baccarat.web.i18n import _, format_points, ngettext, pgettext
from baccarat.web.numbers import whole
from baccarat.web.pages import render, render_fragment
from baccarat.web.present.coup import bet_title, coup_display, rule_set_title, timeline
from baccarat.web.present.felt import cannot_win, felt_context, form_stakes
from baccarat.web.present.panels import live_roads, roads_context
from baccarat.web.present.table import player_data, rule_set_data

__all__ = ["REFRESH_SECONDS", "router"]

router = APIRouter(include_in_schema=False)

RoomId = Annotated[int, Path(ge=1, le=MAX_ID)]

REFRESH_SECONDS = 5
"""How often the room page reloads itself in a browser without JavaScript."""

PAIRS = ("player_pair", "banker_pair")
"""The side bets a room's felt offers beside the main bets, where the rule set has them."""


def room_messages() -> dict[str, str]:
    """The sentences ``static/room.js`` shows or announces, in the page's language (``{name}``
    fields are filled in by the script)."""
    return {
        "open": _("Bets open"),
        "paused": _("Waiting for a seated player"),
        "closes_in": _("Bets close in {seconds} s"),
        "closed": _("Bets closed: the coup is being dealt."),
        "new_window": _("A new window is open: place your bets."),
        "coup_title": _("Shoe {shoe}, coup {number}"),
        "placed": _("Your stakes are placed: {stakes}."),
        "taken_back": _("Your stakes on this window are taken back."),
        "network": _("The room could not be reached; nothing was placed. Try again."),
        "new_shoe": _("A new shoe was shuffled: the roads start again."),
        "balance": _("Balance {amount} points."),
    }


def _room_data(room: RoomView, seat: bool | None) -> dict[str, Any]:
    """A room as the lobby and the room page show it, in the page's language."""
    rules = room.rule_set
    return {
        "id": room.id,
        "name": room.name,
        "rule_set": rule_set_title(rules),
        "rule_set_description": (
            pgettext("rule set description", rules.description) if rules.description else ""
        ),
        "decks": room.decks,
        "decks_text": ngettext("%(num)s deck", "%(num)s decks", room.decks) % {"num": room.decks},
        "window_seconds": room.window_seconds,
        "round": room.round,
        "betting": room.phase == BETTING,
        "phase_text": _("Bets open") if room.phase == BETTING else _("Waiting for a seated player"),
        "closes_at": room.closes_at,
        "closes_at_iso": room.closes_at.isoformat() if room.closes_at else "",
        "seated": room.seats.seated,
        "watching": room.seats.watching,
        "shoe": room.shoe,
        "contributions": room.contributions,
        # The player's own place: True seated (may bet), False watching, None neither.
        "seat": seat,
    }


@router.get("/rooms", response_class=HTMLResponse)
def lobby(visit: Visit) -> HTMLResponse:
    """Every room: its rule set, decks, window, who sits and watches, what it is doing."""
    service = visit.service
    seats = service.rooms.seats_of(visit.player_id)
    rooms = [_room_data(room, seats.get(room.id)) for room in service.rooms.all()]
    return render(visit.request, "rooms.html", player=visit.player(), rooms=rooms)


def _last_coup(visit: PageVisit, table: TableView) -> dict[str, Any] | None:
    """The room's last coup as the table page lays it out, settled with the player's own stakes
    only (the room's table has many players' stakes on one coup)."""
    if not table.coups:
        return None
    view: CoupView = table.coups[-1]
    stakes = visit.service.rooms.stakes_on(visit.player_id, view.id)
    settlement = settle(view.coup, stakes, view.rule_set) if stakes else None
    data = coup_display(
        view.coup,
        shoe=view.shoe_number,
        number=view.number,
        rule_set=view.rule_set,
        settlement=settlement,
    )
    data |= {"id": view.id, "dealt_at": view.created_at.isoformat()}
    data["timeline"] = timeline(data)
    return data


def _panel_context(
    visit: PageVisit, room_id: int, mine: dict[str, int] | None = None
) -> dict[str, Any]:
    """What the room's panel shows (``_room_panel.html``): the roads of the room's shoe, the
    player's stakes on the open window (``mine``, when already read) and their result on the
    last coup."""
    service = visit.service
    table = service.rooms.table(room_id)
    roads = live_roads(service.live, table) or roads_context(table)
    rules = table.rule_set
    if mine is None:
        mine = service.rooms.bets(room_id, visit.player_id)
    stakes = [
        {"bet": name, "title": bet_title(rules.bets[name]), "text": format_points(v)}
        for name, v in mine.items()
        if name in rules.bets
    ]
    return {
        **roads,
        "replay": False,  # a room's coups are no player's own: no replay from the beads
        "table": table,
        "last": _last_coup(visit, table),
        "my_stakes": stakes,
        "my_total": format_points(sum(mine.values())) if mine else "",
        "room_id": room_id,
    }


def _room_page(
    visit: PageVisit,
    room_id: int,
    *,
    stakes: dict[str, str] | None = None,
    error: str | None = None,
    status: int = 200,
) -> HTMLResponse:
    mine = visit.service.rooms.for_player(room_id, visit.player_id)
    data = _room_data(mine.room, mine.seat)
    context = _panel_context(visit, room_id, mine.bets)
    table = context["table"]
    bets = rule_set_data(table.rule_set)["bets"]
    felt = felt_context(bets, stakes or {})
    felt["felt"]["main"] += [bet for bet in bets if bet["name"] in PAIRS]
    return render(
        visit.request,
        "room.html",
        status=status,
        player=visit.player(),
        room=data,
        stakes=stakes or {},
        error=error,
        refresh_seconds=REFRESH_SECONDS,
        room_messages=room_messages(),
        cannot_win=cannot_win(table.rule_set, table.decks),
        edges={},
        **felt,
        **context,
    )


@router.get("/rooms/{room_id}", response_class=HTMLResponse)
def room_page(visit: Visit, room_id: RoomId) -> HTMLResponse:
    """A room: its shoe's commitment, the window's countdown, the felt, the last coup, the roads.

    A page open in the room keeps its player's seat counted: without JavaScript it comes again
    every few seconds instead of an event stream."""
    if visit.service.rooms.seat(room_id, visit.player_id) is not None:
        visit.service.rooms.seen(room_id, visit.player_id)
    return _room_page(visit, room_id)


@router.get("/rooms/{room_id}/panel", response_class=HTMLResponse)
def room_panel(visit: Visit, room_id: RoomId) -> HTMLResponse:
    """The room's panel (the player's stakes and result, the balance, the roads) as an HTML
    fragment, for the page's script after each coup."""
    context = _panel_context(visit, room_id)
    player = player_data(visit.player())
    return render_fragment(visit.request, "_room_panel.html", player=player, **context)


def _typed(form: dict[str, str]) -> dict[str, str]:
    return {k.removeprefix("stake_"): v for k, v in form.items() if k.startswith("stake_")}


@router.post("/rooms/{room_id}/seat", response_model=None)
def seat_form(visit: Visit, room_id: RoomId, form: FormFields) -> Response:
    """Sit down (``seated=1``: may bet) or watch (``seated=0``), then the room."""

    def sit() -> Response:
        visit.service.rooms.sit(room_id, visit.player_id, form.get("seated") == "1")
        return RedirectResponse(f"/rooms/{room_id}", status_code=303)

    return form_post(partial(_room_page, visit, room_id), sit, refused=LedgerError)


@router.post("/rooms/{room_id}/leave", response_model=None)
def leave_form(visit: Visit, room_id: RoomId) -> Response:
    """Leave the room (the stakes of the open window go with the seat), back to the lobby."""
    visit.service.rooms.leave(room_id, visit.player_id)
    return RedirectResponse("/rooms", status_code=303)


@router.post("/rooms/{room_id}/bets", response_model=None)
def bets_form(visit: Visit, room_id: RoomId, form: FormFields) -> Response:
    """Place the stakes typed on the felt on the open window; a refusal (the window closed, not
    seated, a limit, a stake the table does not take) shows beside the button."""

    def place() -> Response:
        raw = form.get("round", "")
        round_number = whole(raw, what="round", low=0, high=MAX_ID) if raw else None
        visit.service.rooms.bet(room_id, visit.player_id, form_stakes(form), round_number)
        return RedirectResponse(f"/rooms/{room_id}#my-stakes", status_code=303)

    page = partial(_room_page, visit, room_id, stakes=_typed(form))
    return form_post(page, place)


@router.post("/rooms/{room_id}/client-seed", response_model=None)
def client_seed_form(visit: Visit, room_id: RoomId, form: FormFields) -> Response:
    """Contribute a client seed to the room's shoe before its first coup."""

    def contribute() -> Response:
        seed, commitment = form.get("client_seed", ""), form.get("commitment") or None
        visit.service.rooms.contribute(room_id, visit.player_id, seed, commitment)
        return RedirectResponse(f"/rooms/{room_id}#fair-ask", status_code=303)

    return form_post(partial(_room_page, visit, room_id), contribute)
