"""Quiz progress in the application's database: one row per player and cell.

The rows are :class:`~baccarat.store.models.QuizCellRow` (table ``quiz_cells``, migration
``0002_quiz_cells``), keyed by the player's id, so guests and registered players keep their
progress the same way. The quiz reaches them only through the
:class:`~baccarat.learn.store.ProgressStore` protocol, which :class:`DatabaseStore` implements: the
quiz itself knows nothing of the database.

>>> from baccarat.store.db import Store
>>> from baccarat.store.models import Player, utcnow
>>> store = Store.open("sqlite://")
>>> with store.transaction() as db:
...     now = utcnow()
...     db.add(Player(id="p" * 32, created_at=now, adult_confirmed_at=now))
>>> quiz = DatabaseStore(store)
>>> quiz.save("p" * 32, [CellRecord(Cell.banker(6, 7), right=2, wrong=1, box=2, due=60.0)])
>>> quiz.load("p" * 32)[Cell.banker(6, 7)].right
2
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select

from baccarat.learn.cells import Cell
from baccarat.learn.progress import CellRecord, Progress
from baccarat.store.db import Store
from baccarat.store.models import QuizCellRow

__all__ = ["DatabaseStore"]


def _record(row: QuizCellRow) -> CellRecord:
    """The quiz's record of a stored row."""
    return CellRecord(
        Cell.parse(row.cell), row.right_answers, row.wrong_answers, row.box, row.due, row.seen
    )


class DatabaseStore:
    """A :class:`~baccarat.learn.store.ProgressStore` over the application's :class:`Store`;
    the learner is the player's id."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def load(self, learner: str) -> Progress:
        with self.store.reading() as session:
            rows = session.scalars(select(QuizCellRow).where(QuizCellRow.player_id == learner))
            return Progress(_record(row) for row in rows)

    def save(self, learner: str, records: Iterable[CellRecord]) -> None:
        with self.store.transaction() as session:
            for record in records:
                row = session.get(QuizCellRow, (learner, record.cell.key))
                if row is None:
                    row = QuizCellRow(player_id=learner, cell=record.cell.key)
                    session.add(row)
                row.right_answers = record.right
                row.wrong_answers = record.wrong
                row.box = record.box
                row.due = record.due
                row.seen = record.seen
