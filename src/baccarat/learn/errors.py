"""Errors of the learning package."""

from __future__ import annotations

from baccarat.core.errors import BaccaratError, TemplatedError

__all__ = ["LearnError", "RoundSizeError", "TimeLimitError", "UnknownQuizModeError"]


class LearnError(BaccaratError):
    """Bad input to the quiz: an unknown mode, cell or answer, a malformed progress file."""


# The quiz options a learner types (`baccarat quiz --mode`, `--size`, `--time-limit`) are refused
# in the learner's language: templates, rendered by the translator; ``str()`` is the English.


class UnknownQuizModeError(LearnError, TemplatedError):
    code = "quiz_mode"
    template = "unknown quiz mode {mode!r}: expected one of {names}"


class RoundSizeError(LearnError, TemplatedError):
    code = "quiz_round_size"
    template = "a round has 1-{most} situations, got {size!r}"


class TimeLimitError(LearnError, TemplatedError):
    code = "quiz_time_limit"
    template = "a time limit must be a positive number of seconds, got {seconds!r}"
