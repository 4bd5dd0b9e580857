"""Why a derived mark is red or blue: every mark's reason agrees with the road it explains."""

from __future__ import annotations

from hypothesis import given

from baccarat.roads import Roads
from baccarat.roads.derived import Colour, DerivedRoad
from baccarat.roads.result import RoadResult
from baccarat.roads.why import Case, mark_reasons

from .strategies import sequences


@given(sequences)
def test_one_reason_per_mark_with_its_colour(results: list[RoadResult]) -> None:
    roads = Roads(results)
    lengths = roads.big_road.lengths
    for road in DerivedRoad:
        reasons = mark_reasons(lengths, road)
        assert [r.colour for r in reasons] == list(roads.derived(road).marks)
        for reason in reasons:
            assert reason.lengths == tuple(lengths[c] for c in reason.compared)
            if reason.depth == 1:
                first, second = reason.lengths
                assert reason.compared == (reason.column - 1, reason.column - 1 - road.offset)
                assert (reason.case is Case.SAME_LENGTH) == (first == second)
            else:
                (length,) = reason.lengths
                assert reason.compared == (reason.column - road.offset,)
                expected = (
                    Case.BELOW
                    if reason.depth == length + 1
                    else Case.LEVEL
                    if reason.depth <= length
                    else Case.DROP
                )
                assert reason.case is expected
            assert (reason.colour is Colour.BLUE) == (
                reason.case in (Case.OTHER_LENGTH, Case.BELOW)
            )


def test_the_straight_drop_and_the_first_marks_of_each_road() -> None:
    roads = Roads.from_tokens("B P P P P B B P")
    lengths = roads.big_road.lengths
    assert lengths == (1, 4, 2, 1)
    beb = mark_reasons(lengths, DerivedRoad.BIG_EYE_BOY)
    assert [(r.column, r.depth, r.case) for r in beb] == [
        (1, 2, Case.BELOW),
        (1, 3, Case.DROP),
        (1, 4, Case.DROP),
        (2, 1, Case.OTHER_LENGTH),  # columns 1 and 0: 4 against 1
        (2, 2, Case.LEVEL),  # column 1 reaches depth 2
        (3, 1, Case.OTHER_LENGTH),  # columns 2 and 1: 2 against 4
    ]
    small = mark_reasons(lengths, DerivedRoad.SMALL_ROAD)
    assert [(r.column, r.depth, r.compared) for r in small] == [(2, 2, (0,)), (3, 1, (2, 0))]
    assert mark_reasons(lengths, DerivedRoad.COCKROACH_PIG) == ()


@given(sequences)
def test_the_pair_is_the_two_columns_a_mark_sets_side_by_side(results: list[RoadResult]) -> None:
    lengths = Roads(results).big_road.lengths
    for road in DerivedRoad:
        for reason in mark_reasons(lengths, road):
            left, right = reason.pair
            assert left < right <= reason.column
            # Always the columns compared, and down a column the cell's own beside them.
            assert set(reason.compared) <= {left, right}
            assert right - left == road.offset
            if reason.depth > 1:
                assert right == reason.column
            else:
                assert right == reason.column - 1


def test_the_pairs_of_the_first_cockroach_pig_marks() -> None:
    lengths = Roads.from_tokens("B B P P P B P B B B T B P P T T B P").big_road.lengths
    assert lengths == (2, 3, 1, 1, 4, 2, 1, 1)
    pig = mark_reasons(lengths, DerivedRoad.COCKROACH_PIG)
    assert [(r.column, r.depth, r.pair) for r in pig][:5] == [
        (4, 1, (0, 3)),  # columns 3 and 0: 1 against 2, blue
        (4, 2, (1, 4)),  # down column 4, against column 1 (3 long)
        (4, 3, (1, 4)),
        (4, 4, (1, 4)),  # just below the end of column 1
        (5, 1, (1, 4)),  # columns 4 and 1: 4 against 3
    ]
