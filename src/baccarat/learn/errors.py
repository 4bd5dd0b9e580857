"""Errors of the learning package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from baccarat.core.errors import TemplatedError

__all__ = ["LearnError"]


class LearnError(TemplatedError):
    """Bad input to the quiz: an unknown mode, cell or answer, a malformed progress file."""

    templates: ClassVar[Mapping[str, str]] = {
        "quiz_mode": "unknown quiz mode {mode!r}: expected one of {names}",
        "quiz_round_size": "a round has 1-{most} situations, got {size!r}",
        "quiz_time_limit": "a time limit must be a positive number of seconds, got {seconds!r}",
        "quiz_no_coups": "there are no coups of yours to practise yet: play a few at the table first",
    }


# The quiz options a learner types (`baccarat quiz --drill`, `--size`, `--time-limit`) are refused
# in the learner's language: templates, rendered by the translator; ``str()`` is the English.
