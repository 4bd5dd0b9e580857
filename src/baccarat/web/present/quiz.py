"""The quiz in the browser as data: the heatmap of the Banker table, the modes, a round's question
and the verdict on the answer before it, in the page's language.

The rule itself is never shown beside a question: the heatmap says how often each cell was
answered right, and the verdict explains the rule once the answer is in.

>>> from baccarat.learn.quiz import Mode, Round
>>> from baccarat.learn.situations import Situation
>>> from baccarat.learn.cells import Cell
>>> from baccarat.core.coup import Coup
>>> from baccarat.core.cards import parse_cards
>>> coup = Coup.from_cards(parse_cards("2c 4h 3d Kc 3s 5d"))
>>> round_ = Round(Mode.NORMAL, (Situation.from_coup(coup, Cell.parse("player:5")),), None)
>>> shown = round_view(round_, 0, "")
>>> shown["question"]["hands"][0]["total"], [a["value"] for a in shown["question"]["answers"]]
(5, ['draw', 'stand'])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from babel.numbers import format_decimal

from baccarat.core.cards import Card
from baccarat.core.tableau import Action, Reason, Side
from baccarat.learn.cells import Cell, CellKind
from baccarat.learn.heatmap import HeatCell, Heatmap
from baccarat.learn.quiz import Grade, Mode, Round
from baccarat.learn.situations import Ask, Situation
from baccarat.learn.text import explanation, mode_description, mode_name, prompt, verdict
from baccarat.web.i18n import _, current, format_fraction_percent
from baccarat.web.present.coup import card_data

__all__ = ["heatmap_data", "modes", "round_view", "verdict_view"]


def _heat_class(cell: HeatCell) -> str:
    if cell.accuracy is None:
        return "heat-none"
    if cell.accuracy >= Fraction(4, 5):
        return "heat-good"
    return "heat-fair" if cell.accuracy >= Fraction(1, 2) else "heat-poor"


def _cell_name(cell: Cell) -> str:
    if cell.kind is CellKind.BANKER_THIRD:
        return _("Banker {total}, Player's third card {value}").format(
            total=cell.total, value=cell.player_third
        )
    if cell.kind is CellKind.BANKER_STOOD:
        return _("Banker {total}, the Player stood").format(total=cell.total)
    if cell.kind is CellKind.PLAYER:
        return _("Player {total}").format(total=cell.total)
    return _("{total} with a natural on the table").format(total=cell.total)


def _heat(cell: HeatCell, highlight: set[str]) -> dict[str, Any]:
    # The rule itself is never shown here: the heatmap sits beside the questions.
    if cell.accuracy is None:
        record = _("not answered yet")
        shown = "–"
    else:
        shown = format_fraction_percent(cell.accuracy, 0)
        record = _("{right} of {answers} right").format(right=cell.right, answers=cell.answers)
    label = f"{_cell_name(cell.cell)}: {record}"
    if cell.due:
        label += "; " + _("due for review")
    return {
        "id": cell.cell.key.replace(":", "-"),
        "key": cell.cell.key,
        "css": _heat_class(cell)
        + (" heat-due" if cell.due else "")
        + (" heat-last" if cell.cell.key in highlight else ""),
        "action": cell.action.value,
        "shown": shown,
        "label": label,
        "right": cell.right,
        "wrong": cell.wrong,
    }


def heatmap_data(table: Heatmap, highlight: set[str] | None = None) -> dict[str, Any]:
    """The heatmap as rows of cells for the template (ids ``heat-banker-4-6`` …)."""
    marked = highlight or set()
    return {
        "thirds": list(table.thirds),
        "rows": [
            {
                "total": row.total,
                "cells": [_heat(c, marked) for c in row.cells],
                "stood": _heat(row.stood, marked),
            }
            for row in table.rows
        ],
        "player": [{"total": c.cell.total, **_heat(c, marked)} for c in table.player],
        "naturals": [{"total": c.cell.total, **_heat(c, marked)} for c in table.naturals],
        "right": table.right,
        "wrong": table.wrong,
    }


def modes() -> list[dict[str, str]]:
    """The quiz's modes to choose from, each named and described.

    >>> [m["value"] for m in modes()][:2]
    ['normal', 'timed']
    """
    t = current()
    return [
        {"value": m.value, "name": mode_name(m, t), "description": mode_description(m, t)}
        for m in Mode
    ]


def _hand(situation: Situation, side: Side, reveal_third: bool, totals: bool) -> dict[str, Any]:
    hand = situation.coup.hand(side)
    cards: list[Card] = list(hand.cards[:2])
    if reveal_third and side is Side.PLAYER and hand.third_card is not None:
        cards.append(hand.third_card)
    return {
        "side": side.value,
        "title": current().side_names[side],
        "cards": [card_data(c) for c in cards],
        "total": None if totals else hand.two_card_total,
    }


def _card(card: Card) -> str:
    return str(card_data(card)["label"])


def _question_view(round_: Round, index: int) -> dict[str, Any]:
    question = round_.questions[index]
    situation = next(s for s in round_.situations if question in s.questions)
    totals = question.ask is Ask.TOTAL
    t = current()
    # The Player's third card is shown once the Player's question has been answered.
    reveal = question.side is Side.BANKER and not totals
    third = situation.player_third
    return {
        "index": index,
        "number": round_.situations.index(situation) + 1,
        "prompt": prompt(question, t),
        "side": question.side.value,
        "ask": question.ask.value,
        "hands": [_hand(situation, s, reveal, totals) for s in (Side.PLAYER, Side.BANKER)],
        "third": (
            _("{side} draws {card}.").format(side=t.side_names[Side.PLAYER], card=_card(third))
            if reveal and third is not None
            else None
        ),
        "stood": (
            _("{side} stands.").format(side=t.side_names[Side.PLAYER])
            if reveal and situation.coup.steps[0].reason is Reason.PLAYER_STANDS
            else None
        ),
        "answers": (
            [{"value": str(v), "label": str(v)} for v in range(10)]
            if totals
            else [
                {"value": a.value, "label": t.action_names[a]} for a in (Action.DRAW, Action.STAND)
            ]
        ),
    }


def _given_text(answer: Action | int | None) -> str:
    """What the learner answered, in words (or that no answer came)."""
    if answer is None:
        return _("No answer.")
    shown = str(answer) if isinstance(answer, int) else current().action_names[answer]
    return _("Your answer: {answer}").format(answer=shown)


def _seconds(value: float) -> str:
    return str(format_decimal(round(value, 1), format="0.#", locale=current().locale))


def verdict_view(round_: Round, index: int, result: Grade) -> dict[str, Any]:
    """The verdict on the answer to question ``index`` of the round, beside the situation
    judged (the next question is another situation)."""
    t = current()
    return {
        "right": result.right,
        "verdict": verdict(result, t, _seconds),
        "explanation": explanation(result.question, t),
        "cell": result.question.cell.key,
        "situation": _question_view(round_, index),
        "given": _given_text(result.answer),
    }


def round_view(round_: Round, index: int, results: str) -> dict[str, Any]:
    """A round at question ``index`` (its score once ``index`` is past the last), ``results``
    holding a letter for each answer so far (``r`` right, ``w`` wrong, ``l`` late)."""
    questions = round_.questions
    done = index == len(questions)
    right = results.count("r")
    return {
        "mode": mode_name(round_.mode, current()),
        "mode_value": round_.mode.value,
        "count": len(round_.situations),
        "question": None if done else _question_view(round_, index),
        "time_limit": round_.time_limit,
        "done": done,
        "score": _("You answered {right} of {count} right.").format(
            right=right, count=len(questions)
        ),
    }
