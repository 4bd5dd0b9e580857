"""A learner's session: rounds with reviews, answers recorded, a clock moved by hand."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from baccarat.core.tableau import Action
from baccarat.learn.cells import Cell
from baccarat.learn.errors import LearnError
from baccarat.learn.quiz import Mode
from baccarat.learn.session import QuizSession
from baccarat.learn.situations import Ask, Question
from baccarat.learn.store import JsonFileStore, MemoryStore


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def wrong_answer(question: Question) -> Action | int:
    if question.ask is Ask.TOTAL:
        return (question.step.total + 1) % 10
    return Action.STAND if question.expected is Action.DRAW else Action.DRAW


def test_missed_cells_come_back_in_the_next_round_and_leave_once_known() -> None:
    clock = Clock()
    session = QuizSession(MemoryStore(), "ana", clock=clock, rng=random.Random(7))
    first = session.new_round(Mode.HARD)
    missed: set[Cell] = set()
    for situation in first.situations:
        player, banker = situation.questions
        session.answer(first, player, player.expected)
        if len(missed) < 3:
            session.answer(first, banker, wrong_answer(banker))
            missed.add(banker.cell)
        else:
            session.answer(first, banker, banker.expected)
    clock.now += 30
    second = session.new_round(Mode.HARD)
    assert second.reviews == 3
    assert missed <= {s.focus for s in second.situations}
    for situation in second.situations:
        for question in situation.questions:
            session.answer(second, question, question.expected)
    clock.now += 30  # known now, and not due for ten minutes
    third = session.new_round(Mode.HARD)
    assert third.reviews == 0
    clock.now += 601
    assert session.new_round(Mode.HARD).reviews == 6  # everything answered right is due again


def test_answers_are_recorded_per_cell_and_shown_on_the_heatmap() -> None:
    clock = Clock()
    session = QuizSession(MemoryStore(), "ana", clock=clock, rng=random.Random(1))
    round_ = session.new_round(Mode.NORMAL)
    for question in round_.questions:
        session.answer(round_, question, question.expected)
    cells = [q.cell for q in round_.questions]
    progress = session.progress
    assert progress.right == len(cells) and progress.wrong == 0
    assert set(cells) == set(progress)
    shown = session.heatmap()
    assert shown.right == progress.right


def test_the_timed_mode_times_each_answer_with_the_session_clock() -> None:
    clock = Clock()
    session = QuizSession(MemoryStore(), "ana", clock=clock, rng=random.Random(2))
    round_ = session.new_round(Mode.TIMED)
    question = round_.questions[0]
    asked = clock()
    clock.now += 3.0
    assert session.answer(round_, question, question.expected, asked_at=asked).right
    asked = clock()
    clock.now += 8.5
    late = session.answer(round_, round_.questions[1], round_.questions[1].expected, asked_at=asked)
    assert late.late and not late.right and late.elapsed == 8.5
    assert session.progress[round_.questions[1].cell].wrong == 1


def test_progress_survives_in_a_json_file(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "quiz.json"
    session = QuizSession(JsonFileStore(path), "ana", clock=clock, rng=random.Random(3))
    round_ = session.new_round(Mode.NORMAL, size=2)
    question = round_.questions[1]
    session.answer(round_, question, wrong_answer(question))
    again = QuizSession(JsonFileStore(path), "ana", clock=clock, rng=random.Random(4))
    assert again.progress[question.cell].wrong == 1
    assert question.cell in {s.focus for s in again.new_round(Mode.NORMAL).situations}


def test_a_question_from_another_round_is_refused() -> None:
    session = QuizSession(MemoryStore(), "ana", clock=Clock(), rng=random.Random(5))
    round_ = session.new_round(Mode.NORMAL)
    other = session.new_round(Mode.TOTALS)
    with pytest.raises(LearnError, match="not part of this round"):
        session.answer(round_, other.questions[0], 3)


def test_a_learner_needs_a_name() -> None:
    with pytest.raises(LearnError, match="learner"):
        QuizSession(MemoryStore(), " ")
