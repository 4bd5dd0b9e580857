"""The heatmap: the learner's record laid out as the tableau."""

from __future__ import annotations

from fractions import Fraction

from baccarat.core.tableau import PUNTO_BANCO, Action
from baccarat.learn.cells import Cell, CellKind
from baccarat.learn.heatmap import heatmap
from baccarat.learn.progress import CellRecord, Progress


def test_the_layout_is_the_banker_table_with_its_actions() -> None:
    table = heatmap(Progress())
    assert table.thirds == tuple(range(10))
    assert [row.total for row in table.rows] == list(range(8))
    for row in table.rows:
        assert [c.action for c in row.cells] == list(PUNTO_BANCO.banker[row.total])
        assert row.stood.action is PUNTO_BANCO.banker_player_stood[row.total]
        assert row.stood.cell == Cell.banker(row.total, None)
    assert [c.action for c in table.player] == [Action.DRAW] * 6 + [Action.STAND] * 2
    assert all(c.action is Action.STAND for c in table.naturals)
    assert len(table.all_cells()) == 88 + 8 + 10
    assert all(c.accuracy is None for c in table.all_cells())


def test_records_land_in_their_cells_and_due_cells_are_marked() -> None:
    progress = Progress([
        CellRecord(Cell.banker(3, 8), right=1, wrong=2, box=1, due=10.0),
        CellRecord(Cell(CellKind.PLAYER, 5), right=4, box=3, due=1e9),
        CellRecord(Cell(CellKind.NATURAL, 9), right=1, box=2, due=20.0),
        CellRecord(Cell(CellKind.TOTAL, 15), wrong=5, box=1),  # not part of the tableau
    ])  # fmt: skip
    table = heatmap(progress, now=15.0)
    cell = table.rows[3].cells[8]
    assert (cell.right, cell.wrong, cell.box, cell.due) == (1, 2, 1, True)
    assert cell.accuracy == Fraction(1, 3)
    assert table.player[5].accuracy == 1 and not table.player[5].due
    assert table.naturals[9].right == 1 and not table.naturals[9].due
    assert (table.right, table.wrong) == (6, 2)
    assert not heatmap(progress).rows[3].cells[8].due  # without a clock nothing is marked
