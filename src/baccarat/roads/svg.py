"""SVG rendering of the roads, for the web page: each road on its own, or all of them together.

Banker is red, Player blue and ties green; the derived roads are red or blue hollow circles (Big Eye
Boy), solid dots (Small Road) and slashes (Cockroach Pig). Colour is never the only signal: every
cell carries its letter and its tie count as text, and a ``<title>`` that screen readers announce.
The output is deterministic (same roads, same bytes) and has no ``id`` attributes, so several
boards can sit on one page. Every function returns a complete ``<svg>`` element.

>>> from baccarat.roads.model import Roads
>>> svg = big_road_svg(Roads.from_tokens("B T"))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), svg.count("<title>")
(True, 2)
>>> "<title>Big Road, column 1, row 1: Banker wins (Coup 1), ties: 1</title>" in svg
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.roads.big_road import BigRoadCell
from baccarat.roads.derived import Colour, DerivedRoad
from baccarat.roads.grid import ROWS, Position
from baccarat.roads.labels import ENGLISH, RoadLabels, check_strings
from baccarat.roads.model import RoadChange, Roads
from baccarat.roads.result import RoadError, RoadResult
from baccarat.roads.why import MarkReason, mark_reason, mark_reasons

__all__ = [
    "DEFAULT_PALETTE",
    "Palette",
    "ask_svg",
    "bead_plate_svg",
    "big_road_svg",
    "coup_cells",
    "derived_road_svg",
    "roads_svg",
]

_SVG_NS = "http://www.w3.org/2000/svg"
_HEADING = 22
"""Height of a road's heading in :func:`roads_svg`."""
_GAP = 10
"""Space between roads in :func:`roads_svg`."""


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of the boards (any SVG colour value)."""

    banker: str = "#c62828"
    player: str = "#1565c0"
    tie: str = "#2e7d32"
    red: str = "#c62828"
    blue: str = "#1565c0"
    grid: str = "#c9c9c9"
    background: str = "#ffffff"
    ink: str = "#222222"
    on_colour: str = "#ffffff"
    """Letters drawn on a filled circle."""

    def __post_init__(self) -> None:
        check_strings(
            self,
            lambda value: bool(value) and not any(c in value for c in "<>&\"'"),
            "palette colour {name} is not a colour value: {value!r}",
        )

    def side(self, side: Side) -> str:
        return self.banker if side is Side.BANKER else self.player

    def outcome(self, outcome: Winner) -> str:
        return {Winner.BANKER: self.banker, Winner.PLAYER: self.player, Winner.TIE: self.tie}[
            outcome
        ]

    def colour(self, colour: Colour) -> str:
        return self.red if colour is Colour.RED else self.blue


DEFAULT_PALETTE = Palette()


@dataclass(frozen=True, slots=True)
class _Figure:
    """A board's drawing before it is wrapped: size, accessible name and SVG body lines."""

    name: str
    css: str
    width: int
    height: int
    body: tuple[str, ...]


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (deterministic output)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _text(x: float, y: float, size: float, fill: str, content: str, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"{weight} '
        f'text-anchor="middle" dominant-baseline="central">{escape(content)}</text>'
    )


def _circle(cx: float, cy: float, r: float, fill: str, stroke: str = "", width: float = 0) -> str:
    line = f' stroke="{stroke}" stroke-width="{_n(width)}"' if stroke else ""
    return f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}"{line}/>'


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str, width: float) -> str:
    return (
        f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{stroke}" '
        f'stroke-width="{_n(width)}" stroke-linecap="round"/>'
    )


@dataclass(frozen=True, slots=True)
class _Drawn:
    """One cell of a board before it is placed: where, its classes, its title, its shapes, and
    what a page reads off it (``data``: ``data-*`` attributes by name, without the prefix)."""

    position: Position
    css: str
    title: str
    shapes: Sequence[str]
    data: tuple[tuple[str, str], ...] = ()


