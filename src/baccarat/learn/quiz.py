"""Rounds of the quiz: modes, how a round is chosen, and how an answer is graded.

A round is twelve situations by default. Up to half of them are cells the learner's schedule says
are due (the cells they got wrong come back first); the rest are drawn at random from the mode's
cells, without repeating a cell while the mode has fresh ones.

>>> import random
>>> round_ = build_round(Mode.HARD, random.Random(9))
>>> len(round_.situations), {s.focus.total for s in round_.situations} <= {3, 4, 5, 6}
(12, True)
>>> question = round_.questions[1]
>>> grade(question, question.expected).right, grade(question, None).right
(True, False)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass

from baccarat.core.coup import Coup
from baccarat.core.tableau import PUNTO_BANCO, Action, Tableau
from baccarat.learn.cells import (
    Cell,
    CellKind,
    banker_cells,
    cell_of_step,
    check_quiz_tableau,
    hard_cells,
    natural_cells,
    player_cells,
    total_cells,
)
from baccarat.learn.errors import LearnError
from baccarat.learn.progress import Progress
from baccarat.learn.situations import Question, Situation, realize

__all__ = [
    "DEFAULT_ROUND_SIZE",
    "DEFAULT_TIME_LIMIT",
    "MAX_ROUND_SIZE",
    "Grade",
    "Mode",
    "Round",
    "build_round",
    "focus_cells",
    "grade",
    "review_cells",
    "round_from_coups",
]

DEFAULT_ROUND_SIZE = 12
"""Twelve situations a round, as in the exercise the learning site started with."""
MAX_ROUND_SIZE = 200
DEFAULT_TIME_LIMIT = 8.0
"""Seconds per answer in the timed mode."""


class Mode(enum.Enum):
    """Which situations a round asks about."""

    NORMAL = "normal"
    """Every cell of the Banker's table, and now and then a natural."""
    TIMED = "timed"
    """As normal, with a time limit on each answer."""
    HARD = "hard"
    """Only the Banker totals that depend on the Player's third card (3–6 in Punto Banco)."""
    NATURALS = "naturals"
    """Naturals against hands that stand on 6 or 7 without one."""
    TOTALS = "totals"
    """Count the total of two cards."""

    @classmethod
    def parse(cls, text: str) -> Mode:
        """A mode by name.

        >>> Mode.parse("hard")
        <Mode.HARD: 'hard'>
        >>> Mode.parse("easy")
        Traceback (most recent call last):
        ...
        baccarat.learn.errors.LearnError: unknown quiz mode 'easy': expected one of normal, timed, ...
        """
        for mode in cls:
            if mode.value == text.strip().lower():
                return mode
        names = ", ".join(mode.value for mode in cls)
        raise LearnError("quiz_mode", mode=text, names=names)


def focus_cells(mode: Mode, tableau: Tableau = PUNTO_BANCO) -> tuple[Cell, ...]:
    """The cells a mode draws fresh situations from, read from the tableau.

    >>> [len(focus_cells(mode)) for mode in Mode]
    [98, 98, 40, 18, 19]
    """
    if mode in (Mode.NORMAL, Mode.TIMED):
        return banker_cells(tableau) + natural_cells()
    if mode is Mode.HARD:
        return hard_cells(tableau)
    if mode is Mode.NATURALS:
        stood = tuple(c for c in banker_cells(tableau) if c.kind is CellKind.BANKER_STOOD)
        return natural_cells() + stood
    return total_cells()


def review_cells(mode: Mode, tableau: Tableau = PUNTO_BANCO) -> frozenset[Cell]:
    """The cells a mode may bring back for review: its own, and in the normal modes the
    Player's row too (a Player total answered wrong comes back as the focus of a situation)."""
    cells = set(focus_cells(mode, tableau))
    if mode in (Mode.NORMAL, Mode.TIMED):
        cells |= set(player_cells(tableau))
    return frozenset(cells)


