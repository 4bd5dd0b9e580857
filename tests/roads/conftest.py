"""Shared helpers of the roads tests: golden files and result strategies."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parents[1] / "golden" / "roads"


@pytest.fixture
def golden() -> Callable[[str, str], None]:
    """Compare text with ``tests/golden/roads/NAME``; ``UPDATE_GOLDEN=1`` rewrites the file
    (then read the diff before committing it)."""

    def check(name: str, actual: str) -> None:
        path = GOLDEN / name
        if os.environ.get("UPDATE_GOLDEN"):
            path.write_text(actual, encoding="utf-8")
        assert path.read_text(encoding="utf-8") == actual, f"{name} differs from its golden file"

    return check
