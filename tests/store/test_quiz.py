"""Quiz progress in the database: per player, upserted, refused for an unknown player."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from sqlalchemy.exc import IntegrityError

from baccarat.learn.cells import Cell, CellKind
from baccarat.learn.progress import CellRecord
from baccarat.learn.quiz import Mode
from baccarat.learn.session import QuizSession
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store
from baccarat.store.quiz import DatabaseStore


@pytest.fixture
def store() -> Iterator[Store]:
    store = Store.open("sqlite://")
    yield store
    store.close()


def test_records_round_trip_per_player_and_upsert(store: Store) -> None:
    service = PlayService(store)
    ana, bela = service.join().player_id, service.join().player_id
    quiz = DatabaseStore(store)
    first = CellRecord(Cell.banker(3, 8), right=1, wrong=2, box=1, due=10.5, seen=10.5)
    other = CellRecord(Cell(CellKind.NATURAL, 9), right=1, box=2, due=610.0, seen=10.0)
    quiz.save(ana, [first, other])
    quiz.save(bela, [CellRecord(Cell.banker(3, 8), wrong=1, box=1)])
    changed = CellRecord(Cell.banker(3, 8), right=2, wrong=2, box=2, due=700.0, seen=100.0)
    quiz.save(ana, [changed])
    progress = quiz.load(ana)
    assert dict(progress) == {changed.cell: changed, other.cell: other}
    assert quiz.load(bela)[Cell.banker(3, 8)].wrong == 1
    assert len(quiz.load("nobody")) == 0


def test_an_unknown_player_cannot_have_progress(store: Store) -> None:
    with pytest.raises(IntegrityError):
        DatabaseStore(store).save("nobody", [CellRecord(Cell.banker(3, 8), wrong=1, box=1)])


def test_a_session_over_the_database_brings_missed_cells_back(store: Store) -> None:
    player = PlayService(store).join().player_id
    now = [1_000.0]
    session = QuizSession(DatabaseStore(store), player, clock=lambda: now[0], rng=random.Random(3))
    round_ = session.new_round(Mode.HARD, size=2)
    banker = round_.questions[1]
    session.answer(round_, banker, None)
    now[0] += 5
    assert banker.cell in {s.focus for s in session.new_round(Mode.HARD).situations}
