"""Per-cell records and the Leitner schedule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.learn.cells import Cell
from baccarat.learn.errors import LearnError
from baccarat.learn.progress import DEFAULT_INTERVALS, CellRecord, Leitner, Progress

CELL = Cell.banker(5, 4)


def test_a_wrong_answer_sends_the_cell_to_box_one_due_at_once() -> None:
    record = Leitner().after(CellRecord(CELL, right=4, box=5, due=1e9), right=False, now=50.0)
    assert (record.box, record.due, record.seen, record.right, record.wrong) == (
        1,
        50.0,
        50.0,
        4,
        1,
    )
    assert record.is_due(50.0)


def test_right_answers_climb_the_boxes_and_wait_longer_each_time() -> None:
    schedule, record, now = Leitner(), CellRecord(CELL), 0.0
    waits = []
    for _ in range(6):
        record = schedule.after(record, right=True, now=now)
        waits.append(record.due - now)
        now = record.due
    assert waits == [600.0, 86_400.0, 3 * 86_400.0, 7 * 86_400.0, 7 * 86_400.0, 7 * 86_400.0]
    assert record.box == 5 and record.right == 6


@given(st.lists(st.booleans(), max_size=30), st.floats(0, 1e9))
def test_the_schedule_keeps_its_invariants(answers: list[bool], start: float) -> None:
    schedule, record, now = Leitner(), CellRecord(CELL), start
    for right in answers:
        record = schedule.after(record, right=right, now=now)
        assert 1 <= record.box <= schedule.boxes
        assert record.due == now + DEFAULT_INTERVALS[record.box - 1]
        assert record.due >= now and record.seen == now
        assert (record.box == 1) == (not right)
        now += 1.0
    assert (record.right, record.wrong) == (sum(answers), len(answers) - sum(answers))


def test_a_cell_never_answered_is_never_due() -> None:
    assert not CellRecord(CELL).is_due(1e12)
    assert Progress().record(CELL) == CellRecord(CELL)


@pytest.mark.parametrize("intervals", [(), (10.0, 5.0), (-1.0, 5.0)])
def test_bad_intervals_are_refused(intervals: tuple[float, ...]) -> None:
    with pytest.raises(LearnError):
        Leitner(intervals)


@pytest.mark.parametrize("field", ["right", "wrong", "box"])
def test_negative_counts_are_refused(field: str) -> None:
    with pytest.raises(LearnError, match=field):
        CellRecord(CELL, **{field: -1})


def test_progress_is_a_mapping_and_changes_only_by_copy() -> None:
    first = Progress([CellRecord(CELL, wrong=1, box=1)])
    second = first.with_record(CellRecord(CELL, wrong=1, right=1, box=2))
    assert first[CELL].box == 1 and second[CELL].box == 2
    assert first != second and first == Progress([CellRecord(CELL, wrong=1, box=1)])
    assert (second.right, second.wrong) == (1, 1)
    with pytest.raises(LearnError, match="two records"):
        Progress([CellRecord(CELL), CellRecord(CELL)])
