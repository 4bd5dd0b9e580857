"""Quiz progress in the application's database: one row per player and cell.

The table sits on the ledger's metadata (its migration is ``0002_quiz_cells``), keyed by the
player's id, so guests and registered players keep their progress the same way. The quiz reaches
it only through :class:`~baccarat.learn.store.ProgressStore`.

>>> from baccarat.ledger.db import Store
>>> from baccarat.ledger.service import PlayService
>>> store = Store.open("sqlite://")
>>> player = PlayService(store).join().player_id
>>> quiz = DatabaseStore(store)
>>> quiz.save(player, [CellRecord(Cell.banker(6, 7), right=2, wrong=1, box=2, due=60.0)])
>>> quiz.load(player)[Cell.banker(6, 7)].right
2
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import CheckConstraint, Float, ForeignKey, Integer, SmallInteger, String, select
from sqlalchemy.orm import Mapped, mapped_column

from baccarat.learn.cells import Cell
from baccarat.learn.progress import CellRecord, Progress
from baccarat.ledger.db import Store
from baccarat.ledger.models import Base

__all__ = ["DatabaseStore", "QuizCellRow"]


class QuizCellRow(Base):
    """A player's record on one cell of the tableau (see :class:`CellRecord`)."""

    __tablename__ = "quiz_cells"
    __table_args__ = (
        CheckConstraint("right_answers >= 0 AND wrong_answers >= 0", name="counts_not_negative"),
        CheckConstraint("box >= 0", name="box_not_negative"),
    )

    player_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id"), primary_key=True)
    cell: Mapped[str] = mapped_column(String(24), primary_key=True)
    """The cell's key (``banker:4:6``, ``player:5``, ``natural:9`` …)."""
    right_answers: Mapped[int] = mapped_column(Integer)
    wrong_answers: Mapped[int] = mapped_column(Integer)
    box: Mapped[int] = mapped_column(SmallInteger)
    due: Mapped[float] = mapped_column(Float)
    """When the schedule wants the cell again, in seconds since the epoch."""
    seen: Mapped[float] = mapped_column(Float)

    def record(self) -> CellRecord:
        return CellRecord(
            Cell.parse(self.cell),
            self.right_answers,
            self.wrong_answers,
            self.box,
            self.due,
            self.seen,
        )


class DatabaseStore:
    """A :class:`~baccarat.learn.store.ProgressStore` over the application's :class:`Store`;
    the learner is the player's id."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def load(self, learner: str) -> Progress:
        with self.store.reading() as session:
            rows = session.scalars(select(QuizCellRow).where(QuizCellRow.player_id == learner))
            return Progress(row.record() for row in rows)

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
