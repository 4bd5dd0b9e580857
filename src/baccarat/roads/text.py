"""Plain-text rendering of the roads, for the command line and golden files.

Each road is a grid of six rows; a cell is its marking, padded to the widest cell, and ``.`` is
an empty cell. On the Bead Plate and the Big Road a ``*`` before the letter is a Banker pair and
one after it a Player pair (where the dots sit on the drawn board: top-left and bottom-right); on
the Big Road ``/`` is one tie and ``/3`` three. The derived roads show ``R`` (red) and ``B`` (blue).

Given a ``width``, a road wider than it shows its newest columns, as a score board does, and
says how many of how many.

>>> from baccarat.roads.model import Roads
>>> print(big_road_text(Roads.from_tokens("T B B+pp P T T")))
Big Road
B/  P/2
B*  .
.   .
.   .
.   .
.   .
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from baccarat.core.tableau import Side
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.grid import ROWS, Position
from baccarat.roads.labels import ENGLISH, RoadLabels
from baccarat.roads.model import Roads
from baccarat.roads.result import RoadResult
from baccarat.roads.statistics import RoadStatistics, Run, format_percent

__all__ = [
    "ask_text",
    "bead_plate_text",
    "big_road_text",
    "derived_road_text",
    "render_text",
    "statistics_text",
]

_EMPTY = "."


@dataclass(frozen=True)
class _Grid:
    lines: list[str]
    shown: int
    """Columns shown (the newest ones when the grid was wider than asked)."""
    columns: int


def _grid(
    cells: Iterable[tuple[Position, str]], rows: int = ROWS, width: int | None = None
) -> _Grid:
    """Lay out cell texts on a grid: columns padded to the widest cell, trailing spaces cut;
    within ``width``, the newest columns only."""
    placed = dict(cells)
    columns = max((p.column + 1 for p in placed), default=0)
    size = max((len(text) for text in placed.values()), default=1)
    first = 0
    if width is not None and columns * (size + 1) - 1 > width:
        first = columns - max(1, (width + 1) // (size + 1))
    lines = []
    for row in range(rows):
        texts = (placed.get(Position(column, row), _EMPTY) for column in range(first, columns))
        lines.append(" ".join(text.ljust(size) for text in texts).rstrip())
    return _Grid(lines, columns - first, columns)


def _pairs(letter: str, banker_pair: bool, player_pair: bool) -> str:
    return ("*" if banker_pair else "") + letter + ("*" if player_pair else "")


def _ties(count: int) -> str:
    return "" if count == 0 else "/" if count == 1 else f"/{count}"


def _bead(result: RoadResult, labels: RoadLabels) -> str:
    return _pairs(labels.letter(result.outcome), result.banker_pair, result.player_pair)


def bead_plate_text(roads: Roads, labels: RoadLabels = ENGLISH, width: int | None = None) -> str:
    """The Bead Plate: every coup, ties included, down each column of six."""
    plate = roads.bead_plate
    cells = ((plate.position(i), _bead(r, labels)) for i, r in enumerate(plate.results))
    return _section(labels.bead_plate, _grid(cells, width=width), len(plate) == 0, labels)


def big_road_text(roads: Roads, labels: RoadLabels = ENGLISH, width: int | None = None) -> str:
    """The Big Road as drawn, dragon tails included, with ties and pairs on their cells."""
    road = roads.big_road
    cells = [
        (
            position,
            _pairs(labels.side_letter(cell.side), cell.banker_pair, cell.player_pair)
            + _ties(cell.ties),
        )
        for column, positions in zip(road.columns, road.placed, strict=True)
        for cell, position in zip(column, positions, strict=True)
    ]
    if road.leading_ties:
        # Ties before the first result wait where the first cell will be drawn.
        cells.append((Position(0, 0), _pairs(_ties(road.leading_ties), *road.leading_pairs)))
    return _section(labels.big_road, _grid(cells, width=width), not cells, labels)


def derived_road_text(
    roads: Roads, road: DerivedRoad, labels: RoadLabels = ENGLISH, width: int | None = None
) -> str:
    """One derived road as drawn: ``R`` red, ``B`` blue (by default)."""
    marks = roads.derived(road)
    cells = (
        (position, labels.colour_letter(colour))
        for column, positions in zip(marks.columns, marks.placed, strict=True)
        for colour, position in zip(column, positions, strict=True)
    )
    return _section(labels.road_name(road), _grid(cells, width=width), len(marks) == 0, labels)


def ask_text(roads: Roads, labels: RoadLabels = ENGLISH) -> str:
    """The ask icons: what each derived road would show after a Banker or a Player result."""
    lines = [labels.ask]
    for side in (Side.BANKER, Side.PLAYER):
        marks = roads.ask(side)
        shown = ", ".join(
            labels.ask_mark.format(road=labels.road_name(road), mark=labels.colour_name(mark))
            for road, mark in marks.items()
        )
        lines.append(f"{labels.ask_title.format(side=labels.side_name(side))}: {shown}")
    return "\n".join(lines)


def statistics_text(
    stats: RoadStatistics,
    labels: RoadLabels = ENGLISH,
    percent: Callable[[Fraction], str] = format_percent,
) -> str:
    """The panel's figures, one topic a line; ``percent`` writes a share (an exact percentage)
    as the reader's language does (``44,4%``)."""

    def part(name: str, count: int) -> str:
        return f"{name} {count} ({percent(stats.share(count))})"

    def run(value: Run | None) -> str:
        return "-" if value is None else f"{labels.side_name(value.side)} {value.length}"

    derived = "; ".join(
        f"{labels.road_name(c.road)} {labels.red_name} {c.red}, {labels.blue_name} {c.blue}"
        for c in stats.derived
    )
    return "\n".join(
        [
            labels.statistics,
            labels.coups_count.format(count=stats.coups)
            + ": "
            + ", ".join(
                [
                    part(labels.banker_name, stats.banker),
                    part(labels.player_name, stats.player),
                    part(labels.tie_result, stats.tie),
                ]
            ),
            ", ".join(
                [
                    part(labels.banker_pair, stats.banker_pairs),
                    part(labels.player_pair, stats.player_pairs),
                    part(labels.natural, stats.naturals),
                ]
            ),
            labels.runs.format(current=run(stats.current_run), longest=run(stats.longest_run))
            + f" ({labels.banker_name} {stats.longest_banker_run}, "
            f"{labels.player_name} {stats.longest_player_run}); "
            + labels.columns.format(road=labels.big_road, count=stats.columns),
            derived,
        ]
    )


