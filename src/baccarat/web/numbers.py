"""The numbers a request carries, read by the one strict grammar of amounts.

Every number a request brings (a stake, a limit, a deck count, a table's id in a form) goes
through :func:`baccarat.core.amounts.parse_amount`: a JSON integer or canonical ASCII digits, and
nothing else (no booleans, floats, padding, signs or other digits). Stakes keep their two
decimals; the other numbers are whole and range-checked here, before they reach the database.

>>> whole("60", what="minutes", low=5, high=240), whole(8, what="decks", low=1, high=8)
(60, 8)
>>> whole(True, what="decks", low=1, high=8)
Traceback (most recent call last):
...
baccarat.ledger.errors.LedgerError: decks must be a whole number from 1 to 8, not true
"""

from __future__ import annotations

import functools
from typing import Any

from pydantic import BeforeValidator, WithJsonSchema

from baccarat.core.amounts import AmountError, parse_amount
from baccarat.core.points import MINOR_UNITS_PER_POINT
from baccarat.ledger.errors import LedgerError

__all__ = [
    "STAKE_SCHEMA",
    "checked",
    "checked_optional",
    "documented",
    "documented_optional",
    "quoted",
    "whole",
]

_QUOTED = 24


def quoted(raw: object) -> str:
    """A refused number as it may be quoted back: short, JSON-like.

    >>> quoted(True), quoted("x" * 30), quoted(2.5)
    ('true', 'xxxxxxxxxxxxxxxxxxxxxxxx…', '2.5')
    """
    if isinstance(raw, bool):
        return str(raw).lower()
    if isinstance(raw, int) and raw.bit_length() > 64:
        return f"an integer of {raw.bit_length()} bits"
    text = raw if isinstance(raw, str) else repr(raw)
    return text if len(text) <= _QUOTED else text[:_QUOTED] + "…"


def whole(raw: object, *, what: str, low: int, high: int) -> int:
    """``raw`` as a whole number from ``low`` to ``high``, else ``bad_number`` (quoting it)."""
    try:
        minor = parse_amount(raw, maximum=max(high, 0))
    except AmountError:
        minor = None
    if minor is None or minor % MINOR_UNITS_PER_POINT or not low <= minor // 100 <= high:
        raise LedgerError("bad_number", what=what, low=low, high=high, text=quoted(raw))
    return minor // MINOR_UNITS_PER_POINT


def checked(what: str, low: int, high: int) -> BeforeValidator:
    """The pydantic validator of a whole-number field (``Annotated[int, checked(…),
    documented(…)]``): :func:`whole`, so a JSON integer or its canonical digits."""
    return BeforeValidator(functools.partial(whole, what=what, low=low, high=high))


def documented(low: int, high: int) -> WithJsonSchema:
    """The field's JSON Schema: an integer in its range."""
    return WithJsonSchema({"type": "integer", "minimum": low, "maximum": high})


def _none_or_whole(raw: object, what: str, low: int, high: int) -> int | None:
    return None if raw is None else whole(raw, what=what, low=low, high=high)


def checked_optional(what: str, low: int, high: int) -> BeforeValidator:
    """:func:`checked` for a field that may be null."""
    return BeforeValidator(functools.partial(_none_or_whole, what=what, low=low, high=high))


def documented_optional(low: int, high: int) -> WithJsonSchema:
    """The JSON Schema of a field that may be null or an integer in its range."""
    return WithJsonSchema(
        {"anyOf": [{"type": "integer", "minimum": low, "maximum": high}, {"type": "null"}]}
    )


STAKE_SCHEMA: dict[str, Any] = {
    "anyOf": [
        {"type": "integer", "minimum": 0},
        {"type": "string", "pattern": "^(0|[1-9][0-9]*)(\\.[0-9]{1,2})?$", "maxLength": 16},
    ]
}
"""A stake as the API documents it: whole points, or canonical decimal points (two decimals)."""
