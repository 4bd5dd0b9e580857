"""Progress stores: in memory and in a JSON file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baccarat.learn.cells import Cell, CellKind
from baccarat.learn.errors import LearnError
from baccarat.learn.progress import CellRecord
from baccarat.learn.store import FILE_FORMAT, JsonFileStore, MemoryStore, ProgressStore

RECORDS = [
    CellRecord(Cell.banker(3, 8), right=2, wrong=3, box=1, due=1_000.5, seen=1_000.5),
    CellRecord(Cell.banker(6, None), right=1, box=2, due=1_600.0, seen=1_000.0),
    CellRecord(Cell(CellKind.TOTAL, 15), wrong=1, box=1, due=9.0, seen=9.0),
]


@pytest.fixture(params=["memory", "json"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> ProgressStore:
    if request.param == "memory":
        return MemoryStore()
    return JsonFileStore(tmp_path / "deep" / "progress.json")


def test_records_round_trip_per_learner(store: ProgressStore) -> None:
    assert len(store.load("ana")) == 0
    store.save("ana", RECORDS[:2])
    store.save("béla", RECORDS[2:])
    ana = store.load("ana")
    assert sorted(ana.values(), key=lambda r: r.cell.sort_key) == RECORDS[:2]
    assert list(store.load("béla").values()) == RECORDS[2:]


def test_saving_replaces_only_the_records_given(store: ProgressStore) -> None:
    store.save("ana", RECORDS)
    changed = CellRecord(Cell.banker(3, 8), right=3, wrong=3, box=2, due=2_000.0, seen=1_400.0)
    store.save("ana", [changed])
    progress = store.load("ana")
    assert progress[Cell.banker(3, 8)] == changed
    assert progress[Cell.banker(6, None)] == RECORDS[1]
    assert len(progress) == 3


def test_the_file_is_readable_json_with_cell_keys(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    JsonFileStore(path).save("ana", RECORDS)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FILE_FORMAT and data["version"] == 1
    assert list(data["learners"]["ana"]) == ["banker:3:8", "banker:6:stood", "total:15"]
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]  # no temporary file left


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "is not JSON"),
        ("[]", "is not a baccarat-quiz-progress file"),
        ('{"format": "baccarat-quiz-progress", "version": 2, "learners": {}}', "version 1"),
        ('{"format": "baccarat-quiz-progress", "version": 1, "learners": {"ana": []}}', "malformed"),
        ('{"format": "baccarat-quiz-progress", "version": 1, "learners": {"ana": {"x:1": {}}}}',
         "progress for 'x:1'"),
        ('{"format": "baccarat-quiz-progress", "version": 1, "learners": {"ana": {"player:3": '
         '{"right": 1, "wrong": 0, "box": 1, "due": "soon", "seen": 0}}}}', "must be numbers"),
        ('{"format": "baccarat-quiz-progress", "version": 1, "learners": {"ana": {"player:3": '
         '{"right": 1.5, "wrong": 0, "box": 1, "due": 0, "seen": 0}}}}', "right must be"),
    ],
)  # fmt: skip
def test_a_bad_file_is_one_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "progress.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LearnError, match=message):
        JsonFileStore(path).load("ana")
