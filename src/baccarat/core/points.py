"""Amounts of points as text: the one place an amount in minor units becomes words.

Every amount inside the package is an ``int`` of minor units (1 point = 100 minor units); this
module writes one as an exact decimal string, with or without its unit. It imports nothing of the
package, so the errors (which quote amounts) and :mod:`baccarat.core.money` (which reads them)
both stand on it.

>>> format_points(1250), english_amount(100), english_amount(50)
('12.5', '1 point', '0.5 points')
"""

from __future__ import annotations

__all__ = ["MINOR_UNITS_PER_POINT", "english_amount", "format_points"]

MINOR_UNITS_PER_POINT = 100
"""Minor units in one point: amounts are kept to the hundredth of a point."""


def format_points(minor: int) -> str:
    """Integer minor units as an exact decimal string of points, without trailing zeros.

    >>> [format_points(m) for m in (9500, 95, 1250, 0, -100, -5, 1)]
    ['95', '0.95', '12.5', '0', '-1', '-0.05', '0.01']
    """
    sign = "-" if minor < 0 else ""
    whole, cents = divmod(abs(minor), MINOR_UNITS_PER_POINT)
    if cents == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{cents:02d}".rstrip("0")


def english_amount(minor: int) -> str:
    """An amount with its unit in English: ``1 point``, ``2 points``, ``0.5 points``."""
    text = format_points(minor)
    return f"{text} point" if text == "1" else f"{text} points"
