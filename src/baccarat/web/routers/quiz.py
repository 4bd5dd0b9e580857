"""The quiz in the browser: draw or stand, a round at a time, with the heatmap of the Banker table.

The pages work without JavaScript. A round is dealt when it starts and travels as a signed token
(the cards of each situation and the cell it was chosen for), so any server can grade an answer;
each answer is recorded at once in the player's progress (:class:`DatabaseStore`), which is what
the heatmap shows and what brings the missed cells back in the next round. In the timed mode the
server signs the moment it showed the question and times the answer itself.
"""

from __future__ import annotations

import random
import time
from fractions import Fraction
from typing import Annotated, Any
from urllib.parse import urlencode

from babel.numbers import format_decimal
from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from itsdangerous import BadSignature, URLSafeSerializer

from baccarat.core.cards import Card, format_cards, parse_cards
from baccarat.core.coup import Coup
from baccarat.core.tableau import Action, Reason, Side
from baccarat.learn.cells import Cell, CellKind
from baccarat.learn.errors import LearnError
from baccarat.learn.heatmap import HeatCell, Heatmap
from baccarat.learn.quiz import Grade, Mode, Round, round_from_coups
from baccarat.learn.session import QuizSession
from baccarat.learn.situations import Ask, Question, Situation
from baccarat.learn.text import (
    explanation,
    mode_description,
    mode_name,
    prompt,
    verdict,
)
from baccarat.store.quiz import DatabaseStore
from baccarat.web.deps import PlayerId, Service, SessionInfo
from baccarat.web.i18n import _, current, format_fraction_percent
from baccarat.web.pages import render
from baccarat.web.present.coup import card_data
from baccarat.web.present.labels import error_message

__all__ = ["heatmap_data", "router"]

router = APIRouter(include_in_schema=False)


def _serializer(request: Request) -> URLSafeSerializer:
    serializer = getattr(request.app.state, "quiz_serializer", None)
    if serializer is None:
        secret = request.app.state.settings.resolved_secret()
        serializer = URLSafeSerializer(secret, salt="baccarat.quiz")
        request.app.state.quiz_serializer = serializer
    assert isinstance(serializer, URLSafeSerializer)
    return serializer


Serializer = Annotated[URLSafeSerializer, Depends(_serializer)]


def _session(request: Request, player_id: str) -> QuizSession:
    return QuizSession(DatabaseStore(request.app.state.store), player_id, rng=random.SystemRandom())


def round_token(serializer: URLSafeSerializer, round_: Round) -> str:
    """The round as a signed token: mode, time limit and each situation's cell and cards."""
    return serializer.dumps(
        {
            "mode": round_.mode.value,
            "limit": round_.time_limit,
            "situations": [
                [s.focus.key, format_cards(s.coup.cards_in_order)] for s in round_.situations
            ],
        }
    )


def read_round(serializer: URLSafeSerializer, token: str) -> Round:
    """The round of a token (a forged or malformed token is bad input)."""
    try:
        data = serializer.loads(token)
        situations = tuple(
            Situation.from_coup(Coup.from_cards(parse_cards(cards)), Cell.parse(focus))
            for focus, cards in data["situations"]
        )
        limit = data["limit"]
        return Round(Mode.parse(data["mode"]), situations, float(limit) if limit else None)
    except (BadSignature, KeyError, TypeError, ValueError) as exc:
        raise LearnError(_("This quiz round cannot be read; start a new round.")) from exc


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


def _modes() -> list[dict[str, str]]:
    t = current()
    return [
        {"value": m.value, "name": mode_name(m, t), "description": mode_description(m, t)}
        for m in Mode
    ]


@router.get("/quiz", response_class=HTMLResponse)
def quiz_home(
    request: Request, service: Service, player_id: PlayerId, session: SessionInfo
) -> HTMLResponse:
    """Choose a mode; see the heatmap of the Banker table."""
    return _home(request, service, player_id, session)


def _home(
    request: Request,
    service: Service,
    player_id: str,
    session: SessionInfo,
    error: str | None = None,
    status: int = 200,
) -> HTMLResponse:
    player = service.player(player_id, since=session.started)
    quiz = _session(request, player_id)
    return render(
        request,
        "quiz.html",
        player=player,
        status=status,
        error=error,
        modes=_modes(),
        own_coups=OWN_COUPS,
        heatmap=heatmap_data(quiz.heatmap()),
    )


OWN_COUPS = 12
"""How many of the player's last coups a round of "the situations you just met" replays."""


@router.post("/quiz/mine", response_model=None)
def own_round(
    request: Request,
    service: Service,
    player_id: PlayerId,
    session: SessionInfo,
    serializer: Serializer,
) -> Response:
    """A round of the situations the player just met: their last coups at the table, dealt again
    card for card and asked decision by decision."""
    views = service.history(player_id, limit=OWN_COUPS)  # newest first
    try:
        round_ = round_from_coups([view.coup for view in reversed(views)], size=OWN_COUPS)
    except LearnError as exc:
        return _home(request, service, player_id, session, error_message(exc), status=409)
    token = round_token(serializer, round_)
    return RedirectResponse(f"/quiz/play?{urlencode({'round': token, 'q': 0})}", status_code=303)