def _cell(
    x: int,
    y: int,
    css: str,
    title: str,
    shapes: Iterable[str],
    size: int | None = None,
    data: Iterable[tuple[str, str]] = (),
) -> str:
    """A cell's ``<g>``. With a ``size``, an unpainted square under its shapes takes pointer
    events over the whole cell (a ring's hollow middle, the space beside a thin slash), so the
    whole cell is what a click or a tap hits."""
    attributes = "".join(f' data-{name}="{escape(value)}"' for name, value in data)
    hit = (
        f'<rect width="{size}" height="{size}" fill="none" pointer-events="all"/>'
        if size is not None
        else ""
    )
    inner = "".join(shapes)
    return (
        f'<g class="cell {css}" transform="translate({x},{y})"{attributes} role="img">'
        f"<title>{escape(title)}</title>{hit}{inner}</g>"
    )


def _window(width: int, columns: int | None) -> tuple[int, int]:
    """The first physical column shown and how many are shown.

    ``columns=None`` shows the whole road; a number shows exactly that many, the latest ones,
    like a board of fixed width that scrolls.
    """
    if columns is None:
        return 0, max(width, 1)
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise RoadError(f"columns must be a whole number of at least 1, got {columns!r}")
    return max(0, width - columns), columns


def _check_cell(cell: int) -> None:
    """Refuse a cell size that is not a whole number of at least 8 pixels (every board's rule)."""
    if isinstance(cell, bool) or not isinstance(cell, int) or cell < 8:
        raise RoadError(f"cell size must be a whole number of at least 8 pixels, got {cell!r}")


def _board(
    name: str,
    css: str,
    cell: int,
    width: int,
    columns: int | None,
    cells: Iterable[_Drawn],
    palette: Palette,
) -> _Figure:
    """A grid of ``ROWS`` rows with the cells that fall in the window drawn on it."""
    _check_cell(cell)
    start, shown = _window(width, columns)
    w, h = shown * cell, ROWS * cell
    lines = "".join(f"M{x * cell} 0V{h}" for x in range(1, shown))
    lines += "".join(f"M0 {y * cell}H{w}" for y in range(1, ROWS))
    body = [
        f'<rect width="{w}" height="{h}" fill="{palette.background}" stroke="{palette.grid}"/>',
        f'<path d="{lines}" stroke="{palette.grid}" stroke-width="1" fill="none"/>'
        if lines
        else "",
    ]
    for drawn in cells:
        column = drawn.position.column - start
        if 0 <= column < shown:
            body.append(_placed(drawn, column, cell))
    return _Figure(name, css, w, h, tuple(line for line in body if line))


def _placed(drawn: _Drawn, column: int, cell: int) -> str:
    """``drawn`` as a ``<g>`` in physical ``column`` of a board of ``cell`` pixel cells."""
    x, y = column * cell, drawn.position.row * cell
    return _cell(x, y, drawn.css, drawn.title, drawn.shapes, cell, drawn.data)


def _pair_dots(cell: int, banker_pair: bool, player_pair: bool, palette: Palette) -> list[str]:
    dot, near, far = cell * 0.11, cell * 0.16, cell * 0.84
    shapes = []
    if banker_pair:
        shapes.append(_circle(near, near, dot, palette.banker, palette.background, cell * 0.03))
    if player_pair:
        shapes.append(_circle(far, far, dot, palette.player, palette.background, cell * 0.03))
    return shapes


def _pair_words(banker_pair: bool, player_pair: bool, labels: RoadLabels) -> list[str]:
    return [labels.banker_pair] * banker_pair + [labels.player_pair] * player_pair


def _bead_title(number: int, result: RoadResult, labels: RoadLabels) -> str:
    parts = [f"{labels.coup.format(number=number)}: {labels.result_name(result.outcome)}"]
    if result.player_total is not None and result.banker_total is not None:
        parts.append(labels.totals.format(player=result.player_total, banker=result.banker_total))
    if result.natural:
        parts.append(labels.natural)
    parts += _pair_words(result.banker_pair, result.player_pair, labels)
    return ", ".join(parts)


