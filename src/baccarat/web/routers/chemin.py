"""Chemin de Fer at the practice table: the pages of :mod:`baccarat.chemin.table`.

Each player has a Chemin de Fer table of their own (:class:`~baccarat.chemin.table.CheminTables`,
kept in the server's memory; its shoe is never sent to the browser): the learner holds the Player
hand and decides on 5, the Banker playing the optimal strategy of the game solved for that shoe.
This router parses the forms, asks the table, and presents it: after the choice the page says what
optimal play does on 5, how the choice compares, and why the Banker did what it did; the session's
coups are kept as a running record.

No points are staked here: the play service settles tables with fixed draw rules only (it refuses
the ``chemin-de-fer`` rule set), so this table is for learning the choice, and says so.

The pages work without JavaScript: dealing and choosing are forms, answered by post/redirect/get.
Tests (and only tests: nothing reachable over HTTP sets it) may put their own
:class:`~baccarat.chemin.table.CheminTables` on ``app.state.chemin_tables`` to deal a known shoe.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from baccarat.chemin.table import DECK_CHOICES, BankerPlay, CheminError, CheminTables
from baccarat.core.errors import BaccaratError
from baccarat.i18n.markers import N_
from baccarat.ledger.service import PlayService
from baccarat.ledger.views import ShoeView
from baccarat.web.context import PlaySession
from baccarat.web.deps import PlayerId, Service, SessionInfo
from baccarat.web.i18n import _, pgettext
from baccarat.web.pages import render
from baccarat.web.present.chemin import pending_view, played_view, record_view, strategy_view
from baccarat.web.present.labels import error_message
from baccarat.web.present.table import draw_table, shoe_data
from baccarat.web.statuses import status_of

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

_PLAY_NAMES = {
    BankerPlay.RULES: N_("The Banker follows the table, with its two options (3 v 9, 5 v 4)"),
    BankerPlay.FREE: N_("The Banker is free to draw or stand everywhere (Kemeny and Snell's game)"),
}


_create_lock = threading.Lock()


def _tables(request: Request) -> CheminTables:
    tables = getattr(request.app.state, "chemin_tables", None)
    if tables is None:
        with _create_lock:
            tables = getattr(request.app.state, "chemin_tables", None)
            if tables is None:
                seed = request.app.state.settings.shoe_seed
                tables = CheminTables(random.Random(seed) if seed is not None else None)
                request.app.state.chemin_tables = tables
    assert isinstance(tables, CheminTables)
    return tables


Tables = Annotated[CheminTables, Depends(_tables)]


@dataclass(frozen=True, slots=True)
class _Visit:
    """What every page and form of the table reads: whose table, in which session, and what
    showing the page again needs."""

    request: Request
    service: PlayService
    player_id: str
    session: PlaySession
    tables: CheminTables


async def _visit(
    request: Request, service: Service, player_id: PlayerId, session: SessionInfo, tables: Tables
) -> _Visit:
    return _Visit(request, service, player_id, session, tables)


Visit = Annotated[_Visit, Depends(_visit)]


def _page(visit: _Visit, *, error: str | None = None, status: int = 200) -> HTMLResponse:
    player_id, started = visit.player_id, visit.session.started
    player = visit.service.player(player_id, since=started)
    table = visit.tables.table(player_id, started)
    solution = table.solution
    last = played_view(table.last) if table.last is not None else None
    pending = pending_view(table)
    # The draw-table cells to mark: the learner's cell while they choose, else the coup's steps.
    if table.pending is not None:
        cells = [f"p-{table.pending.deal.player_total}"]
    else:
        cells = [e["cell"] for e in last["timeline"] if e["kind"] == "step"] if last else []
    return render(
        visit.request,
        "chemin/play.html",
        status=status,
        player=player,
        error=error,
        decks=table.decks,
        banker=table.banker.value,
        banker_text=_(_PLAY_NAMES[table.banker]),
        plays=[(play.value, _(_PLAY_NAMES[play])) for play in BankerPlay],
        deck_choices=DECK_CHOICES,
        pending=pending,
        last=last,
        shoe=shoe_data(ShoeView.of(table.shoe_number, table.shoe)),
        strategy=strategy_view(solution, table.banker),
        record=record_view(table),
        draw=draw_table(table.banker.tableau),
        cells=cells,
        option_letter=pgettext("draw table", "O"),
    )


def _refused(visit: _Visit, exc: BaccaratError) -> HTMLResponse:
    """The page with the refusal, in the reader's language: the table's own
    (:class:`~baccarat.chemin.table.CheminError`), or the player's limits, said as at the other
    tables."""
    status = status_of(exc)
    return _page(visit, error=error_message(exc), status=status)


@router.get("/chemin", response_class=HTMLResponse)
def chemin_page(visit: Visit) -> HTMLResponse:
    """The Chemin de Fer table: the coup in progress or the last one, the record, the strategy."""
    return _page(visit)


@router.post("/chemin/deal", response_model=None)
def chemin_deal(visit: Visit) -> Response:
    """Deal a coup; it stops for the learner's choice when they hold 5 and no natural is out.

    No points are staked, but it is a coup: the player's cool-off, session limit and daily coup
    limit refuse it as they refuse a deal at a table, and it counts towards the coups of the day.
    """
    player_id, started = visit.player_id, visit.session.started
    try:
        table = visit.service.play_practice_coup(
            # Dealt in the server's play session (the one the coup starts, if none was live).
            player_id,
            started,
            lambda session: visit.tables.deal(player_id, session),
        )
    except BaccaratError as exc:
        return _refused(visit, exc)
    return RedirectResponse(
        "/chemin#choice" if table.pending is not None else "/chemin#last-coup", status_code=303
    )


@router.post("/chemin/choose", response_model=None)
def chemin_choose(
    visit: Visit,
    coup: Annotated[str, Form(max_length=40)] = "",
    choice: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """The learner's choice on 5; the Banker then plays its optimal strategy."""
    try:
        visit.tables.choose(visit.player_id, visit.session.started, coup, choice)
    except CheminError as exc:
        return _refused(visit, exc)
    return RedirectResponse("/chemin#last-coup", status_code=303)


@router.post("/chemin/new", response_model=None)
def chemin_new(
    visit: Visit,
    decks: Annotated[str, Form(max_length=10)] = "",
    banker: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """A new shoe with another deck count or Banker."""
    try:
        play = next((p for p in BankerPlay if p.value == banker), None)
        if play is None:
            raise CheminError("chemin_banker_play", banker=banker)
        if not decks.isdigit():
            raise CheminError("chemin_decks", decks=decks)
        visit.tables.open(visit.player_id, visit.session.started, int(decks), play)
    except CheminError as exc:
        return _refused(visit, exc)
    return RedirectResponse("/chemin", status_code=303)
