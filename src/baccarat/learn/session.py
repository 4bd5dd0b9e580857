"""One learner at the quiz: rounds chosen with their schedule, answers graded, records saved.

The clock and the random source are injected (the wall clock and the OS CSPRNG by default), so a
test can replay a session exactly and move time forward by hand.

>>> import random
>>> from baccarat.learn.store import MemoryStore
>>> now = [1000.0]
>>> session = QuizSession(MemoryStore(), "ana", clock=lambda: now[0], rng=random.Random(1))
>>> round_ = session.new_round(Mode.HARD)
>>> question = round_.questions[1]
>>> wrong = Action.STAND if question.expected is Action.DRAW else Action.DRAW
>>> session.answer(round_, question, wrong).right
False
>>> question.cell in [s.focus for s in session.new_round(Mode.HARD).situations]
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from baccarat.core.tableau import PUNTO_BANCO, Action, Tableau
from baccarat.learn.errors import LearnError
from baccarat.learn.heatmap import Heatmap, heatmap
from baccarat.learn.progress import Leitner, Progress
from baccarat.learn.quiz import DEFAULT_ROUND_SIZE, Grade, Mode, Round, build_round, grade
from baccarat.learn.situations import Question
from baccarat.learn.store import ProgressStore

__all__ = ["Clock", "QuizSession"]

Clock = Callable[[], float]
"""Seconds, as :func:`time.time` gives them."""


class QuizSession:
    """A learner's quiz over a :class:`ProgressStore`."""

    def __init__(
        self,
        store: ProgressStore,
        learner: str,
        *,
        clock: Clock = time.time,
        rng: random.Random | None = None,
        tableau: Tableau = PUNTO_BANCO,
        schedule: Leitner | None = None,
    ) -> None:
        if not learner.strip():
            raise LearnError(f"a learner needs a name or id, got {learner!r}")
        self.store = store
        self.learner = learner
        self.clock = clock
        self.rng = rng if rng is not None else random.SystemRandom()
        self.tableau = tableau
        self.schedule = schedule if schedule is not None else Leitner()

    @property
    def progress(self) -> Progress:
        return self.store.load(self.learner)

    def new_round(
        self, mode: Mode, size: int = DEFAULT_ROUND_SIZE, time_limit: float | None = None
    ) -> Round:
        """A round in ``mode``, bringing back the cells due now."""
        return build_round(
            mode,
            self.rng,
            progress=self.progress,
            now=self.clock(),
            size=size,
            tableau=self.tableau,
            time_limit=time_limit,
        )

    def answer(
        self,
        round_: Round,
        question: Question,
        answer: Action | int | None,
        *,
        asked_at: float | None = None,
    ) -> Grade:
        """Grade ``answer`` (timed from ``asked_at`` when given), record it and save the record."""
        if question not in round_.questions:
            raise LearnError("that question is not part of this round")
        return self._record(question, answer, asked_at, round_.time_limit)

    def record(self, question: Question, answer: Action | int | None) -> Grade:
        """Grade and record an answer asked outside a round (the table's "predict, then reveal"):
        the same cell record and schedule as a round's answer, untimed.

        >>> import random
        >>> from baccarat.core.coup import Coup
        >>> from baccarat.core.cards import parse_cards
        >>> from baccarat.core.tableau import Side
        >>> from baccarat.learn.store import MemoryStore
        >>> from baccarat.learn.situations import table_question
        >>> session = QuizSession(MemoryStore(), "ana", clock=lambda: 50.0)
        >>> coup = Coup.from_cards(parse_cards("2c 4d 3h Kc 7s 9h"))
        >>> question = table_question(coup, Side.BANKER)
        >>> question.cell.key, session.record(question, Action.DRAW).right
        ('banker:4:7', True)
        >>> session.progress.record(question.cell).right
        1
        """
        return self._record(question, answer, None, None)

    def _record(
        self,
        question: Question,
        answer: Action | int | None,
        asked_at: float | None,
        time_limit: float | None,
    ) -> Grade:
        now = self.clock()
        elapsed = None if asked_at is None else max(0.0, now - asked_at)
        result = grade(question, answer, elapsed=elapsed, time_limit=time_limit)
        record = self.schedule.after(
            self.progress.record(question.cell), right=result.right, now=now
        )
        self.store.save(self.learner, [record])
        return result

    def heatmap(self) -> Heatmap:
        """The learner's heatmap, with the cells due now marked."""
        return heatmap(self.progress, self.tableau, self.clock())
