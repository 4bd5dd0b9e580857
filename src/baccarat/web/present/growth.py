"""What the table page's panels gain from a coup just dealt, as the panels' macros take it.

A deal's answer to the table page (``_deal.html``) carries, for that one coup, the parts of the
panels it changed: the cells each road board gains (the roads package's own SVG cells), the
reasons of the new derived marks and the ask icons, the shoe's counts, the statistics, the odds
and each spot's edge, and the history's new line; at a shoe's first coup every board whole (the
roads start again), and at its first and last coup the shoe panel whole (seeds, the cut card).
Every part is made by the function the panels are rendered with, so a grown page and a page
rendered whole cannot differ (``tests/web/test_growth.py`` holds them equal).

The roads' part is read from the table's live state (:mod:`baccarat.ledger.live`) while it is
held at the coup (:func:`road_growth`); the rest from the deal's outcome (:func:`table_growth`);
:func:`deal_growth` does both.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from baccarat.ledger.live import LiveTable, LiveTables
from baccarat.ledger.views import DealOutcome
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.model import RoadChange
from baccarat.roads.svg import ask_svg, coup_cells
from baccarat.roads.why import mark_reason
from baccarat.web.present.coup import road_labels
from baccarat.web.present.felt import edge_now, spot_odds
from baccarat.web.present.panels import (
    BOARD_COLUMNS,
    full_shoe_distribution,
    odds_rows,
    reason_text,
    roads_of,
    statistics_of,
    variance_of,
)
from baccarat.web.present.table import fair_shoe_data

__all__ = ["deal_growth", "road_growth", "table_growth"]


def deal_growth(
    live: LiveTables, outcome: DealOutcome, answer: dict[str, Any], *, exact_odds: bool
) -> dict[str, Any] | None:
    """:func:`table_growth` of the coup ``outcome`` dealt (``answer``: the deal's record,
    :func:`~baccarat.web.present.table.deal_data`), or None where the page must fetch its
    panels whole: a replayed deal, or a table whose live state did not hold the coups before
    this one or has moved past it since."""
    change = outcome.roads_change
    if change is None:
        return None
    view = outcome.coup
    with live.reading(view.table_id, (view.shoe_number, view.number)) as held:
        roads = road_growth(held, change) if held is not None else None
    if roads is None:
        return None
    return table_growth(outcome, roads, answer, exact_odds=exact_odds)


def road_growth(live: LiveTable, change: RoadChange) -> dict[str, Any]:
    """The roads' and statistics' part of the growth by the coup that made ``change``, read from
    ``live`` held just after it: the cells each board gains and its width, or at a shoe's first
    coup every board whole (``boards``); the reasons of the new derived marks; the ask icons;
    the shoe's statistics so far (``seen``, ``coups``, ``road_stats``)."""
    labels = road_labels()
    roads = live.roads
    lengths = roads.big_road.lengths
    made = change.big_road.cell
    reasons = {}
    for mark in change.marks:
        # A coup that adds marks made a Big Road cell (a tie adds none).
        assert made is not None
        reason = mark_reason(mark.road, lengths, made.column, made.row + 1)
        if reason is not None:
            reasons[mark.road.value] = [reason_text(reason)]
    assert live.coups is not None
    growth: dict[str, Any] = {
        "reset": change.coup == 0,
        "reasons": reasons,
        "ask": Markup(ask_svg(roads, labels=labels)),
        "seen": live.tallies.shares(),
        "coups": live.tallies.coups,
        "road_stats": roads.statistics(),
    }
    if growth["reset"]:
        growth["boards"] = roads_of(roads, [view.id for view in live.coups])["roads"]
        return growth
    growth["cells"] = {
        board: Markup("".join(cells))
        for board, cells in coup_cells(roads, change, labels=labels).items()
    }
    growth["columns"] = {
        "bead_plate": max(BOARD_COLUMNS, roads.bead_plate.width),
        "big_road": max(BOARD_COLUMNS, roads.big_road.width),
        **{road.value: max(BOARD_COLUMNS, roads.derived(road).width) for road in DerivedRoad},
    }
    return growth


def table_growth(
    outcome: DealOutcome, roads: dict[str, Any], answer: dict[str, Any], *, exact_odds: bool
) -> dict[str, Any]:
    """Everything the page's panels gain from ``outcome``'s coup (``roads``: its
    :func:`road_growth`; ``answer``: the deal's record, whose shoe and coup are made once), for
    ``_deal.html``."""
    shoe = answer["shoe"]
    view = outcome.coup
    rule_set = view.rule_set
    decks = outcome.shoe.decks
    exact = full_shoe_distribution(decks, rule_set.tableau) if exact_odds else None
    odds = odds_rows(outcome.shoe, rule_set, decks, change=False) if exact_odds else None
    growth = {
        **roads,
        "coup": view.number,
        "coup_id": view.id,
        "shoe": shoe,
        "statistics": statistics_of(roads["seen"], roads["coups"], exact),
        "variance": variance_of(roads["road_stats"], exact),
        "odds": odds,
        "edges": spot_odds(odds),
        "edge_now": edge_now(),
        # The coup's record holds every field of a history line (history_entry's, lighter).
        "history": answer["coup"],
        # A shoe's first and last coup change its panel beyond the counts.
        "edge": view.number == 1 or outcome.shoe.finished,
    }
    if growth["edge"]:
        next_shoe = fair_shoe_data(outcome.next_shoe) if outcome.next_shoe is not None else None
        growth["table"] = {"id": view.table_id, "shoe": shoe, "next_shoe": next_shoe}
    return growth