@router.post("/quiz/start")
def start_round(
    request: Request,
    player_id: PlayerId,
    serializer: Serializer,
    mode: Annotated[str, Form()] = "normal",
) -> Response:
    """Deal a round (bringing back the cells due for review) and show its first question."""
    round_ = _session(request, player_id).new_round(Mode.parse(mode))
    token = round_token(serializer, round_)
    return RedirectResponse(f"/quiz/play?{urlencode({'round': token, 'q': 0})}", status_code=303)


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


def _given_text(question: Question, answer: Action | int | None) -> str:
    """What the learner answered, in words (or that no answer came)."""
    if answer is None:
        return _("No answer.")
    shown = str(answer) if isinstance(answer, int) else current().action_names[answer]
    return _("Your answer: {answer}").format(answer=shown)


def _card(card: Card) -> str:
    return str(card_data(card)["label"])


def _seconds(value: float) -> str:
    return str(format_decimal(round(value, 1), format="0.#", locale=current().locale))


def _result_view(result: Grade) -> dict[str, Any]:
    t = current()
    return {
        "right": result.right,
        "verdict": verdict(result, t, _seconds),
        "explanation": explanation(result.question, t),
        "cell": result.question.cell.key,
    }


def _parse(answer: str, question: Question) -> Action | int | None:
    if question.ask is Ask.TOTAL:
        return int(answer) if answer.isdigit() and len(answer) == 1 else None
    return {a.value: a for a in (Action.DRAW, Action.STAND)}.get(answer)


@router.get("/quiz/play", response_class=HTMLResponse)
def play(
    request: Request,
    service: Service,
    player_id: PlayerId,
    session: SessionInfo,
    serializer: Serializer,
    round_token_: Annotated[str, Query(alias="round")],
    q: Annotated[int, Query(ge=0)] = 0,
    results: Annotated[str, Query(pattern="^[rwl]*$", max_length=400)] = "",
    given: Annotated[str | None, Query(max_length=8)] = None,
    elapsed: Annotated[float | None, Query(ge=0, le=86_400)] = None,
) -> HTMLResponse:
    """The question ``q`` of a round, after the verdict on the one before (or the round's score)."""
    round_ = read_round(serializer, round_token_)
    questions = round_.questions
    if q > len(questions) or len(results) != q:
        raise LearnError(_("This quiz round cannot be read; start a new round."))
    last = None
    if q > 0 and given is not None:
        previous = questions[q - 1]
        answer = _parse(given, previous)
        late = results[-1] == "l"
        last = _result_view(Grade(previous, answer, elapsed, late, round_.time_limit))
        # The situation judged, beside its verdict (the next question is another situation).
        last["situation"] = _question_view(round_, q - 1)
        last["given"] = _given_text(previous, answer)
    player = service.player(player_id, since=session.started)
    quiz = _session(request, player_id)
    highlight = {last["cell"]} if last else set()
    done = q == len(questions)
    right = results.count("r")
    return render(
        request,
        "quiz_play.html",
        player=player,
        mode=mode_name(round_.mode, current()),
        mode_value=round_.mode.value,
        token=round_token_,
        results=results,
        count=len(round_.situations),
        last=last,
        question=None if done else _question_view(round_, q),
        asked=serializer.dumps(time.time()),
        time_limit=round_.time_limit,
        done=done,
        score=_("You answered {right} of {count} right.").format(right=right, count=len(questions)),
        heatmap=heatmap_data(quiz.heatmap(), highlight),
    )


@router.post("/quiz/answer")
def answer(
    request: Request,
    player_id: PlayerId,
    serializer: Serializer,
    round_token_: Annotated[str, Form(alias="round")],
    q: Annotated[int, Form(ge=0)],
    results: Annotated[str, Form(pattern="^[rwl]*$", max_length=400)] = "",
    asked: Annotated[str, Form()] = "",
    answer: Annotated[str, Form()] = "",
) -> Response:
    """Grade and record one answer, then show the verdict and the next question."""
    round_ = read_round(serializer, round_token_)
    questions = round_.questions
    if q >= len(questions) or len(results) != q:
        raise LearnError(_("This quiz round cannot be read; start a new round."))
    question = questions[q]
    try:
        asked_at = float(serializer.loads(asked)) if asked else None
    except (BadSignature, TypeError, ValueError):
        asked_at = None
    result = _session(request, player_id).answer(
        round_, question, _parse(answer, question), asked_at=asked_at
    )
    mark = "l" if result.late else ("r" if result.right else "w")
    query = {"round": round_token_, "q": q + 1, "results": results + mark, "given": answer}
    if result.elapsed is not None:
        query["elapsed"] = f"{result.elapsed:.1f}"
    return RedirectResponse(f"/quiz/play?{urlencode(query)}", status_code=303)