def _bead_cell(
    roads: Roads, number: int, result: RoadResult, cell: int, labels: RoadLabels, palette: Palette
) -> _Drawn:
    """Coup ``number`` (from 1) on the Bead Plate; ``data-coup``: its index (from 0), which a
    page replays it by."""
    c = cell / 2
    fill = palette.outcome(result.outcome)
    shapes = [
        _circle(c, c, cell * 0.42, fill),
        _text(c, c, cell * 0.5, palette.on_colour, labels.letter(result.outcome), bold=True),
        *_pair_dots(cell, result.banker_pair, result.player_pair, palette),
    ]
    css = f"bead {result.outcome.value}"
    position = roads.bead_plate.position(number - 1)
    data = (("coup", str(number - 1)),)
    return _Drawn(position, css, _bead_title(number, result, labels), shapes, data)


def _bead_figure(
    roads: Roads, cell: int, columns: int | None, labels: RoadLabels, palette: Palette
) -> _Figure:
    plate = roads.bead_plate
    cells = (
        _bead_cell(roads, i, r, cell, labels, palette) for i, r in enumerate(plate.results, start=1)
    )
    return _board(labels.bead_plate, "bead-plate", cell, plate.width, columns, cells, palette)


def _tie_marks(cell: int, ties: int, palette: Palette) -> list[str]:
    if not ties:
        return []
    shapes = [_line(cell * 0.14, cell * 0.86, cell * 0.86, cell * 0.14, palette.tie, cell * 0.08)]
    if ties > 1:
        # The count sits on a small badge at the slash's upper end, clear of the letter and of
        # the pair dots (top-left and bottom-right).
        x, y = cell * 0.8, cell * 0.2
        shapes.append(_circle(x, y, cell * 0.19, palette.background, palette.tie, cell * 0.04))
        size = cell * (0.28 if ties < 10 else 0.2)
        shapes.append(_text(x, y, size, palette.tie, str(ties), bold=True))
    return shapes


def _leading_cell(roads: Roads, cell: int, labels: RoadLabels, palette: Palette) -> _Drawn:
    """Ties before the first result wait, slashed, where the first cell will be drawn (its
    ``data-coup``: the first tie's)."""
    road = roads.big_road
    title = f"{labels.big_road}: {labels.leading_ties.format(count=road.leading_ties)}"
    title = ", ".join([title, *_pair_words(*road.leading_pairs, labels)])
    shapes = [
        *_tie_marks(cell, road.leading_ties, palette),
        *_pair_dots(cell, *road.leading_pairs, palette),
    ]
    return _Drawn(Position(0, 0), "big-road tie", title, shapes, (("coup", "0"),))


def _big_road_cell(
    x: int,
    y: int,
    item: BigRoadCell,
    position: Position,
    cell: int,
    labels: RoadLabels,
    palette: Palette,
) -> _Drawn:
    """The Big Road cell in logical column ``x``, row ``y`` (both from 1), drawn at ``position``;
    ``data-coup``: the index (from 0) of the coup that made it, ``data-column``: ``x - 1``."""
    c = cell / 2
    colour = palette.side(item.side)
    parts = [
        f"{labels.big_road}, {labels.cell.format(column=x, row=y)}: "
        f"{labels.side_wins(item.side)} "
        f"({labels.coup.format(number=item.coup + 1)})"
    ]
    if item.ties:
        parts.append(labels.ties.format(count=item.ties))
    parts += _pair_words(item.banker_pair, item.player_pair, labels)
    shapes = [
        _circle(c, c, cell * 0.34, "none", colour, cell * 0.09),
        *_tie_marks(cell, item.ties, palette),
        _text(c, c, cell * 0.42, colour, labels.side_letter(item.side), bold=True),
        *_pair_dots(cell, item.banker_pair, item.player_pair, palette),
    ]
    data = (("coup", str(item.coup)), ("column", str(x - 1)))
    return _Drawn(position, f"big-road {item.side.value}", ", ".join(parts), shapes, data)


