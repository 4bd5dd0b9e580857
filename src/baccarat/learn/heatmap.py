"""A learner's accuracy laid out as the tableau: the data behind the heatmap of the Banker table.

Rows are the Banker's non-natural totals, columns the Player's third-card values and then "Player
stood"; each cell carries the tableau's action, the learner's right and wrong answers and its
Leitner box. The Player's row and the natural cells come alongside.

>>> from baccarat.learn.progress import CellRecord, Progress
>>> progress = Progress([CellRecord(Cell.banker(6, 7), right=3, wrong=1, box=2)])
>>> table = heatmap(progress)
>>> [row.total for row in table.rows]
[0, 1, 2, 3, 4, 5, 6, 7]
>>> cell = table.rows[6].cells[7]
>>> cell.action.value, cell.accuracy, table.rows[6].stood.accuracy
('draw', Fraction(3, 4), None)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from baccarat.core.tableau import PUNTO_BANCO, Action, Tableau
from baccarat.learn.cells import (
    THIRD_CARD_VALUES,
    Cell,
    cell_action,
    natural_cells,
    non_natural_totals,
    player_cells,
)
from baccarat.learn.progress import Progress

__all__ = ["HeatCell", "HeatRow", "Heatmap", "heatmap"]


@dataclass(frozen=True, slots=True)
class HeatCell:
    """One cell of the heatmap."""

    cell: Cell
    action: Action
    right: int = 0
    wrong: int = 0
    box: int = 0
    due: bool = False
    """Whether the schedule would bring this cell back now."""

    @property
    def answers(self) -> int:
        return self.right + self.wrong

    @property
    def accuracy(self) -> Fraction | None:
        """The share of right answers, None before the first answer."""
        return Fraction(self.right, self.answers) if self.answers else None


@dataclass(frozen=True, slots=True)
class HeatRow:
    """One Banker total: a cell per third-card value, and the cell for "Player stood"."""

    total: int
    cells: tuple[HeatCell, ...]
    stood: HeatCell


@dataclass(frozen=True, slots=True)
class Heatmap:
    """The Banker table, the Player's row and the naturals, with the learner's record."""

    thirds: tuple[int, ...]
    rows: tuple[HeatRow, ...]
    player: tuple[HeatCell, ...]
    naturals: tuple[HeatCell, ...]

    @property
    def right(self) -> int:
        return sum(c.right for c in self.all_cells())

    @property
    def wrong(self) -> int:
        return sum(c.wrong for c in self.all_cells())

    def all_cells(self) -> tuple[HeatCell, ...]:
        """Every cell, Banker rows first."""
        banker = tuple(c for row in self.rows for c in (*row.cells, row.stood))
        return banker + self.player + self.naturals


def heatmap(
    progress: Progress, tableau: Tableau = PUNTO_BANCO, now: float | None = None
) -> Heatmap:
    """Lay ``progress`` out on ``tableau``; with ``now``, mark the cells due for review."""

    def heat(cell: Cell) -> HeatCell:
        record = progress.record(cell)
        action = cell_action(cell, tableau)
        assert action is not None  # only decision cells are laid out here
        due = now is not None and record.is_due(now)
        return HeatCell(cell, action, record.right, record.wrong, record.box, due)

    rows = tuple(
        HeatRow(
            total,
            tuple(heat(Cell.banker(total, v)) for v in THIRD_CARD_VALUES),
            heat(Cell.banker(total, None)),
        )
        for total in non_natural_totals(tableau)
    )
    return Heatmap(
        THIRD_CARD_VALUES,
        rows,
        tuple(heat(c) for c in player_cells(tableau)),
        tuple(heat(c) for c in natural_cells()),
    )
