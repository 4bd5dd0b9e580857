"""Where progress lives: a small repository interface, kept in memory or in a JSON file.

The quiz only ever loads a learner's records and saves the ones an answer changed, so a database
implementation (the web's: :class:`baccarat.store.quiz.DatabaseStore`, outside this package) is
two queries. The JSON file holds every learner of one machine and is replaced atomically, so an
interrupted write never leaves half a file.

>>> store = MemoryStore()
>>> store.save("ana", [CellRecord(Cell.banker(3, 8), wrong=1, box=1, due=5.0)])
>>> store.load("ana")[Cell.banker(3, 8)].wrong, len(store.load("bela"))
(1, 0)
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from baccarat.learn.cells import Cell
from baccarat.learn.errors import LearnError
from baccarat.learn.progress import CellRecord, Progress

__all__ = [
    "FILE_FORMAT",
    "JsonFileStore",
    "MemoryStore",
    "ProgressStore",
    "record_from_json",
    "record_to_json",
]

FILE_FORMAT = "baccarat-quiz-progress"
_VERSION = 1


class ProgressStore(Protocol):
    """Load and save a learner's per-cell records."""

    def load(self, learner: str) -> Progress:
        """Every record of ``learner`` (empty for a learner never seen)."""
        ...

    def save(self, learner: str, records: Iterable[CellRecord]) -> None:
        """Insert or replace these records of ``learner``, leaving the others as they are."""
        ...


class MemoryStore:
    """Progress kept in memory, for tests and one-off sessions."""

    def __init__(self) -> None:
        self._learners: dict[str, Progress] = {}

    def load(self, learner: str) -> Progress:
        return self._learners.get(learner, Progress())

    def save(self, learner: str, records: Iterable[CellRecord]) -> None:
        progress = self.load(learner)
        for record in records:
            progress = progress.with_record(record)
        self._learners[learner] = progress


def record_to_json(record: CellRecord) -> dict[str, Any]:
    """A record as plain data (its cell is the key it is stored under)."""
    return {
        "right": record.right,
        "wrong": record.wrong,
        "box": record.box,
        "due": record.due,
        "seen": record.seen,
    }


def record_from_json(key: str, data: Any) -> CellRecord:
    """Read :func:`record_to_json`'s form back, checking every field.

    >>> record_from_json("banker:6:7", {"right": 1, "wrong": 0, "box": 2, "due": 9, "seen": 3}).box
    2
    >>> record_from_json("banker:6:7", {"right": -1})
    Traceback (most recent call last):
    ...
    baccarat.learn.errors.LearnError: progress for 'banker:6:7': expected right, wrong, box, due, seen, got {'right': -1}
    """
    fields = ("right", "wrong", "box", "due", "seen")
    if not isinstance(data, dict) or set(data) != set(fields):
        raise LearnError(f"progress for {key!r}: expected {', '.join(fields)}, got {data!r}")
    times = [data["due"], data["seen"]]
    if any(
        isinstance(t, bool) or not isinstance(t, int | float) or not math.isfinite(t) for t in times
    ):
        raise LearnError(f"progress for {key!r}: due and seen must be numbers, got {data!r}")
    return CellRecord(
        Cell.parse(key), data["right"], data["wrong"], data["box"], float(data["due"]),
        float(data["seen"]),
    )  # fmt: skip


class JsonFileStore:
    """Progress of every learner in one JSON file (created on the first save)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise LearnError(f"progress file {str(self.path)!r} is not JSON: {exc}") from None
        if (
            not isinstance(data, dict)
            or data.get("format") != FILE_FORMAT
            or data.get("version") != _VERSION
            or not isinstance(data.get("learners"), dict)
        ):
            raise LearnError(
                f"progress file {str(self.path)!r} is not a {FILE_FORMAT} file of version "
                f"{_VERSION}"
            )
        learners: dict[str, dict[str, Any]] = data["learners"]
        return learners

    def load(self, learner: str) -> Progress:
        cells = self._read().get(learner, {})
        if not isinstance(cells, dict):
            raise LearnError(f"progress file {str(self.path)!r}: learner {learner!r} is malformed")
        return Progress(record_from_json(key, value) for key, value in cells.items())

    def save(self, learner: str, records: Iterable[CellRecord]) -> None:
        learners = self._read()
        cells = dict(learners.get(learner, {}))
        for record in records:
            cells[record.cell.key] = record_to_json(record)
        learners[learner] = dict(sorted(cells.items(), key=lambda kv: Cell.parse(kv[0]).sort_key))
        data = {"format": FILE_FORMAT, "version": _VERSION, "learners": learners}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Write beside the file and rename over it: readers see the old file or the new one.
        fd, tmp = tempfile.mkstemp(prefix=self.path.name, suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, ensure_ascii=False, indent=1)
                out.write("\n")
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
