"""The guides' diagrams, in the page's language, from the engine's data: the third-card rule as
three questions (read from a tableau) and one shoe worked through the roads cell by cell (read
from :mod:`baccarat.guides.roads_walk`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from baccarat.core.tableau import Action, Reason, Side, Tableau, total_ranges
from baccarat.guides.roads_walk import Reason as RoadReason
from baccarat.guides.roads_walk import Step as WalkStep
from baccarat.learn.cells import drawing_totals, non_natural_totals, standing_totals
from baccarat.roads.derived import Colour
from baccarat.roads.labels import RoadLabels
from baccarat.web.i18n import _

__all__ = ["QUESTION_OF_REASON", "banker_rows", "road_reason_text", "walk_data"]


def _ranges(values: Iterable[int]) -> str:
    return total_ranges(values, dash="–")


QUESTION_OF_REASON = {
    Reason.NATURAL: 1,
    Reason.OPPONENT_NATURAL: 1,
    Reason.PLAYER_DRAWS: 2,
    Reason.PLAYER_STANDS: 2,
    Reason.PLAYER_OPTION: 2,
}
"""Which of the three questions a step answers (any other, a Banker step: the third)."""


def question_of(reason: Reason) -> int:
    """The question (1 natural, 2 Player, 3 Banker) that a step's reason answers.

    >>> question_of(Reason.OPPONENT_NATURAL), question_of(Reason.BANKER_ALWAYS_DRAWS)
    (1, 3)
    """
    return QUESTION_OF_REASON.get(reason, 3)


def banker_rows(tableau: Tableau) -> list[dict[str, Any]]:
    """For each Banker total that is not a natural, what it does after a Player's third card,
    read from the tableau: always draws, always stands, or the third-card values it draws on."""
    rows = []
    for total in non_natural_totals(tableau):
        actions = tableau.banker[total]
        draws = [v for v in range(10) if actions[v] is Action.DRAW]
        stands = [v for v in range(10) if actions[v] is Action.STAND]
        if len(draws) == 10:
            text = _("draws, whatever the Player's third card")
            kind = "draw"
        elif len(stands) == 10:
            text = _("stands, whatever the Player's third card")
            kind = "stand"
        else:
            text = _(
                "draws if the Player's third card is {draws}; stands if it is {stands}"
            ).format(draws=_ranges(draws), stands=_ranges(stands) or "–")
            kind = "depends"
        rows.append({"total": total, "text": text, "kind": kind})
    return rows


def third_card_flow(tableau: Tableau) -> dict[str, Any]:
    """The three questions with their answers, every total read from ``tableau``."""
    totals = non_natural_totals(tableau)
    stood = tableau.banker_player_stood
    return {
        "naturals": _ranges(sorted(tableau.natural_totals)),
        "player_draws": _ranges(drawing_totals(tableau)),
        "player_stands": _ranges(standing_totals(tableau)),
        "stood_draws": _ranges(t for t in totals if stood[t] is Action.DRAW),
        "stood_stands": _ranges(t for t in totals if stood[t] is Action.STAND),
        "banker_rows": banker_rows(tableau),
    }


def _mark(colour: Colour | None, labels: RoadLabels) -> dict[str, str]:
    if colour is None:
        return {"css": "none", "letter": "–", "name": labels.no_mark}
    return {
        "css": colour.value,
        "letter": labels.colour_letter(colour),
        "name": labels.colour_name(colour),
    }


def road_reason_text(reason: RoadReason, row: int, labels: RoadLabels) -> str:
    """Why a derived road's mark is what it is, as a sentence in the page's language."""
    road = labels.road_name(reason.road)
    colour = labels.colour_name(reason.colour) if reason.colour else ""
    if reason.first_cell:
        if not reason.columns:
            return _(
                "{road}: a new column, but no column that far to the left yet: no mark."
            ).format(road=road)
        (a, b), (la, lb) = reason.columns, reason.lengths
        if la == lb:
            return _(
                "{road}: a new column, so compare column {a}, the one before it, with column {b}: "
                "both {length} long, the same, so {colour}."
            ).format(road=road, a=a, b=b, length=la, colour=colour)
        return _(
            "{road}: a new column, so compare column {a}, the one before it, with column {b}: "
            "{la} and {lb} long, different, so {colour}."
        ).format(road=road, a=a, b=b, la=la, lb=lb, colour=colour)
    if not reason.columns:
        return _("{road}: no column that far to the left yet: no mark.").format(road=road)
    (column,), (length,) = reason.columns, reason.lengths
    if reason.colour is Colour.BLUE:
        return _(
            "{road}: row {row}, and column {column} is {length} long: this row is just past its "
            "end, so {colour}."
        ).format(road=road, row=row, column=column, length=length, colour=colour)
    return _(
        "{road}: row {row}, and column {column} is {length} long: this row is not just past its "
        "end, so {colour}."
    ).format(road=road, row=row, column=column, length=length, colour=colour)


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
            marks = [
                {
                    **_mark(r.colour, labels),
                    "road": labels.road_name(r.road),
                    "why": road_reason_text(r, step.row, labels),
                }
                for r in step.reasons
            ]
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
    reasons: dict[Side, tuple[RoadReason, ...]], rows: dict[Side, int], labels: RoadLabels
) -> list[dict[str, Any]]:
    """The ask icons explained: for a Banker and for a Player result next, each road's mark."""
    return [
        {
            "side": side.value,
            "title": labels.ask_title.format(side=labels.side_name(side)),
            "marks": [
                {
                    **_mark(r.colour, labels),
                    "road": labels.road_name(r.road),
                    "why": road_reason_text(r, rows[side], labels),
                }
                for r in side_reasons
            ],
        }
        for side, side_reasons in reasons.items()
    ]
