"""The cells of the tableau a learner is graded on, read from the :class:`Tableau` data.

Every answer in the quiz is decided by one cell of the draw rules: a row of the Player's rule, a
cell of the Banker's table (Banker total against the Player's third card), the Banker's rule when
the Player stood, or the natural check. The totals drill grades the sum of two cards instead.
A cell has a stable text key, so progress can be stored anywhere.

>>> Cell.banker(4, 6).key, Cell.banker(4, None).key, Cell.parse("natural:9")
('banker:4:6', 'banker:4:stood', Cell(kind=<CellKind.NATURAL: 'natural'>, total=9, player_third=None))
>>> [cell.key for cell in hard_cells(PUNTO_BANCO)][:3]
['banker:3:0', 'banker:3:1', 'banker:3:2']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from baccarat.core.coup import Step
from baccarat.core.tableau import PUNTO_BANCO, Action, Reason, Side, Tableau
from baccarat.learn.errors import LearnError

__all__ = [
    "THIRD_CARD_VALUES",
    "Cell",
    "CellKind",
    "banker_cells",
    "cell_action",
    "cell_of_step",
    "check_quiz_tableau",
    "drawing_totals",
    "hard_cells",
    "hard_rows",
    "natural_cells",
    "non_natural_totals",
    "player_cells",
    "standing_totals",
    "total_cells",
]

THIRD_CARD_VALUES = tuple(range(10))
"""The values a Player's third card can have (ten and the court cards count 0)."""

_TWO_CARD_SUMS = range(19)


class CellKind(enum.Enum):
    """Which part of the rules a cell belongs to."""

    PLAYER = "player"
    """The Player's rule: draw or stand on a two-card total (no natural on the table)."""
    BANKER_STOOD = "banker_stood"
    """The Banker's rule when the Player stood."""
    BANKER_THIRD = "banker_third"
    """The Banker's table: a Banker total against the value of the Player's third card."""
    NATURAL = "natural"
    """A natural is on the table and this hand's two-card total is ``total``: it stands."""
    TOTAL = "total"
    """The totals drill: two cards whose values add up to ``total`` (0–18)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of the rules; ``player_third`` only for :attr:`CellKind.BANKER_THIRD`."""

    kind: CellKind
    total: int
    player_third: int | None = None

    def __post_init__(self) -> None:
        top = 18 if self.kind is CellKind.TOTAL else 9
        if isinstance(self.total, bool) or not isinstance(self.total, int):
            raise LearnError(f"a cell's total is a whole number, got {self.total!r}")
        if not 0 <= self.total <= top:
            raise LearnError(f"a {self.kind.value} cell's total is 0-{top}, got {self.total!r}")
        if (self.player_third is not None) != (self.kind is CellKind.BANKER_THIRD):
            raise LearnError(
                f"only a banker_third cell has a Player's third card, got {self.player_third!r} "
                f"for a {self.kind.value} cell"
            )
        if self.player_third is not None and self.player_third not in THIRD_CARD_VALUES:
            raise LearnError(f"a third card's value is 0-9, got {self.player_third!r}")

    @classmethod
    def banker(cls, total: int, player_third: int | None) -> Cell:
        """The Banker's cell for ``total`` after a third card ``player_third`` (None: stood)."""
        if player_third is None:
            return cls(CellKind.BANKER_STOOD, total)
        return cls(CellKind.BANKER_THIRD, total, player_third)

    @property
    def side(self) -> Side | None:
        """The hand whose rule this is (None for naturals and totals, which are both hands')."""
        if self.kind is CellKind.PLAYER:
            return Side.PLAYER
        if self.kind in (CellKind.BANKER_STOOD, CellKind.BANKER_THIRD):
            return Side.BANKER
        return None

    @property
    def key(self) -> str:
        """A stable text key: ``player:5``, ``banker:4:6``, ``banker:4:stood``, ``natural:9``,
        ``total:15``."""
        if self.kind is CellKind.BANKER_THIRD:
            return f"banker:{self.total}:{self.player_third}"
        if self.kind is CellKind.BANKER_STOOD:
            return f"banker:{self.total}:stood"
        return f"{self.kind.value}:{self.total}"

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Orders cells as the tableau is printed: Player row, Banker rows, naturals, totals."""
        order = list(CellKind).index(self.kind)
        third = 10 if self.player_third is None else self.player_third
        if self.kind in (CellKind.BANKER_STOOD, CellKind.BANKER_THIRD):
            order = 1  # one Banker row holds both its third-card cells and its "stood" cell
        return order, self.total, third

    @classmethod
    def parse(cls, key: str) -> Cell:
        """Read a :attr:`key` back.

        >>> Cell.parse("banker:3:8") == Cell.banker(3, 8)
        True
        >>> Cell.parse("dealer:3")
        Traceback (most recent call last):
        ...
        baccarat.learn.errors.LearnError: unknown cell 'dealer:3': expected player:T, banker:T:V, ...
        """
        parts = key.split(":")
        try:
            if parts[0] == "banker" and len(parts) == 3:
                third = None if parts[2] == "stood" else _digit(parts[2])
                return cls.banker(_digit(parts[1]), third)
            kinds = {k.value: k for k in (CellKind.PLAYER, CellKind.NATURAL, CellKind.TOTAL)}
            if parts[0] in kinds and len(parts) == 2:
                return cls(kinds[parts[0]], _number(parts[1]))
        except LearnError:
            pass
        raise LearnError(
            f"unknown cell {key!r}: expected player:T, banker:T:V, banker:T:stood, natural:T "
            "or total:S"
        )


def _digit(text: str) -> int:
    if len(text) != 1 or not (text.isascii() and text.isdigit()):
        raise LearnError(f"not a digit: {text!r}")
    return int(text)


def _number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 2:
        raise LearnError(f"not a number: {text!r}")
    return int(text)


def check_quiz_tableau(tableau: Tableau) -> None:
    """The quiz asks "draw or stand?": a tableau that leaves a hand a choice has no one answer."""
    if tableau.has_options:
        raise LearnError(
            f"tableau {tableau.name!r} leaves a hand a choice, so a draw-or-stand quiz has no "
            "single right answer: use a tableau without options (punto-banco)"
        )


def non_natural_totals(tableau: Tableau = PUNTO_BANCO) -> tuple[int, ...]:
    """Two-card totals that reach the drawing rules (0–7 in Punto Banco)."""
    return tuple(t for t in range(10) if not tableau.is_natural(t))


def drawing_totals(tableau: Tableau = PUNTO_BANCO) -> tuple[int, ...]:
    """The Player's two-card totals that draw a third card.

    >>> drawing_totals(), standing_totals()
    ((0, 1, 2, 3, 4, 5), (6, 7))
    """
    return tuple(t for t in non_natural_totals(tableau) if tableau.player[t] is Action.DRAW)


def standing_totals(tableau: Tableau = PUNTO_BANCO) -> tuple[int, ...]:
    """The Player's two-card totals that stand."""
    return tuple(t for t in non_natural_totals(tableau) if tableau.player[t] is Action.STAND)


