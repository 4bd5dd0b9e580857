"""Streaks, chops and derived-road colours by chance alone: exact values against a brute-force
count over every sequence, invariants over any sequence, and the long-run red share against a
long (seeded) sequence of independent decisions."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.roads.derived import Colour, DerivedRoad, derived_colour
from baccarat.roads.model import Roads
from baccarat.roads.result import RoadResult
from baccarat.roads.variance import (
    VarianceError,
    decision_share,
    expected_chop_rate,
    expected_longest_streak,
    long_run_red_share,
    no_streak_chance,
)

from .strategies import sequences

chances = st.fractions(min_value=0, max_value=1, max_denominator=50)
inner = st.fractions(min_value=Fraction(1, 50), max_value=Fraction(49, 50), max_denominator=50)


def _longest(sequence: tuple[bool, ...]) -> int:
    """The longest stretch of True in ``sequence``."""
    return max((len(list(group)) for side, group in itertools.groupby(sequence) if side), default=0)


def _brute(q: Fraction, n: int) -> dict[int, Fraction]:
    """The exact distribution of the longest streak in ``n`` decisions, by listing them all."""
    chances: dict[int, Fraction] = {}
    for sequence in itertools.product((True, False), repeat=n):
        wins = sum(sequence)
        chance = q**wins * (1 - q) ** (n - wins)
        longest = _longest(sequence)
        chances[longest] = chances.get(longest, Fraction(0)) + chance
    return chances


@pytest.mark.parametrize("q", [Fraction(1, 2), Fraction(3, 5), Fraction(458, 904), Fraction(1, 7)])
@pytest.mark.parametrize("n", range(9))
def test_the_expected_longest_streak_is_the_brute_force_one(q: Fraction, n: int) -> None:
    distribution = _brute(q, n)
    assert expected_longest_streak(q, n) == sum(k * p for k, p in distribution.items())
    for k in range(1, n + 2):
        below = sum((p for length, p in distribution.items() if length < k), Fraction(0))
        assert no_streak_chance(q, k, n) == below


def test_known_values() -> None:
    # Two decisions of a fair coin: longest Banker streak 0, 1, 1, 2.
    assert expected_longest_streak(Fraction(1, 2), 2) == 1
    assert expected_longest_streak(Fraction(1, 2), 0) == 0
    assert expected_longest_streak(Fraction(1), 5) == 5
    assert expected_longest_streak(Fraction(0), 5) == 0
    assert no_streak_chance(Fraction(1, 2), 3, 3) == Fraction(7, 8)
    assert expected_chop_rate(Fraction(1, 2)) == Fraction(1, 2)
    assert expected_chop_rate(Fraction(1)) == 0
    assert decision_share(Fraction(2, 5), Fraction(2, 5)) == Fraction(1, 2)
    # Banker 3/5: a Big Eye Boy column pair (B then P) has equal lengths 6/19 of the time.
    assert long_run_red_share(Fraction(3, 5), DerivedRoad.BIG_EYE_BOY) == Fraction(241, 475)
    assert long_run_red_share(Fraction(3, 5), DerivedRoad.SMALL_ROAD) == Fraction(367, 700)


def test_chops_and_streaks_of_a_small_shoe() -> None:
    stats = Roads.from_tokens("T B B T P B B B P P").statistics()
    assert (stats.decisions, stats.chops, stats.chop_rate) == (8, 3, Fraction(3, 7))
    assert (stats.longest_banker_run, stats.longest_player_run) == (3, 2)
    assert Roads.from_tokens("T T B").statistics().chop_rate is None
    assert Roads.from_tokens("").statistics().chops == 0


@pytest.mark.parametrize(
    "call",
    [
        lambda: expected_chop_rate(Fraction(3, 2)),
        lambda: expected_longest_streak(Fraction(-1, 2), 3),
        lambda: expected_longest_streak(Fraction(1, 2), -1),
        lambda: long_run_red_share(Fraction(1), DerivedRoad.SMALL_ROAD),
        lambda: decision_share(Fraction(0), Fraction(0)),
    ],
)
def test_impossible_inputs_are_refused(call: object) -> None:
    with pytest.raises(VarianceError):
        call()  # type: ignore[operator]


@settings(deadline=None, max_examples=60)
@given(chances, st.integers(0, 40))
def test_the_expected_longest_streak_lies_between_its_bounds(q: Fraction, n: int) -> None:
    expected = expected_longest_streak(q, n)
    assert 0 <= expected <= n
    # One more decision can only lengthen the longest streak; it is at least 1 whenever the
    # side wins at all.
    assert expected_longest_streak(q, n + 1) >= expected
    assert expected >= (1 - (1 - q) ** n if n else 0)


@settings(deadline=None, max_examples=60)
@given(chances)
def test_the_chop_rate_is_symmetric_and_at_most_a_half(q: Fraction) -> None:
    assert expected_chop_rate(q) == expected_chop_rate(1 - q)
    assert 0 <= expected_chop_rate(q) <= Fraction(1, 2)


@settings(deadline=None, max_examples=60)
@given(inner)
def test_the_red_share_is_a_share_the_same_for_either_side(q: Fraction) -> None:
    for road in DerivedRoad:
        share = long_run_red_share(q, road)
        assert 0 < share < 1
        assert share == long_run_red_share(1 - q, road)
    # Offsets 1 and 3 both compare a column with one of the other side.
    assert long_run_red_share(q, DerivedRoad.BIG_EYE_BOY) == long_run_red_share(
        q, DerivedRoad.COCKROACH_PIG
    )


@settings(deadline=None)
@given(sequences)
def test_chops_are_the_changes_of_side(results: list[RoadResult]) -> None:
    stats = Roads(results).statistics()
    sides = [r.side for r in results if r.side is not None]
    changes = sum(a is not b for a, b in itertools.pairwise(sides))
    assert stats.decisions == len(sides)
    assert stats.chops == changes
    assert stats.chop_rate == (Fraction(changes, len(sides) - 1) if len(sides) > 1 else None)
    if stats.current_run is not None:
        longest = max(stats.longest_banker_run, stats.longest_player_run)
        assert stats.current_run.length <= longest
    assert stats.longest_banker_run + stats.longest_player_run <= stats.decisions
    # Every Big Road cell but the first few gives each derived road one mark.
    for counts in stats.derived:
        assert counts.red + counts.blue <= stats.decisions


@pytest.mark.parametrize("q", [Fraction(1, 2), Fraction(3, 5), Fraction(1, 3)])
def test_the_long_run_red_share_is_what_a_long_sequence_shows(q: Fraction) -> None:
    rng = random.Random(37)
    lengths, side, cells = [], True, 0
    while cells < 300_000:
        chance = q if side else 1 - q
        length = 1
        while rng.random() < chance:
            length += 1
        lengths.append(length)
        cells += length
        side = not side
    for road in DerivedRoad:
        marks = [
            derived_colour(lengths, column, depth, road.offset)
            for column in range(len(lengths))
            for depth in range(1, lengths[column] + 1)
        ]
        red = marks.count(Colour.RED)
        share = red / (red + marks.count(Colour.BLUE))
        # Some 300,000 marks, correlated over a few columns: a standard error near 0.002.
        assert share == pytest.approx(float(long_run_red_share(q, road)), abs=0.01), road
