"""The Bead Plate: one cell per coup, ties included, six to a column, top to bottom.

>>> from baccarat.roads.result import parse_results
>>> plate = BeadPlate()
>>> [plate.add(r) for r in parse_results("B P T")][-1]
Position(column=0, row=2)
>>> [[str(r) for r in column] for column in BeadPlate(parse_results("B " * 7)).columns]
[['B', 'B', 'B', 'B', 'B', 'B'], ['B']]
"""

from __future__ import annotations

from collections.abc import Iterable

from baccarat.roads.grid import ROWS, Position
from baccarat.roads.result import RoadError, RoadResult

__all__ = ["BeadPlate"]


class BeadPlate:
    """Every coup in order, filling each column of ``rows`` cells before the next."""

    def __init__(self, results: Iterable[RoadResult] = (), rows: int = ROWS) -> None:
        if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
            raise RoadError(f"a road needs at least 1 row, got {rows!r}")
        self.rows = rows
        self._results: list[RoadResult] = []
        for result in results:
            self.add(result)

    def add(self, result: RoadResult) -> Position:
        """Add one coup; return its cell."""
        self._results.append(result)
        return self.position(len(self._results) - 1)

    def position(self, coup: int) -> Position:
        """The cell of the coup with index ``coup`` (counting from 0)."""
        return Position(*divmod(coup, self.rows))

    @property
    def results(self) -> tuple[RoadResult, ...]:
        return tuple(self._results)

    @property
    def columns(self) -> tuple[tuple[RoadResult, ...], ...]:
        """The coups column by column (the last column may be short)."""
        r, n = self.rows, len(self._results)
        return tuple(tuple(self._results[i : i + r]) for i in range(0, n, r))

    @property
    def width(self) -> int:
        """Columns used."""
        return -(-len(self._results) // self.rows)

    def __len__(self) -> int:
        return len(self._results)
