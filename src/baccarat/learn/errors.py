"""Errors of the learning package."""

from __future__ import annotations

from baccarat.core.errors import BaccaratError

__all__ = ["LearnError"]


class LearnError(BaccaratError):
    """Bad input to the quiz: an unknown mode, cell or answer, a malformed progress file."""
