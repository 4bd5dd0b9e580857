"""A learner's record per cell and the Leitner schedule that brings back the cells they miss.

Each cell the learner has answered sits in one of five boxes. A wrong answer sends it to box 1,
due again at once (the next round brings it back); a right answer moves it up one box, and each
box waits longer before the cell is asked again: a few minutes, a day, three days, a week. Time is
whatever the caller's clock says (seconds), so tests drive it by hand.

>>> schedule = Leitner()
>>> record = schedule.after(CellRecord(Cell.banker(6, 7)), right=False, now=100.0)
>>> record.box, record.due, record.wrong
(1, 100.0, 1)
>>> record = schedule.after(record, right=True, now=160.0)
>>> record.box, record.due, record.right
(2, 760.0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from baccarat.learn.cells import Cell
from baccarat.learn.errors import LearnError

__all__ = ["DEFAULT_INTERVALS", "CellRecord", "Leitner", "Progress"]

DEFAULT_INTERVALS: tuple[float, ...] = (0.0, 600.0, 86_400.0, 3 * 86_400.0, 7 * 86_400.0)
"""Seconds a cell waits in boxes 1–5 before it is due again."""


@dataclass(frozen=True, slots=True)
class CellRecord:
    """How a learner has done on one cell, and when the schedule wants it again.

    ``box`` is 0 for a cell never answered; ``due`` and ``seen`` are clock readings (seconds).
    """

    cell: Cell
    right: int = 0
    wrong: int = 0
    box: int = 0
    due: float = 0.0
    seen: float = 0.0

    def __post_init__(self) -> None:
        for name in ("right", "wrong", "box"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise LearnError(f"{name} must be a whole number of at least 0, got {value!r}")

    @property
    def answers(self) -> int:
        return self.right + self.wrong

    @property
    def accuracy(self) -> Fraction | None:
        """The share of right answers (None before the first answer).

        >>> CellRecord(Cell.banker(3, 8), right=3, wrong=1).accuracy
        Fraction(3, 4)
        """
        return Fraction(self.right, self.answers) if self.answers else None

    def is_due(self, now: float) -> bool:
        """Whether the schedule wants this cell asked again (never for a cell not yet seen)."""
        return self.box > 0 and self.due <= now


@dataclass(frozen=True, slots=True)
class Leitner:
    """A Leitner schedule: ``intervals[b - 1]`` seconds of waiting for a cell in box ``b``."""

    intervals: tuple[float, ...] = DEFAULT_INTERVALS

    def __post_init__(self) -> None:
        if not self.intervals or any(
            b < a for a, b in zip(self.intervals, self.intervals[1:], strict=False)
        ):
            raise LearnError(
                f"Leitner intervals must be non-empty and rising, got {self.intervals}"
            )
        if self.intervals[0] < 0:
            raise LearnError(f"Leitner intervals cannot be negative, got {self.intervals}")

    @property
    def boxes(self) -> int:
        return len(self.intervals)

    def after(self, record: CellRecord, *, right: bool, now: float) -> CellRecord:
        """The record once the learner has answered its cell (rightly or not) at ``now``.

        A first right answer skips box 1: the cell was known already.
        """
        box = min(max(record.box, 1) + 1, self.boxes) if right else 1
        return replace(
            record,
            right=record.right + right,
            wrong=record.wrong + (not right),
            box=box,
            due=now + self.intervals[box - 1],
            seen=now,
        )


class Progress(Mapping[Cell, CellRecord]):
    """A learner's records by cell (immutable; :meth:`with_record` returns a new one).

    >>> progress = Progress().with_record(CellRecord(Cell.banker(5, 4), wrong=1, box=1))
    >>> len(progress), progress[Cell.banker(5, 4)].wrong, Cell.banker(5, 3) in progress
    (1, 1, False)
    """

    __slots__ = ("_records",)

    def __init__(self, records: Iterable[CellRecord] = ()) -> None:
        self._records: dict[Cell, CellRecord] = {}
        for record in records:
            if record.cell in self._records:
                raise LearnError(f"two records for cell {record.cell.key!r}")
            self._records[record.cell] = record

    def __getitem__(self, cell: Cell) -> CellRecord:
        return self._records[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._records)

    def __len__(self) -> int:
        return len(self._records)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Progress):
            return NotImplemented
        return self._records == other._records

    __hash__ = None  # type: ignore[assignment]  # equal by value, and a Mapping is not hashable

    def __repr__(self) -> str:
        return f"Progress({sorted(self._records.values(), key=lambda r: r.cell.sort_key)!r})"

    def record(self, cell: Cell) -> CellRecord:
        """The record of ``cell``, empty (box 0) if the learner has never answered it."""
        return self._records.get(cell, CellRecord(cell))

    def with_record(self, record: CellRecord) -> Progress:
        """A copy with ``record`` in place of the old record of its cell."""
        return Progress({**self._records, record.cell: record}.values())

    def due(self, now: float, accept: Callable[[Cell], bool] = lambda cell: True) -> list[Cell]:
        """Cells due again at ``now`` that ``accept`` allows, lowest box and earliest due first.

        >>> p = Progress([CellRecord(Cell.banker(6, 6), box=2, due=50.0),
        ...               CellRecord(Cell.banker(3, 8), box=1, due=90.0),
        ...               CellRecord(Cell.banker(5, 3), box=3, due=500.0)])
        >>> [cell.key for cell in p.due(100.0)]
        ['banker:3:8', 'banker:6:6']
        """
        due = [r for r in self._records.values() if r.is_due(now) and accept(r.cell)]
        due.sort(key=lambda r: (r.box, r.due, r.cell.sort_key))
        return [r.cell for r in due]

    @property
    def right(self) -> int:
        return sum(r.right for r in self._records.values())

    @property
    def wrong(self) -> int:
        return sum(r.wrong for r in self._records.values())
