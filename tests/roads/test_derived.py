"""The derived-road rule and the layout of a derived road's marks."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from baccarat.roads.derived import Colour, ColourRoad, DerivedRoad, derived_colour
from baccarat.roads.grid import Position

RED, BLUE = Colour.RED, Colour.BLUE


def test_offsets_and_titles() -> None:
    assert [road.offset for road in DerivedRoad] == [1, 2, 3]
    assert [road.title for road in DerivedRoad] == ["Big Eye Boy", "Small Road", "Cockroach Pig"]


def test_straight_drop() -> None:
    # B P P P P: column 1 grows to 4 beside a column of 1.
    marks = [derived_colour([1, 4], 1, depth, 1) for depth in (2, 3, 4)]
    assert marks == [BLUE, RED, RED]


def test_first_cell_of_a_column_compares_two_earlier_lengths() -> None:
    assert derived_colour([2, 2], 2, 1, 1) is RED
    assert derived_colour([2, 3], 2, 1, 1) is BLUE
    assert derived_colour([2, 5, 2], 3, 1, 2) is RED  # columns 2 and 0
    assert derived_colour([2, 5, 3], 3, 1, 2) is BLUE
    assert derived_colour([4, 9, 9, 4], 4, 1, 3) is RED  # columns 3 and 0
    assert derived_colour([2], 1, 1, 1) is None  # column -1 does not exist
    assert derived_colour([2, 2], 2, 1, 2) is None
    assert derived_colour([2, 2, 2], 3, 1, 3) is None


def test_later_cells_look_at_one_column() -> None:
    # Column n-k of length 3: rows 2 and 3 level with it (red), row 4 one past its end (blue),
    # rows 5 on a straight drop (red).
    assert [derived_colour([3, 9], 1, m, 1) for m in (2, 3, 4, 5, 6)] == [RED, RED, BLUE, RED, RED]
    assert derived_colour([3], 0, 2, 1) is None
    assert derived_colour([3, 3], 1, 2, 2) is None
    assert derived_colour([1, 3, 3], 2, 2, 2) is BLUE


@given(st.lists(st.integers(1, 9), min_size=1, max_size=8), st.integers(1, 3))
def test_only_earlier_columns_are_read(lengths: list[int], offset: int) -> None:
    # The cell being placed (the last column) may be absent or of any length: same answer.
    n = len(lengths) - 1
    for depth in (1, 2, 5):
        expected = derived_colour(lengths, n, depth, offset)
        assert derived_colour([*lengths[:-1], 99], n, depth, offset) == expected
        assert derived_colour(lengths[:-1], n, depth, offset) == expected


def test_colour_road_columns_and_counts() -> None:
    road = ColourRoad(DerivedRoad.BIG_EYE_BOY)
    marks = [RED] * 7 + [BLUE, BLUE, RED]
    placed = [road.add(mark) for mark in marks]
    assert road.marks == tuple(marks)
    assert road.columns == ((RED,) * 7, (BLUE, BLUE), (RED,))
    assert placed[:7] == [*(Position(0, r) for r in range(6)), Position(1, 5)]
    assert placed[7:] == [Position(1, 0), Position(1, 1), Position(2, 0)]
    assert road.placed == (tuple(placed[:7]), tuple(placed[7:9]), (placed[9],))
    assert (road.red, road.blue, len(road), road.width) == (8, 2, 10, 3)
