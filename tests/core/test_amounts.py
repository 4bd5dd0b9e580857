"""The strict grammar of amounts: what it reads, what it refuses, and that it never guesses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.amounts import (
    MAXIMUM_POINTS,
    STYLES,
    AmountError,
    canonical_amount,
    parse_amount,
)

MINOR_MAX = MAXIMUM_POINTS * 100


def _grouped(whole: int, sign: str) -> str:
    return f"{whole:,}".replace(",", sign)


@given(st.integers(0, MINOR_MAX))
def test_canonical_round_trip(minor: int) -> None:
    assert parse_amount(canonical_amount(minor)) == minor


@given(st.integers(0, MINOR_MAX), st.sampled_from(sorted(STYLES)), st.booleans())
def test_typed_round_trip(minor: int, language: str, group: bool) -> None:
    style = STYLES[language]
    whole, cents = divmod(minor, 100)
    sign = sorted(style.groups)[0]
    text = _grouped(whole, sign) if group else str(whole)
    if cents:
        text += style.decimal + f"{cents:02d}"
    assert parse_amount(text, language) == minor


@pytest.mark.parametrize(
    ("text", "language", "minor"),
    [
        ("1,000", "en", 100_000),
        ("1.000", "vi", 100_000),
        ("1 000", "hu", 100_000),
        ("1\u00a0000", "hu", 100_000),
        ("1\u202f000", "hu", 100_000),
        ("12,34", "hu", 1234),
        ("1.234.567,8", "vi", 123_456_780),
        ("0.5", "en", 50),
        ("0", None, 0),
    ],
)
def test_typed_amounts(text: str, language: str | None, minor: int) -> None:
    assert parse_amount(text, language) == minor


@pytest.mark.parametrize(
    ("raw", "language", "code"),
    [
        (" 1 ", None, "amount_malformed"),
        ("+5", None, "amount_malformed"),
        ("-5", None, "amount_malformed"),
        (-5, None, "amount_malformed"),
        ("1e3", None, "amount_malformed"),
        ("\u0661\u0662", None, "amount_malformed"),  # Arabic-Indic digits
        ("\uff11", None, "amount_malformed"),  # a full-width 1
        ("007", None, "amount_malformed"),
        ("1.", None, "amount_malformed"),
        (".5", None, "amount_malformed"),
        ("", None, "amount_malformed"),
        ("1,000", None, "amount_malformed"),  # grouping is for typed amounts only
        ("1.000", "en", "amount_too_precise"),  # never read as a thousand in English
        ("1.005", None, "amount_too_precise"),
        ("12.5", "vi", "amount_malformed"),  # the other language's decimal sign
        ("1,00", "en", "amount_malformed"),  # groups of three
        ("1,000 000", "en", "amount_malformed"),
        ("1 000.000", "hu", "amount_malformed"),
        ("1 000\u00a0000", "hu", "amount_malformed"),  # one grouping sign throughout
        (True, None, "amount_not_text"),
        (1.5, None, "amount_not_text"),
        (None, None, "amount_not_text"),
        ([1], None, "amount_not_text"),
        (10**28, None, "amount_too_large"),
        ("9" * 4300, None, "amount_too_large"),
        (str(MAXIMUM_POINTS) + ".01", None, "amount_too_large"),
    ],
)
def test_refused(raw: object, language: str | None, code: str) -> None:
    with pytest.raises(AmountError) as caught:
        parse_amount(raw, language)
    assert caught.value.code == code


def test_the_bound_itself_is_accepted() -> None:
    assert parse_amount(MAXIMUM_POINTS) == MINOR_MAX
    assert parse_amount(f"{MAXIMUM_POINTS}.00") == MINOR_MAX


def test_long_input_is_quoted_short() -> None:
    with pytest.raises(AmountError) as caught:
        parse_amount("9" * 4300)
    assert len(str(caught.value)) < 120
    with pytest.raises(AmountError) as caught:
        parse_amount(10**5000)
    assert "bits" in str(caught.value)
