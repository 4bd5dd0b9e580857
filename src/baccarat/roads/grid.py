"""Drawing a Big-Road-like road on a grid of six rows, with dragon tails.

The Big Road and the three derived roads are *logical* columns (a run of one side, or of one
colour) drawn on a grid of :data:`ROWS` rows. A run goes down its column; when the next cell would
fall off the bottom or onto an occupied cell it turns right (a "dragon tail") and keeps going right
along that row. A new logical column starts on the top row, in the physical column just right of the
previous column's first cell, or further right while that cell is taken.

The placement is for drawing only: every rule of the roads reads logical column lengths.

>>> grid = Placement()
>>> [grid.place(new_column=False) for _ in range(8)][-3:]
[Position(column=0, row=5), Position(column=1, row=5), Position(column=2, row=5)]
>>> grid.place(new_column=True)
Position(column=1, row=0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from baccarat.roads.result import RoadError

__all__ = ["ROWS", "ColumnRoad", "Placement", "Position"]

T = TypeVar("T")

ROWS = 6
"""Rows of every road's grid: the Bead Plate, the Big Road and the derived roads."""


@dataclass(frozen=True, slots=True, order=True)
class Position:
    """A cell on a grid: ``column`` and ``row`` both count from 0 (row 0 is the top)."""

    column: int
    row: int


class Placement:
    """Where each cell of a road is drawn, grown one cell at a time.

    Each call to :meth:`place` costs constant time, except when a new column must skip past the
    cells of an earlier dragon tail lying on the top row (then it costs one step per cell skipped).
    """

    def __init__(self, rows: int = ROWS) -> None:
        if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
            raise RoadError(f"a road needs at least 1 row, got {rows!r}")
        self.rows = rows
        self._columns: list[list[Position]] = []
        # Plain tuples: hashing them is much cheaper than hashing a dataclass.
        self._occupied: set[tuple[int, int]] = set()
        self._turned = False
        self._width = 0

    def place(self, new_column: bool) -> Position:
        """Place the next cell: the first of a new logical column, or the next of the current one.

        The first cell of all always starts a column, whatever ``new_column`` says.
        """
        if new_column or not self._columns:
            column = self._columns[-1][0].column + 1 if self._columns else 0
            while (column, 0) in self._occupied:
                column += 1
            position = Position(column, 0)
            self._turned = False
            self._columns.append([position])
        else:
            last = self._columns[-1][-1]
            below = (last.column, last.row + 1)
            if not self._turned and below[1] < self.rows and below not in self._occupied:
                position = Position(*below)
            else:
                # Once turned, the tail runs right along its row. That row is free to the right:
                # an earlier tail on it would have had to cross this column's own cells.
                self._turned = True
                position = Position(last.column + 1, last.row)
            self._columns[-1].append(position)
        self._occupied.add((position.column, position.row))
        self._width = max(self._width, position.column + 1)
        return position

    @property
    def columns(self) -> tuple[tuple[Position, ...], ...]:
        """The drawn position of every cell, by logical column then by order within it."""
        return tuple(tuple(column) for column in self._columns)

    @property
    def positions(self) -> tuple[Position, ...]:
        """The drawn position of every cell, in the order placed."""
        return tuple(position for column in self._columns for position in column)

    @property
    def last(self) -> Position | None:
        """Where the last cell was drawn (``None`` for an empty road)."""
        return self._columns[-1][-1] if self._columns else None

    @property
    def width(self) -> int:
        """Physical columns used (0 for an empty road)."""
        return self._width

    def __len__(self) -> int:
        return len(self._occupied)


class ColumnRoad(Generic[T]):
    """A road kept as logical columns of ``T`` and drawn with a :class:`Placement`: what the Big
    Road (cells) and each derived road (colours) share. Each grows it through :meth:`_put` by its
    own rule for when a new column starts.

    >>> road = ColumnRoad[str]()
    >>> [road._put(item, new) for item, new in (("a", True), ("b", False), ("c", True))]
    [Position(column=0, row=0), Position(column=0, row=1), Position(column=1, row=0)]
    >>> road.columns, road.width
    ((('a', 'b'), ('c',)), 2)
    """

    def __init__(self, rows: int = ROWS) -> None:
        self._columns: list[list[T]] = []
        self._placement = Placement(rows)

    def _put(self, item: T, new_column: bool) -> Position:
        """Add ``item`` at the head of a new column or below the current one's last; return where
        it is drawn. The first item of all always starts a column."""
        if new_column or not self._columns:
            self._columns.append([item])
        else:
            self._columns[-1].append(item)
        return self._placement.place(new_column)

    @property
    def columns(self) -> tuple[tuple[T, ...], ...]:
        """The logical columns, each a run of one side or of one colour."""
        return tuple(tuple(column) for column in self._columns)

    @property
    def placed(self) -> tuple[tuple[Position, ...], ...]:
        """Where each item is drawn, column by column, parallel to :attr:`columns`."""
        return self._placement.columns

    @property
    def width(self) -> int:
        """Physical columns the drawing uses."""
        return self._placement.width
