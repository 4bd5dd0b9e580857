"""Plain-data (JSON-ready) forms of rounds, questions and heatmaps, for the CLI and the web API.

>>> import random
>>> from baccarat.learn.quiz import Mode, build_round
>>> from baccarat.learn.text import SOURCE
>>> record = round_record(build_round(Mode.HARD, random.Random(2), size=1), SOURCE)
>>> question = record["situations"][0]["questions"][1]
>>> question["side"], question["cell"], question["answer"], question["reason"]
('banker', 'banker:5:6', 'draw', 'banker_third_card_draws')
>>> question["explanation"]
"Banker has 5; the Player's third card is 6, in 4–7: Banker draws."
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from baccarat.core.tableau import Action
from baccarat.learn.heatmap import HeatCell, Heatmap
from baccarat.learn.quiz import Round
from baccarat.learn.situations import Question, Situation
from baccarat.learn.text import Language, explanation, prompt
from baccarat.records import coup_record

__all__ = ["heatmap_record", "question_record", "round_record", "situation_record"]


def _answer(value: Action | int) -> str | int:
    return value.value if isinstance(value, Action) else value


def question_record(question: Question, lang: Language) -> dict[str, Any]:
    """A question with its answer, the rule (reason code and parameters) and the explanation."""
    step = question.step
    return {
        "side": question.side.value,
        "ask": question.ask.value,
        "cell": question.cell.key,
        "cards": [str(card) for card in question.cards],
        "prompt": prompt(question, lang),
        "answer": _answer(question.expected),
        "reason": step.reason.value,
        "params": step.params(),
        "explanation": explanation(question, lang),
    }


def situation_record(situation: Situation, lang: Language) -> dict[str, Any]:
    """A situation: the coup (its ``baccarat.coup/1`` record, third cards and all; the quiz
    reveals them after the Player's answer) and the questions in order."""
    return {
        "focus": situation.focus.key,
        "coup": coup_record(situation.coup, lang),
        "questions": [question_record(q, lang) for q in situation.questions],
    }


def round_record(round_: Round, lang: Language) -> dict[str, Any]:
    """A whole round, as ``baccarat quiz --json`` prints it."""
    return {
        "mode": round_.mode.value,
        "size": len(round_.situations),
        "time_limit": round_.time_limit,
        "reviews": round_.reviews,
        "situations": [situation_record(s, lang) for s in round_.situations],
    }


def _accuracy(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 4)


def _heat(cell: HeatCell) -> dict[str, Any]:
    return {
        "cell": cell.cell.key,
        "action": cell.action.value,
        "right": cell.right,
        "wrong": cell.wrong,
        "accuracy": _accuracy(cell.accuracy),
        "box": cell.box,
        "due": cell.due,
    }


def heatmap_record(table: Heatmap) -> dict[str, Any]:
    """The heatmap: Banker rows (third-card cells, then "stood"), the Player's row, naturals."""
    return {
        "thirds": list(table.thirds),
        "banker": [
            {"total": row.total, "cells": [_heat(c) for c in row.cells], "stood": _heat(row.stood)}
            for row in table.rows
        ],
        "player": [_heat(c) for c in table.player],
        "naturals": [_heat(c) for c in table.naturals],
        "right": table.right,
        "wrong": table.wrong,
    }
