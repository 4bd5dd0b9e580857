"""The Bead Plate: every coup, six to a column."""

from __future__ import annotations

import pytest

from baccarat.roads.bead_plate import BeadPlate
from baccarat.roads.grid import Position
from baccarat.roads.result import RoadError, parse_results


def test_columns_of_six_ties_included() -> None:
    results = parse_results("B P T T B P B+bp T P+pp")
    plate = BeadPlate(results)
    assert plate.columns == (results[:6], results[6:])
    assert plate.width == 2
    assert len(plate) == 9
    assert [plate.position(i) for i in (0, 5, 6, 8)] == [
        Position(0, 0),
        Position(0, 5),
        Position(1, 0),
        Position(1, 2),
    ]


def test_add_returns_the_cell() -> None:
    plate = BeadPlate()
    assert [plate.add(r) for r in parse_results("T " * 7)][-2:] == [Position(0, 5), Position(1, 0)]
    assert BeadPlate().columns == ()
    assert BeadPlate().width == 0


def test_rows_are_checked() -> None:
    with pytest.raises(RoadError, match="0"):
        BeadPlate(rows=0)
