"""Rounds: size, modes, review of due cells, grading and the time limit."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.tableau import Action, Side
from baccarat.learn.cells import Cell, CellKind, hard_cells, natural_cells
from baccarat.learn.errors import LearnError
from baccarat.learn.progress import CellRecord, Progress
from baccarat.learn.quiz import (
    DEFAULT_TIME_LIMIT,
    Mode,
    build_round,
    focus_cells,
    grade,
    review_cells,
)
from baccarat.learn.situations import Ask


def test_a_round_is_twelve_situations_by_default_with_the_player_asked_first() -> None:
    round_ = build_round(Mode.NORMAL, random.Random(0))
    assert len(round_.situations) == 12
    assert len(round_.questions) == 24
    assert [q.side for q in round_.questions[:2]] == [Side.PLAYER, Side.BANKER]
    assert round_.time_limit is None and round_.reviews == 0


@given(st.sampled_from(list(Mode)), st.integers(1, 40), st.integers(0, 2**32))
def test_fresh_cells_come_from_the_mode_and_do_not_repeat_while_there_are_others(
    mode: Mode, size: int, seed: int
) -> None:
    round_ = build_round(mode, random.Random(seed), size=size)
    focus = [s.focus for s in round_.situations]
    assert len(focus) == size
    assert set(focus) <= set(focus_cells(mode))
    pool = len(focus_cells(mode))
    assert len(set(focus)) == min(size, pool)


def test_hard_mode_asks_only_banker_3_to_6_against_a_third_card() -> None:
    round_ = build_round(Mode.HARD, random.Random(3), size=40)
    assert {s.focus for s in round_.situations} == set(hard_cells())
    for situation in round_.situations:
        banker = situation.questions[1]
        assert banker.cell.kind is CellKind.BANKER_THIRD and 3 <= banker.cell.total <= 6
        assert situation.player_third is not None


def test_naturals_mode_mixes_naturals_with_hands_that_stand_without_one() -> None:
    round_ = build_round(Mode.NATURALS, random.Random(4), size=18)
    kinds = {s.focus.kind for s in round_.situations}
    assert kinds == {CellKind.NATURAL, CellKind.BANKER_STOOD}


def test_totals_mode_asks_totals() -> None:
    round_ = build_round(Mode.TOTALS, random.Random(5))
    assert all(q.ask is Ask.TOTAL for q in round_.questions)


def test_the_same_seed_gives_the_same_round() -> None:
    first = build_round(Mode.NORMAL, random.Random(42))
    again = build_round(Mode.NORMAL, random.Random(42))
    assert first == again
    assert first != build_round(Mode.NORMAL, random.Random(43))


def test_due_cells_come_back_lowest_box_first_up_to_half_the_round() -> None:
    wrong = [Cell.banker(t, v) for t in (3, 4, 5, 6) for v in (8, 9)]  # 8 cells in box 1
    later = Cell.banker(6, 6)
    progress = Progress(
        [CellRecord(c, wrong=1, box=1, due=100.0) for c in wrong]
        + [CellRecord(later, right=1, box=2, due=5_000.0)]
    )
    round_ = build_round(Mode.HARD, random.Random(1), progress=progress, now=200.0)
    focus = [s.focus for s in round_.situations]
    assert round_.reviews == 6
    assert sum(cell in wrong for cell in focus) >= 6
    # Not yet due: it comes back only as a fresh pick, if at all.
    later_round = build_round(Mode.HARD, random.Random(1), progress=progress, now=6_000.0)
    assert later_round.reviews == 6


def test_reviews_respect_the_mode() -> None:
    progress = Progress([CellRecord(Cell(CellKind.TOTAL, 15), wrong=1, box=1),
                         CellRecord(Cell(CellKind.PLAYER, 5), wrong=1, box=1)])  # fmt: skip
    hard = build_round(Mode.HARD, random.Random(2), progress=progress, now=1.0)
    assert hard.reviews == 0
    normal = build_round(Mode.NORMAL, random.Random(2), progress=progress, now=1.0)
    assert normal.reviews == 1
    assert Cell(CellKind.PLAYER, 5) in {s.focus for s in normal.situations}
    assert Cell(CellKind.PLAYER, 5) in review_cells(Mode.NORMAL)
    assert set(natural_cells()) <= review_cells(Mode.NATURALS)


def test_the_timed_mode_has_a_time_limit_and_late_answers_are_wrong() -> None:
    round_ = build_round(Mode.TIMED, random.Random(6))
    assert round_.time_limit == DEFAULT_TIME_LIMIT
    question = round_.questions[0]
    on_time = grade(question, question.expected, elapsed=2.0, time_limit=round_.time_limit)
    late = grade(question, question.expected, elapsed=9.5, time_limit=round_.time_limit)
    assert on_time.right and not on_time.late
    assert late.late and not late.right
    assert build_round(Mode.NORMAL, random.Random(6), time_limit=3.5).time_limit == 3.5


@pytest.mark.parametrize("size", [0, -1, 201, True])
def test_bad_round_sizes_are_refused(size: int) -> None:
    with pytest.raises(LearnError, match="a round has"):
        build_round(Mode.NORMAL, random.Random(0), size=size)


@pytest.mark.parametrize("limit", [0.0, -2.0])
def test_bad_time_limits_are_refused(limit: float) -> None:
    with pytest.raises(LearnError, match="time limit"):
        build_round(Mode.TIMED, random.Random(0), time_limit=limit)


def test_grading_takes_only_the_right_kind_of_answer() -> None:
    question = build_round(Mode.NORMAL, random.Random(8)).questions[1]
    wrong = Action.STAND if question.expected is Action.DRAW else Action.DRAW
    assert grade(question, question.expected).right
    assert not grade(question, wrong).right
    assert not grade(question, None).right
