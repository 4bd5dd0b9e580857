"""The quiz in the browser: draw or stand, a round at a time, with the heatmap of the Banker table.

The pages work without JavaScript. A round is dealt when it starts and travels as a signed token
(the cards of each situation and the cell it was chosen for), so any server can grade an answer;
each answer is recorded at once in the player's progress (:class:`DatabaseStore`), which is what
the heatmap shows and what brings the missed cells back in the next round. In the timed mode the
server signs the moment it showed the question and times the answer itself.

The table's "predict, then reveal" mode (static/predict.js) answers here too, through
``POST /api/quiz/table-answer``: the server grades the answer against the engine's own decision
in the player's coup and records it in the same cell as a quiz answer.
"""

from __future__ import annotations

import random
import time
from functools import partial
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from itsdangerous import BadSignature, URLSafeSerializer
from pydantic import BaseModel, ConfigDict, Field

from baccarat.core.cards import format_cards, parse_cards
from baccarat.core.coup import Coup
from baccarat.core.tableau import Action, Side
from baccarat.learn.cells import Cell, check_quiz_tableau
from baccarat.learn.errors import LearnError
from baccarat.learn.quiz import Grade, Mode, Round, round_from_coups
from baccarat.learn.session import QuizSession
from baccarat.learn.situations import Ask, Question, Situation, table_question
from baccarat.store.models import MAX_ID
from baccarat.store.quiz import DatabaseStore
from baccarat.web.deps import PageVisit, PlayerId, Service, Visit
from baccarat.web.forms import form_post
from baccarat.web.i18n import _
from baccarat.web.pages import render
from baccarat.web.present.quiz import heatmap_data, modes, round_view, verdict_view

__all__ = ["read_round", "round_token", "router"]

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


@router.get("/quiz", response_class=HTMLResponse)
def quiz_home(visit: Visit) -> HTMLResponse:
    """Choose a mode; see the heatmap of the Banker table."""
    return _home(visit)


def _heatmap(visit: PageVisit, highlight: set[str] | None = None) -> dict[str, Any]:
    """The player's heatmap as it stands, ``highlight`` marking the cell just answered."""
    return heatmap_data(_session(visit.request, visit.player_id).heatmap(), highlight)


def _home(visit: PageVisit, *, error: str | None = None, status: int = 200) -> HTMLResponse:
    """The quiz's first page; with ``error``, saying why a round could not start."""
    return render(
        visit.request,
        "quiz.html",
        player=visit.player(),
        status=status,
        error=error,
        modes=modes(),
        own_coups=OWN_COUPS,
        heatmap=_heatmap(visit),
    )


OWN_COUPS = 12
"""How many of the player's last coups a round of "the situations you just met" replays."""


def _first_question(serializer: URLSafeSerializer, round_: Round) -> Response:
    """Off to the round's first question (its cards travel in the signed token)."""
    token = round_token(serializer, round_)
    return RedirectResponse(f"/quiz/play?{urlencode({'round': token, 'q': 0})}", status_code=303)


@router.post("/quiz/mine", response_model=None)
def own_round(visit: Visit, serializer: Serializer) -> Response:
    """A round of the situations the player just met: their last coups at the table, dealt again
    card for card and asked decision by decision."""
    views = visit.service.history(visit.player_id, limit=OWN_COUPS)  # newest first

    def replay() -> Response:
        round_ = round_from_coups([view.coup for view in reversed(views)], size=OWN_COUPS)
        return _first_question(serializer, round_)

    return form_post(partial(_home, visit), replay, refused=LearnError)


@router.post("/quiz/start")
def start_round(
    request: Request,
    player_id: PlayerId,
    serializer: Serializer,
    mode: Annotated[str, Form()] = "normal",
) -> Response:
    """Deal a round (bringing back the cells due for review) and show its first question."""
    round_ = _session(request, player_id).new_round(Mode.parse(mode))
    return _first_question(serializer, round_)


def _parse(answer: str, question: Question) -> Action | int | None:
    if question.ask is Ask.TOTAL:
        return int(answer) if answer.isdigit() and len(answer) == 1 else None
    return {a.value: a for a in (Action.DRAW, Action.STAND)}.get(answer)


@router.get("/quiz/play", response_class=HTMLResponse)
def play(
    visit: Visit,
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
        late = results[-1] == "l"
        grade = Grade(previous, _parse(given, previous), elapsed, late, round_.time_limit)
        last = verdict_view(round_, q - 1, grade)
    return render(
        visit.request,
        "quiz_play.html",
        player=visit.player(),
        token=round_token_,
        results=results,
        last=last,
        asked=serializer.dumps(time.time()),
        heatmap=_heatmap(visit, {last["cell"]} if last else None),
        **round_view(round_, q, results),
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


class TableAnswerIn(BaseModel):
    """A "predict, then reveal" answer at the table: one hand's decision in one of the player's
    coups."""

    model_config = ConfigDict(extra="forbid")
    coup_id: int = Field(ge=1, le=MAX_ID)
    side: Literal["player", "banker"]
    answer: Literal["draw", "stand"]


class TableAnswerOut(BaseModel):
    """The verdict: right or not, the engine's action and the quiz cell the answer was recorded in."""

    right: bool
    expected: Literal["draw", "stand"]
    cell: str


@router.post("/api/quiz/table-answer", response_model=TableAnswerOut)
def table_answer(
    request: Request, service: Service, player_id: PlayerId, body: TableAnswerIn
) -> TableAnswerOut:
    """Grade a draw-or-stand answer given at the table and record it as a quiz answer (the same
    heatmap and review schedule); another player's coup is not found (404)."""
    view = service.coup(player_id, body.coup_id)
    check_quiz_tableau(view.rule_set.tableau)
    question = table_question(view.coup, Side(body.side))
    if question.step.action not in (Action.DRAW, Action.STAND):
        raise LearnError(_("This decision is not a draw or a stand."))
    result = _session(request, player_id).record(question, Action(body.answer))
    return TableAnswerOut(
        right=result.right, expected=question.step.action.value, cell=question.cell.key
    )
