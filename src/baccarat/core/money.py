"""Amounts of (virtual) points, exact: integer minor units, 1 point = 100 minor units.

Every amount inside the package is an ``int`` of minor units; points appear only at the edges, read
by :func:`parse_points` and written by :func:`format_points` as exact decimal strings. No float is
ever involved.

Fractional pays (the Banker's 0.95:1, Big's 0.54:1, a no-commission Banker 6 at 1:2) can produce a
fraction of a minor unit. All of them go through one function, :func:`round_minor`, with one rule:
**the player's net is rounded down to a whole minor unit (towards minus infinity), so the house
keeps any fraction** — as a casino pays a commissioned win down to the smallest chip it has.

>>> from fractions import Fraction
>>> from baccarat.core.points import format_points
>>> stake = parse_points("12.5")
>>> stake, format_points(stake)
(1250, '12.5')
>>> format_points(net_amount(stake, Fraction(19, 20)))  # 11.875 rounds down
'11.87'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import ClassVar

from baccarat.core.errors import TemplatedError
from baccarat.core.points import MINOR_UNITS_PER_POINT

__all__ = [
    "MoneyError",
    "net_amount",
    "parse_points",
    "round_minor",
]


class MoneyError(TemplatedError):
    """An amount that cannot be read, or is finer than one minor unit."""

    templates: ClassVar[Mapping[str, str]] = {
        "amount_finer_than_unit": "amount {text!r} is finer than 0.01 point (the smallest unit)",
        "not_an_amount": "amount {text!r} is not a number of points",
        "not_an_amount_like": "amount {text!r} is not a number of points such as 100 or 12.5",
        "stake_on_bet": "stake on {bet!r}: {detail}",
    }


_AMOUNT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)\Z")


def parse_points(text: str | int) -> int:
    """Read an amount in points (``"100"``, ``"0.95"``, ``"12.5"``) as integer minor units.

    An amount finer than the minor unit (``"0.005"``) is an error, never rounded.

    >>> parse_points("100"), parse_points("0.95"), parse_points(7), parse_points("-2.50")
    (10000, 95, 700, -250)
    >>> parse_points("1.005")
    Traceback (most recent call last):
    ...
    baccarat.core.money.MoneyError: amount '1.005' is finer than 0.01 point (the smallest unit)
    """
    if isinstance(text, bool):
        raise MoneyError("not_an_amount", text=text)
    if isinstance(text, int):
        return text * MINOR_UNITS_PER_POINT
    if not isinstance(text, str) or not _AMOUNT.match(text.strip()):
        raise MoneyError("not_an_amount_like", text=text)
    # Fraction, not Decimal arithmetic: Decimal would round a long amount to 28 digits.
    minor = Fraction(Decimal(text.strip())) * MINOR_UNITS_PER_POINT
    if minor.denominator != 1:
        raise MoneyError("amount_finer_than_unit", text=text)
    return minor.numerator


def round_minor(amount: Fraction) -> int:
    """THE rounding rule: an exact amount of minor units, rounded down to a whole one.

    Rounding is towards minus infinity, so whichever way the money goes the house keeps the
    fraction: a win of 0.95 minor units pays 0, and a loss that came to -0.5 costs 1.

    >>> round_minor(Fraction(95, 100)), round_minor(Fraction(-1, 2)), round_minor(Fraction(7))
    (0, -1, 7)
    """
    return amount.numerator // amount.denominator


def net_amount(stake: int, net_per_unit: Fraction) -> int:
    """The player's net in minor units for ``stake`` minor units on a bet netting ``net_per_unit``.

    >>> net_amount(10000, Fraction(19, 20)), net_amount(1, Fraction(19, 20)), net_amount(7, Fraction(-1))
    (9500, 0, -7)
    """
    return round_minor(stake * net_per_unit)