def player_cells(tableau: Tableau = PUNTO_BANCO) -> tuple[Cell, ...]:
    """The Player's rule, one cell per non-natural two-card total."""
    return tuple(Cell(CellKind.PLAYER, t) for t in non_natural_totals(tableau))


def banker_cells(tableau: Tableau = PUNTO_BANCO) -> tuple[Cell, ...]:
    """The Banker's table row by row: each third-card value, then "Player stood" (88 cells)."""
    return tuple(
        Cell.banker(total, third)
        for total in non_natural_totals(tableau)
        for third in (*THIRD_CARD_VALUES, None)
    )


def hard_rows(tableau: Tableau = PUNTO_BANCO) -> tuple[int, ...]:
    """Banker totals whose action depends on the Player's third card (3–6 in Punto Banco).

    >>> hard_rows()
    (3, 4, 5, 6)
    """
    return tuple(
        total for total in non_natural_totals(tableau) if len(set(tableau.banker[total])) > 1
    )


def hard_cells(tableau: Tableau = PUNTO_BANCO) -> tuple[Cell, ...]:
    """The cells of :func:`hard_rows` against every third-card value (40 in Punto Banco)."""
    return tuple(Cell.banker(t, v) for t in hard_rows(tableau) for v in THIRD_CARD_VALUES)


def natural_cells() -> tuple[Cell, ...]:
    """A natural on the table, seen from a hand holding each total 0–9."""
    return tuple(Cell(CellKind.NATURAL, t) for t in range(10))


def total_cells() -> tuple[Cell, ...]:
    """Every sum of two card values, 0–18."""
    return tuple(Cell(CellKind.TOTAL, s) for s in _TWO_CARD_SUMS)


def cell_action(cell: Cell, tableau: Tableau = PUNTO_BANCO) -> Action | None:
    """What the tableau says in this cell (None for a totals cell, which is not a decision).

    >>> cell_action(Cell.banker(6, 7)), cell_action(Cell.parse("natural:3"))
    (<Action.DRAW: 'draw'>, <Action.STAND: 'stand'>)
    """
    if cell.kind is CellKind.PLAYER:
        return tableau.player_decision(cell.total).action
    if cell.kind in (CellKind.BANKER_STOOD, CellKind.BANKER_THIRD):
        return tableau.banker_decision(cell.total, cell.player_third).action
    if cell.kind is CellKind.NATURAL:
        return Action.STAND
    return None


def cell_of_step(step: Step) -> Cell:
    """The cell that decided a step of a dealt coup, read from the step's reason."""
    if step.reason in (Reason.NATURAL, Reason.OPPONENT_NATURAL):
        return Cell(CellKind.NATURAL, step.total)
    if step.side is Side.PLAYER:
        return Cell(CellKind.PLAYER, step.total)
    return Cell.banker(step.total, step.player_third)
