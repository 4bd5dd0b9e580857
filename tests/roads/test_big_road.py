"""The Big Road: logical columns, ties, pairs, ties before the first result."""

from __future__ import annotations

from baccarat.core.tableau import Side
from baccarat.roads.big_road import BigRoad, BigRoadCell
from baccarat.roads.grid import Position
from baccarat.roads.result import parse_results

B, P = Side.BANKER, Side.PLAYER


def test_a_tie_between_two_results_of_one_side_does_not_break_the_column() -> None:
    # The test is against the current column's side, not the previous coup (a tie).
    road = BigRoad(parse_results("B T B"))
    assert road.columns == ((BigRoadCell(B, 0, ties=1), BigRoadCell(B, 2)),)


def test_a_tie_followed_by_a_change_of_side_starts_a_new_column() -> None:
    road = BigRoad(parse_results("B T P"))
    assert road.columns == ((BigRoadCell(B, 0, ties=1),), (BigRoadCell(P, 2),))


def test_ties_before_the_first_result_go_on_the_first_cell() -> None:
    road = BigRoad(parse_results("T T+bp"))
    assert not road.columns
    assert road.leading_ties == 2
    assert road.leading_pairs == (True, False)
    assert road.side is None
    change = road.add(parse_results("P+pp")[0])
    assert change.cell == Position(0, 0) and change.new_cell
    assert road.columns == ((BigRoadCell(P, 2, ties=2, banker_pair=True, player_pair=True),),)
    assert road.leading_ties == 0
    assert road.leading_pairs == (False, False)


def test_ties_count_up_and_bring_their_pairs() -> None:
    road = BigRoad(parse_results("B P T T+pp T"))
    assert road.columns[-1] == (BigRoadCell(P, 1, ties=3, player_pair=True),)


def test_changes_say_which_cell() -> None:
    road = BigRoad()
    changes = [road.add(r) for r in parse_results("T B B T P")]
    assert [(c.cell, c.placed, c.new_cell) for c in changes] == [
        (None, None, False),
        (Position(0, 0), Position(0, 0), True),
        (Position(0, 1), Position(0, 1), True),
        (Position(0, 1), Position(0, 1), False),
        (Position(1, 0), Position(1, 0), True),
    ]
    assert road.coups == 5
    assert road.cells == 3
    assert road.column_count == 2
    assert road.current_length == 1


def test_lengths_and_next_cell() -> None:
    road = BigRoad(parse_results("B B P P P B T B"))
    assert road.lengths == (2, 3, 2)
    assert road.side is B
    assert road.next_cell(B) == (2, 3)
    assert road.next_cell(P) == (3, 1)
    empty = BigRoad()
    assert empty.next_cell(B) == empty.next_cell(P) == (0, 1)
    assert empty.current_length == 0
