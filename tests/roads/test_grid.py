"""Placement on the six-row grid: columns, dragon tails, new columns after a tail."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.roads.grid import ROWS, ColumnRoad, Placement, Position
from baccarat.roads.result import RoadError


def place_columns(lengths: list[int], rows: int = ROWS) -> Placement:
    grid = Placement(rows)
    for length in lengths:
        for i in range(length):
            grid.place(new_column=i == 0)
    return grid


def test_a_column_goes_down_then_turns_right_at_the_bottom() -> None:
    grid = place_columns([9])
    assert grid.columns == (
        tuple(Position(0, r) for r in range(6)) + tuple(Position(c, 5) for c in (1, 2, 3)),
    )
    assert grid.width == 4
    assert len(grid) == 9
    assert grid.last == Position(3, 5)


def test_a_new_column_starts_right_of_the_previous_first_cell() -> None:
    grid = place_columns([2, 1, 3])
    assert [column[0] for column in grid.columns] == [
        Position(0, 0),
        Position(1, 0),
        Position(2, 0),
    ]


def test_a_column_turns_early_when_blocked_by_an_earlier_tail() -> None:
    # 9 Banker then 8 Player: the Player column meets the Banker tail on row 5 and turns on row 4.
    grid = place_columns([9, 8, 1])
    assert grid.columns[1] == (
        *(Position(1, r) for r in range(5)),
        Position(2, 4),
        Position(3, 4),
        Position(4, 4),
    )
    # The next column starts on the top row right of the Player column's first cell,
    # above both tails.
    assert grid.columns[2] == (Position(2, 0),)


def test_a_new_column_skips_a_tail_lying_on_the_top_row() -> None:
    # With 2 rows: 5 cells tail along row 1; the next column, blocked below, tails along row 0;
    # the third column cannot start at column 2, 3 or 4 (the top-row tail) and starts at 5.
    grid = place_columns([5, 4, 1], rows=2)
    assert grid.columns == (
        (Position(0, 0), Position(0, 1), Position(1, 1), Position(2, 1), Position(3, 1)),
        (Position(1, 0), Position(2, 0), Position(3, 0), Position(4, 0)),
        (Position(5, 0),),
    )


def test_six_nested_tails_then_a_skip() -> None:
    # Each column tails one row above the previous one's tail; the sixth tails on the top row.
    grid = place_columns([40, 38, 36, 34, 32, 30, 1])
    tails = [column[-1].row for column in grid.columns[:6]]
    assert tails == [5, 4, 3, 2, 1, 0]
    top_row_end = grid.columns[5][-1].column
    assert grid.columns[6] == (Position(top_row_end + 1, 0),)
    assert len(set(grid.positions)) == len(grid.positions)


def test_the_first_cell_always_starts_a_column() -> None:
    grid = Placement()
    assert grid.place(new_column=False) == Position(0, 0)
    assert grid.last == Position(0, 0)
    assert Placement().last is None
    assert Placement().width == 0


@pytest.mark.parametrize("rows", [0, -1, True, 2.5])
def test_rows_must_be_a_positive_whole_number(rows: object) -> None:
    with pytest.raises(RoadError, match="row"):
        Placement(rows)  # type: ignore[arg-type]


@given(st.lists(st.integers(1, 40), max_size=30), st.integers(1, 6))
def test_cells_stay_on_the_grid_and_never_overlap(lengths: list[int], rows: int) -> None:
    grid = place_columns(lengths, rows)
    positions = grid.positions
    assert len(positions) == sum(lengths) == len(grid)
    assert len(set(positions)) == len(positions)
    assert all(0 <= p.row < rows and 0 <= p.column < grid.width for p in positions)
    assert [len(column) for column in grid.columns] == lengths
    taken: set[Position] = set()
    previous_start = -1
    for column in grid.columns:
        # A column starts on the top row at the first free place right of the previous start.
        start = previous_start + 1
        while Position(start, 0) in taken:
            start += 1
        assert column[0] == Position(start, 0)
        previous_start = start
        # Then it goes down while it can; once it has turned right it keeps going right.
        turned = False
        for a, b in itertools.pairwise(column):
            below = Position(a.column, a.row + 1)
            can_go_down = not turned and below.row < rows and below not in taken
            assert b == (below if can_go_down else Position(a.column + 1, a.row))
            turned = turned or not can_go_down
            taken.add(a)
        taken.add(column[-1])


@given(st.lists(st.integers(1, 9), max_size=12), st.integers(1, 6))
def test_a_column_road_keeps_its_items_as_the_placement_places_them(
    lengths: list[int], rows: int
) -> None:
    road = ColumnRoad[int](rows)
    placed = [
        road._put(n, new_column=i == 0) for n, length in enumerate(lengths) for i in range(length)
    ]
    grid = place_columns(lengths, rows)
    assert road.columns == tuple((n,) * length for n, length in enumerate(lengths))
    assert road.placed == grid.columns
    assert placed == list(grid.positions)
    assert road.width == grid.width


def test_a_column_road_starts_its_first_column_whatever_it_is_told() -> None:
    road = ColumnRoad[str]()
    assert road._put("a", new_column=False) == Position(0, 0)
    assert road.columns == (("a",),)
