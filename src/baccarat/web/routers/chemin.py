"""Chemin de Fer at the practice table: the pages of :mod:`baccarat.chemin.table`.

Each player has a Chemin de Fer table of their own (:class:`~baccarat.chemin.table.CheminTables`,
kept in the server's memory; its shoe is never sent to the browser): the learner holds the Player
hand and decides on 5, the Banker playing the optimal strategy of the game solved for that shoe.
This router parses the forms, asks the table, and presents it: after the choice the page says what
optimal play does on 5, how the choice compares, and why the Banker did what it did; the session's
coups are kept as a running record.

No points are staked here: the play service settles tables with fixed draw rules only (it refuses
the ``chemin-de-fer`` rule set), so this table is for learning the choice, and says so.

"Deal until I have a choice" deals coups one by one, each exactly as the deal button deals it
(checked against the player's limits, counted, recorded), until one waits for the choice; it stops
at any refusal, when a reality check comes due, and after :data:`~baccarat.chemin.table.AUTO_DEALS`
coups, and the page says how many it dealt and why it stopped.

The pages work without JavaScript: dealing and choosing are forms, answered by post/redirect/get.
Tests (and only tests: nothing reachable over HTTP sets it) may put their own
:class:`~baccarat.chemin.table.CheminTables` on ``app.state.chemin_tables`` to deal a known shoe.
"""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from baccarat.chemin.table import (
    AUTO_DEALS,
    AutoDeal,
    AutoStop,
    BankerPlay,
    CheminError,
    CheminTable,
    CheminTables,
    deal_until_choice,
)
from baccarat.web.context import PlaySession
from baccarat.web.deps import PageVisit, Visit
from baccarat.web.forms import form_post
from baccarat.web.pages import render
from baccarat.web.present.chemin import auto_note, table_view

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

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


def _page(
    visit: PageVisit,
    tables: CheminTables,
    *,
    error: str | None = None,
    status: int = 200,
    auto: AutoDeal | None = None,
) -> HTMLResponse:
    """The table's page; with ``error``, saying why a form was refused (the table's own refusals,
    :class:`~baccarat.chemin.table.CheminError`, or the player's limits, as at the other tables);
    with ``auto``, what "deal until I have a choice" did."""
    player = visit.player()
    table = tables.table(visit.player_id, visit.session.started)
    note = None
    # The note belongs to the table as it was left: the choice it stopped at is still waiting,
    # or, where it stopped without one, none is.
    if auto is not None and (auto.stop is AutoStop.CHOICE) == (table.pending is not None):
        note = auto_note(auto.dealt, auto.stop)
    return render(
        visit.request,
        "chemin/play.html",
        status=status,
        player=player,
        error=error,
        auto_note=note,
        **table_view(table),
    )


@router.get("/chemin", response_class=HTMLResponse)
def chemin_page(
    visit: Visit,
    tables: Tables,
    dealt: Annotated[str, Query(max_length=10)] = "",
    stop: Annotated[str, Query(max_length=10)] = "",
) -> HTMLResponse:
    """The Chemin de Fer table: the coup in progress or the last one, the record, the strategy;
    after "deal until I have a choice" (``dealt`` coups, stopped for ``stop``), what it did.
    Those two only add a note: any other values leave it out rather than refuse the page."""
    how = next((s for s in AutoStop if s.value == stop and s is not AutoStop.REFUSED), None)
    auto = None
    if how is not None and dealt.isdecimal() and int(dealt) <= AUTO_DEALS:
        auto = AutoDeal(int(dealt), how)
    return _page(visit, tables, auto=auto)


@router.post("/chemin/deal", response_model=None)
def chemin_deal(visit: Visit, tables: Tables) -> Response:
    """Deal a coup; it stops for the learner's choice when they hold 5 and no natural is out.

    No points are staked, but it is a coup: the player's cool-off, session limit and daily coup
    limit refuse it as they refuse a deal at a table, and it counts towards the coups of the day.
    """
    player_id, started = visit.player_id, visit.session.started

    def deal() -> Response:
        table = visit.service.play_practice_coup(
            # Dealt in the server's play session (the one the coup starts, if none was live).
            player_id,
            started,
            lambda session: tables.deal(player_id, session),
        )
        where = "choice" if table.pending is not None else "last-coup"
        return RedirectResponse(f"/chemin#{where}", status_code=303)

    return form_post(partial(_page, visit, tables), deal)


@router.post("/chemin/deal-until-choice", response_model=None)
def chemin_deal_until_choice(visit: Visit, tables: Tables) -> Response:
    """Deal coups until one waits for the learner's choice (at most
    :data:`~baccarat.chemin.table.AUTO_DEALS`), each as :func:`chemin_deal` deals it: a refusal
    stops it and is shown with the coups dealt before it; so does a reality check coming due."""
    player_id = visit.player_id
    service = visit.service
    started = visit.session.started
    limits = service.limits(player_id)

    def one_coup() -> CheminTable:
        def play(session: datetime) -> CheminTable:
            nonlocal started
            started = session
            return tables.deal(player_id, session)

        return service.play_practice_coup(player_id, visit.session.started, play)

    def reality_check_due() -> bool:
        return limits.next_reality_check(started) <= service.clock()

    done = AutoDeal(0, AutoStop.REFUSED)

    def refused(*, error: str, status: int) -> HTMLResponse:
        if not done.dealt:
            return _page(visit, tables, error=error, status=status)
        # The coups dealt are in the server's play session, which the first of them may have
        # started after this request began: the page shows that one (the table's record is
        # that session's).
        dealt_in = replace(visit, session=PlaySession(started, new=False))
        return _page(dealt_in, tables, error=error, status=status, auto=done)

    def deal() -> Response:
        nonlocal done
        done = deal_until_choice(one_coup, AUTO_DEALS, halt=reality_check_due)
        if done.refusal is not None:
            raise done.refusal
        where = "choice" if done.stop is AutoStop.CHOICE else "last-coup"
        return RedirectResponse(
            f"/chemin?dealt={done.dealt}&stop={done.stop.value}#{where}", status_code=303
        )

    return form_post(refused, deal)


@router.post("/chemin/choose", response_model=None)
def chemin_choose(
    visit: Visit,
    tables: Tables,
    coup: Annotated[str, Form(max_length=40)] = "",
    choice: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """The learner's choice on 5; the Banker then plays its optimal strategy."""

    def choose() -> Response:
        tables.choose(visit.player_id, visit.session.started, coup, choice)
        return RedirectResponse("/chemin#last-coup", status_code=303)

    return form_post(partial(_page, visit, tables), choose, refused=CheminError)


@router.post("/chemin/new", response_model=None)
def chemin_new(
    visit: Visit,
    tables: Tables,
    decks: Annotated[str, Form(max_length=10)] = "",
    banker: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """A new shoe with another deck count or Banker."""

    def open_shoe() -> Response:
        play = next((p for p in BankerPlay if p.value == banker), None)
        if play is None:
            raise CheminError("chemin_banker_play", banker=banker)
        if not decks.isdigit():
            raise CheminError("chemin_decks", decks=decks)
        tables.open(visit.player_id, visit.session.started, int(decks), play)
        return RedirectResponse("/chemin", status_code=303)

    return form_post(partial(_page, visit, tables), open_shoe, refused=CheminError)
