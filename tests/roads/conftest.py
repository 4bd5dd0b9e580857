"""Shared helpers of the roads tests: golden files and result strategies."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from support.golden import check_golden

GOLDEN = Path(__file__).parents[1] / "golden" / "roads"


@pytest.fixture
def golden() -> Callable[[str, str], None]:
    """Compare text with ``tests/golden/roads/NAME``; ``UPDATE_GOLDEN=1`` rewrites the file
    (then read the diff before committing it)."""

    def check(name: str, actual: str) -> None:
        check_golden(f"roads/{name}", actual)

    return check