@dataclass(frozen=True, slots=True)
class Round:
    """The situations of one round, in the order they are asked."""

    mode: Mode
    situations: tuple[Situation, ...]
    time_limit: float | None = None
    """Seconds allowed per answer (timed mode), None for no limit."""
    reviews: int = 0
    """How many situations were chosen because their cell was due for review."""

    @property
    def questions(self) -> tuple[Question, ...]:
        """Every question of the round, in order (the Player's before the Banker's)."""
        return tuple(q for situation in self.situations for q in situation.questions)


def build_round(
    mode: Mode,
    rng: random.Random,
    *,
    progress: Progress | None = None,
    now: float = 0.0,
    size: int = DEFAULT_ROUND_SIZE,
    tableau: Tableau = PUNTO_BANCO,
    time_limit: float | None = None,
) -> Round:
    """A round of ``size`` situations; with ``progress``, up to half are cells due at ``now``.

    ``time_limit`` defaults to :data:`DEFAULT_TIME_LIMIT` in the timed mode and to none
    otherwise.
    """
    check_quiz_tableau(tableau)
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_ROUND_SIZE:
        raise LearnError("quiz_round_size", most=MAX_ROUND_SIZE, size=size)
    if time_limit is not None and not time_limit > 0:
        raise LearnError("quiz_time_limit", seconds=time_limit)
    if time_limit is None and mode is Mode.TIMED:
        time_limit = DEFAULT_TIME_LIMIT
    allowed = review_cells(mode, tableau)
    reviews = progress.due(now, allowed.__contains__)[: size // 2] if progress else []
    cells = focus_cells(mode, tableau)
    if not cells:
        raise LearnError(f"tableau {tableau.name!r} has no cells for the {mode.value} mode")
    pool = [cell for cell in cells if cell not in reviews] or list(cells)
    fresh: list[Cell] = []
    while len(reviews) + len(fresh) < size:
        # Without replacement while the pool lasts, so a short round never repeats a cell.
        batch = list(pool)
        rng.shuffle(batch)
        fresh += batch[: size - len(reviews) - len(fresh)]
    chosen = reviews + fresh
    rng.shuffle(chosen)
    situations = tuple(realize(cell, rng, tableau) for cell in chosen)
    return Round(mode, situations, time_limit, len(reviews))


def round_from_coups(
    coups: Sequence[Coup], *, size: int = DEFAULT_ROUND_SIZE, tableau: Tableau = PUNTO_BANCO
) -> Round:
    """A round of the situations a player just met: the newest ``size`` of ``coups`` (given
    oldest first), each dealt again from its own cards under ``tableau`` and asked about the way
    it was decided (the Banker's last decision its focus), in the order they were played.

    >>> from baccarat.core.cards import parse_cards
    >>> coups = [Coup.from_cards(parse_cards(c)) for c in ("6s 3d Kh 2c 9h", "9d 3c Kh 4s")]
    >>> round_ = round_from_coups(coups)
    >>> [s.focus.key for s in round_.situations], len(round_.questions)
    (['banker:5:stood', 'natural:7'], 4)
    """
    check_quiz_tableau(tableau)
    if not coups:
        raise LearnError("quiz_no_coups")
    chosen = list(coups)[-size:]
    situations = []
    for played in chosen:
        coup = Coup.from_cards(played.cards_in_order, tableau)
        situations.append(Situation.from_coup(coup, cell_of_step(coup.steps[-1])))
    return Round(Mode.NORMAL, tuple(situations), None)


@dataclass(frozen=True, slots=True)
class Grade:
    """A learner's answer to one question, and whether it counts as right."""

    question: Question
    answer: Action | int | None
    elapsed: float | None = None
    """Seconds taken, where measured."""
    late: bool = False
    """Answered after the time limit: it counts as wrong whatever it was."""
    time_limit: float | None = None

    @property
    def right(self) -> bool:
        return not self.late and self.question.is_right(self.answer)


def grade(
    question: Question,
    answer: Action | int | None,
    *,
    elapsed: float | None = None,
    time_limit: float | None = None,
) -> Grade:
    """Grade an answer (None: no answer), late when ``elapsed`` is over ``time_limit``."""
    late = time_limit is not None and elapsed is not None and elapsed > time_limit
    return Grade(question, answer, elapsed, late, time_limit)
