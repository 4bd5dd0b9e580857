"""The Big Road: runs of Banker and Player as logical columns, ties as slashes, pairs as dots.

Only Banker and Player results take a cell. A run of one side is one logical column; a result of
the other side starts the next one. The test is against the side of the current column (the last
non-tie result), not against the previous coup, so a tie in between changes nothing. A tie is
counted on the cell of the last Banker or Player result; ties before the first such result are
counted on the first cell when it comes. Pairs mark the cell of their coup (for a tie, the cell the
tie is counted on).

>>> from baccarat.roads.result import parse_results
>>> road = BigRoad(parse_results("T B B T P+pp T T B"))
>>> [[(c.side.value, c.ties, c.player_pair) for c in column] for column in road.columns]
[[('banker', 1, False), ('banker', 1, False)], [('player', 2, True)], [('banker', 0, False)]]
>>> road.lengths
(2, 1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from baccarat.core.tableau import Side
from baccarat.roads.derived import Colour, DerivedRoad, derived_colour
from baccarat.roads.grid import ROWS, ColumnRoad, Position
from baccarat.roads.result import RoadResult

__all__ = ["BigRoad", "BigRoadCell", "BigRoadChange"]


@dataclass(frozen=True, slots=True)
class BigRoadCell:
    """One Big Road cell: the side that won, the coup that made it (index from 0), the ties
    counted on it, and whether a Banker or Player pair came on it (its own coup or a tie's)."""

    side: Side
    coup: int
    ties: int = 0
    banker_pair: bool = False
    player_pair: bool = False


@dataclass(frozen=True, slots=True)
class BigRoadChange:
    """What one coup did to the Big Road.

    ``cell`` is the logical position (column, and row counted from 0 within the column) of the
    cell made or, for a tie, slashed; ``placed`` is where that cell is drawn. Both are ``None`` for
    a tie before the first Banker or Player result. ``new_cell`` is false for a tie.
    """

    cell: Position | None
    placed: Position | None
    new_cell: bool


class BigRoad(ColumnRoad[BigRoadCell]):
    """The Big Road, grown one coup at a time in constant time per coup."""

    def __init__(self, results: Iterable[RoadResult] = (), rows: int = ROWS) -> None:
        super().__init__(rows)
        self._lengths: list[int] = []
        self._coups = 0
        # Ties (and their pairs) seen before the first Banker or Player result.
        self._leading = BigRoadCell(Side.BANKER, -1)
        for result in results:
            self.add(result)

    def add(self, result: RoadResult) -> BigRoadChange:
        """Add one coup."""
        coup = self._coups
        self._coups += 1
        side = result.side
        if side is None:
            return self._add_tie(result)
        column, depth = self.next_cell(side)
        cell = BigRoadCell(side, coup, 0, result.banker_pair, result.player_pair)
        if not self._columns:
            leading = self._leading
            cell = replace(
                cell,
                ties=leading.ties,
                banker_pair=cell.banker_pair or leading.banker_pair,
                player_pair=cell.player_pair or leading.player_pair,
            )
        placed = self._put(cell, new_column=depth == 1)
        if depth == 1:
            self._lengths.append(1)
        else:
            self._lengths[-1] += 1
        return BigRoadChange(Position(column, depth - 1), placed, new_cell=True)

    def _add_tie(self, result: RoadResult) -> BigRoadChange:
        if not self._columns:
            self._leading = _slash(self._leading, result)
            return BigRoadChange(None, None, new_cell=False)
        column = self._columns[-1]
        column[-1] = _slash(column[-1], result)
        placed = self._placement.last
        return BigRoadChange(Position(len(self._columns) - 1, len(column) - 1), placed, False)

    def next_cell(self, side: Side) -> tuple[int, int]:
        """Where a ``side`` result would go next: its logical column (from 0) and its depth
        in that column (from 1).

        >>> from baccarat.roads.result import parse_results
        >>> road = BigRoad(parse_results("B B"))
        >>> road.next_cell(Side.BANKER), road.next_cell(Side.PLAYER)
        ((0, 3), (1, 1))
        """
        if self._columns and self._columns[-1][0].side is side:
            return len(self._columns) - 1, self._lengths[-1] + 1
        return len(self._columns), 1

    def mark(self, road: DerivedRoad, side: Side) -> Colour | None:
        """The mark ``road`` gets if the next result is ``side`` (``None``: no mark).

        This is both how a new cell's marks are found and what the ask icons show.
        """
        column, depth = self.next_cell(side)
        return derived_colour(self._lengths, column, depth, road.offset)

    @property
    def lengths(self) -> tuple[int, ...]:
        """The length of each logical column: what the derived roads and statistics read."""
        return tuple(self._lengths)

    @property
    def column_count(self) -> int:
        """Logical columns so far."""
        return len(self._lengths)

    @property
    def current_length(self) -> int:
        """The length of the current column (0 before the first cell)."""
        return self._lengths[-1] if self._lengths else 0

    @property
    def side(self) -> Side | None:
        """The side of the current column (``None`` before the first Banker or Player result)."""
        return self._columns[-1][0].side if self._columns else None

    @property
    def leading_ties(self) -> int:
        """Ties waiting for the first cell (0 once the first Banker or Player result is in)."""
        return 0 if self._columns else self._leading.ties

    @property
    def leading_pairs(self) -> tuple[bool, bool]:
        """Banker and Player pairs of those waiting ties."""
        if self._columns:
            return False, False
        return self._leading.banker_pair, self._leading.player_pair

    @property
    def cells(self) -> int:
        """Cells on the road: the number of Banker and Player results."""
        return len(self._placement)

    @property
    def coups(self) -> int:
        """Coups added, ties included."""
        return self._coups


def _slash(cell: BigRoadCell, tie: RoadResult) -> BigRoadCell:
    return replace(
        cell,
        ties=cell.ties + 1,
        banker_pair=cell.banker_pair or tie.banker_pair,
        player_pair=cell.player_pair or tie.player_pair,
    )
