"""Numbers and percentages as the reader's locale writes them (Babel), for text output.

JSON and CSV keep the numbers as data (``0.0106``); what a person reads groups thousands and
marks decimals as the language does: ``20,000`` and ``1.0579`` in English, ``20.000`` and
``1,0579`` in Vietnamese, ``20 000`` and ``1,0579`` in Hungarian (a no-break space).

>>> en, vi, hu = Numbers("en"), Numbers("vi"), Numbers("hu")
>>> en.integer(4998398275503360), vi.integer(20000), hu.integer(20000)
('4,998,398,275,503,360', '20.000', '20\\xa0000')
>>> en.decimal(0.0105791, 4), vi.decimal(-0.0105791, 6, sign=True), hu.decimal(0.5, 2)
('0.0106', '-0,010579', '0,50')
>>> en.percent(0.458597, 4), vi.percent(0.343049, 4), hu.percent(0.458597, 2)
('45.8597 %', '34,3049%', '45,86%')
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import cache

__all__ = ["Numbers", "numbers_for"]

Real = int | float | Fraction | Decimal


class Numbers:
    """Number formats of one language (a Babel locale)."""

    SPACED_PERCENT = frozenset({"en"})
    """The languages whose percentages take a space before the sign: the project's English
    (``1.0579 %``, as its docs and PAR sheets write it). Vietnamese and Hungarian write ``5%``, as
    their glossary says and as the pages' Babel formats do."""

    def __init__(self, language: str) -> None:
        from babel import Locale

        self.locale = Locale.parse(language)
        self.percent_sign = " %" if self.locale.language in self.SPACED_PERCENT else "%"

    def _decimal(self, value: Real) -> Decimal:
        if isinstance(value, Fraction):
            return Decimal(value.numerator) / Decimal(value.denominator)
        return Decimal(str(value)) if isinstance(value, float) else Decimal(value)

    def integer(self, value: int) -> str:
        """A whole number with the language's grouping of thousands."""
        from babel.numbers import format_decimal

        return str(format_decimal(value, format="#,##0", locale=self.locale))

    def decimal(self, value: Real, places: int, *, sign: bool = False) -> str:
        """``value`` with exactly ``places`` decimals (half to even), ``+`` first with ``sign``."""
        from babel.numbers import format_decimal

        pattern = "#,##0" + ("." + "0" * places if places else "")
        if sign:
            pattern = f"+{pattern};-{pattern}"
        number = self._decimal(value)
        text = str(format_decimal(number, format=pattern, locale=self.locale))
        if sign and number == 0:
            text = "+" + text.lstrip("+-")
        return text

    def points(self, minor: int, *, sign: bool = False) -> str:
        """An amount of points from minor units, no trailing zeros: ``12.5``, ``+3.87``.

        >>> Numbers("vi").points(1250), Numbers("en").points(-500, sign=True)
        ('12,5', '-5')
        """
        from babel.numbers import format_decimal

        from baccarat.core.points import MINOR_UNITS_PER_POINT

        pattern = "#,##0.##"
        if sign:
            pattern = f"+{pattern};-{pattern}"
        value = Decimal(minor) / MINOR_UNITS_PER_POINT
        text = str(format_decimal(value, format=pattern, locale=self.locale))
        return text if minor or not sign else text.lstrip("+")

    def percent(self, value: Real, places: int) -> str:
        """``value`` (a share, 0.5 for half) as a percentage: ``45.86 %``, ``45,86%``."""
        return f"{self.decimal(self._decimal(value) * 100, places)}{self.percent_sign}"


@cache
def numbers_for(language: str) -> Numbers:
    """The number formats of ``language`` (cached: one Babel locale each)."""
    return Numbers(language)
