"""The one strict grammar of an amount of points a person or a request gives: a stake, a limit.

Two writings are read, and nothing else is guessed at:

* the **canonical** form every program sends (the API, the browser after reading a typed amount,
  the command line): ASCII digits, no grouping, ``.`` before at most two decimals — ``100``,
  ``12.5``, ``0.05``; a JSON integer is the same as its digits;
* a **typed** amount in the page's language, read with that language's decimal sign and, if the
  person wants, its grouping of thousands in threes: ``1,000.5`` in English, ``1.000,5`` in
  Vietnamese, ``1 000,5`` in Hungarian (a space, a no-break space or a narrow no-break space).
  Which of the two is read is the caller's choice, never a guess from the text.

Signs, padding, leading zeros, other digits (Arabic-Indic, full-width), exponents, floats and JSON
booleans are refused, as are more than two decimals (``1.005`` is not rounded) and amounts past
:data:`MAXIMUM_POINTS`. Each refusal is an :class:`AmountError` with a code, so the page and the
API say it in the reader's language; a long input is quoted cut short.

>>> parse_amount("12.5"), parse_amount(100), parse_amount("1,000", "en"), parse_amount("1.000", "vi")
(1250, 10000, 100000, 100000)
>>> parse_amount("1\\u202f000,05", "hu"), canonical_amount(100005)
(100005, '1000.05')
>>> parse_amount("1.005")
Traceback (most recent call last):
...
baccarat.core.amounts.AmountError: amount '1.005' has more than two decimals (the smallest stake is 0.01 point)
>>> parse_amount("1,000")
Traceback (most recent call last):
...
baccarat.core.amounts.AmountError: amount '1,000' is not a number of points such as 1000.5
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from baccarat.core.errors import TemplatedError
from baccarat.core.points import MINOR_UNITS_PER_POINT

__all__ = [
    "MAXIMUM_POINTS",
    "STYLES",
    "AmountError",
    "NumberStyle",
    "canonical_amount",
    "parse_amount",
]

MAXIMUM_POINTS = 10**12
"""The largest amount read, in points: far above any balance, far below what breaks a database."""

_QUOTED = 24
"""Characters of a refused input quoted back: a 4,000-digit stake is not echoed whole."""


class AmountError(TemplatedError):
    """An amount of points that the strict grammar refuses."""

    templates: ClassVar[Mapping[str, str]] = {
        "amount_not_text": "amount {text!r} is not a number of points: send digits, as 100 or 12.5",
        "amount_malformed": "amount {text!r} is not a number of points such as {example}",
        "amount_too_precise": (
            "amount {text!r} has more than two decimals (the smallest stake is 0.01 point)"
        ),
        "amount_too_large": "amount {text!r} is more than {most} points, the largest accepted",
    }
    points: ClassVar[Mapping[str, frozenset[str]]] = {"amount_too_large": frozenset({"most"})}


@dataclass(frozen=True)
class NumberStyle:
    """How one language writes an amount: the decimal sign and the signs that group thousands.

    >>> STYLES["hu"].example
    '1 000,5'
    """

    decimal: str
    groups: frozenset[str]

    @property
    def example(self) -> str:
        """``1000.5`` written in this style, for messages."""
        group = min(self.groups) if self.groups else ""
        return f"1{group}000{self.decimal}5" if group else f"1000{self.decimal}5"


CANONICAL = NumberStyle(".", frozenset())
STYLES: Mapping[str, NumberStyle] = {
    "en": NumberStyle(".", frozenset({","})),
    "vi": NumberStyle(",", frozenset({"."})),
    "hu": NumberStyle(",", frozenset({" ", "\u00a0", "\u202f"})),
}
"""The typed writing of each language of the page (the canonical one is always read too)."""

_DIGITS = "[0-9]"
_WHOLE = rf"(?:0|[1-9]{_DIGITS}*)"


def _pattern(style: NumberStyle) -> re.Pattern[str]:
    decimals = rf"(?:{re.escape(style.decimal)}(?P<cents>{_DIGITS}+))?"
    whole = _WHOLE
    if style.groups:
        # One grouping sign throughout (the backreference), thousands in threes.
        signs = "".join(re.escape(g) for g in sorted(style.groups))
        whole = rf"(?:{_WHOLE}|[1-9]{_DIGITS}{{0,2}}(?P<sep>[{signs}]){_DIGITS}{{3}}(?:(?P=sep){_DIGITS}{{3}})*)"
    return re.compile(rf"(?P<whole>{whole}){decimals}", re.ASCII)


_PATTERNS: dict[NumberStyle, re.Pattern[str]] = {}


def _read(text: str, style: NumberStyle) -> tuple[str, str] | None:
    pattern = _PATTERNS.get(style)
    if pattern is None:
        pattern = _PATTERNS[style] = _pattern(style)
    match = pattern.fullmatch(text)
    if match is None:
        return None
    whole = match["whole"]
    for sign in style.groups:
        whole = whole.replace(sign, "")
    return whole, match["cents"] or ""


def _quote(raw: object) -> str:
    if isinstance(raw, bool):
        return str(raw).lower()
    if isinstance(raw, int):
        # str() of a huge integer is slow (and refused past 4,300 digits): say its size instead.
        size = raw.bit_length()
        return str(raw) if size <= 64 else f"an integer of {size} bits"
    if not isinstance(raw, str):
        return type(raw).__name__
    return raw if len(raw) <= _QUOTED else raw[:_QUOTED] + "…"


def parse_amount(raw: object, language: str | None = None, *, maximum: int = MAXIMUM_POINTS) -> int:
    """``raw`` (a JSON integer or a string) as integer minor units, by the strict grammar.

    ``language`` (``en``, ``vi``, ``hu``) also reads that language's grouping and decimal sign, as
    a person types on the page; without it only the canonical writing is read. ``maximum`` is in
    points.

    >>> parse_amount("0"), parse_amount("0.05"), parse_amount("1 000", "hu"), parse_amount("7,5", "vi")
    (0, 5, 100000, 750)
    >>> parse_amount("12.5", "vi")
    Traceback (most recent call last):
    ...
    baccarat.core.amounts.AmountError: amount '12.5' is not a number of points such as 1.000,5
    >>> codes = set()
    >>> for bad in (" 1 ", "+5", "1e3", "\\u0661", "007", "1,00", "1.000,5", True, 1.5):
    ...     try:
    ...         parse_amount(bad, "en")
    ...     except AmountError as err:
    ...         codes.add(err.code)
    >>> sorted(codes)
    ['amount_malformed', 'amount_not_text']
    """
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise AmountError("amount_not_text", text=_quote(raw))
    if isinstance(raw, int):
        if raw < 0:
            raise AmountError("amount_malformed", text=_quote(raw), example=CANONICAL.example)
        if raw > maximum:
            raise AmountError(
                "amount_too_large", text=_quote(raw), most=maximum * MINOR_UNITS_PER_POINT
            )
        return raw * MINOR_UNITS_PER_POINT
    # One writing per call, never a guess between two: in Vietnamese "1.000" is a thousand.
    style = STYLES.get(language or "", CANONICAL)
    parts = _read(raw, style)
    if parts is None:
        raise AmountError("amount_malformed", text=_quote(raw), example=style.example)
    whole, cents = parts
    if len(cents) > 2:
        raise AmountError("amount_too_precise", text=_quote(raw))
    # The bound before int(): a 4,000-digit string never becomes a number.
    if (
        len(whole) > len(str(maximum))
        or int(whole) > maximum
        or (int(whole) == maximum and cents.strip("0"))
    ):
        raise AmountError(
            "amount_too_large", text=_quote(raw), most=maximum * MINOR_UNITS_PER_POINT
        )
    return int(whole) * MINOR_UNITS_PER_POINT + int(cents.ljust(2, "0"))


def canonical_amount(minor: int) -> str:
    """The canonical writing of ``minor`` units, what the browser sends after reading a typed one.

    >>> canonical_amount(100000), canonical_amount(1250), canonical_amount(5)
    ('1000', '12.5', '0.05')
    """
    from baccarat.core.points import format_points

    return format_points(minor)
