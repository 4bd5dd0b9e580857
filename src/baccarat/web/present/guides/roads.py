"""The roads guide as page data: the guide's shoe (:mod:`baccarat.guides.roads_shoe`) drawn as
roads, its first coups worked through cell by cell with each derived road's reason, the ask icons
explained, and the exact chances before each coup; every sentence in the page's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from markupsafe import Markup

from baccarat.core.tableau import Side
from baccarat.guides.roads_shoe import roads_shoe
from baccarat.guides.roads_walk import Reason as RoadReason
from baccarat.guides.roads_walk import Step as WalkStep
from baccarat.roads import Roads
from baccarat.roads.derived import Colour, DerivedRoad
from baccarat.roads.labels import RoadLabels
from baccarat.roads.svg import ask_svg, bead_plate_svg, big_road_svg, derived_road_svg
from baccarat.web.i18n import _
from baccarat.web.present.coup import road_labels
from baccarat.web.present.guides.numbers import figure

__all__ = ["ask_data", "road_reason_text", "roads_page", "walk_data"]


def _marks(reasons: Iterable[RoadReason], row: int, labels: RoadLabels) -> list[dict[str, str]]:
    """Each derived road's mark for a cell in ``row``, with the reason in words."""
    marks = []
    for reason in reasons:
        colour = reason.colour
        mark = (
            {"css": "none", "letter": "–", "name": labels.no_mark}
            if colour is None
            else {
                "css": colour.value,
                "letter": labels.colour_letter(colour),
                "name": labels.colour_name(colour),
            }
        )
        road = labels.road_name(reason.road)
        marks.append({**mark, "road": road, "why": road_reason_text(reason, row, labels)})
    return marks


def road_reason_text(reason: RoadReason, row: int, labels: RoadLabels) -> str:
    """Why a derived road's mark is what it is, as a sentence in the page's language.

    >>> from baccarat.guides.roads_walk import walk
    >>> from baccarat.roads.result import parse_results
    >>> step = walk(parse_results("B P P"))[2]
    >>> road_reason_text(step.reasons[0], step.row, road_labels())
    'Big Eye Boy: row 2, and column 1 is 1 long: this row is just past its end, so blue.'
    """
    road = labels.road_name(reason.road)
    colour = labels.colour_name(reason.colour) if reason.colour else ""
    if reason.first_cell:
        if not reason.columns:
            return _(
                "{road}: a new column, but no column that far to the left yet: no mark."
            ).format(road=road)
        (a, b), (la, lb) = reason.columns, reason.lengths
        compared = (
            _(
                "{road}: a new column, so compare column {a}, the one before it, with column {b}: "
                "both {length} long, the same, so {colour}."
            )
            if la == lb
            else _(
                "{road}: a new column, so compare column {a}, the one before it, with column {b}: "
                "{la} and {lb} long, different, so {colour}."
            )
        )
        return compared.format(road=road, a=a, b=b, length=la, la=la, lb=lb, colour=colour)
    if not reason.columns:
        return _("{road}: no column that far to the left yet: no mark.").format(road=road)
    (column,), (length,) = reason.columns, reason.lengths
    past = (
        _(
            "{road}: row {row}, and column {column} is {length} long: this row is just past its "
            "end, so {colour}."
        )
        if reason.colour is Colour.BLUE
        else _(
            "{road}: row {row}, and column {column} is {length} long: this row is not just past "
            "its end, so {colour}."
        )
    )
    return past.format(road=road, row=row, column=column, length=length, colour=colour)


def walk_data(steps: Iterable[WalkStep], labels: RoadLabels) -> list[dict[str, Any]]:
    """The walk for the page: each coup's result, Big Road cell and derived marks with reasons."""
    shown = []
    for step in steps:
        outcome = step.result.outcome
        side = step.result.side
        if side is None or step.column is None or step.row is None:
            where = _("A tie takes no cell: a slash on the last cell.")
            marks: list[dict[str, str]] = []
        else:
            where = _("Big Road: {cell}.").format(
                cell=labels.cell.format(column=step.column, row=step.row)
            )
            marks = _marks(step.reasons, step.row, labels)
        shown.append(
            {
                "coup": step.coup,
                "letter": labels.letter(outcome),
                "side": side.value if isinstance(side, Side) else "tie",
                "result": labels.result_name(outcome),
                "where": where,
                "marks": marks,
            }
        )
    return shown


def ask_data(
    reasons: Mapping[Side, tuple[RoadReason, ...]], rows: Mapping[Side, int], labels: RoadLabels
) -> list[dict[str, Any]]:
    """The ask icons explained: for a Banker and for a Player result next, each road's mark."""
    return [
        {
            "side": side.value,
            "title": labels.ask_title.format(side=labels.side_name(side)),
            "marks": _marks(side_reasons, rows[side], labels),
        }
        for side, side_reasons in reasons.items()
    ]


def _derived_svgs(roads: Roads, labels: RoadLabels) -> list[dict[str, Any]]:
    return [
        {
            "name": labels.road_name(road),
            "svg": Markup(derived_road_svg(roads, road, labels=labels)),
        }
        for road in DerivedRoad
    ]


def roads_page() -> dict[str, Any]:
    """The roads guide: the walk and its roads, the ask icons, the whole shoe's roads and its
    counts, and the lowest and highest chance of each outcome before a coup.

    >>> page = roads_page()
    >>> page["walk_coups"], page["coups"], [mark["road"] for mark in page["asks"][0]["marks"]]
    (16, 40, ['Big Eye Boy', 'Small Road', 'Cockroach Pig'])
    """
    shoe = roads_shoe()
    labels = road_labels()
    roads = Roads(shoe.results)
    walk_roads = Roads(shoe.walked)
    stats = roads.statistics()
    return {
        "walk": walk_data(shoe.walk, labels),
        "walk_coups": len(shoe.walk),
        "walk_roads": {
            "big_road": Markup(big_road_svg(walk_roads, labels=labels)),
            "derived": _derived_svgs(walk_roads, labels),
            "ask": Markup(ask_svg(walk_roads, labels=labels)),
        },
        "asks": ask_data(shoe.asks, shoe.ask_rows, labels),
        "letters": {"banker": labels.banker, "player": labels.player, "tie": labels.tie},
        "roads": {
            "bead_plate": Markup(bead_plate_svg(roads, labels=labels)),
            "big_road": Markup(big_road_svg(roads, labels=labels)),
            "derived": _derived_svgs(roads, labels),
        },
        "coups": len(shoe.results),
        "banker_wins": stats.banker,
        "player_wins": stats.player,
        "ties": stats.tie,
        "chances": {
            w.value: {
                "low": figure(f"{w.value}_low", low),
                "high": figure(f"{w.value}_high", high),
            }
            for w, (low, high) in shoe.chances.items()
        },
    }
