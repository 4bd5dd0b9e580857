"""The derived roads: Big Eye Boy, Small Road and Cockroach Pig.

Each new Big Road cell gives each derived road at most one mark, red or blue. Red and blue say
whether the Big Road is *orderly* or *choppy* at that point, compared with the column ``offset``
columns to the left; they say nothing about Banker or Player. :func:`derived_colour` is the whole
rule; :class:`ColourRoad` keeps one derived road's marks and lays them out like a Big Road.

The "straight drop" ``B P P P P`` (columns of lengths 1 and 4) gives Big Eye Boy blue, red, red:

>>> [derived_colour([1, 4], column=1, depth=depth, offset=1) for depth in (1, 2, 3, 4)]
[None, <Colour.BLUE: 'blue'>, <Colour.RED: 'red'>, <Colour.RED: 'red'>]
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from baccarat.roads.grid import ROWS, ColumnRoad, Position

__all__ = ["Colour", "ColourRoad", "DerivedRoad", "derived_colour"]


class Colour(enum.Enum):
    """A derived road's mark: red ("orderly") or blue ("choppy"), never Banker or Player."""

    RED = "red"
    BLUE = "blue"


class DerivedRoad(enum.Enum):
    """The three derived roads, each comparing with a column further to the left."""

    BIG_EYE_BOY = "big_eye_boy"
    SMALL_ROAD = "small_road"
    COCKROACH_PIG = "cockroach_pig"

    @property
    def offset(self) -> int:
        """How many columns back the road compares: 1, 2 or 3."""
        return _OFFSETS[self]

    @property
    def title(self) -> str:
        """The road's English name: ``Big Eye Boy``, ``Small Road``, ``Cockroach Pig``."""
        return self.value.replace("_", " ").title()


_OFFSETS = {DerivedRoad.BIG_EYE_BOY: 1, DerivedRoad.SMALL_ROAD: 2, DerivedRoad.COCKROACH_PIG: 3}


def derived_colour(lengths: Sequence[int], column: int, depth: int, offset: int) -> Colour | None:
    """The mark a derived road gets for a new Big Road cell, or ``None`` when it gets none.

    The cell is in logical column ``column`` (counted from 0) at ``depth`` (1 for a column's
    first cell); ``lengths`` are the Big Road's logical column lengths, of which only the columns
    before ``column`` are read, so the cell need not be in ``lengths`` yet (the ask icons rely on
    this). ``offset`` is 1, 2 or 3 (see :attr:`DerivedRoad.offset`).

    - First cell of a column: red when columns ``column-1`` and ``column-1-offset`` have the same
      length, blue when not; no mark when the second does not exist.
    - Any later cell: blue when ``depth`` is one more than the length of column ``column-offset``,
      red otherwise (a cell level with one on that column, or a "straight drop" below its end);
      no mark when that column does not exist.

    >>> derived_colour([2, 3, 1], column=3, depth=1, offset=1)  # 1 against 3: different
    <Colour.BLUE: 'blue'>
    >>> derived_colour([2, 3], column=1, depth=3, offset=1)  # one below column 0's end
    <Colour.BLUE: 'blue'>
    >>> derived_colour([2, 3], column=1, depth=3, offset=2) is None
    True
    """
    if depth == 1:
        compared = column - 1 - offset
        if compared < 0:
            return None
        return Colour.RED if lengths[column - 1] == lengths[compared] else Colour.BLUE
    compared = column - offset
    if compared < 0:
        return None
    return Colour.BLUE if depth == lengths[compared] + 1 else Colour.RED


class ColourRoad(ColumnRoad[Colour]):
    """One derived road: its marks in order, as logical columns, and their drawn positions.

    A mark of the same colour as the last goes down the current column; a change of colour
    starts a new one; the columns are drawn on :data:`~baccarat.roads.grid.ROWS` rows with dragon
    tails, exactly like the Big Road.

    >>> road = ColourRoad(DerivedRoad.SMALL_ROAD)
    >>> [road.add(c) for c in (Colour.RED, Colour.RED, Colour.BLUE)]
    [Position(column=0, row=0), Position(column=0, row=1), Position(column=1, row=0)]
    >>> road.red, road.blue, [len(column) for column in road.columns]
    (2, 1, [2, 1])
    """

    def __init__(self, road: DerivedRoad, rows: int = ROWS) -> None:
        super().__init__(rows)
        self.road = road
        self._marks: list[Colour] = []
        self._red = 0

    def add(self, colour: Colour) -> Position:
        """Add one mark; return where it is drawn."""
        new_column = not self._marks or self._marks[-1] is not colour
        placed = self._put(colour, new_column)
        self._marks.append(colour)
        self._red += colour is Colour.RED
        return placed

    @property
    def marks(self) -> tuple[Colour, ...]:
        """Every mark, in the order the Big Road cells came."""
        return tuple(self._marks)

    @property
    def red(self) -> int:
        return self._red

    @property
    def blue(self) -> int:
        return len(self._marks) - self._red

    def __len__(self) -> int:
        return len(self._marks)