def _big_road_figure(
    roads: Roads, cell: int, columns: int | None, labels: RoadLabels, palette: Palette
) -> _Figure:
    road = roads.big_road
    cells: list[_Drawn] = []
    if road.leading_ties:
        cells.append(_leading_cell(roads, cell, labels, palette))
    for x, (column, placed) in enumerate(zip(road.columns, road.placed, strict=True), start=1):
        for y, (item, position) in enumerate(zip(column, placed, strict=True), start=1):
            cells.append(_big_road_cell(x, y, item, position, cell, labels, palette))
    return _board(labels.big_road, "big-road", cell, road.width, columns, cells, palette)


def _glyph(
    road: DerivedRoad, colour: Colour, cell: int, labels: RoadLabels, palette: Palette
) -> list[str]:
    """A derived road's mark: its shape says which road, its letter and colour which mark."""
    ink, c = palette.colour(colour), cell / 2
    letter = labels.colour_letter(colour)
    if road is DerivedRoad.BIG_EYE_BOY:
        return [
            _circle(c, c, cell * 0.34, "none", ink, cell * 0.12),
            _text(c, c, cell * 0.4, ink, letter, bold=True),
        ]
    if road is DerivedRoad.SMALL_ROAD:
        return [
            _circle(c, c, cell * 0.4, ink),
            _text(c, c, cell * 0.46, palette.on_colour, letter, bold=True),
        ]
    return [
        _line(cell * 0.3, cell * 0.86, cell * 0.86, cell * 0.3, ink, cell * 0.14),
        _text(cell * 0.3, cell * 0.32, cell * 0.42, ink, letter, bold=True),
    ]


def _derived_cell(
    road: DerivedRoad,
    x: int,
    y: int,
    reason: MarkReason,
    position: Position,
    cell: int,
    labels: RoadLabels,
    palette: Palette,
) -> _Drawn:
    """A derived road's mark in its logical column ``x``, row ``y`` (both from 1), and why
    (``reason``): ``data-pair``, the two Big Road columns it set side by side (from 0, left to
    right, :attr:`~baccarat.roads.why.MarkReason.pair`), which a page lights."""
    colour = reason.colour
    return _Drawn(
        position,
        f"derived-road {road.value.replace('_', '-')} {colour.value}",
        f"{labels.road_name(road)}, {labels.cell.format(column=x, row=y)}: "
        f"{labels.colour_name(colour)}",
        _glyph(road, colour, cell, labels, palette),
        (("pair", " ".join(str(column) for column in reason.pair)),),
    )


def _derived_figure(
    roads: Roads,
    road: DerivedRoad,
    cell: int,
    columns: int | None,
    labels: RoadLabels,
    palette: Palette,
) -> _Figure:
    marks = roads.derived(road)
    name = labels.road_name(road)
    # One reason per mark, in the order of the marks (column by column, down each).
    reasons = iter(mark_reasons(roads.big_road.lengths, road))
    cells = (
        _derived_cell(road, x, y, next(reasons), position, cell, labels, palette)
        for x, (column, placed) in enumerate(zip(marks.columns, marks.placed, strict=True), 1)
        for y, position in enumerate(placed, 1)
    )
    css = f"derived-road {road.value.replace('_', '-')}"
    return _board(name, css, cell, marks.width, columns, cells, palette)


def _ask_figure(roads: Roads, cell: int, labels: RoadLabels, palette: Palette) -> _Figure:
    """Two rows (Banker, Player): the side, then each derived road's would-be mark or a dash."""
    _check_cell(cell)
    asks = tuple(tuple(roads.ask(side).items()) for side in (Side.BANKER, Side.PLAYER))
    return _ask_figure_of(asks, cell, labels, palette)