def render_text(
    roads: Roads,
    labels: RoadLabels = ENGLISH,
    width: int | None = None,
    percent: Callable[[Fraction], str] = format_percent,
) -> str:
    """Every road, the ask icons, the statistics (their percentages written by ``percent``) and
    a legend; each road within ``width`` columns (its newest ones) when given."""
    sections = [
        bead_plate_text(roads, labels, width),
        big_road_text(roads, labels, width),
        *(derived_road_text(roads, road, labels, width) for road in DerivedRoad),
        ask_text(roads, labels),
        statistics_text(roads.statistics(), labels, percent),
        _legend(labels),
    ]
    return "\n\n".join(sections)


def _section(title: str, grid: _Grid, empty: bool, labels: RoadLabels) -> str:
    if empty:
        return "\n".join([title, labels.empty])
    if grid.shown < grid.columns:
        title += " (" + labels.newest_columns.format(shown=grid.shown, count=grid.columns) + ")"
    return "\n".join([title, *grid.lines])


def _legend(labels: RoadLabels) -> str:
    return (
        f"{labels.banker} {labels.banker_name}, {labels.player} {labels.player_name}, "
        f"{labels.tie} {labels.tie_result}; *{labels.banker} {labels.banker_pair}, "
        f"{labels.player}* {labels.player_pair}; {labels.ties_legend}. {labels.derived_roads}: "
        f"{labels.red} {labels.red_name}, {labels.blue} {labels.blue_name}.\n"
        + labels.predicts_nothing
    )
