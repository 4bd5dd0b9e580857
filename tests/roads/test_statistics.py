"""The panel's figures, against a plain recount."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings

from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.roads.derived import Colour, DerivedRoad
from baccarat.roads.model import Roads
from baccarat.roads.result import RoadResult
from baccarat.roads.statistics import DerivedCounts, RoadStatistics, Run, format_percent

from .strategies import sequences


@settings(deadline=None)
@given(sequences)
def test_statistics_match_a_recount(results: list[RoadResult]) -> None:
    stats = Roads(results).statistics()
    assert stats.coups == len(results)
    assert stats.banker == sum(r.outcome is Winner.BANKER for r in results)
    assert stats.player == sum(r.outcome is Winner.PLAYER for r in results)
    assert stats.tie == sum(r.outcome is Winner.TIE for r in results)
    assert stats.banker_pairs == sum(r.banker_pair for r in results)
    assert stats.player_pairs == sum(r.player_pair for r in results)
    assert stats.naturals == sum(r.natural for r in results)
    # Runs: maximal stretches of one side, ties skipped.
    sides = [r.side for r in results if r.side is not None]
    runs: list[Run] = []
    for side in sides:
        if runs and runs[-1].side is side:
            runs[-1] = Run(side, runs[-1].length + 1)
        else:
            runs.append(Run(side, 1))
    assert stats.columns == len(runs)
    assert stats.current_run == (runs[-1] if runs else None)
    longest = max((run.length for run in runs), default=0)
    assert stats.longest_run == next((run for run in runs if run.length == longest), None)
    for side, value in (
        (Side.BANKER, stats.longest_banker_run),
        (Side.PLAYER, stats.longest_player_run),
    ):
        assert value == max((run.length for run in runs if run.side is side), default=0)
    roads = Roads(results)
    for road in DerivedRoad:
        marks = roads.derived(road).marks
        assert stats.derived_counts(road) == DerivedCounts(
            road, marks.count(Colour.RED), marks.count(Colour.BLUE)
        )
    if results:
        assert stats.share(stats.banker) + stats.share(stats.player) + stats.share(stats.tie) == 100


def test_shares_are_exact() -> None:
    stats = Roads.from_tokens("B B P T T T").statistics()
    assert stats.share(stats.banker) == Fraction(100, 3)
    assert stats.share(stats.tie) == 50
    assert format_percent(stats.share(stats.banker)) == "33.3%"
    assert Roads().statistics().share(0) == 0


def test_format_percent_rounds_half_to_even_exactly() -> None:
    assert format_percent(Fraction(1, 8), 2) == "0.12%"  # 0.125 -> 0.12
    assert format_percent(Fraction(3, 8), 2) == "0.38%"  # 0.375 -> 0.38
    assert format_percent(Fraction(200, 3), 0) == "67%"


def test_empty_roads() -> None:
    stats = Roads().statistics()
    assert stats == RoadStatistics(
        0, 0, 0, 0, 0, 0, 0, 0, None, None, 0, 0,
        tuple(DerivedCounts(road, 0, 0) for road in DerivedRoad),
    )  # fmt: skip
