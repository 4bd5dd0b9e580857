"""One shoe worked through the roads, cell by cell: where each result lands on the Big Road and,
for each derived road, which columns were compared and why the mark is red or blue.

The rule is the one of ``shared/design/roads.md`` that :func:`baccarat.roads.derived.derived_colour`
implements; this module only says *which* comparison it made, so a guide can show its reasons,
and it checks itself against the roads: every colour it gives is the one the road drew.

>>> from baccarat.roads.result import parse_results
>>> steps = walk(parse_results("B P P P P"))
>>> [(s.column, s.row) for s in steps]
[(1, 1), (2, 1), (2, 2), (2, 3), (2, 4)]
>>> [r.colour.value for s in steps for r in s.reasons if r.road is DerivedRoad.BIG_EYE_BOY and r.colour]
['blue', 'red', 'red']
>>> third = steps[2].reasons[0]  # row 2 of column 2: column 1 is 1 long, so just past its end
>>> third.colour.value, third.first_cell, third.columns, third.lengths
('blue', False, (1,), (1,))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from baccarat.core.tableau import Side
from baccarat.roads.derived import Colour, DerivedRoad, derived_colour
from baccarat.roads.model import Roads
from baccarat.roads.result import RoadResult

__all__ = ["Reason", "Step", "ask_reasons", "reason", "walk"]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a derived road got its mark (or none) for one Big Road cell.

    ``columns`` are the Big Road's logical columns compared, counted from 1 as a reader counts,
    and ``lengths`` their lengths; for a column's first cell two columns are compared (equal
    lengths: red), for a later cell one (the row just past its end: blue). No colour: the
    column to compare with does not exist yet (``columns`` is then empty).
    """

    road: DerivedRoad
    colour: Colour | None
    first_cell: bool
    columns: tuple[int, ...]
    lengths: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """One coup of the walk: its result, its Big Road cell (None for a tie, which takes none:
    it slashes the last cell) and the derived roads' reasons."""

    coup: int
    """The coup's number in the shoe, from 1."""
    result: RoadResult
    column: int | None
    """The Big Road's logical column, from 1."""
    row: int | None
    """The depth in that column, from 1."""
    reasons: tuple[Reason, ...]


def reason(road: DerivedRoad, lengths: Sequence[int], column: int, depth: int) -> Reason:
    """The reason for the mark of a cell at logical ``column`` (from 0) and ``depth`` (from 1),
    the Big Road's columns before it having ``lengths``."""
    colour = derived_colour(lengths, column, depth, road.offset)
    if depth == 1:
        first, second = column - 1, column - 1 - road.offset
        if second < 0:
            return Reason(road, None, True, (), ())
        return Reason(
            road, colour, True, (first + 1, second + 1), (lengths[first], lengths[second])
        )
    compared = column - road.offset
    if compared < 0:
        return Reason(road, None, False, (), ())
    return Reason(road, colour, False, (compared + 1,), (lengths[compared],))


def ask_reasons(roads: Roads, side: Side) -> tuple[Reason, ...]:
    """Why each ask icon for ``side`` is red, blue or absent: the reasons a ``side`` result
    would have as the next cell."""
    column, depth = roads.big_road.next_cell(side)
    lengths = roads.big_road.lengths
    return tuple(reason(road, lengths, column, depth) for road in DerivedRoad)


def walk(results: Iterable[RoadResult]) -> tuple[Step, ...]:
    """Each result's step, the roads built alongside (and checked against them)."""
    roads = Roads()
    steps = []
    for number, result in enumerate(results, start=1):
        side = result.side
        if side is None:
            roads.add(result)
            steps.append(Step(number, result, None, None, ()))
            continue
        reasons = ask_reasons(roads, side)
        column, depth = roads.big_road.next_cell(side)
        change = roads.add(result)
        drawn = {mark.road: mark.colour for mark in change.marks}
        if {r.road: r.colour for r in reasons if r.colour is not None} != drawn:
            raise AssertionError(f"the walk disagrees with the roads at coup {number}")
        steps.append(Step(number, result, column + 1, depth, reasons))
    return tuple(steps)