@functools.lru_cache(maxsize=256)
def _ask_figure_of(
    asks: tuple[tuple[tuple[DerivedRoad, Colour | None], ...], ...],
    cell: int,
    labels: RoadLabels,
    palette: Palette,
) -> _Figure:
    """:func:`_ask_figure` from the would-be marks: a few dozen figures in all, drawn once each
    (the table page draws the ask icons after every coup)."""
    c = cell / 2
    body = []
    for y, side in enumerate((Side.BANKER, Side.PLAYER)):
        head = labels.ask_title.format(side=labels.side_name(side))
        shapes = [
            _circle(c, c, cell * 0.42, palette.side(side)),
            _text(c, c, cell * 0.5, palette.on_colour, labels.side_letter(side), bold=True),
        ]
        body.append(_cell(0, y * cell, f"ask {side.value}", head, shapes))
        for x, (road, mark) in enumerate(asks[y], start=1):
            name = labels.ask_mark.format(
                road=labels.road_name(road), mark=labels.colour_name(mark)
            )
            if mark is None:
                shapes = [_text(c, c, cell * 0.5, palette.ink, "–")]
            else:
                shapes = _glyph(road, mark, cell, labels, palette)
            css = f"ask {side.value} {road.value.replace('_', '-')}"
            body.append(_cell(x * cell, y * cell, css, f"{head}: {name}", shapes))
    return _Figure(labels.ask, "ask", 4 * cell, 2 * cell, tuple(body))


def _svg(figure: _Figure, content: Sequence[str] | None = None) -> str:
    """The complete ``<svg>`` element of ``figure``, around ``content`` (default: its body)."""
    w, h = figure.width, figure.height
    return "\n".join(
        [
            f'<svg xmlns="{_SVG_NS}" class="road {figure.css}" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="group" aria-label="{escape(figure.name)}" '
            'font-family="sans-serif">',
            f"<title>{escape(figure.name)}</title>",
            *(figure.body if content is None else content),
            "</svg>",
            "",
        ]
    )


def bead_plate_svg(
    roads: Roads,
    *,
    cell: int = 28,
    columns: int | None = None,
    labels: RoadLabels = ENGLISH,
    palette: Palette = DEFAULT_PALETTE,
) -> str:
    """The Bead Plate: filled circles with the outcome letter and pair dots.

    ``columns`` fixes the board's width to that many columns, showing the latest ones.
    """
    return _svg(_bead_figure(roads, cell, columns, labels, palette))


def big_road_svg(
    roads: Roads,
    *,
    cell: int = 24,
    columns: int | None = None,
    labels: RoadLabels = ENGLISH,
    palette: Palette = DEFAULT_PALETTE,
) -> str:
    """The Big Road: hollow circles with the side letter, tie slashes with counts, pair dots."""
    return _svg(_big_road_figure(roads, cell, columns, labels, palette))


def derived_road_svg(
    roads: Roads,
    road: DerivedRoad,
    *,
    cell: int = 16,
    columns: int | None = None,
    labels: RoadLabels = ENGLISH,
    palette: Palette = DEFAULT_PALETTE,
) -> str:
    """One derived road: Big Eye Boy rings, Small Road dots or Cockroach Pig slashes."""
    return _svg(_derived_figure(roads, road, cell, columns, labels, palette))


def ask_svg(
    roads: Roads,
    *,
    cell: int = 24,
    labels: RoadLabels = ENGLISH,
    palette: Palette = DEFAULT_PALETTE,
) -> str:
    """The ask icons: for a Banker and for a Player result, each derived road's mark (``–``: none)."""
    return _svg(_ask_figure(roads, cell, labels, palette))


