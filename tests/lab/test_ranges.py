"""Reading a sweep's grid: thresholds, penetrations or cut cards, ramps."""

from __future__ import annotations

import pytest

from baccarat.lab.ranges import (
    SweepError,
    check_grid,
    parse_counts,
    parse_cut_cards,
    parse_ramps,
    ramp_units,
)


def test_counts_ranges_and_steps() -> None:
    assert parse_counts("3") == (3,)
    assert parse_counts("-3..-1") == (-3, -2, -1)
    assert parse_counts("0..12..3,1") == (0, 1, 3, 6, 9, 12)


def test_penetrations_and_cut_cards() -> None:
    assert parse_cut_cards("0.75..0.85..0.05", 416) == (62, 83, 104)
    assert parse_cut_cards("0.9", 312) == (31,)
    assert parse_cut_cards("10..30..10,14", 416) == (10, 14, 20, 30)


def test_ramps() -> None:
    assert parse_ramps("1-4-8, 1-2-4 ,1") == ((1,), (1, 2, 4), (1, 4, 8))
    assert [ramp_units((1, 2, 4), threshold=0, count=c) for c in (-1, 0, 1, 2, 9)] == [
        0, 1, 2, 4, 4,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (parse_counts, "x"), (parse_counts, "4..0"), (parse_counts, "0..4..0"),
        (parse_counts, "0..1..2..3"), (parse_counts, "1,,2"), (parse_counts, "٣"),
        (parse_counts, "0..99999"), (parse_counts, "0..100000000"),
        (lambda t: parse_cut_cards(t, 416), "1.5"), (lambda t: parse_cut_cards(t, 416), "-3"),
        (lambda t: parse_cut_cards(t, 416), "nan"), (lambda t: parse_cut_cards(t, 416), "0.0"),
        (parse_ramps, "1-0"), (parse_ramps, "1-x"), (parse_ramps, "101"), (parse_ramps, ""),
        (parse_ramps, "-".join(["1"] * 17)),
    ],
)  # fmt: skip
def test_bad_text_is_refused(parse: object, text: str) -> None:
    with pytest.raises(SweepError):
        parse(text)  # type: ignore[operator]


def test_a_large_grid_is_refused() -> None:
    check_grid(2000)
    with pytest.raises(SweepError, match="2001 points"):
        check_grid(2001)
