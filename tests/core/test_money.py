"""Money: points read and written exactly, and the one rounding rule (down, in the house's favour)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.money import MoneyError, net_amount, parse_points, round_minor
from baccarat.core.points import MINOR_UNITS_PER_POINT, format_points


@pytest.mark.parametrize(
    ("text", "minor"),
    [
        ("100", 10_000),
        ("0.95", 95),
        ("12.5", 1250),
        ("12.50", 1250),
        ("1.500", 150),  # exact in minor units, however it is written
        ("0.01", 1),
        (".5", 50),
        ("7.", 700),
        (" 3 ", 300),
        ("+2", 200),
        ("-2.5", -250),
        ("0", 0),
        (5, 500),
    ],
)
def test_parse_points(text: str | int, minor: int) -> None:
    assert parse_points(text) == minor


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0.001", "finer than 0.01 point"),
        ("1.005", "finer than 0.01 point"),
        ("abc", "not a number of points"),
        ("", "not a number of points"),
        ("1e3", "not a number of points"),
        ("nan", "not a number of points"),
        ("1,000", "not a number of points"),
        ("1.2.3", "not a number of points"),
        (True, "not a number of points"),
    ],
)
def test_parse_points_refuses(text: str, message: str) -> None:
    with pytest.raises(MoneyError, match=message):
        parse_points(text)


@pytest.mark.parametrize(
    ("minor", "text"),
    [
        (9500, "95"),
        (95, "0.95"),
        (1250, "12.5"),
        (1205, "12.05"),
        (0, "0"),
        (-1, "-0.01"),
        (-1250, "-12.5"),
        (100, "1"),
        (10, "0.1"),
        (123456789, "1234567.89"),
    ],
)
def test_format_points(minor: int, text: str) -> None:
    assert format_points(minor) == text


@given(st.integers(min_value=-(10**15), max_value=10**15))
def test_format_then_parse_is_exact(minor: int) -> None:
    assert parse_points(format_points(minor)) == minor


@pytest.mark.parametrize(
    ("amount", "minor"),
    [
        (Fraction(0), 0),
        (Fraction(7), 7),
        (Fraction(-7), -7),
        (Fraction(95, 100), 0),  # a fraction of a minor unit is never paid
        (Fraction(199, 100), 1),
        (Fraction(1, 2), 0),  # halves go to the house, not to even
        (Fraction(3, 2), 1),
        (Fraction(-1, 2), -1),  # a partial loss costs the whole minor unit
        (Fraction(-1, 1000), -1),
        (Fraction(999_999, 1_000_000), 0),
    ],
)
def test_round_minor_rounds_down(amount: Fraction, minor: int) -> None:
    assert round_minor(amount) == minor


@pytest.mark.parametrize(
    ("stake", "pays", "net"),
    [
        (10_000, Fraction(19, 20), 9_500),  # 100 points on the Banker win 95
        (100, Fraction(19, 20), 95),
        (1, Fraction(19, 20), 0),  # 0.01 on the Banker wins nothing (the stake comes back)
        (19, Fraction(19, 20), 18),  # 18.05 minor units
        (20, Fraction(19, 20), 19),
        (1250, Fraction(19, 20), 1187),  # 11.875 points
        (101, Fraction(1, 2), 50),  # no-commission Banker 6 on 1.01 points
        (1, Fraction(27, 50), 0),  # Big
        (50, Fraction(27, 50), 27),
        (333, Fraction(3, 2), 499),  # Small
        (7, Fraction(0), 0),
        (7, Fraction(-1), -7),
        (7, Fraction(40), 280),
    ],
)
def test_net_amount(stake: int, pays: Fraction, net: int) -> None:
    assert net_amount(stake, pays) == net


@given(
    st.integers(min_value=1, max_value=10**12),
    st.fractions(min_value=-1, max_value=1000, max_denominator=1000),
)
def test_net_amount_is_the_largest_whole_amount_not_above_the_exact_one(
    stake: int, pays: Fraction
) -> None:
    net = net_amount(stake, pays)
    exact = stake * pays
    assert net <= exact < net + 1
    assert net >= -stake  # never more than the stake is lost


def test_minor_units() -> None:
    assert MINOR_UNITS_PER_POINT == 100


def test_long_amounts_are_not_rounded() -> None:
    digits = "1234567890123456789012345678901234567890"
    assert parse_points(digits + ".01") == int(digits) * 100 + 1
    assert format_points(int(digits) * 100 + 1) == digits + ".01"
