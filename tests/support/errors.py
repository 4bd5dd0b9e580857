"""Asserting a refusal: its kind (the class a caller catches) and its code."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from baccarat.core.errors import TemplatedError


@contextmanager
def raises_code(
    kind: type[TemplatedError], code: str, *, match: str | None = None
) -> Iterator[pytest.ExceptionInfo[Any]]:
    """``pytest.raises(kind, match=match)`` that also checks the error's ``code``."""
    with pytest.raises(kind, match=match) as info:
        yield info
    assert info.value.code == code, f"expected code {code!r}, got {info.value.code!r}"