def roads_svg(
    roads: Roads,
    *,
    cell: int = 24,
    columns: int | None = None,
    labels: RoadLabels = ENGLISH,
    palette: Palette = DEFAULT_PALETTE,
) -> str:
    """Every board stacked with a heading each: Bead Plate, Big Road, the derived roads (at two
    thirds of ``cell``) and the ask icons."""
    small = max(8, round(cell * 2 / 3))
    figures = [
        _bead_figure(roads, cell, columns, labels, palette),
        _big_road_figure(roads, cell, columns, labels, palette),
        *(_derived_figure(roads, road, small, columns, labels, palette) for road in DerivedRoad),
        _ask_figure(roads, cell, labels, palette),
    ]
    content: list[str] = []
    y = 0
    for figure in figures:
        content.append(
            f'<text x="0" y="{y + _HEADING - 6}" font-size="14" font-weight="bold" '
            f'fill="{palette.ink}">{escape(figure.name)}</text>'
        )
        y += _HEADING
        content.append(
            f'<g class="road {figure.css}" transform="translate(0,{y})" role="group" '
            f'aria-label="{escape(figure.name)}">'
        )
        content += figure.body
        content.append("</g>")
        y += figure.height + _GAP
    # Wide enough for the headings too (about 9 pixels a character at 14 pixels, bold).
    width = max(max(figure.width, 9 * len(figure.name)) for figure in figures)
    whole = _Figure(labels.roads, "roads", width, y - _GAP, ())
    return _svg(whole, content)


CELL_SIZES = {"bead_plate": 28, "big_road": 24, "derived": 16}
"""The cell sizes of the boards on their own (the defaults of the functions above)."""


def coup_cells(
    roads: Roads,
    change: RoadChange,
    *,
    labels: RoadLabels = ENGLISH,
    palette: Palette = DEFAULT_PALETTE,
) -> dict[str, list[str]]:
    """The cells one coup drew or redrew, as ``<g>`` elements placed on boards shown whole
    (``columns`` at least the road's width): the new bead, the Big Road cell made or slashed,
    and each new derived mark, by board (``bead_plate``, ``big_road``, each derived road's
    value). A page appends them, replacing any cell already at the same place, and so grows its
    boards by one coup without redrawing them.

    >>> roads = Roads.from_tokens("B P")
    >>> change = roads.add(RoadResult.parse("T"))
    >>> cells = coup_cells(roads, change)
    >>> [len(cells[board]) for board in ("bead_plate", "big_road", "big_eye_boy")]
    [1, 1, 0]
    >>> "ties: 1" in cells["big_road"][0]
    True
    """
    bead = CELL_SIZES["bead_plate"]
    big = CELL_SIZES["big_road"]
    small = CELL_SIZES["derived"]

    def g(drawn: _Drawn, size: int) -> str:
        return _placed(drawn, drawn.position.column, size)

    number = change.coup + 1
    out: dict[str, list[str]] = {
        "bead_plate": [
            g(
                _bead_cell(
                    roads, number, roads.bead_plate.results[change.coup], bead, labels, palette
                ),
                bead,
            )
        ],
        "big_road": [],
        **{road.value: [] for road in DerivedRoad},
    }
    made = change.big_road
    if made.cell is None:
        if roads.big_road.leading_ties:
            out["big_road"].append(g(_leading_cell(roads, big, labels, palette), big))
    elif made.placed is not None:
        item = roads.big_road.columns[made.cell.column][made.cell.row]
        drawn = _big_road_cell(
            made.cell.column + 1, made.cell.row + 1, item, made.placed, big, labels, palette
        )
        out["big_road"].append(g(drawn, big))
    for mark in change.marks:
        marks = roads.derived(mark.road)
        x = len(marks.columns)
        y = len(marks.columns[-1])
        # A coup that adds marks made a Big Road cell (a tie adds none).
        assert made.cell is not None
        lengths = roads.big_road.lengths
        reason = mark_reason(mark.road, lengths, made.cell.column, made.cell.row + 1)
        assert reason is not None and reason.colour is mark.colour
        drawn = _derived_cell(mark.road, x, y, reason, mark.placed, small, labels, palette)
        out[mark.road.value].append(g(drawn, small))
    return out
