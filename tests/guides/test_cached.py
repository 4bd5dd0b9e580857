"""The one command behind every guide's cached figures: write the cache, or check it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from baccarat.guides.cached import refresh_cache


@dataclass(frozen=True)
class Study:
    value: int

    def to_module(self) -> str:
        return f"VALUE = {self.value}\n"


def _main(argv: list[str], path: Path, fresh: int, kept: int) -> int:
    return refresh_cache(
        argv,
        prog="study",
        description=None,
        path=path,
        run=lambda: Study(fresh),
        cached=lambda: Study(kept),
        summary=lambda s: f"value {s.value}",
    )


def test_writes_the_cache(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "_cache.py"
    assert _main([], path, 7, 0) == 0
    assert path.read_text(encoding="utf-8") == "VALUE = 7\n"
    assert capsys.readouterr().out == f"wrote {path} (value 7)\n"


def test_check_compares_without_writing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "_cache.py"
    assert _main(["--check"], path, 7, 7) == 0
    assert _main(["--check"], path, 7, 8) == 1
    assert not path.exists()
    assert capsys.readouterr().out.splitlines() == [
        f"{path}: matches a fresh run",
        f"{path}: DIFFERS FROM a fresh run",
    ]
