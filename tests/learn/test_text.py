"""The quiz's words: prompts, typed answers, verdicts and explanations (in the source language)."""

from __future__ import annotations

import random

import pytest

from baccarat.core.explain import explain
from baccarat.core.tableau import Action
from baccarat.learn.cells import Cell, CellKind, banker_cells
from baccarat.learn.errors import LearnError
from baccarat.learn.quiz import Mode, grade
from baccarat.learn.situations import realize
from baccarat.learn.text import (
    SOURCE,
    explanation,
    key_for,
    mode_description,
    mode_name,
    parse_answer,
    prompt,
    verdict,
)


def test_decision_explanations_are_the_engine_sentences() -> None:
    rng = random.Random(0)
    for cell in banker_cells():
        for question in realize(cell, rng).questions:
            assert explanation(question, SOURCE) == explain(question.step)


@pytest.mark.parametrize(
    ("points", "sentence"),
    [(15, "= 15; only the last digit counts: the total is 5."), (7, "= 7: the total is 7."),
     (10, "= 10; only the last digit counts: the total is 0.")],
)  # fmt: skip
def test_totals_are_explained_by_adding_the_values(points: int, sentence: str) -> None:
    situation = realize(Cell(CellKind.TOTAL, points), random.Random(points))
    question = next(q for q in situation.questions if q.cell.total == points)
    text = explanation(question, SOURCE)
    assert text.endswith(sentence)
    assert text.startswith(" ".join(str(c) for c in question.cards) + ": ")
    assert prompt(question, SOURCE).endswith(": what is the total of these two cards?")


def test_typed_answers() -> None:
    question = realize(Cell.banker(6, 7), random.Random(1)).questions[1]
    assert prompt(question, SOURCE) == "Banker: draw or stand?"
    for text, action in [("d", Action.DRAW), (" D ", Action.DRAW), ("draw", Action.DRAW),
                         ("s", Action.STAND), ("Stand", Action.STAND)]:  # fmt: skip
        assert parse_answer(text, question, SOURCE) is action
    for bad in ("", "x", "3", "drawn"):
        with pytest.raises(LearnError, match=r"expected d \(draw\) / s \(stand\), got"):
            parse_answer(bad, question, SOURCE)
    total = realize(Cell(CellKind.TOTAL, 12), random.Random(1)).questions[0]
    assert parse_answer(" 2 ", total, SOURCE) == 2
    with pytest.raises(LearnError, match="a total from 0 to 9, got '12'"):
        parse_answer("12", total, SOURCE)
    assert (key_for(Action.DRAW, SOURCE), key_for(Action.STAND, SOURCE)) == ("d", "s")


def test_verdicts() -> None:
    question = realize(Cell.banker(3, 8), random.Random(2)).questions[1]
    assert verdict(grade(question, Action.STAND), SOURCE) == "Right: stand."
    assert verdict(grade(question, Action.DRAW), SOURCE) == "Wrong: the answer is stand."
    late = grade(question, Action.STAND, elapsed=9.25, time_limit=8.0)
    assert verdict(late, SOURCE) == "Too late (9.2 s; the limit is 8 s): the answer is stand."
    assert "9,25" in verdict(late, SOURCE, number=lambda s: f"{s:.2f}".replace(".", ","))


def test_every_mode_has_a_name_and_a_description() -> None:
    for mode in Mode:
        assert mode_name(mode, SOURCE) and mode_description(mode, SOURCE).endswith(".")
